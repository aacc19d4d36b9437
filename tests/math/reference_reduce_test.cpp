// The references and bounds of reference_reduce.h on the host, before and without a GPU: DirectML's documented
// examples, agreement with the expected outputs of the WebNN conformance cases (within the suite's tolerances), and
// FLOAT32 simulations showing the bounds are met by the contract's arithmetic and fail the naive forms (a running
// sum, E[x^2] - E[x]^2, exp without subtracting the maximum), so that the device checks can fail.
#include <cmath>
#include <random>
#include <string>

#include "reference.h"
#include "reference_reduce.h"
#include "wpt_cases.h"

using namespace vkdml::test;

namespace {

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32;

std::vector<double> values(const std::vector<Expected>& e) {
    std::vector<double> v;
    for (const Expected& x : e) v.push_back(x.value);
    return v;
}

// The contract's FLOAT32 sum: compensated (Kahan) sums of 256 consecutive terms, then a tree of plain additions.
float contractSum(const std::vector<float>& v) {
    std::vector<float> partial;
    for (size_t start = 0; start < v.size(); start += 256) {
        float s = 0, c = 0;
        for (size_t i = start; i < std::min(v.size(), start + 256); ++i) {
            const float y = v[i] - c;
            const float t = s + y;
            c = (t - s) - y;
            s = t;
        }
        partial.push_back(s);
    }
    while (partial.size() > 1) {
        std::vector<float> next;
        for (size_t i = 0; i < partial.size(); i += 2)
            next.push_back(i + 1 < partial.size() ? partial[i] + partial[i + 1] : partial[i]);
        partial.swap(next);
    }
    return partial.empty() ? 0.0f : partial[0];
}

float runningSum(const std::vector<float>& v) {
    float s = 0;
    for (float x : v) s += x;
    return s;
}

std::vector<float> randomFloats(size_t n, ValueGen gen, std::mt19937_64& rng) {
    std::vector<float> v(n);
    for (float& x : v) x = float_of_bits(static_cast<uint32_t>(gen(rng)));
    return v;
}

HostTensor hostOf(const std::vector<uint32_t>& sizes, const std::vector<float>& v) {
    return {sizes, std::vector<double>(v.begin(), v.end())};
}

bool acceptsFloat(float got, const Expected& e) { return accepts(F32, bits_of_float(got), e); }

// Normalizes each row of `x` ({rows, n}) in FLOAT32: two passes (mean, then the centred squares), or one
// (E[x^2] - E[x]^2), each sum with the contract's arithmetic.
std::vector<float> normalizeRows(const std::vector<float>& x, size_t n, float epsilon, bool twoPass) {
    std::vector<float> out(x.size());
    for (size_t start = 0; start < x.size(); start += n) {
        const std::vector<float> row(x.begin() + start, x.begin() + start + n);
        const float mean = contractSum(row) / float(n);
        std::vector<float> squares(n);
        for (size_t i = 0; i < n; ++i) squares[i] = twoPass ? (row[i] - mean) * (row[i] - mean) : row[i] * row[i];
        const float meanSquare = contractSum(squares) / float(n);
        const float variance = twoPass ? meanSquare : meanSquare - mean * mean;
        const float deviation = std::sqrt(variance + epsilon);
        for (size_t i = 0; i < n; ++i) out[start + i] = (row[i] - mean) / deviation;
    }
    return out;
}

}  // namespace

TEST_CASE("references: DirectML's documented examples") {
    const HostTensor grid{{3, 3}, {1, 2, 3, 3, 0, 4, 2, 4, 2}};
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, grid, {0})) == std::vector<double>{6, 6, 9});
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, grid, {1})) == std::vector<double>{6, 7, 8});
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, grid, {1, 0})) == std::vector<double>{21});
    const HostTensor nine{{1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, nine, {3})) == std::vector<double>{6, 15, 24});

    const HostTensor peaks{{5}, {3, 2, 1, 2, 3}}, valleys{{5}, {1, 2, 3, 2, 1}};
    CHECK(values(expectArg(true, DML_AXIS_DIRECTION_INCREASING, peaks, {0})) == std::vector<double>{0});
    CHECK(values(expectArg(true, DML_AXIS_DIRECTION_DECREASING, peaks, {0})) == std::vector<double>{4});
    CHECK(values(expectArg(false, DML_AXIS_DIRECTION_INCREASING, valleys, {0})) == std::vector<double>{0});
    CHECK(values(expectArg(false, DML_AXIS_DIRECTION_DECREASING, valleys, {0})) == std::vector<double>{4});
    const HostTensor example3{{3, 3}, {1, 2, 3, 3, 0, 4, 2, 5, 2}};
    CHECK(values(expectArg(true, DML_AXIS_DIRECTION_INCREASING, example3, {0, 1})) == std::vector<double>{7});
    CHECK(values(expectArg(false, DML_AXIS_DIRECTION_INCREASING, example3, {0, 1})) == std::vector<double>{4});
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_ARGMAX, F32, DML_TENSOR_DATA_TYPE_UINT32, example3, {1, 0})) ==
          std::vector<double>{7});

    const HostTensor hardmax{{2, 2, 2}, {12, 0, -101, 11, 3, 234, 0, -101}};
    CHECK(values(expectSoftmax(SoftmaxKind::Hardmax, F32, hardmax, {0, 2})) ==
          std::vector<double>{0, 0, 0, 1, 0, 1, 0, 0});
    CHECK(values(expectSoftmax(SoftmaxKind::Hardmax, F32, hardmax, {2, 0})) ==
          std::vector<double>{0, 0, 0, 1, 0, 1, 0, 0});
}

TEST_CASE("references: axis order, AxisCount 0, integer wrap-around, NaN and ties") {
    // Members are row-major over the reduced axes in ascending order, whatever order Axes lists them in.
    const ReductionGroups groups({2, 3, 4}, {2, 0});
    CHECK(groups.outputSizes() == std::vector<uint32_t>{1, 3, 1});
    CHECK(groups.groupSize() == 8);
    CHECK(groups.member(1, 0) == 4);
    CHECK(groups.member(1, 5) == 12 + 4 + 1);
    const HostTensor row{{2, 3}, {5, -7, 2, 1, 1, -1}};
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_L1, F32, F32, row, {})) == std::vector<double>{5, 7, 2, 1, 1, 1});
    CHECK(values(expectArg(true, DML_AXIS_DIRECTION_INCREASING, row, {})) == std::vector<double>(6, 0));

    const auto I8 = DML_TENSOR_DATA_TYPE_INT8, U8 = DML_TENSOR_DATA_TYPE_UINT8;
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_SUM, I8, I8, {{3}, {100, 100, 100}}, {0})) ==
          std::vector<double>{44});
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_L1, I8, I8, {{2}, {-128, 1}}, {0})) == std::vector<double>{-127});
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_MULTIPLY, U8, U8, {{3}, {16, 16, 3}}, {0})) ==
          std::vector<double>{0});
    CHECK(values(expectReduce(DML_REDUCE_FUNCTION_SUM_SQUARE, U8, U8, {{2}, {16, 3}}, {0})) ==
          std::vector<double>{9});

    const double nan = std::nan("");
    const HostTensor withNaN{{6}, {1, nan, 3, nan, 3, 0}};
    CHECK(values(expectArg(true, DML_AXIS_DIRECTION_INCREASING, withNaN, {0})) == std::vector<double>{1});
    CHECK(values(expectArg(false, DML_AXIS_DIRECTION_DECREASING, withNaN, {0})) == std::vector<double>{3});
    CHECK(std::isnan(expectReduce(DML_REDUCE_FUNCTION_MIN, F32, F32, withNaN, {0})[0].value));
    const HostTensor ties{{4}, {-0.0, 0.0, -0.0, 0.0}};
    CHECK(values(expectArg(true, DML_AXIS_DIRECTION_DECREASING, ties, {0})) == std::vector<double>{3});

    const HostTensor huge{{4}, {10000, 10001, 10002, 10003}}, small{{4}, {0, 1, 2, 3}};
    const auto a = expectSoftmax(SoftmaxKind::Softmax, F32, huge, {0});
    const auto b = expectSoftmax(SoftmaxKind::Softmax, F32, small, {0});
    for (size_t i = 0; i < 4; ++i) CHECK(a[i].value == doctest::Approx(b[i].value).epsilon(1e-15));
    CHECK(expectReduce(DML_REDUCE_FUNCTION_LOG_SUM_EXP, F32, F32, huge, {0})[0].value ==
          doctest::Approx(10003 + std::log(1 + std::exp(-1.0) + std::exp(-2.0) + std::exp(-3.0))).epsilon(1e-15));
    const double inf = INFINITY;
    CHECK(std::isnan(expectSoftmax(SoftmaxKind::Softmax, F32, {{2}, {-inf, -inf}}, {0})[0].value));
    CHECK(expectReduce(DML_REDUCE_FUNCTION_LOG_SUM_EXP, F32, F32, {{2}, {-inf, -inf}}, {0})[0].value == -inf);

    MvnParams p;
    p.axes = {0};
    p.epsilon = 0;
    const auto mvn = expectMvn(F32, {{4}, {1, 2, 3, 4}}, p);
    CHECK(mvn[0].value == doctest::Approx(-1.5 / std::sqrt(1.25)).epsilon(1e-15));
    p.useMean = false;
    const auto rms = expectMvn(F32, {{2}, {3, 4}}, p);
    CHECK(rms[1].value == doctest::Approx(4 / std::sqrt(12.5)).epsilon(1e-15));
}

TEST_CASE("references agree with the WebNN conformance cases' expected outputs") {
    if (wpt::casesDirectory().empty()) {
        MESSAGE("the WebNN conformance cases are not there (" VKDML_WPT_CASES_DIR "): nothing to compare");
        return;
    }
    for (const char* file : wpt::kReductionFiles) {
        uint32_t compared = 0, elements = 0, exact = 0;
        double worst = 0;
        std::string worstCase;
        for (const wpt::Case& w : wpt::loadCases(file)) {
            wpt::MappedCase m;
            std::string why;
            REQUIRE_MESSAGE(wpt::runsDespiteSkip(w), w.name << ": " << w.skip);
            REQUIRE_MESSAGE(wpt::mapCase(w, m, why), w.name << ": " << why);
            const auto reference = wpt::referenceOf(m);
            INFO(std::string(file) << ": " << w.name);
            for (size_t e = 0; e < m.expected.size(); ++e) {
                const DML_TENSOR_DATA_TYPE type = m.c.output.type;
                const uint64_t bits = isFloatType(type) ? floatBits(type, reference[e].value)
                                                        : static_cast<uint64_t>(int64_t(reference[e].value));
                double distance = 0;
                CHECK_MESSAGE(wpt::withinTolerance(type, bits, m.expected[e], m.tolerance, &distance),
                              "element " << e << ": reference " << reference[e].value << ", expected "
                                         << m.expected[e] << ", tolerance " << m.tolerance.value);
                // Stricter than the suite: the references round to within 1 ULP of every expected value.
                CHECK(wpt::withinTolerance(type, bits, m.expected[e], {true, 1}));
                if (distance > worst) worst = distance, worstCase = w.name;
                ++elements;
                exact += distance == 0;
            }
            ++compared;
        }
        const bool absolute = std::string(file) == "layer_normalization";
        MESSAGE(std::string(file) << ": " << compared << " cases, " << elements << " elements, " << exact
                                  << " equal to the expected output rounded; largest distance " << worst
                                  << std::string(absolute ? "" : " ULP")
                                  << (worstCase.empty() ? std::string() : " (" + worstCase + ")"));
    }
}

TEST_CASE("bounds: a FLOAT32 simulation of the contract passes, the naive forms fail") {
    std::mt19937_64 rng(1);
    {
        // SUM over 2^20+7 values near 1: compensated chunks and a tree pass; a running FLOAT32 sum does not.
        const std::vector<float> v = randomFloats((1u << 20) + 7, uniformFloats(F32, 1, 1 + 0x1p-8), rng);
        const Expected e = expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, hostOf({uint32_t(v.size())}, v), {0})[0];
        CHECK_MESSAGE(acceptsFloat(contractSum(v), e), contractSum(v) << " vs " << e.value << " +- " << e.bound);
        CHECK_MESSAGE(!acceptsFloat(runningSum(v), e), runningSum(v) << " vs " << e.value << " +- " << e.bound);
    }
    {
        // Rows of 1e4 + [-2, 2): two passes pass the MVN bound everywhere; E[x^2] - E[x]^2 fails it.
        const uint32_t rows = 8, n = 1024;
        const std::vector<float> x = randomFloats(rows * n, uniformFloats(F32, 9998, 10002), rng);
        MvnParams p;
        p.axes = {1};
        const auto expected = expectMvn(F32, hostOf({rows, n}, x), p);
        const std::vector<float> twoPass = normalizeRows(x, n, float(p.epsilon), true);
        const std::vector<float> onePass = normalizeRows(x, n, float(p.epsilon), false);
        size_t twoPassWrong = 0, onePassWrong = 0;
        for (size_t i = 0; i < x.size(); ++i) {
            twoPassWrong += !acceptsFloat(twoPass[i], expected[i]);
            onePassWrong += !acceptsFloat(onePass[i], expected[i]);
        }
        CHECK(twoPassWrong == 0);
        CHECK(onePassWrong > x.size() / 2);
        MESSAGE("MVN of 1e4 + [-2, 2): two passes " << twoPassWrong << ", one pass " << onePassWrong << " of "
                                                    << x.size() << " outside the bound");
    }
    {
        // LOG_SUM_EXP of [1000, 1001, 1002, 1003]: exp overflows unless the maximum is subtracted.
        const std::vector<float> v = {1000, 1001, 1002, 1003};
        const Expected e = expectReduce(DML_REDUCE_FUNCTION_LOG_SUM_EXP, F32, F32, hostOf({4}, v), {0})[0];
        float naive = 0, shifted = 0;
        for (float x : v) naive += std::exp(x), shifted += std::exp(x - 1003.0f);
        CHECK(!acceptsFloat(std::log(naive), e));
        CHECK(acceptsFloat(1003.0f + std::log(shifted), e));
    }
    {
        // SOFTMAX and LOG_SOFTMAX over a row of 2^20+7 in FLOAT32 with the contract's sum pass where x - max is
        // exact (here in double) before exp and its rounding; SOFTMAX with x - max rounded to FLOAT32 does not, nor
        // with a running sum.
        const std::vector<float> v = randomFloats((1u << 20) + 7, uniformFloats(F32, -8, 8), rng);
        const HostTensor x = hostOf({uint32_t(v.size())}, v);
        const auto softmax = expectSoftmax(SoftmaxKind::Softmax, F32, x, {0});
        const auto logSoftmax = expectSoftmax(SoftmaxKind::LogSoftmax, F32, x, {0});
        float m = v[0];
        for (float xi : v) m = std::max(m, xi);
        std::vector<float> exact(v.size()), rounded(v.size());
        for (size_t i = 0; i < v.size(); ++i) {
            exact[i] = static_cast<float>(std::exp(double(v[i]) - double(m)));
            rounded[i] = std::exp(v[i] - m);
        }
        const float sum = contractSum(exact), roundedSum = contractSum(rounded), running = runningSum(exact);
        const float logSum = std::log(sum);
        size_t wrong = 0, wrongLog = 0, wrongRounded = 0, wrongRunning = 0;
        for (size_t i = 0; i < v.size(); ++i) {
            wrong += !acceptsFloat(exact[i] / sum, softmax[i]);
            wrongLog += !acceptsFloat((v[i] - m) - logSum, logSoftmax[i]);
            wrongRounded += !acceptsFloat(rounded[i] / roundedSum, softmax[i]);
            wrongRunning += !acceptsFloat(exact[i] / running, softmax[i]);
        }
        CHECK(wrong == 0);
        CHECK(wrongLog == 0);
        CHECK(wrongRounded > 0);
        CHECK(wrongRunning > v.size() / 2);
    }
}
