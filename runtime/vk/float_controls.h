// Declares SignedZeroInfNanPreserve in a compute module for the float widths the device supports it for: without
// it, Vulkan lets a driver ignore the sign of zero and assume no inf or NaN (and lavapipe folds x + 0.0 to x and
// 0.0 * y to 0.0), so a kernel that sees an attribute as a constant, or one value read twice, could round
// differently from one that reads them from memory (a fused graph against its nodes run one by one).
#pragma once

#include <cstdint>
#include <vector>

namespace vkdml::vk {

struct FloatControlSupport {
    bool signedZeroInfNanPreserve16 = false, signedZeroInfNanPreserve32 = false, signedZeroInfNanPreserve64 = false;
};

// `words` with the capability, the extension (before SPIR-V 1.4) and one execution mode per supported width the
// module uses (16 and 64 only with the Float16 / Float64 capabilities; 32 always). Unchanged when nothing applies
// or the module already declares the mode.
std::vector<uint32_t> withSignedZeroInfNanPreserve(const std::vector<uint32_t>& words,
                                                   const FloatControlSupport& support);

}  // namespace vkdml::vk
