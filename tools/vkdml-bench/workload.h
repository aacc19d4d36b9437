// vkdml-bench: devices, tensor layouts, buffers and compiled operators for one benchmark case.
#pragma once

#include <vkdml/vkdml.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common.h"
#include "ops.h"
#include "options.h"

namespace bench {

// --- devices ---------------------------------------------------------------------------------------------------

// Resolves --adapter (index or name substring) to an AdapterIndex; VKDML_ADAPTER_INDEX_DEFAULT when empty.
INT resolveAdapter(const std::string& adapter);
Ref<VkdmlDevice> createDevice(INT adapterIndex);

struct DeviceContext {
    Ref<VkdmlDevice> device;
    VKDML_ADAPTER_INFO info{};
    bool float16 = false;          // DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT for FLOAT16
    int defaultHeapMappable = -1;  // -1 unknown, else whether vkdmlMapBuffer works on DEFAULT buffers
    uint64_t hostRamBytes = 0;
    // Device allocations also come out of host RAM (CPU or integrated adapters).
    bool sharesHostMemory() const;
};
void openDevice(DeviceContext& ctx, INT adapterIndex);

// --- tensors -----------------------------------------------------------------------------------------------------

uint32_t elementBytes(DML_TENSOR_DATA_TYPE type);

class TensorDesc {
public:
    TensorDesc(DML_TENSOR_DATA_TYPE type, std::vector<UINT> sizes, std::vector<UINT> strides /* empty = packed */);
    TensorDesc(const TensorDesc&) = delete;
    TensorDesc& operator=(const TensorDesc&) = delete;
    const DML_TENSOR_DESC* desc() const { return &tensor_; }
    uint64_t totalBytes() const { return buffer_.TotalTensorSizeInBytes; }

private:
    std::vector<UINT> sizes_, strides_;
    DML_BUFFER_TENSOR_DESC buffer_{};
    DML_TENSOR_DESC tensor_{};
};

// The shapes of one case: n elements as rows x cols (cols = 1024 when n is a multiple of 1024, else one row).
//   packed:    input and output packed
//   strided:   input and output rows padded by 16 elements
//   broadcast: input strides {0, 1} (one row read for every output row), output packed
//   inplace:   packed, the output bound to the input's buffer range
struct Geometry {
    Layout layout;
    DML_TENSOR_DATA_TYPE type;
    uint64_t elements;
    UINT rows, cols;
    std::vector<UINT> sizes, inStrides, outStrides;
    uint64_t inBytes = 0, outBytes = 0;  // TotalTensorSizeInBytes
    uint64_t copyBytes = 0;              // n * element size: the copy baseline moves these
    uint64_t bufferABytes = 0, bufferBBytes = 0;
    uint64_t deviceBytes() const { return bufferABytes + bufferBBytes; }
};
Geometry makeGeometry(Layout layout, DML_TENSOR_DATA_TYPE type, uint64_t elements);

// --- operators ---------------------------------------------------------------------------------------------------

struct Kernel {
    Ref<VkdmlOperator> op;
    Ref<VkdmlDispatchable> compiled;
    Ref<VkdmlBindingTable> table;
};

// Creates and compiles the operator (VKDML_BENCH_NAIVE_KERNELS=1 set around the compile when naive) and runs its
// initializer once. Returns the compile time in seconds through compileSeconds when not null.
Kernel compileKernel(DeviceContext& ctx, const OpSpec& spec, const TensorDesc& in, const TensorDesc& out,
                     bool naive = false, double* compileSeconds = nullptr);
void bindKernel(Kernel& kernel, VkdmlBuffer in, uint64_t inBytes, VkdmlBuffer out, uint64_t outBytes);

// --- one case: buffers A (input) and B (output, and the copy's destination) ------------------------------------

struct Workload {
    Geometry geometry;
    std::unique_ptr<TensorDesc> inDesc, outDesc;
    Ref<VkdmlBuffer> a, b;
};
// Allocates A and B and fills A with values in [-6, 6).
std::unique_ptr<Workload> makeWorkload(DeviceContext& ctx, Layout layout, DML_TENSOR_DATA_TYPE type, uint64_t elements);
// Binds the kernel to the workload's buffers as its layout says.
void bindToWorkload(Kernel& kernel, Workload& workload);

// Executes a closed list and waits; returns wall seconds.
double executeAndWait(VkdmlDevice device, VkdmlCommandList list);

}  // namespace bench
