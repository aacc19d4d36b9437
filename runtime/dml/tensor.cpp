#include "dml/tensor.h"

#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "core/raw_value.h"

namespace vkdml::dml {

uint32_t elementSizeInBits(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_FLOAT32:
        case DML_TENSOR_DATA_TYPE_UINT32:
        case DML_TENSOR_DATA_TYPE_INT32: return 32;
        case DML_TENSOR_DATA_TYPE_FLOAT16:
        case DML_TENSOR_DATA_TYPE_UINT16:
        case DML_TENSOR_DATA_TYPE_INT16: return 16;
        case DML_TENSOR_DATA_TYPE_UINT8:
        case DML_TENSOR_DATA_TYPE_INT8: return 8;
        case DML_TENSOR_DATA_TYPE_FLOAT64:
        case DML_TENSOR_DATA_TYPE_UINT64:
        case DML_TENSOR_DATA_TYPE_INT64: return 64;
        case DML_TENSOR_DATA_TYPE_UINT4:
        case DML_TENSOR_DATA_TYPE_INT4: return 4;
        default: return 0;
    }
}

bool isSignedIntegerType(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_INT32:
        case DML_TENSOR_DATA_TYPE_INT16:
        case DML_TENSOR_DATA_TYPE_INT8:
        case DML_TENSOR_DATA_TYPE_INT64:
        case DML_TENSOR_DATA_TYPE_INT4: return true;
        default: return false;
    }
}

bool isDataType(uint32_t raw) { return raw >= DML_TENSOR_DATA_TYPE_FLOAT32 && raw <= DML_TENSOR_DATA_TYPE_INT4; }

const char* dataTypeName(DML_TENSOR_DATA_TYPE type) {
    static const char* const names[] = {"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32",
                                        "INT16",   "INT8",    "FLOAT64", "UINT64", "INT64",  "UINT4", "INT4"};
    const uint32_t raw = rawValue(type);
    return raw < sizeof(names) / sizeof(names[0]) ? names[raw] : "unknown";
}

uint64_t calcBufferTensorSize(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t* sizes,
                              const uint32_t* strides) {
    uint64_t bits = elementSizeInBits(type);
    if (bits == 0 || rank == 0) return 0;
    uint64_t elements = 1;
    if (!strides) {
        for (uint32_t i = 0; i < rank; ++i) elements *= sizes[i];
    } else {
        uint64_t last = 0;
        for (uint32_t i = 0; i < rank; ++i) last += uint64_t(sizes[i] - 1) * strides[i];
        elements = last + 1;
    }
    uint64_t bytes = (elements * bits + 7) / 8;
    return (bytes + 3) & ~uint64_t(3);
}

bool TensorLayout::sameShape(const TensorLayout& other) const {
    return dataType == other.dataType && rank == other.rank && std::equal(sizes, sizes + rank, other.sizes);
}

bool TensorLayout::sameMemoryLayout(const TensorLayout& other) const {
    return sameShape(other) && std::equal(strides, strides + rank, other.strides) && totalBytes == other.totalBytes;
}

namespace {
std::string list(const uint32_t* values, uint32_t count) {
    std::ostringstream out;
    out << '{';
    for (uint32_t i = 0; i < count; ++i) out << (i ? "," : "") << values[i];
    out << '}';
    return out.str();
}
}  // namespace

std::string TensorLayout::describe() const {
    std::ostringstream out;
    out << dataTypeName(dataType) << ' ' << list(sizes, rank);
    if (explicitStrides) out << " strides " << list(strides, rank);
    out << ' ' << totalBytes << " bytes";
    return out.str();
}

TensorLayout readTensorDesc(const DML_TENSOR_DESC* desc, const std::string& field) {
    require(desc != nullptr, field + " is NULL");
    require(rawValue(desc->Type) == DML_TENSOR_TYPE_BUFFER,
            field + ".Type = " + std::to_string(rawValue(desc->Type)) + ": only DML_TENSOR_TYPE_BUFFER (1) is valid");
    require(desc->Desc != nullptr, field + ".Desc is NULL");
    const auto& buffer = *static_cast<const DML_BUFFER_TENSOR_DESC*>(desc->Desc);
    const std::string f = field + ".Desc->";

    TensorLayout t;
    const uint32_t dataType = rawValue(buffer.DataType), flags = rawValue(buffer.Flags);
    require(isDataType(dataType), f + "DataType = " + std::to_string(dataType) + " is not a valid DML_TENSOR_DATA_TYPE");
    t.dataType = static_cast<DML_TENSOR_DATA_TYPE>(dataType);
    require((flags & ~uint32_t(DML_TENSOR_FLAG_OWNED_BY_DML)) == 0,
            f + "Flags = 0x" + [&] {
                std::ostringstream o;
                o << std::hex << flags;
                return o.str();
            }() + " has unknown bits");
    t.flags = static_cast<DML_TENSOR_FLAGS>(flags);
    require(buffer.DimensionCount >= 1 && buffer.DimensionCount <= kMaxRank,
            f + "DimensionCount = " + std::to_string(buffer.DimensionCount) + ": must be 1 to 8");
    t.rank = buffer.DimensionCount;
    require(buffer.Sizes != nullptr, f + "Sizes is NULL");
    uint64_t elements = 1;
    for (uint32_t i = 0; i < t.rank; ++i) {
        require(buffer.Sizes[i] >= 1, f + "Sizes[" + std::to_string(i) + "] = 0: sizes must be >= 1");
        t.sizes[i] = buffer.Sizes[i];
        elements *= buffer.Sizes[i];  // both factors < 2^32: no overflow before the check
        require(elements <= UINT32_MAX, f + "Sizes " + list(buffer.Sizes, t.rank) +
                                            " hold more than 2^32-1 elements, DirectML's limit per tensor");
    }
    t.elementCount = elements;
    t.explicitStrides = buffer.Strides != nullptr;
    if (buffer.Strides) {
        for (uint32_t i = 0; i < t.rank; ++i) t.strides[i] = buffer.Strides[i];
    } else {
        uint32_t stride = 1;
        for (uint32_t i = t.rank; i-- > 0;) {
            t.strides[i] = stride;
            stride *= t.sizes[i];
        }
    }
    uint64_t last = 0;
    for (uint32_t i = 0; i < t.rank; ++i) last += uint64_t(t.sizes[i] - 1) * t.strides[i];
    require(last <= UINT32_MAX, f + "Strides " + list(t.strides, t.rank) + " with Sizes " + list(t.sizes, t.rank) +
                                    " reach element index " + std::to_string(last) +
                                    ", beyond DirectML's 32-bit element indices");
    t.lastElementIndex = last;
    uint64_t minimum = calcBufferTensorSize(t.dataType, t.rank, t.sizes, buffer.Strides ? t.strides : nullptr);
    require(buffer.TotalTensorSizeInBytes >= minimum,
            f + "TotalTensorSizeInBytes = " + std::to_string(buffer.TotalTensorSizeInBytes) +
                " is less than DMLCalcBufferTensorSize = " + std::to_string(minimum));
    t.totalBytes = buffer.TotalTensorSizeInBytes;
    uint32_t align = buffer.GuaranteedBaseOffsetAlignment;
    const uint32_t elementBytes = std::max(1u, t.elementBytes());  // 4-bit elements: their byte
    require(align == 0 || ((align & (align - 1)) == 0 && align >= elementBytes),
            f + "GuaranteedBaseOffsetAlignment = " + std::to_string(align) +
                ": must be 0 or a power of two >= the element size (" + std::to_string(elementBytes) + ")");
    t.baseAlignment = align;
    return t;
}

bool hasSelfOverlap(const TensorLayout& t) {
    // Sorted by stride, each dimension must step past everything the smaller-stride dimensions can reach. This is
    // sufficient for distinct addresses and holds for every packed, padded, permuted or sliced layout.
    uint32_t order[kMaxRank];
    for (uint32_t k = 0; k < t.rank; ++k) {  // insertion sort by stride (at most 8 dimensions)
        uint32_t j = k;
        for (; j > 0 && t.strides[order[j - 1]] > t.strides[k]; --j) order[j] = order[j - 1];
        order[j] = k;
    }
    uint64_t reach = 0;  // largest element index reachable by the dimensions so far
    for (uint32_t k = 0; k < t.rank; ++k) {
        uint32_t d = order[k];
        if (t.sizes[d] == 1) continue;
        if (t.strides[d] <= reach || t.strides[d] == 0) return true;
        reach += uint64_t(t.sizes[d] - 1) * t.strides[d];
    }
    return false;
}

}  // namespace vkdml::dml
