#include "ops/gemm/softmax_activation.h"

#include <vector>

#include "core/device.h"
#include "core/error.h"
#include "ops/registry.h"

namespace vkdml::gemm {

namespace {

constexpr uint64_t kScoresAlignment = 256;

std::string axesField(const std::string& prefix) {
    return prefix + "FusedActivation->Desc (DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC).";
}

// The axes the activation normalizes over: SOFTMAX1's, or the legacy SOFTMAX's last one.
std::vector<uint32_t> softmaxAxes(const dml::OperatorInfo& info) {
    if (info.fused.type == DML_OPERATOR_ACTIVATION_SOFTMAX1) return info.fused.attributes.uintArrayAt(0);
    return {info.outputs[0].rank - 1};
}

// GEMM's results: packed, with the output's type (SOFTMAX1's input and output have one type: GEMM and SOFTMAX1
// unfused would round them to it too) and sizes.
dml::TensorLayout scoresLayout(const dml::TensorLayout& output) {
    dml::TensorLayout t;
    t.dataType = output.dataType;
    t.rank = output.rank;
    t.elementCount = 1;
    for (uint32_t d = t.rank; d-- > 0;) {
        t.sizes[d] = output.sizes[d];
        t.strides[d] = uint32_t(t.elementCount);
        t.elementCount *= output.sizes[d];
    }
    t.lastElementIndex = t.elementCount - 1;
    t.totalBytes = (t.elementCount * t.elementBytes() + 3) / 4 * 4;
    return t;
}

// A DML buffer tensor desc of `t` (sizes, strides and the total size held in `storage`).
struct BufferDesc {
    explicit BufferDesc(const dml::TensorLayout& t) : sizes(t.sizes, t.sizes + t.rank), strides(t.strides, t.strides + t.rank) {
        buffer = {t.dataType, DML_TENSOR_FLAG_NONE, t.rank, sizes.data(), strides.data(), t.totalBytes, 0};
        desc = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
    std::vector<UINT> sizes, strides;
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC desc{};
};

}  // namespace

bool isSoftmaxActivation(const dml::FusedActivation& fused) {
    return fused.type == DML_OPERATOR_ACTIVATION_SOFTMAX || fused.type == DML_OPERATOR_ACTIVATION_SOFTMAX1;
}

void checkSoftmaxAxes(const dml::OperatorInfo& info, const std::string& prefix) {
    if (info.fused.type != DML_OPERATOR_ACTIVATION_SOFTMAX1) return;
    const std::vector<uint32_t>& axes = info.fused.attributes.uintArrayAt(0);
    const uint32_t rank = info.outputs[0].rank;
    require(!axes.empty(), axesField(prefix) + "AxisCount = 0: SOFTMAX1 normalizes over at least one axis");
    for (size_t i = 0; i < axes.size(); ++i) {
        require(axes[i] < rank, axesField(prefix) + "Axes[" + std::to_string(i) + "] = " + std::to_string(axes[i]) +
                                    " is not an axis of OutputTensor (DimensionCount " + std::to_string(rank) + ")");
        for (size_t j = 0; j < i; ++j)
            require(axes[j] != axes[i], axesField(prefix) + "Axes[" + std::to_string(i) + "] = " +
                                            std::to_string(axes[i]) + " repeats Axes[" + std::to_string(j) + "]");
    }
}

GemmSoftmaxKernel::GemmSoftmaxKernel(Device& device, const dml::OperatorInfo& info, DML_EXECUTION_FLAGS flags) {
    const dml::TensorLayout& output = info.outputs[0];
    const dml::TensorLayout scores = scoresLayout(output);
    scoresBytes_ = (scores.totalBytes + kScoresAlignment - 1) / kScoresAlignment * kScoresAlignment;

    dml::OperatorInfo gemm = info;
    gemm.outputs[0] = scores;
    gemm.fused = {};
    gemm_ = std::make_unique<GemmKernel>(device, gemm);

    BufferDesc in(scores), out(output);
    const std::vector<uint32_t> axes = softmaxAxes(info);
    const DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC softmax{&in.desc, &out.desc, static_cast<UINT>(axes.size()), axes.data()};
    const DML_OPERATOR_DESC desc{DML_OPERATOR_ACTIVATION_SOFTMAX1, &softmax};
    const dml::OperatorInfo softmaxInfo = dml::readOperatorDesc(&desc, DML_FEATURE_LEVEL_6_1, ops::schemas());
    const ops::Family* family = ops::familyOf(DML_OPERATOR_ACTIVATION_SOFTMAX1);
    if (!family) fail(E_FAIL, "internal: GEMM's fused SOFTMAX finds no family for SOFTMAX1");
    softmax_ = family->compile(device, softmaxInfo, flags);
    name_ = gemm_->shaderName() + "+" + softmax_->shaderName();
}

uint64_t GemmSoftmaxKernel::temporaryBytes() const { return scoresBytes_ + softmax_->temporaryBytes(); }

void GemmSoftmaxKernel::record(vk::Recording& recording, const ops::KernelBuffers& buffers) const {
    const BoundBuffer scores{buffers.temporary.buffer, buffers.temporary.offset, scoresBytes_};
    ops::KernelBuffers gemm;
    gemm.inputs = buffers.inputs;
    gemm.outputs = {&scores};
    gemm_->record(recording, gemm);
    ops::KernelBuffers softmax;
    softmax.inputs = {&scores};
    softmax.outputs = buffers.outputs;
    softmax.temporary = {buffers.temporary.buffer, buffers.temporary.offset + scoresBytes_, softmax_->temporaryBytes()};
    softmax_->record(recording, softmax);
}

}  // namespace vkdml::gemm
