// The operator schema and feature-level tables, and operator desc checks that need no GPU.
#include <doctest/doctest.h>

#include <cstring>

#include "ops/registry.h"
#include "core/error.h"
#include "dml/operator_desc.h"

using namespace vkdml;
using namespace vkdml::dml;

TEST_CASE("operator names cover 0..177 with their introducing levels") {
    CHECK(operatorTypeCount() == 178);
    CHECK(std::strcmp(operatorName(DML_OPERATOR_ACTIVATION_CELU), "ACTIVATION_CELU") == 0);
    CHECK(std::strcmp(operatorName(DML_OPERATOR_ELEMENT_WISE_IDENTITY), "ELEMENT_WISE_IDENTITY") == 0);
    CHECK(std::strcmp(operatorName(DML_OPERATOR_UNFOLD), "UNFOLD") == 0);
    CHECK(operatorName(static_cast<DML_OPERATOR_TYPE>(178)) == nullptr);
    CHECK(operatorIntroducedLevel(DML_OPERATOR_ACTIVATION_CELU) == DML_FEATURE_LEVEL_3_0);
    CHECK(operatorIntroducedLevel(DML_OPERATOR_ACTIVATION_GELU) == DML_FEATURE_LEVEL_5_1);
    CHECK(operatorIntroducedLevel(DML_OPERATOR_ACTIVATION_SOFTPLUS) == DML_FEATURE_LEVEL_1_0);
    for (uint32_t t = 1; t < operatorTypeCount(); ++t) {
        CAPTURE(t);
        DML_FEATURE_LEVEL level = operatorIntroducedLevel(static_cast<DML_OPERATOR_TYPE>(t));
        CHECK(level >= DML_FEATURE_LEVEL_1_0);
        CHECK(level <= DML_FEATURE_LEVEL_6_4);
    }
}

TEST_CASE("activation support rows by feature level") {
    const OperatorSchema* celu = vkdml::ops::schemas().schema(DML_OPERATOR_ACTIVATION_CELU);
    REQUIRE(celu != nullptr);
    CHECK(celu->inPlace);
    CHECK(celu->support->at(DML_FEATURE_LEVEL_1_0)->maxRank == 4);
    CHECK(celu->support->at(DML_FEATURE_LEVEL_2_1)->maxRank == 5);
    CHECK(celu->support->at(DML_FEATURE_LEVEL_6_4)->minRank == 1);
    CHECK(celu->support->at(DML_FEATURE_LEVEL_6_4)->maxRank == 8);
    CHECK(vkdml::ops::schemas().schema(DML_OPERATOR_CONVOLUTION) == nullptr);
}

TEST_CASE("unknown, unimplemented and too-new operators") {
    auto hr = [](const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, std::string* message = nullptr) {
        try {
            readOperatorDesc(desc, level, vkdml::ops::schemas());
            return S_OK;
        } catch (const Error& e) {
            if (message) *message = e.what();
            return e.hr();
        }
    };
    std::string message;
    DML_OPERATOR_DESC desc{static_cast<DML_OPERATOR_TYPE>(500), nullptr};
    CHECK(hr(&desc, DML_FEATURE_LEVEL_6_4) == E_INVALIDARG);
    desc.Type = DML_OPERATOR_INVALID;
    CHECK(hr(&desc, DML_FEATURE_LEVEL_6_4) == E_INVALIDARG);
    CHECK(hr(nullptr, DML_FEATURE_LEVEL_6_4) == E_INVALIDARG);
    desc.Type = DML_OPERATOR_CONVOLUTION;
    CHECK(hr(&desc, DML_FEATURE_LEVEL_6_4, &message) == E_NOTIMPL);
    CHECK(message.find("DML_OPERATOR_CONVOLUTION") != std::string::npos);
    desc.Type = DML_OPERATOR_ACTIVATION_CELU;
    CHECK(hr(&desc, DML_FEATURE_LEVEL_2_1, &message) == E_INVALIDARG);
    CHECK(message.find("3_0") != std::string::npos);
    CHECK(hr(&desc, DML_FEATURE_LEVEL_3_0) == E_INVALIDARG);  // Desc is NULL
}

TEST_CASE("integer tensors: rejected where DirectML rejects them, accepted where it allows them") {
    UINT sizes[] = {4};
    DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, 16, 0};
    DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
    DML_ACTIVATION_RELU_OPERATOR_DESC relu{&t, &t};
    DML_OPERATOR_DESC desc{DML_OPERATOR_ACTIVATION_RELU, &relu};
    auto hr = [&](DML_FEATURE_LEVEL level) {
        try {
            readOperatorDesc(&desc, level, vkdml::ops::schemas());
            return S_OK;
        } catch (const Error& e) {
            return e.hr();
        }
    };
    CHECK(hr(DML_FEATURE_LEVEL_5_0) == E_INVALIDARG);  // INT32 RELU arrived at 5_1
    CHECK(hr(DML_FEATURE_LEVEL_5_1) == S_OK);
    b.DataType = DML_TENSOR_DATA_TYPE_UINT32;
    CHECK(hr(DML_FEATURE_LEVEL_6_4) == E_INVALIDARG);  // RELU takes signed integers only
    b.DataType = DML_TENSOR_DATA_TYPE_INT32;
    DML_ACTIVATION_SIGMOID_OPERATOR_DESC sigmoid{&t, &t};
    desc = {DML_OPERATOR_ACTIVATION_SIGMOID, &sigmoid};
    CHECK(hr(DML_FEATURE_LEVEL_6_4) == E_INVALIDARG);  // never an integer operator

    DML_ACTIVATION_SHRINK_OPERATOR_DESC shrink{&t, &t, 1.0f, 0.5f};
    desc = {DML_OPERATOR_ACTIVATION_SHRINK, &shrink};
    b.DataType = DML_TENSOR_DATA_TYPE_UINT8;
    CHECK(hr(DML_FEATURE_LEVEL_5_0) == E_INVALIDARG);
    CHECK(hr(DML_FEATURE_LEVEL_5_1) == S_OK);

    // ELEMENT_WISE_IDENTITY: integers from 2_1, 64-bit types from 4_1; a scale or bias only on FLOAT32/FLOAT16.
    DML_SCALE_BIAS scaleBias{1.0f, 0.0f};
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC identity{&t, &t, nullptr};
    desc = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, &identity};
    b.DataType = DML_TENSOR_DATA_TYPE_INT16;
    UINT sizes4[] = {1, 1, 1, 4};
    b.DimensionCount = 4, b.Sizes = sizes4;
    CHECK(hr(DML_FEATURE_LEVEL_2_0) == E_INVALIDARG);
    CHECK(hr(DML_FEATURE_LEVEL_2_1) == S_OK);
    identity.ScaleBias = &scaleBias;
    CHECK(hr(DML_FEATURE_LEVEL_2_1) == S_OK);  // {1, 0} changes nothing
    scaleBias.Bias = 1.0f;
    CHECK(hr(DML_FEATURE_LEVEL_2_1) == E_NOTIMPL);
    identity.ScaleBias = nullptr;
    for (auto wide : {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_FLOAT64}) {
        b.DataType = wide;
        b.TotalTensorSizeInBytes = 32;
        CHECK(hr(DML_FEATURE_LEVEL_4_0) == E_INVALIDARG);
        CHECK(hr(DML_FEATURE_LEVEL_4_1) == S_OK);
        identity.ScaleBias = &scaleBias;
        CHECK(hr(DML_FEATURE_LEVEL_4_1) == E_NOTIMPL);
        identity.ScaleBias = nullptr;
    }
    b.DataType = DML_TENSOR_DATA_TYPE_UINT4;  // no element-wise operator takes 4-bit types
    b.TotalTensorSizeInBytes = 4;
    CHECK(hr(DML_FEATURE_LEVEL_6_4) == E_INVALIDARG);
}
