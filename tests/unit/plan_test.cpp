// Element-wise plans: dimension merging and chunking (runtime/ops/elementwise/plan), no GPU.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "ops/elementwise/plan.h"

using namespace vkdml::dml;
using namespace vkdml::elementwise;

namespace {

TensorLayout layout(std::initializer_list<uint32_t> sizes, std::initializer_list<uint32_t> strides = {},
                    uint32_t elementBytes = 4) {
    TensorLayout t;
    t.dataType = elementBytes == 4 ? DML_TENSOR_DATA_TYPE_FLOAT32 : DML_TENSOR_DATA_TYPE_FLOAT16;
    t.rank = static_cast<uint32_t>(sizes.size());
    std::copy(sizes.begin(), sizes.end(), t.sizes);
    if (strides.size()) {
        std::copy(strides.begin(), strides.end(), t.strides);
    } else {
        uint32_t s = 1;
        for (uint32_t i = t.rank; i-- > 0;) t.strides[i] = s, s *= t.sizes[i];
    }
    t.elementCount = 1;
    for (uint32_t i = 0; i < t.rank; ++i) t.elementCount *= t.sizes[i];
    return t;
}

// Every element of the plan is visited by exactly one chunk, at the index the chunk's origin and strides give, and
// every chunk's bound span fits the limit.
void checkChunksCover(const ElementwisePlan& plan, const ChunkLimits& limits) {
    auto chunks = splitIntoChunks(plan, limits);
    std::set<uint64_t> outIndices;
    uint64_t total = 0;
    for (const Chunk& c : chunks) {
        total += c.count;
        for (uint32_t t = 0; t < plan.tensorCount; ++t) CHECK(c.spanElements[t] * plan.elementBytes <= limits.maxSpanBytes);
        CHECK(c.count <= limits.maxElements);
        for (uint64_t i = 0; i < c.count; ++i) {
            uint64_t rest = i, out = c.firstElement[0];
            for (uint32_t d = 0; d < c.rank; ++d) {
                out += (rest % c.sizes[d]) * plan.strides[0][d];
                rest /= c.sizes[d];
            }
            CHECK(out < c.firstElement[0] + c.spanElements[0]);
            outIndices.insert(out);
        }
    }
    CHECK(total == plan.elementCount);
    CHECK(outIndices.size() == plan.elementCount);
}

}  // namespace

TEST_CASE("packed tensors merge into one contiguous dimension") {
    auto plan = planElementwise({layout({2, 3, 4, 5}), layout({2, 3, 4, 5})});
    CHECK(plan.rank == 1);
    CHECK(plan.contiguous);
    CHECK(plan.sizes[0] == 120);
}

TEST_CASE("size-1 dimensions vanish; padded rows stay two dimensions") {
    auto plan = planElementwise({layout({1, 4, 1, 6}), layout({1, 4, 1, 6}, {100, 8, 50, 1})});
    CHECK(plan.rank == 2);
    CHECK_FALSE(plan.contiguous);
    CHECK(plan.sizes[0] == 6);
    CHECK(plan.strides[1][1] == 8);
}

TEST_CASE("broadcast input: stride 0 survives merging") {
    auto plan = planElementwise({layout({3, 4}), layout({3, 4}, {0, 1})});
    CHECK(plan.rank == 2);
    CHECK(plan.strides[1][1] == 0);
    auto scalar = planElementwise({layout({3, 4}), layout({3, 4}, {0, 0})});
    CHECK(scalar.rank == 1);
    CHECK(scalar.strides[1][0] == 0);
    CHECK_FALSE(scalar.contiguous);
}

TEST_CASE("permuted output strides order the dimensions by the output") {
    auto plan = planElementwise({layout({4, 5}, {1, 4}), layout({4, 5})});
    CHECK(plan.rank == 2);
    CHECK(plan.strides[0][0] == 1);  // innermost = the output's unit stride
    CHECK(plan.strides[1][0] == 5);
}

TEST_CASE("chunks cover everything once and fit the limit") {
    ChunkLimits small{256, 1u << 31, 4};
    checkChunksCover(planElementwise({layout({1000}), layout({1000})}), small);
    checkChunksCover(planElementwise({layout({7, 9, 11}), layout({7, 9, 11}, {1, 7, 63})}), small);  // transpose
    checkChunksCover(planElementwise({layout({30, 40}), layout({30, 40}, {0, 1})}), small);
    checkChunksCover(planElementwise({layout({5, 6, 7}, {100, 10, 1}), layout({5, 6, 7})}), {512, 64, 4});
    std::mt19937 rng(7);
    for (int round = 0; round < 40; ++round) {
        uint32_t a = 1 + rng() % 9, b = 1 + rng() % 9, c = 1 + rng() % 9, pad = static_cast<uint32_t>(rng() % 3);
        auto out = layout({a, b, c}, {b * c + pad * (b * c), c, 1});
        auto in = layout({a, b, c}, {1, a, a * b});
        uint64_t span = 16 + rng() % 400;
        checkChunksCover(planElementwise({out, in}), {span & ~uint64_t(15), 1 + rng() % 300, 4});
    }
}

TEST_CASE("a single element and a contiguous tensor under the limit give one chunk") {
    auto one = planElementwise({layout({1, 1}), layout({1, 1})});
    CHECK(one.rank == 1);
    CHECK(splitIntoChunks(one, {64, 1u << 31, 4}).size() == 1);
    auto big = planElementwise({layout({1000}), layout({1000})});
    CHECK(splitIntoChunks(big, {4000, 1u << 31, 4}).size() == 1);
    auto chunks = splitIntoChunks(big, {1024, 1u << 31, 4});
    CHECK(chunks.size() == 4);
    for (const auto& c : chunks) CHECK(c.firstElement[0] % 4 == 0);
}
