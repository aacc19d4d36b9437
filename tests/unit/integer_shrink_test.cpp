// integerShrinkTerms: the exact integer form of SHRINK's FLOAT attributes, including the edges (thresholds beyond
// the type, infinities, NaN, fractional and huge biases).
#include <cmath>
#include <limits>

#include <doctest/doctest.h>

#include "ops/elementwise/integer_shrink.h"

using namespace vkdml::dml;
using namespace vkdml::elementwise;

namespace {

int32_t asInt(uint32_t bits) { return static_cast<int32_t>(bits); }
int64_t biasFloor(const IntegerShrinkTerms& t) {
    return int64_t(t.biasFloorLow) - ((t.flags & kShrinkBiasNegative) ? (int64_t(1) << 32) : 0);
}

}  // namespace

TEST_CASE("SHRINK integer terms: branch bounds") {
    auto t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT8, 0.0f, 2.5f);
    CHECK(asInt(t.lowerEndBits) == -3);  // x < -2.5
    CHECK(asInt(t.upperStartBits) == 3);  // x > 2.5
    CHECK((t.flags & (kShrinkNoLower | kShrinkNoUpper)) == 0);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT8, 0.0f, 2.0f);
    CHECK(asInt(t.lowerEndBits) == -3);  // x < -2
    CHECK(asInt(t.upperStartBits) == 3);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_UINT8, 0.0f, 1000.0f);
    CHECK((t.flags & kShrinkNoLower) != 0);
    CHECK((t.flags & kShrinkNoUpper) != 0);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT16, 0.0f, -1e30f);  // every x is in both; the lower one wins
    CHECK(asInt(t.lowerEndBits) == 32767);
    CHECK(asInt(t.upperStartBits) == -32768);
    const float inf = std::numeric_limits<float>::infinity();
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT32, 0.0f, inf);
    CHECK((t.flags & (kShrinkNoLower | kShrinkNoUpper)) == (kShrinkNoLower | kShrinkNoUpper));
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_UINT32, 0.0f, -inf);
    CHECK(t.lowerEndBits == 0xffffffffu);
    CHECK(t.upperStartBits == 0u);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT32, 0.0f, std::nanf(""));
    CHECK((t.flags & (kShrinkNoLower | kShrinkNoUpper)) == (kShrinkNoLower | kShrinkNoUpper));
}

TEST_CASE("SHRINK integer terms: Bias as floor and fraction") {
    auto t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT32, 1.5f, 0.0f);
    CHECK(biasFloor(t) == 1);
    CHECK((t.flags & kShrinkBiasFraction) != 0);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT32, -2.25f, 0.0f);
    CHECK(biasFloor(t) == -3);
    CHECK((t.flags & kShrinkBiasFraction) != 0);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT32, 7.0f, 0.0f);
    CHECK(biasFloor(t) == 7);
    CHECK((t.flags & kShrinkBiasFraction) == 0);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_UINT32, 1e20f, 0.0f);  // saturates every result: clamped
    CHECK(biasFloor(t) == 4294967295);
    CHECK((t.flags & kShrinkBiasFraction) == 0);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_UINT32, -std::numeric_limits<float>::infinity(), 0.0f);
    CHECK(biasFloor(t) == -4294967296);
    t = integerShrinkTerms(DML_TENSOR_DATA_TYPE_INT8, std::nanf(""), 0.0f);
    CHECK(biasFloor(t) == 0);
    CHECK((t.flags & kShrinkBiasFraction) == 0);
}
