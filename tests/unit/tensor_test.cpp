// Buffer-tensor arithmetic and desc checks (runtime/dml/tensor), no GPU.
#include <doctest/doctest.h>

#include <cstring>

#include "core/error.h"
#include "dml/tensor.h"

using namespace vkdml;
using namespace vkdml::dml;

namespace {

struct Desc {
    UINT sizes[8] = {};
    UINT strides[8] = {};
    DML_BUFFER_TENSOR_DESC buffer{};
    DML_TENSOR_DESC tensor{};
    Desc(DML_TENSOR_DATA_TYPE type, std::initializer_list<UINT> s, std::initializer_list<UINT> st = {}) {
        std::copy(s.begin(), s.end(), sizes);
        std::copy(st.begin(), st.end(), strides);
        buffer.DataType = type;
        buffer.DimensionCount = static_cast<UINT>(s.size());
        buffer.Sizes = sizes;
        buffer.Strides = st.size() ? strides : nullptr;
        buffer.TotalTensorSizeInBytes = calcBufferTensorSize(type, buffer.DimensionCount, sizes, buffer.Strides);
        tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    }
};

HRESULT readHr(const DML_TENSOR_DESC* desc, std::string* message = nullptr) {
    try {
        readTensorDesc(desc, "T");
        return S_OK;
    } catch (const Error& e) {
        if (message) *message = e.what();
        return e.hr();
    }
}

}  // namespace

TEST_CASE("DMLCalcBufferTensorSize worked values (reference §6.1)") {
    UINT a[] = {1, 1, 3, 5};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT16, 4, a, nullptr) == 32);
    UINT b[] = {2, 3}, bs[] = {0, 1};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT32, 2, b, bs) == 12);
    UINT c[] = {5};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_UINT4, 1, c, nullptr) == 4);
    UINT d[] = {1, 1, 3, 5}, ds[] = {15, 1, 5, 1};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_FLOAT32, 4, d, ds) == 60);
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_UNKNOWN, 1, c, nullptr) == 0);
    UINT e[] = {7};
    CHECK(calcBufferTensorSize(DML_TENSOR_DATA_TYPE_INT8, 1, e, nullptr) == 8);
}

TEST_CASE("readTensorDesc accepts valid descs and fills packed strides") {
    Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 3, 4});
    TensorLayout t = readTensorDesc(&d.tensor, "T");
    CHECK(t.rank == 3);
    CHECK(t.strides[0] == 12);
    CHECK(t.strides[1] == 4);
    CHECK(t.strides[2] == 1);
    CHECK(t.elementCount == 24);
    CHECK(t.totalBytes == 96);
    CHECK_FALSE(hasSelfOverlap(t));
}

TEST_CASE("readTensorDesc rejects every invalid field, naming it") {
    std::string message;
    CHECK(readHr(nullptr, &message) == E_INVALIDARG);
    CHECK(message.find("T is NULL") != std::string::npos);
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {4});
        d.tensor.Type = DML_TENSOR_TYPE_INVALID;
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find(".Type") != std::string::npos);
        d.tensor.Type = DML_TENSOR_TYPE_BUFFER;
        d.tensor.Desc = nullptr;
        CHECK(readHr(&d.tensor) == E_INVALIDARG);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {4});
        unsigned raw = 42;
        std::memcpy(&d.buffer.DataType, &raw, sizeof(raw));  // any int, as C callers may store
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("DataType") != std::string::npos);
        d.buffer.DataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
        CHECK(readHr(&d.tensor) == E_INVALIDARG);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {4});
        unsigned raw = 4;
        std::memcpy(&d.buffer.Flags, &raw, sizeof(raw));
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("Flags") != std::string::npos);
    }
    for (UINT count : {0u, 9u, 1000u}) {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {4});
        d.buffer.DimensionCount = count;
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("DimensionCount") != std::string::npos);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {4});
        d.buffer.Sizes = nullptr;
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("Sizes") != std::string::npos);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {2, 0, 3});
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("Sizes[1] = 0") != std::string::npos);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {65536, 65536});  // 2^32 elements
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("2^32") != std::string::npos);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {3, 3}, {0x80000000u, 1});  // strided extent beyond 32-bit indices
        d.buffer.TotalTensorSizeInBytes = UINT64_MAX;
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("Strides") != std::string::npos);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {4, 5});
        d.buffer.TotalTensorSizeInBytes = 79;
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("TotalTensorSizeInBytes = 79") != std::string::npos);
    }
    for (UINT align : {2u, 3u, 12u}) {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, {4});
        d.buffer.GuaranteedBaseOffsetAlignment = align;
        CHECK(readHr(&d.tensor, &message) == E_INVALIDARG);
        CHECK(message.find("GuaranteedBaseOffsetAlignment") != std::string::npos);
    }
    {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT16, {4});
        d.buffer.GuaranteedBaseOffsetAlignment = 2;
        CHECK(readHr(&d.tensor) == S_OK);
    }
}

TEST_CASE("self-overlap: broadcast and interleaved strides alias, padded and permuted ones do not") {
    auto overlap = [](std::initializer_list<UINT> sizes, std::initializer_list<UINT> strides) {
        Desc d(DML_TENSOR_DATA_TYPE_FLOAT32, sizes, strides);
        return hasSelfOverlap(readTensorDesc(&d.tensor, "T"));
    };
    CHECK(overlap({2, 3}, {0, 1}));
    CHECK(overlap({4, 4}, {2, 1}));
    CHECK_FALSE(overlap({4, 4}, {5, 1}));   // padded rows
    CHECK_FALSE(overlap({4, 3}, {1, 4}));   // transposed
    CHECK_FALSE(overlap({1, 3}, {0, 1}));   // stride 0 on a size-1 dimension is harmless
    CHECK_FALSE(overlap({2, 2, 2}, {1, 2, 4}));
}
