// Buffer tensor descriptions: reading and checking a DML_TENSOR_DESC, DMLCalcBufferTensorSize, element sizes.
#pragma once

#include <cstdint>
#include <string>

#include <vkdml/DirectML.h>

namespace vkdml::dml {

constexpr uint32_t kMaxRank = 8;

// 0 for UNKNOWN and unknown values.
uint32_t elementSizeInBits(DML_TENSOR_DATA_TYPE type);
// A DML_TENSOR_DATA_TYPE value other than UNKNOWN (read from user memory as an integer).
bool isDataType(uint32_t raw);
const char* dataTypeName(DML_TENSOR_DATA_TYPE type);  // "FLOAT32", or "unknown"
bool isSignedIntegerType(DML_TENSOR_DATA_TYPE type);  // INT8/16/32/64 (and INT4)
// DirectMLX's DMLCalcBufferTensorSize (64-bit exact here: no wrap-around in the strided sum).
uint64_t calcBufferTensorSize(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t* sizes,
                              const uint32_t* strides);

// A validated copy of a buffer tensor desc. Strides are always filled in (packed ones when the desc had none).
struct TensorLayout {
    DML_TENSOR_DATA_TYPE dataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    DML_TENSOR_FLAGS flags = DML_TENSOR_FLAG_NONE;
    uint32_t rank = 0;
    uint32_t sizes[kMaxRank] = {};
    uint32_t strides[kMaxRank] = {};
    bool explicitStrides = false;
    uint64_t totalBytes = 0;  // TotalTensorSizeInBytes
    uint32_t baseAlignment = 0;  // GuaranteedBaseOffsetAlignment
    uint64_t elementCount = 0;
    uint64_t lastElementIndex = 0;  // Σ (size-1)·stride

    uint32_t elementBytes() const { return elementSizeInBits(dataType) / 8; }
    bool sameShape(const TensorLayout& other) const;        // DataType, rank and sizes
    bool sameMemoryLayout(const TensorLayout& other) const;  // + strides and total size (in-place rule)
    std::string describe() const;  // "FLOAT32 {2,3} strides {3,1} 24 bytes"
};

// Reads `desc` (named `field` in messages) and checks what holds for every buffer tensor: type BUFFER, a known data
// type, DimensionCount 1..8, Sizes >= 1, at most 2^32-1 elements, the strided extent representable,
// TotalTensorSizeInBytes >= DMLCalcBufferTensorSize, GuaranteedBaseOffsetAlignment 0 or a power of two >= the
// element size, known flags. Operator-specific rules (dimension counts per feature level, data types, output
// aliasing) are the caller's. Throws E_INVALIDARG.
TensorLayout readTensorDesc(const DML_TENSOR_DESC* desc, const std::string& field);

// true if two different coordinates of the tensor map to the same element (e.g. stride 0 on a dimension > 1).
bool hasSelfOverlap(const TensorLayout& layout);

}  // namespace vkdml::dml
