// The WebNN conformance cases of matmul, each run as one DML GEMM the way Chromium's DirectML backend builds it:
// A's and B's batch dimensions broadcast to the output's by strides of 0 (never copied), then merged where both
// operands' strides allow so that at most two remain (DirectML's GEMM takes 2 to 4 dimensions); Alpha 1, no C.
// Compared as the conformance suite compares matmul: within 2K ULP (K = A's last dimension), or the case's own
// tolerance where larger. Without the cases' directory the test passes with a message.
#include <algorithm>
#include <cstring>
#include <string>

#include "wpt_cases.h"

using namespace vkdml::test;

namespace {

// One batch dimension of the output and each operand's stride along it.
struct BatchDim {
    uint32_t size, strideA, strideB;
};

// Packed strides of `shape`.
std::vector<uint32_t> packed(const std::vector<uint32_t>& shape) {
    std::vector<uint32_t> strides(shape.size());
    uint32_t stride = 1;
    for (size_t d = shape.size(); d-- > 0;) strides[d] = stride, stride *= shape[d];
    return strides;
}

// The GEMM of a matmul case, or false with the reason.
bool mapMatmul(const wpt::Case& w, FamilyCase& c, std::vector<double>& expected, wpt::Tolerance& tolerance,
               std::string& why) {
    if (w.operators.size() != 1 || w.operators[0].name != "matmul") return why = "not a single matmul", false;
    const wpt::Tensor& a = w.inputs.at(w.operators[0].arguments[0]["a"].get<std::string>());
    const wpt::Tensor& b = w.inputs.at(w.operators[0].arguments[1]["b"].get<std::string>());
    if (a.dataType != b.dataType || (a.dataType != "float32" && a.dataType != "float16"))
        return why = "data types " + a.dataType + ", " + b.dataType, false;
    if (a.shape.size() < 2 || b.shape.size() < 2) return why = "a 1-D operand", false;
    const DML_TENSOR_DATA_TYPE type = a.dataType == "float32" ? DML_TENSOR_DATA_TYPE_FLOAT32 : DML_TENSOR_DATA_TYPE_FLOAT16;
    const uint32_t m = a.shape[a.shape.size() - 2], k = a.shape.back(), n = b.shape.back();
    if (b.shape[b.shape.size() - 2] != k) return why = "K differs", false;
    // Broadcast the batch dimensions (right-aligned, NumPy's rule), then merge neighbours.
    const size_t batchRank = std::max(a.shape.size(), b.shape.size()) - 2;
    const std::vector<uint32_t> aStrides = packed(a.shape), bStrides = packed(b.shape);
    std::vector<BatchDim> dims;
    for (size_t d = 0; d < batchRank; ++d) {
        auto sizeAndStride = [&](const wpt::Tensor& t, const std::vector<uint32_t>& strides, uint32_t& stride) {
            const size_t tBatch = t.shape.size() - 2;
            if (d + tBatch < batchRank) return stride = 0, 1u;
            const size_t td = d + tBatch - batchRank;
            stride = t.shape[td] == 1 ? 0 : strides[td];
            return t.shape[td];
        };
        BatchDim dim{};
        const uint32_t sa = sizeAndStride(a, aStrides, dim.strideA), sb = sizeAndStride(b, bStrides, dim.strideB);
        if (sa != sb && sa != 1 && sb != 1) return why = "batch dimensions do not broadcast", false;
        dim.size = std::max(sa, sb);
        if (dim.size == 1) continue;
        if (!dims.empty()) {
            BatchDim& outer = dims.back();
            if (outer.strideA == dim.strideA * dim.size && outer.strideB == dim.strideB * dim.size) {
                outer = {outer.size * dim.size, dim.strideA, dim.strideB};
                continue;
            }
        }
        dims.push_back(dim);
    }
    if (dims.size() > 2) return why = "more than two batch dimensions remain after merging", false;
    std::vector<uint32_t> batch, batchA, batchB;
    for (const BatchDim& d : dims) batch.push_back(d.size), batchA.push_back(d.strideA), batchB.push_back(d.strideB);
    auto tensor = [&](const wpt::Tensor& t, std::vector<uint32_t> strides, uint32_t rows, uint32_t columns) {
        std::vector<uint32_t> sizes = batch;
        sizes.push_back(rows), sizes.push_back(columns);
        strides.push_back(columns), strides.push_back(1);
        FamilyTensor f = tensorOf(type, sizes, strides);
        const uint64_t count = t.data.size();
        f.memory.assign(((count * elementBytes(type)) + 3) & ~uint64_t(3), 0);
        for (uint64_t e = 0; e < count; ++e) writeBits(f.memory, e, type, floatBits(type, t.data[e]));
        f.spec.totalBytes = f.memory.size();
        return f;
    };
    c = FamilyCase{};
    c.op = DML_OPERATOR_GEMM;
    c.inputs = {tensor(a, batchA, m, k), tensor(b, batchB, k, n)};
    FamilyTensor absentC = tensorOf(type, {1, 1});
    absentC.absent = true;
    c.inputs.push_back(absentC);
    std::vector<uint32_t> outSizes = batch;
    outSizes.push_back(m), outSizes.push_back(n);
    c.output = tensorOf(type, outSizes);
    c.build = [](VkdmlDevice device, DML_OPERATOR_TYPE, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        const DML_GEMM_OPERATOR_DESC gemm{t[0], t[1], t[2], t[3], DML_MATRIX_TRANSFORM_NONE, DML_MATRIX_TRANSFORM_NONE,
                                          1.0f, 0.0f, nullptr};
        const DML_OPERATOR_DESC desc{DML_OPERATOR_GEMM, &gemm};
        return vkdmlCreateOperator(device, &desc, op);
    };
    expected = w.expectedOutputs.begin()->second.data;
    tolerance = {true, std::max(2.0 * k, w.toleranceKind == "ULP" ? w.tolerance : 0.0)};
    return true;
}

}  // namespace

TEST_CASE("WebNN conformance cases: matmul as GEMM") {
    if (wpt::casesDirectory().empty()) {
        MESSAGE("the WebNN conformance cases are not there (" VKDML_WPT_CASES_DIR "): nothing to run");
        return;
    }
    TestDevice device;
    uint32_t ran = 0, passed = 0, skipped = 0;
    std::string skips;
    for (const wpt::Case& w : wpt::loadCases("matmul")) {
        FamilyCase c;
        std::vector<double> expected;
        wpt::Tolerance tolerance;
        std::string why = wpt::runsDespiteSkip(w) ? "" : w.skip;
        if (why.empty()) mapMatmul(w, c, expected, tolerance, why);
        if (!why.empty()) {
            ++skipped;
            skips += "\n  " + w.name + ": " + why;
            continue;
        }
        ++ran;
        INFO("matmul: " << w.name);
        const FamilyRun run = runFamily(device, c);
        REQUIRE(run.ok());
        CHECK_MESSAGE(run.canaryIntact, "bytes outside the output tensor were written");
        REQUIRE(expected.size() == elementCount(c.output.spec.sizes));
        uint64_t wrong = 0;
        for (uint64_t e = 0; e < expected.size(); ++e) {
            const uint64_t bits = readBits(run.output, e, c.output.type);
            double distance = 0;
            if (!wpt::withinTolerance(c.output.type, bits, expected[e], tolerance, &distance)) {
                if (wrong++ == 0)
                    MESSAGE("element " << e << ": got " << formatValue(c.output.type, bits) << ", expected "
                                       << expected[e] << " (" << distance << " ULP)");
            }
        }
        CHECK(wrong == 0);
        passed += run.canaryIntact && wrong == 0;
    }
    MESSAGE("matmul: " << ran << " cases ran, " << passed << " passed, " << skipped << " skipped" << skips);
    CHECK(ran > 0);
}
