// CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT and LP_NORMALIZATION end to end against the double references of
// reference_reduce.h: DirectML's documented scan examples, every scan direction and exclusivity on FLOAT32, FLOAT16,
// INT32 and UINT32 (integers exact, wrapping at 32 bits), axes first, middle and last, ranks 1-8, packed, padded,
// permuted and broadcast inputs, packed and strided outputs, in place, rows of length 1, short, odd and 30000 long
// (the compensated-scan bounds), rows of 40000 to 150001 (split into parts on a CPU device),
// NaN and infinities; LP_NORMALIZATION with P 1 and 2 within its bound, FLOAT16 computed in FLOAT32, rows whose norm
// is below Epsilon, NaN rows; and validation (P, Axis, AxisDirection, OutputTensor, the data types).
#include <cmath>
#include <cstdio>
#include <ios>
#include <limits>
#include <string>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference_reduce.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

constexpr DML_OPERATOR_TYPE kSum = DML_OPERATOR_CUMULATIVE_SUMMATION, kProduct = DML_OPERATOR_CUMULATIVE_PRODUCT,
                            kLp = DML_OPERATOR_LP_NORMALIZATION;
constexpr DML_AXIS_DIRECTION kUp = DML_AXIS_DIRECTION_INCREASING, kDown = DML_AXIS_DIRECTION_DECREASING;
const double kNaN = std::numeric_limits<double>::quiet_NaN(), kInf = std::numeric_limits<double>::infinity();

std::string sizesText(const std::vector<uint32_t>& sizes) {
    std::string s;
    for (size_t i = 0; i < sizes.size(); ++i) s += (i ? "x" : "") + std::to_string(sizes[i]);
    return s;
}

std::vector<uint64_t> bitsOf(Type t, const std::vector<double>& values) {
    std::vector<uint64_t> bits;
    for (double v : values)
        bits.push_back(isFloatType(t) ? floatBits(t, v)
                                      : static_cast<uint64_t>(static_cast<int64_t>(v)) & typeMask(t));
    return bits;
}

// ---- the scans ------------------------------------------------------------------------------------------------------

struct Scan {
    DML_OPERATOR_TYPE op = kSum;
    Type type = F32;
    std::vector<uint32_t> sizes, inStrides, outStrides;
    uint32_t axis = 0;
    DML_AXIS_DIRECTION direction = kUp;
    bool exclusive = false;
    bool inPlace = false;  // the output bound to the input's range (its strides; outStrides unused)
    bool separateBuffers = false;
};

std::string scanName(const Scan& s) {
    return std::string(s.op == kSum ? "CUMULATIVE_SUMMATION " : "CUMULATIVE_PRODUCT ") + typeName(s.type) + " " +
           sizesText(s.sizes) + " axis " + std::to_string(s.axis) + (s.direction == kDown ? " DECREASING" : "") +
           (s.exclusive ? " exclusive" : "") + (s.inPlace ? " in place" : "");
}

FamilyCase scanCase(const Scan& s) {
    FamilyCase c;
    c.op = s.op;
    c.inputs = {tensorOf(s.type, s.sizes, s.inStrides)};
    c.output = tensorOf(s.type, s.sizes, s.inPlace ? s.inStrides : s.outStrides);
    if (s.inPlace) c.inPlaceInput = 0;
    c.separateBuffers = s.separateBuffers;
    c.build = cumulativeBuilder(s.axis, s.direction, s.exclusive);
    return c;
}

std::vector<Expected> expectScan(const Scan& s, const HostTensor& x) {
    return expectCumulative(s.op == kProduct, s.type, x, s.axis, s.direction, s.exclusive);
}

// Fills the input (prefix first, then gen), runs the scan and checks it; with FLOAT32 subnormal inputs the results
// of the flushed input are accepted too.
void checkScan(TestDevice& device, const Scan& s, std::mt19937_64& rng, const std::string& label, ValueGen gen,
               const std::vector<uint64_t>& prefix = {}) {
    FamilyCase c = scanCase(s);
    fillTensor(c.inputs[0], rng, prefix, gen);
    const HostTensor x = hostTensor(c.inputs[0]);
    const auto expected = expectScan(s, x);
    HostTensor flushed;
    std::vector<Expected> alternative;
    if (s.type == F32 && flushSubnormals(x, flushed)) alternative = expectScan(s, flushed);
    runAndCheck(device, c, scanName(s) + " " + label, expected, alternative.empty() ? nullptr : &alternative);
}

// Factors +-2^e, e uniform in (-total/length, total/length): a running product over `length` of them stays within
// 2^+-total, far from FLOAT32's (or FLOAT16's) overflow and underflow even on a broadcast (constant) row.
ValueGen boundedFactors(Type t, uint32_t length, double total) {
    const double r = total / std::max<uint32_t>(length, 1);
    return [t, r](std::mt19937_64& rng) {
        const double e = r * (2 * std::ldexp(static_cast<double>(rng() >> 11), -53) - 1);
        return floatBits(t, (rng() & 1 ? -1.0 : 1.0) * std::exp2(e));
    };
}

// Odd integers of every magnitude: their products wrap at 32 bits without ever becoming 0.
ValueGen oddIntegers(Type t) {
    return [t](std::mt19937_64& rng) { return (rng() | 1) & typeMask(t); };
}

// Values each scan is tested on. Sums: floats of moderate magnitude of both signs (FLOAT16: their sums over 1001
// stay below 65504), integers anything (they wrap). Products: bounded factors, odd integers.
ValueGen scanValues(DML_OPERATOR_TYPE op, Type t, uint32_t length) {
    if (op == kSum) {
        if (!isFloatType(t)) return {};  // randomValue: the extremes and every bit pattern
        return t == F16 ? mixedFloats(F16, -6, 5) : mixedFloats(F32, -8, 8);
    }
    if (!isFloatType(t)) return oddIntegers(t);
    return boundedFactors(t, length, t == F16 ? 12 : 60);
}

struct Pattern {
    const char* name;
    std::vector<uint32_t> sizes;
    uint32_t axis;
};
const Pattern kPatterns[] = {
    {"last axis", {6, 5, 17}, 2},
    {"first axis", {17, 6, 5}, 0},
    {"middle axis", {5, 17, 6}, 1},
    {"rank 1", {129}, 0},
    {"rank 8 axis 7", {2, 1, 3, 2, 1, 2, 3, 5}, 7},
    {"rank 8 axis 0", {5, 1, 2, 2, 1, 2, 3, 2}, 0},
    {"rank 8 axis 3", {2, 1, 3, 7, 1, 2, 1, 2}, 3},
    {"rows of length 1", {5, 3, 1}, 2},
    {"axis of size 1 in the middle", {4, 1, 6}, 1},
    {"rows of length 2", {50, 2}, 1},
    {"odd rows", {3, 1001}, 1},
    {"odd columns", {333, 7}, 0},
};

// ---- LP_NORMALIZATION -----------------------------------------------------------------------------------------------

struct Lp {
    Type type = F32;
    std::vector<uint32_t> sizes, inStrides, outStrides;
    uint32_t axis = 0;
    float epsilon = 1e-5f;
    uint32_t p = 2;
    std::vector<uint32_t> outSizes;  // empty: the input's
    Type outType = F32;              // used where outSizes is set
};

std::string lpName(const Lp& l) {
    char eps[32];
    std::snprintf(eps, sizeof eps, "%g", static_cast<double>(l.epsilon));
    return std::string("LP_NORMALIZATION P=") + std::to_string(l.p) + " " + typeName(l.type) + " " +
           sizesText(l.sizes) + " axis " + std::to_string(l.axis) + " Epsilon " + eps;
}

FamilyCase lpCase(const Lp& l) {
    FamilyCase c;
    c.op = kLp;
    c.inputs = {tensorOf(l.type, l.sizes, l.inStrides)};
    c.output = l.outSizes.empty() ? tensorOf(l.type, l.sizes, l.outStrides) : tensorOf(l.outType, l.outSizes);
    c.build = lpNormalizationBuilder(l.axis, l.epsilon, l.p);
    return c;
}

void checkLp(TestDevice& device, const Lp& l, std::mt19937_64& rng, const std::string& label, ValueGen gen,
             const std::vector<uint64_t>& prefix = {}) {
    FamilyCase c = lpCase(l);
    fillTensor(c.inputs[0], rng, prefix, gen);
    const HostTensor x = hostTensor(c.inputs[0]);
    const auto expected = expectLpNormalization(l.type, x, l.axis, l.epsilon, l.p);
    HostTensor flushed;
    std::vector<Expected> alternative;
    if (l.type == F32 && flushSubnormals(x, flushed))
        alternative = expectLpNormalization(l.type, flushed, l.axis, l.epsilon, l.p);
    runAndCheck(device, c, lpName(l) + " " + label, expected, alternative.empty() ? nullptr : &alternative);
}

void checkInvalid(TestDevice& device, const std::string& name, const FamilyCase& c, HRESULT expected,
                  const char* field) {
    INFO(name);
    device.clearErrors();
    CHECK(tryCreate(device, c) == expected);
    CHECK_MESSAGE(device.lastError().find(field) != std::string::npos, "message: " << device.lastError());
}

}  // namespace

TEST_CASE("scan and LP references: DirectML's documented examples") {
    // Host only: the references themselves on the operator pages' examples.
    const HostTensor grid{{1, 1, 3, 4}, {2, 1, 3, 5, 3, 8, 7, 3, 9, 6, 2, 4}};
    auto values = [](const std::vector<Expected>& e) {
        std::vector<double> v;
        for (const Expected& x : e) v.push_back(x.value);
        return v;
    };
    const std::vector<double> sums = {2, 3, 6, 11, 3, 11, 18, 21, 9, 15, 17, 21};
    CHECK(values(expectCumulative(false, F32, grid, 3, kUp, false)) == sums);
    CHECK(values(expectCumulative(false, I32, grid, 3, kUp, true)) ==
          std::vector<double>{0, 2, 3, 6, 0, 3, 11, 18, 0, 9, 15, 17});
    CHECK(values(expectCumulative(false, U32, grid, 3, kDown, false)) ==
          std::vector<double>{11, 9, 8, 5, 21, 18, 10, 3, 21, 12, 6, 4});
    CHECK(values(expectCumulative(false, F16, grid, 2, kUp, false)) ==
          std::vector<double>{2, 1, 3, 5, 5, 9, 10, 8, 14, 15, 12, 12});
    CHECK(values(expectCumulative(true, F32, grid, 3, kUp, false)) ==
          std::vector<double>{2, 2, 6, 30, 3, 24, 168, 504, 9, 54, 108, 432});
    CHECK(values(expectCumulative(true, I32, grid, 3, kUp, true)) ==
          std::vector<double>{1, 2, 2, 6, 1, 3, 24, 168, 1, 9, 54, 108});
    CHECK(values(expectCumulative(true, U32, grid, 3, kDown, false)) ==
          std::vector<double>{30, 15, 15, 5, 504, 168, 21, 3, 432, 48, 8, 4});
    CHECK(values(expectCumulative(true, F32, HostTensor{{4}, {2, 4, 8, 3}}, 0, kUp, false)) ==
          std::vector<double>{2, 8, 64, 192});
    // Wrapping: INT32 max + 1 is INT32 min; UINT32 0 - 1 is 2^32 - 1; 65536^2 is 0.
    CHECK(values(expectCumulative(false, I32, HostTensor{{3}, {2147483647, 1, -1}}, 0, kUp, false)) ==
          std::vector<double>{2147483647, -2147483648.0, 2147483647});
    CHECK(values(expectCumulative(false, U32, HostTensor{{2}, {0, 4294967295.0}}, 0, kUp, false)) ==
          std::vector<double>{0, 4294967295.0});
    CHECK(values(expectCumulative(true, U32, HostTensor{{2}, {65536, 65536}}, 0, kUp, false)) ==
          std::vector<double>{65536, 0});
    // NaN and infinities.
    const auto nanRow = expectCumulative(false, F32, HostTensor{{4}, {1, kInf, -kInf, 2}}, 0, kUp, false);
    CHECK(nanRow[1].value == kInf);
    CHECK(std::isnan(nanRow[2].value));
    CHECK(std::isnan(nanRow[3].value));
    // LP: 3-4-5 and its P = 1 counterpart; a row below Epsilon; a NaN row; a row with an infinity.
    CHECK(values(expectLpNormalization(F32, HostTensor{{2}, {3, -4}}, 0, 1e-5, 2)) == std::vector<double>{0.6, -0.8});
    CHECK(values(expectLpNormalization(F32, HostTensor{{2}, {3, -4}}, 0, 1e-5, 1)) ==
          std::vector<double>{3.0 / 7, -4.0 / 7});
    CHECK(values(expectLpNormalization(F32, HostTensor{{2}, {0.25, 0}}, 0, 0.5, 1)) == std::vector<double>{0.5, 0});
    CHECK(std::isnan(expectLpNormalization(F32, HostTensor{{2}, {kNaN, 1}}, 0, 0.5, 2)[1].value));
    const auto infRow = expectLpNormalization(F32, HostTensor{{2}, {kInf, 1}}, 0, 1e-5, 2);
    CHECK(std::isnan(infRow[0].value));
    CHECK(infRow[1].value == 0);
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: DirectML's documented examples, every data type") {
    TestDevice device;
    std::mt19937_64 rng(1);
    const std::vector<double> grid = {2, 1, 3, 5, 3, 8, 7, 3, 9, 6, 2, 4};
    struct Example {
        DML_OPERATOR_TYPE op;
        uint32_t axis;
        DML_AXIS_DIRECTION direction;
        bool exclusive;
        std::vector<double> first;  // the page's first row (axis 3) or the whole output (axis 2)
    };
    const Example examples[] = {
        {kSum, 3, kUp, false, {2, 3, 6, 11}},
        {kSum, 3, kUp, true, {0, 2, 3, 6}},
        {kSum, 3, kDown, false, {11, 9, 8, 5}},
        {kProduct, 3, kUp, false, {2, 2, 6, 30}},
        {kProduct, 3, kUp, true, {1, 2, 2, 6}},
        {kProduct, 3, kDown, false, {30, 15, 15, 5}},
        {kSum, 2, kUp, false, {2, 1, 3, 5, 5, 9, 10, 8, 14, 15, 12, 12}},
    };
    for (Type t : {F32, F16, I32, U32}) {
        for (const Example& e : examples) {
            Scan s;
            s.op = e.op;
            s.type = t;
            s.sizes = {1, 1, 3, 4};
            s.axis = e.axis;
            s.direction = e.direction;
            s.exclusive = e.exclusive;
            FamilyCase c = scanCase(s);
            fillTensor(c.inputs[0], rng, bitsOf(t, grid));
            std::vector<Expected> expected = expectScan(s, hostTensor(c.inputs[0]));
            // The page's numbers, exactly (small integers: every float scan is exact on them).
            for (size_t k = 0; k < e.first.size(); ++k) REQUIRE(expected[k].value == e.first[k]);
            for (Expected& x : expected) x.bound = 0;
            runAndCheck(device, c, scanName(s) + " documented example", expected);
        }
        // The 1-D product example: [2, 4, 8, 3] -> [2, 8, 64, 192].
        Scan s;
        s.op = kProduct;
        s.type = t;
        s.sizes = {4};
        FamilyCase c = scanCase(s);
        fillTensor(c.inputs[0], rng, bitsOf(t, {2, 4, 8, 3}));
        runAndCheck(device, c, scanName(s) + " 1-D example", {{2, 0}, {8, 0}, {64, 0}, {192, 0}});
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: every type, direction and exclusivity, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(2);
    // The 32 combinations of operator, type, direction and exclusivity, each on rows of 37 along the middle axis.
    for (DML_OPERATOR_TYPE op : {kSum, kProduct}) {
        for (Type t : {F32, F16, I32, U32}) {
            for (DML_AXIS_DIRECTION direction : {kUp, kDown}) {
                for (bool exclusive : {false, true}) {
                    Scan s;
                    s.op = op;
                    s.type = t;
                    s.sizes = {3, 37, 4};
                    s.axis = 1;
                    s.direction = direction;
                    s.exclusive = exclusive;
                    std::string layout = "in ";
                    s.inStrides = randomStrides(s.sizes, rng, true, layout);
                    layout += ", out ";
                    s.outStrides = randomStrides(s.sizes, rng, false, layout);
                    checkScan(device, s, rng, layout, scanValues(op, t, 37));
                }
            }
        }
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: INT64 and UINT64 are exact and wrap at 64 bits") {
    TestDevice device;
    std::mt19937_64 rng(12);
    int i = 0;
    for (DML_OPERATOR_TYPE op : {kSum, kProduct}) {
        for (Type t : {I64, U64}) {
            for (DML_AXIS_DIRECTION direction : {kUp, kDown}) {
                for (bool exclusive : {false, true}) {
                    Scan s;
                    s.op = op;
                    s.type = t;
                    s.sizes = i % 2 ? std::vector<uint32_t>{3, 37, 4} : std::vector<uint32_t>{2, 5, 301};
                    s.axis = i % 2 ? 1 : 2;
                    s.direction = direction;
                    s.exclusive = exclusive;
                    s.inPlace = i % 4 == 2;
                    s.separateBuffers = i % 3 == 0;
                    ++i;
                    std::string layout = "in ";
                    s.inStrides = randomStrides(s.sizes, rng, !s.inPlace, layout);
                    layout += ", out ";
                    s.outStrides = randomStrides(s.sizes, rng, false, layout);
                    FamilyCase c = scanCase(s);
                    checkExact64(device, c, rng, scanName(s) + " " + layout, wrappingInt64s(op == kProduct),
                                 [&](const std::vector<uint64_t>& x) {
                                     return expectCumulative64(op == kProduct, x, s.sizes, s.axis, direction, exclusive);
                                 });
                }
            }
        }
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: every axis pattern, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(3);
    const Type types[] = {F32, F16, I32, U32};
    int i = 0;
    for (const Pattern& p : kPatterns) {
        for (DML_OPERATOR_TYPE op : {kSum, kProduct}) {
            Scan s;
            s.op = op;
            s.type = types[i % 4];
            s.sizes = p.sizes;
            s.axis = p.axis;
            s.direction = (i / 2) % 2 ? kDown : kUp;
            s.exclusive = (i / 4) % 2;
            s.separateBuffers = i % 3 == 0;
            ++i;
            std::string layout = "in ";
            s.inStrides = randomStrides(p.sizes, rng, true, layout);
            layout += ", out ";
            s.outStrides = randomStrides(p.sizes, rng, false, layout);
            checkScan(device, s, rng, std::string(p.name) + " " + layout, scanValues(op, s.type, p.sizes[p.axis]));
        }
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: ranks 1 to 8, random axes and layouts, in place") {
    TestDevice device;
    std::mt19937_64 rng(4);
    const Type types[] = {F32, I32, F16, U32};
    const int cases = 32 / static_cast<int>(denseStride()) + 1;
    for (int i = 0; i < cases; ++i) {
        Scan s;
        s.op = i % 2 ? kProduct : kSum;
        s.type = types[(i / 2) % 4];
        const uint32_t rank = 1 + static_cast<uint32_t>(i % 8);
        s.sizes = randomSizes(rank, rng, 3000);
        s.axis = static_cast<uint32_t>(rng() % rank);
        s.direction = (i / 3) % 2 ? kDown : kUp;
        s.exclusive = (i / 5) % 2;
        s.inPlace = i % 4 == 3;
        std::string layout = "in ";
        // In place: the output shares the input's layout, which therefore has no broadcast (stride 0) dimension.
        s.inStrides = randomStrides(s.sizes, rng, !s.inPlace, layout);
        if (!s.inPlace) {
            layout += ", out ";
            s.outStrides = randomStrides(s.sizes, rng, false, layout);
        }
        checkScan(device, s, rng, layout, scanValues(s.op, s.type, s.sizes[s.axis]));
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: in place (the output bound to the input's range)") {
    TestDevice device;
    std::mt19937_64 rng(5);
    struct InPlace {
        DML_OPERATOR_TYPE op;
        Type type;
        std::vector<uint32_t> sizes;
        uint32_t axis;
        DML_AXIS_DIRECTION direction;
        bool exclusive;
        bool padded;
    };
    const InPlace cases[] = {
        {kSum, F32, {8, 33}, 1, kUp, false, false},
        {kSum, F32, {33, 8}, 0, kDown, true, true},
        {kSum, F16, {4, 5, 6}, 1, kUp, true, true},
        {kSum, I32, {7, 101}, 1, kDown, false, false},
        {kProduct, F32, {6, 29}, 1, kUp, true, true},
        {kProduct, U32, {29, 6}, 0, kDown, false, false},
        {kProduct, F16, {2, 3, 4, 5}, 3, kDown, true, false},
        // One long row: a scan in several parts must not read what it already wrote.
        {kSum, F32, {30000}, 0, kUp, false, false},
        {kProduct, F32, {2, 20000}, 1, kDown, true, true},
        {kSum, I32, {20000, 2}, 0, kUp, true, false},
    };
    for (const InPlace& c : cases) {
        Scan s;
        s.op = c.op;
        s.type = c.type;
        s.sizes = c.sizes;
        s.axis = c.axis;
        s.direction = c.direction;
        s.exclusive = c.exclusive;
        s.inPlace = true;
        if (c.padded) s.inStrides = paddedStrides(c.sizes, 3);
        checkScan(device, s, rng, c.padded ? "padded" : "packed", scanValues(c.op, c.type, c.sizes[c.axis]));
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: rows of 30000, many short rows, rows of 40000 to 150001") {
    TestDevice device;
    std::mt19937_64 rng(6);
    const uint32_t n = 30000;
    struct Long {
        DML_OPERATOR_TYPE op;
        Type type;
        std::vector<uint32_t> sizes;
        uint32_t axis;
        DML_AXIS_DIRECTION direction;
        bool exclusive;
        ValueGen values;
        const char* name;
    };
    const Long rows[] = {
        // Mixed signs and magnitudes (cancellation); then positive values, on which a plain FLOAT32 running sum
        // drifts past 2u S within the first hundred terms (and a plain FLOAT32 running product of factors
        // 1 +- 2^-7 past 2u |P|): the compensated scans' bounds.
        {kSum, F32, {n}, 0, kUp, false, mixedFloats(F32, -8, 8), "mixed magnitudes"},
        {kSum, F32, {n}, 0, kDown, true, uniformFloats(F32, 1, 1 + 0x1p-8), "values 1 + [0, 2^-8)"},
        {kSum, F32, {2, n}, 1, kUp, true, uniformFloats(F32, 1, 1 + 0x1p-8), "values 1 + [0, 2^-8)"},
        {kSum, F32, {n, 2}, 0, kDown, false, uniformFloats(F32, 0.5, 1), "values in [0.5, 1), columns"},
        {kSum, F16, {n}, 0, kUp, false, uniformFloats(F16, 0.5, 1.5), "values in [0.5, 1.5)"},
        {kSum, I32, {n}, 0, kDown, false, {}, "any values (wrapping)"},
        {kSum, U32, {n}, 0, kUp, true, {}, "any values (wrapping)"},
        {kProduct, F32, {n}, 0, kUp, false, uniformFloats(F32, 1 - 0x1p-7, 1 + 0x1p-7, true), "factors near +-1"},
        {kProduct, F32, {n}, 0, kDown, true, uniformFloats(F32, 1 - 0x1p-7, 1 + 0x1p-7), "factors near 1"},
        {kProduct, F16, {n}, 0, kUp, false, uniformFloats(F16, 0.99, 1.01, true), "factors near +-1"},
        {kProduct, I32, {n}, 0, kUp, false, oddIntegers(I32), "odd factors (wrapping)"},
        {kProduct, U32, {n}, 0, kDown, true, oddIntegers(U32), "odd factors (wrapping)"},
    };
    for (const Long& l : rows) {
        Scan s;
        s.op = l.op;
        s.type = l.type;
        s.sizes = l.sizes;
        s.axis = l.axis;
        s.direction = l.direction;
        s.exclusive = l.exclusive;
        checkScan(device, s, rng, l.name, l.values);
    }
    // Many short rows, along the last axis and the first.
    const uint32_t count = 20000 / denseStride();
    for (uint32_t length : {1u, 2u, 3u, 5u, 7u}) {
        Scan s;
        s.op = length % 2 ? kSum : kProduct;
        s.sizes = {count, length};
        s.axis = 1;
        s.direction = length % 3 ? kUp : kDown;
        s.exclusive = length > 3;
        checkScan(device, s, rng, "", scanValues(s.op, F32, length));
        Scan t = s;
        t.type = length % 2 ? I32 : F16;
        t.sizes = {length, count / 4};
        t.axis = 0;
        t.direction = s.direction == kUp ? kDown : kUp;
        checkScan(device, t, rng, "", scanValues(t.op, t.type, length));
    }
    // Rows past what one invocation of a CPU device walks (32768 elements): split into parts, each part's scan
    // starting from the totals of the parts before it.
    struct Longer {
        DML_OPERATOR_TYPE op;
        Type type;
        uint32_t length;
        DML_AXIS_DIRECTION direction;
        bool exclusive;
    };
    for (const Longer& l : {Longer{kSum, F32, 40000, kUp, false}, Longer{kProduct, F32, 40000, kDown, false},
                            Longer{kSum, F32, 150001, kDown, true}, Longer{kSum, F16, 70000, kUp, true},
                            Longer{kSum, I32, 100000, kDown, false}, Longer{kProduct, U32, 70001, kUp, true}}) {
        Scan s;
        s.op = l.op;
        s.type = l.type;
        s.sizes = {l.length};
        s.direction = l.direction;
        s.exclusive = l.exclusive;
        FamilyCase c = scanCase(s);
        ValueGen values = l.type == I32 || l.type == U32 ? (l.op == kSum ? ValueGen{} : oddIntegers(l.type))
                          : l.op == kSum ? (l.type == F16 ? uniformFloats(F16, 0.5, 1.5) : mixedFloats(F32, -8, 8))
                                         : uniformFloats(F32, 1 - 0x1p-7, 1 + 0x1p-7);
        fillTensor(c.inputs[0], rng, {}, values);
        const std::string label = scanName(s) + " a row of " + std::to_string(l.length);
        const FamilyRun run = runFamily(device, c);
        REQUIRE_MESSAGE(run.ok(), label << ": " << run.failedCall << " returned " << std::hex << run.hr);
        CHECK_MESSAGE(run.canaryIntact, label << ": bytes outside the output tensor were written");
        const OutputCheck check = checkOutput(c.output, run.output, expectScan(s, hostTensor(c.inputs[0])));
        CHECK_MESSAGE(check.wrong == 0, label << ": " << check.wrong << " of " << check.checked
                                              << " elements wrong; first: " << check.first);
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: NaN, infinities, zeros, signed zeros, overflow") {
    TestDevice device;
    std::mt19937_64 rng(7);
    for (Type t : {F32, F16}) {
        const double big = t == F32 ? 1e30 : 300, grow = t == F32 ? 1e10 : 30;  // big * grow overflows the type
        const double tiny = t == F32 ? 0x1p-149 : 0x1p-24;
        const std::vector<std::vector<double>> sumRows = {
            {1, kNaN, 2, 3},   {kNaN, 1, 2, 3},  {kInf, 1, 2, 3},     {1, 2, 3, -kInf},
            {1, kInf, -kInf, 2}, {-0.0, -0.0, 0.0, -0.0}, {tiny, -tiny, 3 * tiny, 1}, {4, -4, 0.5, -0.5},
        };
        const std::vector<std::vector<double>> productRows = {
            {2, kNaN, 3, 4},  {kNaN, 2, 3, 4},     {0, 5, kInf, 2},      {kInf, 2, -1, 0.5},
            {2, 3, 0, 4},     {-0.0, 2, -3, 0.5},  {big, grow, grow, 2}, {-big, grow, -0.5, grow},
        };
        for (DML_OPERATOR_TYPE op : {kSum, kProduct}) {
            const auto& rows = op == kSum ? sumRows : productRows;
            std::vector<double> flat;
            for (const auto& r : rows) flat.insert(flat.end(), r.begin(), r.end());
            for (DML_AXIS_DIRECTION direction : {kUp, kDown}) {
                for (bool exclusive : {false, true}) {
                    Scan s;
                    s.op = op;
                    s.type = t;
                    s.sizes = {uint32_t(rows.size()), 4};
                    s.axis = 1;
                    s.direction = direction;
                    s.exclusive = exclusive;
                    checkScan(device, s, rng, "special rows", {}, bitsOf(t, flat));
                }
            }
        }
    }
    // Integer extremes wrap: INT32 max + 1, min - 1, min * -1; UINT32 max + 1, 0 - 1.
    {
        Scan s;
        s.type = I32;
        s.sizes = {3, 4};
        s.axis = 1;
        const std::vector<double> rows = {2147483647, 1, -1, -2147483648.0, -2147483648.0, -1, 5, -2147483647,
                                          7, -7, 2147483647, 2147483647};
        checkScan(device, s, rng, "INT32 extremes", {}, bitsOf(I32, rows));
        s.op = kProduct;
        const std::vector<double> factors = {-2147483648.0, -1, 3, 65536, 65536, 65536, 3, 5,
                                             2147483647, 2147483647, -1, 7};
        checkScan(device, s, rng, "INT32 extremes", {}, bitsOf(I32, factors));
        s.type = U32;
        s.op = kSum;
        s.direction = kDown;
        const std::vector<double> unsignedRows = {4294967295.0, 1, 0, 4294967295.0, 1, 2, 3, 4294967290.0,
                                                  0, 0, 0, 0};
        checkScan(device, s, rng, "UINT32 extremes", {}, bitsOf(U32, unsignedRows));
    }
}

TEST_CASE("CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT: data types and invalid descs") {
    TestDevice device;
    for (DML_OPERATOR_TYPE op : {kSum, kProduct}) {
        Scan base;
        base.op = op;
        base.sizes = {2, 3, 4};
        base.axis = 2;
        const std::string name = op == kSum ? "CUMULATIVE_SUMMATION " : "CUMULATIVE_PRODUCT ";
        // DirectML lists FLOAT32, FLOAT16, INT32, UINT32 and (from 5_0) INT64, UINT64.
        for (Type t : {I8, U8, I16, U16, F64}) {
            Scan s = base;
            s.type = t;
            checkInvalid(device, name + typeName(t), scanCase(s), E_INVALIDARG, "DataType");
        }
        Scan axis = base;
        axis.axis = 3;
        checkInvalid(device, name + "Axis = DimensionCount", scanCase(axis), E_INVALIDARG, "Axis = ");
        axis.axis = 0x80000000u;
        checkInvalid(device, name + "Axis far out of range", scanCase(axis), E_INVALIDARG, "Axis = ");
        FamilyCase direction = scanCase(base);
        direction.build = cumulativeBuilder(base.axis, 2u, base.exclusive);  // a value outside DML_AXIS_DIRECTION
        checkInvalid(device, name + "AxisDirection 2", direction, E_INVALIDARG, "AxisDirection");
        FamilyCase sizes = scanCase(base);
        sizes.output = tensorOf(F32, {2, 3, 5});
        checkInvalid(device, name + "output sizes differ", sizes, E_INVALIDARG, "OutputTensor");
        FamilyCase rank = scanCase(base);
        rank.output = tensorOf(F32, {6, 4});
        checkInvalid(device, name + "output rank differs", rank, E_INVALIDARG, "OutputTensor");
        FamilyCase type = scanCase(base);
        type.output = tensorOf(F16, base.sizes);
        checkInvalid(device, name + "output FLOAT16 for FLOAT32", type, E_INVALIDARG, "OutputTensor");
        FamilyCase integer = scanCase(base);
        integer.inputs[0].type = I32;
        integer.output = tensorOf(U32, base.sizes);
        checkInvalid(device, name + "output UINT32 for INT32", integer, E_INVALIDARG, "OutputTensor");
    }
}

// ---- LP_NORMALIZATION -----------------------------------------------------------------------------------------------

TEST_CASE("LP_NORMALIZATION: P 1 and 2, every axis pattern, FLOAT32 and FLOAT16, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(11);
    const float epsilons[] = {1e-5f, 0.25f, 1e-5f, 0.0f};
    int i = 0;
    for (const Pattern& p : kPatterns) {
        for (uint32_t power : {1u, 2u}) {
            for (Type t : {F32, F16}) {
                Lp l;
                l.type = t;
                l.sizes = p.sizes;
                l.axis = p.axis;
                l.p = power;
                l.epsilon = epsilons[i % 4];
                ++i;
                std::string layout = "in ";
                l.inStrides = randomStrides(p.sizes, rng, true, layout);
                layout += ", out ";
                l.outStrides = randomStrides(p.sizes, rng, false, layout);
                // Epsilon 0.25 is above the norm of some short rows: x / Epsilon there. (Epsilon 0 with values
                // away from 0: ONNX's plain x / norm.)
                checkLp(device, l, rng, std::string(p.name) + " " + layout,
                        l.epsilon == 0 ? uniformFloats(t, 0.125, 4, true)
                                       : t == F16 ? mixedFloats(F16, -6, 4) : mixedFloats(F32, -8, 8));
            }
        }
    }
}

TEST_CASE("LP_NORMALIZATION: ranks 1 to 8, random axes and layouts") {
    TestDevice device;
    std::mt19937_64 rng(12);
    const int cases = 24 / static_cast<int>(denseStride()) + 1;
    for (int i = 0; i < cases; ++i) {
        Lp l;
        l.type = i % 3 == 2 ? F16 : F32;
        const uint32_t rank = 1 + static_cast<uint32_t>(i % 8);
        l.sizes = randomSizes(rank, rng, 3000);
        l.axis = static_cast<uint32_t>(rng() % rank);
        l.p = 1 + static_cast<uint32_t>((i / 2) % 2);
        std::string layout = "in ";
        l.inStrides = randomStrides(l.sizes, rng, true, layout);
        layout += ", out ";
        l.outStrides = randomStrides(l.sizes, rng, false, layout);
        checkLp(device, l, rng, layout, uniformFloats(l.type, -4, 4));
    }
}

TEST_CASE("LP_NORMALIZATION: long rows, many short rows, FLOAT16 computed in FLOAT32") {
    TestDevice device;
    std::mt19937_64 rng(13);
    for (uint32_t power : {1u, 2u}) {
        Lp l;
        l.p = power;
        l.sizes = {(1u << 17) + 3};
        checkLp(device, l, rng, "a row of 2^17+3", mixedFloats(F32, -8, 8));
        Lp columns;
        columns.p = power;
        columns.sizes = {30000, 3};
        columns.axis = 0;
        checkLp(device, columns, rng, "3 columns of 30000", mixedFloats(F32, -8, 8));
        Lp rows;
        rows.p = power;
        rows.sizes = {30000 / denseStride(), power == 1 ? 3u : 5u};
        rows.axis = 1;
        checkLp(device, rows, rng, "many short rows", uniformFloats(F32, -4, 4));
        // FLOAT16: sums near 2^17 (P = 1) and sums of squares near 2^23 (P = 2), both past FLOAT16's 65504.
        Lp half;
        half.type = F16;
        half.p = power;
        half.sizes = {3, 2048};
        half.axis = 1;
        checkLp(device, half, rng, "rows of 2048 values in [56, 72)", uniformFloats(F16, 56, 72));
    }
}

TEST_CASE("LP_NORMALIZATION: Epsilon (zero rows, norms below it), NaN and infinities") {
    TestDevice device;
    std::mt19937_64 rng(14);
    for (uint32_t power : {1u, 2u}) {
        for (Type t : {F32, F16}) {
            // All-zero rows: 0 / Epsilon = 0.
            Lp zeros;
            zeros.type = t;
            zeros.p = power;
            zeros.sizes = {3, 7};
            zeros.axis = 1;
            checkLp(device, zeros, rng, "zero rows", smallIntegers(t, 0, 0));
            // Norms below Epsilon: x / Epsilon. FLOAT32: values in [1e-7, 1e-6) with Epsilon 1e-5; FLOAT16: normal
            // values in [2^-12, 2^-10) with Epsilon 0.01, and subnormal ones in [2^-24, 2^-20) with Epsilon 1e-5.
            Lp tiny = zeros;
            tiny.sizes = {6, 5};
            tiny.epsilon = t == F32 ? 1e-5f : 0.01f;
            checkLp(device, tiny, rng, "norms below Epsilon",
                    t == F32 ? uniformFloats(t, 1e-7, 1e-6, true) : uniformFloats(t, 0x1p-12, 0x1p-10, true));
            if (t == F16) {
                tiny.epsilon = 1e-5f;
                checkLp(device, tiny, rng, "subnormal rows below Epsilon", uniformFloats(t, 0x1p-24, 0x1p-20, true));
            }
            // Rows whose norm is just below, at and just above Epsilon = 1 (a row of 4 equal values of 1/4 or
            // 1/2): the divisor is the norm or Epsilon, both within the bound.
            Lp edge = zeros;
            edge.sizes = {5, 4};
            edge.epsilon = 1.0f;
            const double at = power == 1 ? 0.25 : 0.5;
            std::vector<double> edgeRows;
            for (double v : {at * (1 - 0x1p-9), at, at * (1 + 0x1p-9), -at, at * 2})
                for (int k = 0; k < 4; ++k) edgeRows.push_back(k % 2 ? -v : v);
            checkLp(device, edge, rng, "norms near Epsilon 1", {}, bitsOf(t, edgeRows));
            // Epsilon larger than every norm.
            Lp huge = zeros;
            huge.epsilon = t == F32 ? 1e30f : 60000.0f;
            checkLp(device, huge, rng, "Epsilon above every norm", uniformFloats(t, -4, 4));
            // A NaN anywhere makes its row NaN; an infinity makes the norm infinite: 0 for finite x, NaN for it.
            Lp special = zeros;
            special.sizes = {6, 4};
            const std::vector<double> rows = {1,    kNaN, 2, 3,  kNaN, 0,    0, 0, kInf, 1, -2,  3,
                                              -kInf, 0,   1, -0.0, 5,   -0.0, 0, 0, 3,    -4, 0.5, kNaN};
            checkLp(device, special, rng, "NaN and infinities", {}, bitsOf(t, rows));
        }
    }
}

TEST_CASE("LP_NORMALIZATION: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    Lp base;
    base.sizes = {2, 3, 4};
    base.axis = 1;
    auto with = [&](auto change) {
        Lp l = base;
        change(l);
        return lpCase(l);
    };
    checkInvalid(device, "P = 0", with([](Lp& l) { l.p = 0; }), E_INVALIDARG, "P = ");
    checkInvalid(device, "P = 3", with([](Lp& l) { l.p = 3; }), E_INVALIDARG, "P = ");
    checkInvalid(device, "Axis = DimensionCount", with([](Lp& l) { l.axis = 3; }), E_INVALIDARG, "Axis = ");
    checkInvalid(device, "Axis far out of range", with([](Lp& l) { l.axis = 0xffffffffu; }), E_INVALIDARG, "Axis = ");
    checkInvalid(device, "output sizes differ", with([](Lp& l) { l.outSizes = {2, 3, 5}; }), E_INVALIDARG,
                 "OutputTensor");
    checkInvalid(device, "output size 1 on the axis", with([](Lp& l) { l.outSizes = {2, 1, 4}; }), E_INVALIDARG,
                 "OutputTensor");
    checkInvalid(device, "output rank differs", with([](Lp& l) { l.outSizes = {6, 4}; }), E_INVALIDARG,
                 "OutputTensor");
    checkInvalid(device, "output FLOAT16 for FLOAT32", with([](Lp& l) {
                     l.outSizes = l.sizes;
                     l.outType = F16;
                 }),
                 E_INVALIDARG, "OutputTensor");
    for (Type t : {I32, U32, I8, F64}) {
        checkInvalid(device, std::string(typeName(t)) + " input", with([t](Lp& l) {
                         l.type = t;
                         l.outSizes = l.sizes;
                         l.outType = t;
                     }),
                     E_INVALIDARG, "DataType");
    }
}
