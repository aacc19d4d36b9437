// GEMM with SOFTMAX or SOFTMAX1 as its FusedActivation (DirectML from feature level 6_1; ONNX Runtime's
// FusedMatMulActivation of attention's scores): a normalization over whole rows of the output, which GEMM's
// per-element store cannot compute. GEMM (Alpha, C and Beta) writes its results, in the output's type, into the
// operator's temporary resource, then the reduce family's SOFTMAX1 kernel normalizes them into the output over the
// activation's axes (the legacy SOFTMAX: the last one): the results of the two operators unfused.
#pragma once

#include <memory>
#include <string>

#include "ops/family.h"
#include "ops/gemm/kernel.h"

namespace vkdml::gemm {

// Whether GEMM's fused activation is a SOFTMAX (GemmSoftmaxKernel's).
bool isSoftmaxActivation(const dml::FusedActivation& fused);

// E_INVALIDARG naming the field where SOFTMAX1's Axes do not fit GEMM's output (none, one past its rank, repeated).
void checkSoftmaxAxes(const dml::OperatorInfo& info, const std::string& prefix);

class GemmSoftmaxKernel final : public ops::CompiledKernel {
public:
    GemmSoftmaxKernel(Device& device, const dml::OperatorInfo& info, DML_EXECUTION_FLAGS flags);

    uint64_t temporaryBytes() const override;
    void record(vk::Recording& recording, const ops::KernelBuffers& buffers) const override;
    const std::string& shaderName() const override { return name_; }

private:
    std::unique_ptr<GemmKernel> gemm_;
    std::unique_ptr<ops::CompiledKernel> softmax_;
    uint64_t scoresBytes_ = 0;  // GEMM's results at the start of the temporary resource, rounded up
    std::string name_;
};

}  // namespace vkdml::gemm
