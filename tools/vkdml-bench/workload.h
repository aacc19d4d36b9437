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

// The shapes of one case: n elements as rows x cols (cols = 1024 when n is a multiple of 1024, else one row); every
// tensor has these sizes. A is the first value input, B the last (a single input is both; IF's condition is packed):
//   packed:     every tensor packed
//   strided:    every tensor's rows padded by 16 elements
//   broadcast:  B strides {0, 1} (one row read for every output row); the others packed
//   scalar:     B strides {0, 0} (one element); the others packed
//   transposed: A strides {1, rows} (read down the columns); the others packed
//   inplace:    packed, the output bound to A's buffer range
struct TensorGeometry {
    DML_TENSOR_DATA_TYPE type{};
    std::vector<UINT> strides;  // empty = packed
    uint64_t totalBytes = 0;    // TotalTensorSizeInBytes
    uint64_t bufferBytes = 0;   // the buffer allocated for it
};

struct Geometry {
    Layout layout;
    uint64_t elements;
    UINT rows, cols;
    std::vector<UINT> sizes;
    std::vector<TensorGeometry> inputs;  // in the desc's order
    size_t a = 0;                        // A's index in inputs
    TensorGeometry output;
    // Counted per dispatch: every input's distinct elements read (a broadcast row once, a scalar once) + the output
    // written. A single input counts n elements whatever its layout (as the unary rows always have: a broadcast
    // input's row comes from cache, which is what broadcasting buys).
    uint64_t bytesMoved = 0;
    uint64_t copyBytes = 0;  // bytesMoved / 2 (rounded down to 4): the copy baseline reads and writes these
    uint64_t deviceBytes() const;
};
Geometry makeGeometry(const OpSpec& op, Layout layout, DML_TENSOR_DATA_TYPE type, uint64_t elements);

// The descs of a case's tensors.
struct CaseDescs {
    std::vector<std::unique_ptr<TensorDesc>> inputs;
    std::unique_ptr<TensorDesc> output;
};
CaseDescs makeDescs(const Geometry& g);

// --- operators ---------------------------------------------------------------------------------------------------

struct Kernel {
    Ref<VkdmlOperator> op;
    Ref<VkdmlDispatchable> compiled;
    Ref<VkdmlBindingTable> table;
};

// Creates and compiles the operator (VKDML_BENCH_NAIVE_KERNELS=1 set around the compile when naive) and runs its
// initializer once. Returns the compile time in seconds through compileSeconds when not null.
Kernel compileKernel(DeviceContext& ctx, const OpSpec& spec, const CaseDescs& descs, bool naive = false,
                     double* compileSeconds = nullptr);

// --- one case: a buffer per input, one for the output (also the copy's destination) ----------------------------

struct Workload {
    Geometry geometry;
    CaseDescs descs;
    std::vector<Ref<VkdmlBuffer>> inputs;
    Ref<VkdmlBuffer> out;
};
// Allocates the buffers and fills the inputs: values in [-6, 6) (+-1 for a unitB operator's B; integers for INT32,
// any byte for UINT8; 0 or 1 for IF's condition).
std::unique_ptr<Workload> makeWorkload(DeviceContext& ctx, const OpSpec& op, Layout layout, DML_TENSOR_DATA_TYPE type,
                                       uint64_t elements);
// Fills a whole DEFAULT buffer with the pseudo-random sequence `seed` of values in [-0.75, 0.75) of `type` (mapped, or
// through an UPLOAD buffer; sets ctx.defaultHeapMappable). The GEMM table's matrices.
void fillFractions(DeviceContext& ctx, VkdmlBuffer buffer, uint64_t bufferBytes, DML_TENSOR_DATA_TYPE type,
                   uint32_t seed);
// The same with any bytes (the GEMM table's integer rows).
void fillBytes(DeviceContext& ctx, VkdmlBuffer buffer, uint64_t bufferBytes, uint32_t seed);
// Binds the kernel to the workload's buffers as its layout says.
void bindToWorkload(Kernel& kernel, Workload& workload);

// Whether the device lacks a type the case uses (FLOAT16): the reason, else empty.
std::string unsupportedTypes(const DeviceContext& ctx, const Geometry& g);

// Executes a closed list and waits; returns wall seconds.
double executeAndWait(VkdmlDevice device, VkdmlCommandList list);

}  // namespace bench
