#include "ops/elementwise/integer_shrink.h"

#include <algorithm>
#include <cmath>

#include "dml/tensor.h"

namespace vkdml::elementwise {

IntegerShrinkTerms integerShrinkTerms(DML_TENSOR_DATA_TYPE type, float bias, float threshold) {
    const uint32_t bits = elementSizeInBits(type);
    const bool isSigned = isSignedIntegerType(type);
    const int64_t lo = isSigned ? -(int64_t(1) << (bits - 1)) : 0;
    const int64_t hi = isSigned ? (int64_t(1) << (bits - 1)) - 1 : (int64_t(1) << bits) - 1;
    // Doubles hold every float and every integer up to 2^53 exactly, so these floors and ceilings are exact.
    const double t = threshold;
    IntegerShrinkTerms terms;
    if (std::isnan(t)) {
        terms.flags |= kShrinkNoLower | kShrinkNoUpper;
    } else {
        // Lower branch: x < -t, i.e. x <= ceil(-t) - 1. Upper branch: x > t, i.e. x >= floor(t) + 1.
        const double lowerEnd = std::ceil(-t) - 1.0, upperStart = std::floor(t) + 1.0;
        if (lowerEnd < double(lo)) terms.flags |= kShrinkNoLower;
        if (upperStart > double(hi)) terms.flags |= kShrinkNoUpper;
        // Clamped into the type while still a double: converting an infinity or an out-of-range value is undefined.
        terms.lowerEndBits = static_cast<uint32_t>(int64_t(std::clamp(lowerEnd, double(lo), double(hi))));
        terms.upperStartBits = static_cast<uint32_t>(int64_t(std::clamp(upperStart, double(lo), double(hi))));
    }
    // A floor(Bias) beyond ±(2^32 - 1) moves every x out of the type's range just as ±(2^32 - 1) does, so it is
    // clamped into [-2^32, 2^32 - 1]: 32 bits and a sign.
    const double b = std::isnan(bias) ? 0.0 : double(bias);
    const double limit = 4294967296.0;
    const double floorB = std::clamp(std::floor(b), -limit, limit - 1.0);
    if (b != std::floor(b) && std::fabs(b) < limit) terms.flags |= kShrinkBiasFraction;
    const int64_t f = int64_t(floorB);
    if (f < 0) terms.flags |= kShrinkBiasNegative;
    terms.biasFloorLow = static_cast<uint32_t>(static_cast<uint64_t>(f) & 0xffffffffu);
    return terms;
}

}  // namespace vkdml::elementwise
