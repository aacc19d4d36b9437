#include "ops/gemm/kernel.h"

#include <algorithm>
#include <optional>

#include "core/device.h"
#include "core/error.h"
#include "ops/gemm/cooperative_check.h"
#include "ops/gemm/cooperative_emulation.h"
#include "ops/gemm/generator.h"
#include "ops/whole_tensor.h"

namespace vkdml::gemm {

namespace {

// llvmpipe ends an invocation's loops after 65535 iterations in all (its guard against endless shaders).
constexpr uint64_t kCpuLoopIterations = 65000;

uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// Workgroups along the grid's Z (one per batch matrix, at most the device's limit), and how many batch matrices
// each then walks.
uint64_t batchGroups(const Plan& plan, const vk::Context& ctx) {
    return std::min<uint64_t>(plan.batchCount(), ctx.limits().maxComputeWorkGroupCount[2]);
}
uint64_t batchesPerWorkgroup(const Plan& plan, const vk::Context& ctx) {
    return ceilDiv(plan.batchCount(), batchGroups(plan, ctx));
}

// Matrices of at most this many rows take the skinny kernel. GPUs: its 16 lanes of K per column (256 invocations)
// keep their partial sums within the 16 KB of shared memory every Vulkan device has. CPU devices (one lane per
// column): measured on llvmpipe at M = 1, FLOAT32 weights read 1.8x faster than by the direct kernel's 4 x 4 tiles, but
// FLOAT16 ones 15 % slower, so FLOAT16 and wider matrices keep the tiles there.
constexpr uint32_t kSkinnyRowsGpu = 16, kSkinnyRowsCpu = 1;

bool takesSkinny(const Plan& plan, bool cpu) {
    if (!cpu) return plan.m <= kSkinnyRowsGpu;
    return plan.m <= kSkinnyRowsCpu && (plan.prologue ? plan.operandB : plan.types[kB]) == DML_TENSOR_DATA_TYPE_FLOAT32;
}

KernelShape shapeFor(const vk::Context& ctx, const Options& options, const Plan& plan) {
    KernelShape shape;
    const bool cpu = ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU && !options.gemmGpuShapes;
    if (takesSkinny(plan, cpu)) {
        shape.skinny = true;
        shape.staged = false;
        shape.tn = 1;
        shape.wx = cpu ? 8 : 16;
        shape.kLanes = cpu ? 1 : 16;
        shape.depth = 8;
        // GPUs read B by 16-byte vectors where its layout allows; along N each invocation then holds one vector of
        // columns per row of A, and the lanes' partial sums must still fit the 16 KB of shared memory every device
        // has. Not on CPU devices: llvmpipe loads a vector one component at a time, and the decode row (M = 1,
        // FLOAT32) measured 0.8-0.9x with vectors there.
        uint32_t width = 0;
        shape.vectors = cpu ? KernelShape::Vectors::None : skinnyVectors(plan, width);
        if (shape.vectors == KernelShape::Vectors::AlongN) {
            if (shape.kLanes > 1 && uint64_t(plan.m) * width * shape.wx * shape.kLanes * 4 > 16384)
                shape.vectors = KernelShape::Vectors::None;
            else
                shape.tn = width;
        }
    } else if (cpu) {
        shape.staged = false;
        shape.wx = 8, shape.wy = 1, shape.tm = 4, shape.tn = 4, shape.depth = 8;
    }
    return shape;
}

bool isEightBit(DML_TENSOR_DATA_TYPE t) { return t == DML_TENSOR_DATA_TYPE_INT8 || t == DML_TENSOR_DATA_TYPE_UINT8; }

// The cooperative-matrix kernel's shape where it may run `plan` on this device: a Float GEMM of FLOAT16 A and B, or
// an integer multiply of 8-bit ones, with more rows than the skinny kernel takes, on a device with cooperative
// matrices of that type (vk::AdapterCaps) whose subgroups and shared memory the kernel fits. Under
// VKDML_TEST_GEMM_COOPERATIVE_STAND_IN, the GPU kernel's shape on any device (FLOAT16 GEMM); under
// VKDML_TEST_GEMM_COOPERATIVE_EMULATED, the kernel with its matrix operations emulated, on any device whose shared
// memory it fits (on a CPU device, where llvmpipe's loop guard lets it run K). Nothing elsewhere.
std::optional<KernelShape> cooperativeCandidate(const vk::Context& ctx, const Options& options, const Plan& plan) {
    const bool half = plan.kind == Kind::Float && plan.types[kA] == DML_TENSOR_DATA_TYPE_FLOAT16 &&
                      plan.types[kB] == DML_TENSOR_DATA_TYPE_FLOAT16;
    const bool eightBit = plan.kind != Kind::Float && isEightBit(plan.types[kA]) && isEightBit(plan.types[kB]);
    if ((!half && !eightBit) || plan.prologue || plan.m <= kSkinnyRowsGpu) return std::nullopt;
    if (options.gemmCooperativeStandIn) {
        if (eightBit) return std::nullopt;
        return KernelShape{};
    }
    const vk::AdapterCaps& caps = ctx.caps();
    const uint32_t subgroup = options.gemmCooperativeEmulated ? kEmulatedCooperativeSubgroup : caps.subgroupSize;
    const bool typeListed = eightBit ? caps.cooperativeMatrixInt8 : caps.cooperativeMatrix16;
    if (!options.gemmCooperativeEmulated && (!typeListed || (subgroup != 16 && subgroup != 32 && subgroup != 64)))
        return std::nullopt;
    KernelShape shape = cooperativeShape(subgroup, eightBit);
    shape.cooperativeEmulated = options.gemmCooperativeEmulated;
    if (shape.cooperativeEmulated && caps.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
        if (emulatedCooperativeLoopIterations(plan.k, batchesPerWorkgroup(plan, ctx), eightBit) > kCpuLoopIterations)
            return std::nullopt;
    }
    if (cooperativeSharedBytes(shape) > ctx.limits().maxComputeSharedMemorySize ||
        shape.workgroupSize() > ctx.limits().maxComputeWorkGroupInvocations ||
        shape.workgroupSize() > ctx.limits().maxComputeWorkGroupSize[0])
        return std::nullopt;
    return shape;
}

void setMathForms(const vk::Context& ctx, KernelShape& shape) {
    shape.nativeHalf = ctx.caps().nativeHalf;
    shape.fusedFma = ctx.caps().fusedFma;
    shape.emulatedFma = ctx.caps().emulatedFma;
}

}  // namespace

GemmKernel::GemmKernel(Device& device, const dml::OperatorInfo& info, const ops::FusedNeighbours* neighbours)
    : plan_(planGemm(info, neighbours)) {
    const vk::Context& ctx = device.context();
    const auto& limits = ctx.limits();
    const std::string deviceName = ctx.caps().properties.deviceName;
    name_ = std::string(info.schema->kernel) + (plan_.epilogue ? "_fused" : "") + "_" + dml::dataTypeName(plan_.types[kA]);

    // Every tensor is bound whole. The step's tensors in its order: the operator's inputs (a prologue's input 0 in
    // the place of the input it computes), the prologue's others, the epilogue's.
    const bool prologue = neighbours && neighbours->prologue;
    std::vector<const dml::TensorLayout*> ordered;
    for (uint32_t i = 0; i < info.inputs.size(); ++i)
        ordered.push_back(prologue && i == neighbours->prologueInput ? &neighbours->prologueTensors[0] : &info.inputs[i]);
    if (prologue)
        for (size_t t = 1; t < neighbours->prologueTensors.size(); ++t) ordered.push_back(&neighbours->prologueTensors[t]);
    if (neighbours)
        for (const dml::TensorLayout& t : neighbours->epilogueTensors) ordered.push_back(&t);
    const dml::TensorLayout* layouts[kSlots] = {};
    for (uint32_t i = 0; i < plan_.inputs.size(); ++i) layouts[plan_.inputs[i]] = ordered[i];
    layouts[kOutput] = plan_.epilogue ? &neighbours->epilogueOutput : &info.outputs[0];
    for (uint32_t s = 0; s < kSlots; ++s) {
        if (!plan_.present(Slot(s))) continue;
        totals_[s] = layouts[s]->totalBytes;
        elementBytes_[s] = std::max<uint32_t>(1, dml::elementSizeInBits(plan_.types[s]) / 8);
        ops::requireWholeBinding(device, totals_[s], info.name());
    }

    KernelShape shape = shapeFor(ctx, device.options(), plan_);
    if (std::optional<KernelShape> cooperative = cooperativeCandidate(ctx, device.options(), plan_)) {
        setMathForms(ctx, *cooperative);
        if (cooperativeKernelChecked(device, *cooperative, cooperativeLayout(plan_))) shape = *cooperative;
    }
    setMathForms(ctx, shape);
    const uint64_t groups[3] = {ceilDiv(plan_.n, shape.tileN()), shape.skinny ? 1 : ceilDiv(plan_.m, shape.tileM()),
                                batchGroups(plan_, ctx)};
    for (uint32_t d = 0; d < 2; ++d)
        if (groups[d] > limits.maxComputeWorkGroupCount[d])
            fail(E_NOTIMPL, info.name() + ": " + (d == 0 ? "N = " + std::to_string(plan_.n) : "M = " + std::to_string(plan_.m)) +
                                " needs " + std::to_string(groups[d]) + " workgroups along one axis; " + deviceName +
                                " runs at most " + std::to_string(limits.maxComputeWorkGroupCount[d]));
    for (uint32_t d = 0; d < 3; ++d) groups_[d] = static_cast<uint32_t>(groups[d]);
    if (ctx.caps().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
        const uint64_t iterations =
            batchesPerWorkgroup(plan_, ctx) * (plan_.k / (shape.depth * shape.kLanes) + 1);
        if (iterations > kCpuLoopIterations)
            fail(E_NOTIMPL, info.name() + ": K = " + std::to_string(plan_.k) + " over " +
                                std::to_string(plan_.batchCount()) + " batch matrices; on " + deviceName +
                                " vkdml's GEMM runs at most " + std::to_string(kCpuLoopIterations) +
                                " K steps of " + std::to_string(shape.depth) + " per invocation");
    }

    vk::KernelSource source;
    source.key = plan_.hash() ^ (uint64_t(shape.staged) << 63) ^ (uint64_t(shape.nativeHalf) << 62) ^
                 (uint64_t(shape.fusedFma) << 61) ^ (uint64_t(shape.emulatedFma) << 60) ^
                 (uint64_t(shape.skinny) << 59) ^ (uint64_t(shape.cooperative) << 58) ^ (uint64_t(shape.vectors) << 56) ^ (uint64_t(shape.subgroupSize) << 50) ^
                 (uint64_t(shape.cooperativeEmulated) << 49);
    source.name = name_;
    uint32_t buffers = 0;
    for (uint32_t s = 0; s < kSlots; ++s) buffers += plan_.present(Slot(s)) ? 1 : 0;
    source.layout = {buffers, kSlots * sizeof(uint32_t)};
    source.workgroupSize = shape.workgroupSize();
    const Plan& plan = plan_;
    source.glsl = [&plan, shape] { return generateGemmGlsl(plan, shape); };
    source.describe = [&plan] { return plan.describe(); };
    pipeline_ = device.pipelines().get(source);
}

void GemmKernel::record(vk::Recording& recording, const ops::KernelBuffers& buffers) const {
    const BoundBuffer* bound[kSlots] = {};
    for (uint32_t i = 0; i < plan_.inputs.size(); ++i) bound[plan_.inputs[i]] = buffers.inputs[i];
    bound[kOutput] = buffers.outputs[0];
    vk::BoundBuffer ranges[kSlots];
    uint32_t bases[kSlots] = {};
    uint32_t count = 0;
    for (uint32_t s = 0; s < kSlots; ++s)
        if (plan_.present(Slot(s))) {
            ranges[count] = ops::wholeTensorRange(recording.context(), *bound[s], totals_[s], elementBytes_[s],
                                                  s == kOutput, bases[count]);
            if (dml::elementSizeInBits(plan_.types[s]) == 4) bases[count] *= 2;  // 4-bit elements: two per byte
            ++count;
        }
    vk::DispatchCommand command;
    command.pipeline = &pipeline_;
    command.bindings = ranges;
    command.bindingCount = count;
    command.pushConstants = bases;
    command.pushConstantBytes = sizeof(bases);
    command.groupCountX = groups_[0];
    command.groupCountY = groups_[1];
    command.groupCountZ = groups_[2];
    recording.dispatch(command);
}

}  // namespace vkdml::gemm
