// REDUCE (every DML_REDUCE_FUNCTION), ARGMIN and ARGMAX end to end against the double references of
// reference_reduce.h: axis sets of every shape (last, first, middle, non-contiguous, unsorted, all, none), ranks 1-8,
// packed, padded, permuted and broadcast inputs, packed and strided outputs, FLOAT32 and FLOAT16 within the
// accumulation bounds, the integer types exactly (wrapping), special values, long rows and many short ones, ARG*
// directions, ties, NaN and every index type, and validation.
#include <cmath>
#include <limits>
#include <string>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference_reduce.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

const char* functionName(DML_REDUCE_FUNCTION f) {
    static const char* const names[] = {"ARGMAX", "ARGMIN", "AVERAGE", "L1",  "L2",  "LOG_SUM",
                                        "LOG_SUM_EXP", "MAX", "MIN", "MULTIPLY", "SUM", "SUM_SQUARE"};
    return unsigned(f) < 12 ? names[f] : "?";
}

constexpr DML_REDUCE_FUNCTION kAllFunctions[] = {
    DML_REDUCE_FUNCTION_ARGMAX, DML_REDUCE_FUNCTION_ARGMIN,      DML_REDUCE_FUNCTION_AVERAGE,
    DML_REDUCE_FUNCTION_L1,     DML_REDUCE_FUNCTION_L2,          DML_REDUCE_FUNCTION_LOG_SUM,
    DML_REDUCE_FUNCTION_LOG_SUM_EXP, DML_REDUCE_FUNCTION_MAX,    DML_REDUCE_FUNCTION_MIN,
    DML_REDUCE_FUNCTION_MULTIPLY, DML_REDUCE_FUNCTION_SUM,       DML_REDUCE_FUNCTION_SUM_SQUARE};
// The integer inputs of each function, as DirectML lists them (64-bit ones not implemented yet): SUM, MULTIPLY,
// L1 and SUM_SQUARE take 32-bit integers, MAX, MIN, ARGMAX and ARGMIN every width from 8 to 32 bits.
struct IntegerFunction {
    DML_REDUCE_FUNCTION function;
    std::vector<Type> types;
};
const IntegerFunction kIntegerFunctions[] = {
    {DML_REDUCE_FUNCTION_SUM, {I32, U32}},
    {DML_REDUCE_FUNCTION_MULTIPLY, {I32, U32}},
    {DML_REDUCE_FUNCTION_L1, {I32, U32}},
    {DML_REDUCE_FUNCTION_SUM_SQUARE, {I32, U32}},
    {DML_REDUCE_FUNCTION_MAX, {I32, U32, I16, U16, I8, U8}},
    {DML_REDUCE_FUNCTION_MIN, {I32, U32, I16, U16, I8, U8}},
    {DML_REDUCE_FUNCTION_ARGMAX, {I32, U32, I16, U16, I8, U8}},
    {DML_REDUCE_FUNCTION_ARGMIN, {I32, U32, I16, U16, I8, U8}},
};

bool isArg(DML_REDUCE_FUNCTION f) { return f == DML_REDUCE_FUNCTION_ARGMAX || f == DML_REDUCE_FUNCTION_ARGMIN; }

const AxisPattern kPatterns[] = {
    {"last axis", {6, 5, 17}, {2}},
    {"first axis", {17, 6, 5}, {0}},
    {"middle axis", {5, 17, 6}, {1}},
    {"axes {0,2}", {7, 4, 9}, {0, 2}},
    {"axes {2,1}", {3, 5, 6, 4}, {2, 1}},
    {"all axes", {4, 5, 6}, {0, 1, 2}},
    {"all axes {2,0,1}", {3, 7, 5}, {2, 0, 1}},
    {"no axes", {4, 6}, {}},
    {"rank 1", {129}, {0}},
    {"rank 8 axes {7,0,3}", {2, 1, 3, 2, 1, 2, 3, 2}, {7, 0, 3}},
    {"rows of length 1", {5, 3, 1}, {2}},
    {"odd rows", {3, 1001}, {1}},
};

// Values each function is tested on: magnitudes where its FLOAT32 and FLOAT16 results stay finite and meaningful.
ValueGen valuesFor(DML_REDUCE_FUNCTION f, Type t) {
    const bool half = t == F16;
    switch (f) {
        case DML_REDUCE_FUNCTION_MULTIPLY:
            return half ? uniformFloats(t, 0.8, 1.25, true) : uniformFloats(t, 0.5, 2, true);
        case DML_REDUCE_FUNCTION_L2:
        case DML_REDUCE_FUNCTION_SUM_SQUARE: return half ? mixedFloats(t, -4, 3) : mixedFloats(t, -8, 8);
        case DML_REDUCE_FUNCTION_LOG_SUM: {
            ValueGen g = half ? mixedFloats(t, -4, 4) : mixedFloats(t, -8, 8);
            return [g, t](std::mt19937_64& rng) { return floatBits(t, std::fabs(floatValue(t, g(rng)))); };
        }
        case DML_REDUCE_FUNCTION_LOG_SUM_EXP: return half ? mixedFloats(t, -4, 4) : mixedFloats(t, -6, 6);
        default: return half ? mixedFloats(t, -6, 5) : mixedFloats(t, -8, 8);
    }
}

Type outputTypeOf(DML_REDUCE_FUNCTION f, Type in) { return isArg(f) ? U32 : in; }

// Fills the input (prefix first, then gen), runs `c` and checks it; with FLOAT32 subnormal inputs the results of
// the flushed input are accepted too.
void checkReduce(TestDevice& device, FamilyCase& c, DML_REDUCE_FUNCTION f, const std::vector<uint32_t>& axes,
                 std::mt19937_64& rng, const std::string& label, ValueGen gen,
                 const std::vector<uint64_t>& prefix = {}) {
    fillTensor(c.inputs[0], rng, prefix, gen);
    const Type in = c.inputs[0].type, out = c.output.type;
    const HostTensor x = hostTensor(c.inputs[0]);
    const auto expected = expectReduce(f, in, out, x, axes);
    HostTensor flushed;
    std::vector<Expected> alternative;
    if (in == F32 && flushSubnormals(x, flushed)) alternative = expectReduce(f, in, out, flushed, axes);
    runAndCheck(device, c, label, expected, alternative.empty() ? nullptr : &alternative);
}

// A random non-repeating subset of the axes, in random order.
std::vector<uint32_t> randomAxes(uint32_t rank, std::mt19937_64& rng, bool allowEmpty) {
    std::vector<uint32_t> axes;
    do {
        axes.clear();
        for (uint32_t a = 0; a < rank; ++a)
            if (rng() % 2) axes.push_back(a);
    } while (axes.empty() && !allowEmpty);
    std::shuffle(axes.begin(), axes.end(), rng);
    return axes;
}

std::string axesText(const std::vector<uint32_t>& axes) {
    std::string s = "{";
    for (size_t i = 0; i < axes.size(); ++i) s += (i ? "," : "") + std::to_string(axes[i]);
    return s + "}";
}

std::string sizesText(const std::vector<uint32_t>& sizes) {
    std::string s;
    for (size_t i = 0; i < sizes.size(); ++i) s += (i ? "x" : "") + std::to_string(sizes[i]);
    return s;
}

}  // namespace

TEST_CASE("REDUCE, ARGMIN, ARGMAX: DirectML's documented examples") {
    TestDevice device;
    std::mt19937_64 rng(1);
    const std::vector<uint64_t> sumInput = {1, 2, 3, 3, 0, 4, 2, 4, 2};
    auto f32Bits = [](const std::vector<uint64_t>& v) {
        std::vector<uint64_t> bits;
        for (uint64_t x : v) bits.push_back(floatBits(F32, double(x)));
        return bits;
    };
    struct Example {
        std::vector<uint32_t> axes;
        std::vector<double> sums;
    };
    for (const Example& e : {Example{{0}, {6, 6, 9}}, Example{{1}, {6, 7, 8}}, Example{{0, 1}, {21}}}) {
        FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {3, 3}, e.axes);
        fillTensor(c.inputs[0], rng, f32Bits(sumInput));
        std::vector<Expected> expected;
        for (double s : e.sums) expected.push_back({s, 0});
        runAndCheck(device, c, "SUM of the 3x3 example over " + axesText(e.axes), expected);
    }
    {  // 1..9 as {1,1,3,3}, summed over axis 3
        FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {1, 1, 3, 3}, {3});
        fillTensor(c.inputs[0], rng, f32Bits({1, 2, 3, 4, 5, 6, 7, 8, 9}));
        runAndCheck(device, c, "SUM of 1..9 over axis 3", {{6, 0}, {15, 0}, {24, 0}});
    }
    struct ArgExample {
        DML_OPERATOR_TYPE op;
        std::vector<uint64_t> input;
        std::vector<uint32_t> sizes, axes;
        DML_AXIS_DIRECTION direction;
        double index;
    };
    const std::vector<uint64_t> grid = {1, 2, 3, 3, 0, 4, 2, 5, 2};
    const ArgExample args[] = {
        {DML_OPERATOR_ARGMAX, {3, 2, 1, 2, 3}, {5}, {0}, DML_AXIS_DIRECTION_INCREASING, 0},
        {DML_OPERATOR_ARGMAX, {3, 2, 1, 2, 3}, {5}, {0}, DML_AXIS_DIRECTION_DECREASING, 4},
        {DML_OPERATOR_ARGMIN, {1, 2, 3, 2, 1}, {5}, {0}, DML_AXIS_DIRECTION_INCREASING, 0},
        {DML_OPERATOR_ARGMIN, {1, 2, 3, 2, 1}, {5}, {0}, DML_AXIS_DIRECTION_DECREASING, 4},
        {DML_OPERATOR_ARGMAX, grid, {3, 3}, {0, 1}, DML_AXIS_DIRECTION_INCREASING, 7},
        {DML_OPERATOR_ARGMIN, grid, {3, 3}, {0, 1}, DML_AXIS_DIRECTION_INCREASING, 4},
    };
    for (const ArgExample& a : args) {
        for (Type out : {I64, U32}) {
            FamilyCase c;
            c.op = a.op;
            c.inputs = {tensorOf(F32, a.sizes)};
            c.output = tensorOf(out, ReductionGroups(a.sizes, a.axes).outputSizes());
            c.build = argBuilder(a.axes, a.direction);
            fillTensor(c.inputs[0], rng, f32Bits(a.input));
            runAndCheck(device, c,
                        std::string(a.op == DML_OPERATOR_ARGMAX ? "ARGMAX" : "ARGMIN") + " example over " +
                            axesText(a.axes) + (a.direction ? " DECREASING " : " INCREASING ") + typeName(out),
                        {{a.index, 0}});
        }
    }
}

TEST_CASE("REDUCE: every function on FLOAT32 over every axis pattern, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(2);
    for (DML_REDUCE_FUNCTION f : kAllFunctions) {
        for (const AxisPattern& p : kPatterns) {
            std::string layout = " in ";
            const auto inStrides = randomStrides(p.sizes, rng, true, layout);
            layout += ", out ";
            const auto outStrides = randomStrides(ReductionGroups(p.sizes, p.axes).outputSizes(), rng, false, layout);
            FamilyCase c = reduceCase(f, F32, outputTypeOf(f, F32), p.sizes, p.axes, inStrides, outStrides);
            checkReduce(device, c, f, p.axes, rng, std::string(functionName(f)) + " FLOAT32 " + p.name + layout,
                        valuesFor(f, F32));
        }
    }
}

TEST_CASE("REDUCE: every function on FLOAT16 (FLOAT32 accumulation)") {
    TestDevice device;
    std::mt19937_64 rng(3);
    for (DML_REDUCE_FUNCTION f : kAllFunctions) {
        for (size_t i = 0; i < std::size(kPatterns); i += 2) {
            const AxisPattern& p = kPatterns[(i + f) % std::size(kPatterns)];
            std::string layout = " in ";
            const auto inStrides = randomStrides(p.sizes, rng, true, layout);
            FamilyCase c = reduceCase(f, F16, outputTypeOf(f, F16), p.sizes, p.axes, inStrides);
            checkReduce(device, c, f, p.axes, rng, std::string(functionName(f)) + " FLOAT16 " + p.name + layout,
                        valuesFor(f, F16));
        }
    }
    // 4096 values of 64 sum to 2^18, past FLOAT16's range: the mean is 64 only if the sum is not kept in FLOAT16.
    FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_AVERAGE, F16, F16, {2, 4096}, {1});
    checkReduce(device, c, DML_REDUCE_FUNCTION_AVERAGE, {1}, rng, "AVERAGE FLOAT16 of 4096 values near 64",
                uniformFloats(F16, 60, 68));
}

TEST_CASE("REDUCE: ranks 1 to 8, random axis sets in random order, random layouts") {
    TestDevice device;
    std::mt19937_64 rng(4);
    const int cases = 48 / static_cast<int>(denseStride()) + 1;
    for (int i = 0; i < cases; ++i) {
        const DML_REDUCE_FUNCTION f = kAllFunctions[i % std::size(kAllFunctions)];
        const Type t = i % 4 == 3 ? F16 : F32;
        const uint32_t rank = 1 + static_cast<uint32_t>(i % 8);
        const auto sizes = randomSizes(rank, rng, 3000);
        const auto axes = randomAxes(rank, rng, i % 6 == 5);
        std::string layout = " in ";
        const auto inStrides = randomStrides(sizes, rng, true, layout);
        layout += ", out ";
        const auto outStrides = randomStrides(ReductionGroups(sizes, axes).outputSizes(), rng, false, layout);
        FamilyCase c = reduceCase(f, t, outputTypeOf(f, t), sizes, axes, inStrides, outStrides);
        c.separateBuffers = i % 2;
        checkReduce(device, c, f, axes, rng,
                    std::string(functionName(f)) + " " + typeName(t) + " " + sizesText(sizes) + " over " +
                        axesText(axes) + layout,
                    valuesFor(f, t));
    }
}

TEST_CASE("REDUCE: integer inputs are exact, SUM, MULTIPLY, L1 and SUM_SQUARE wrap at the tensor width") {
    TestDevice device;
    std::mt19937_64 rng(5);
    const ValueGen any = {};  // randomValue: extremes and all bit patterns, so the sums wrap
    for (const IntegerFunction& integer : kIntegerFunctions) {
        const DML_REDUCE_FUNCTION f = integer.function;
        for (Type t : integer.types) {
            // MULTIPLY over long rows of random values is 0 almost always (factors of 2): short rows there.
            const std::vector<uint32_t> rows = f == DML_REDUCE_FUNCTION_MULTIPLY ? std::vector<uint32_t>{40, 5}
                                                                                : std::vector<uint32_t>{9, 300};
            FamilyCase c = reduceCase(f, t, outputTypeOf(f, t), rows, {1});
            checkReduce(device, c, f, {1}, rng, std::string(functionName(f)) + " " + typeName(t) + " rows", any);
            const AxisPattern& p = kPatterns[(t + f) % std::size(kPatterns)];
            std::string layout = " in ";
            const auto inStrides = randomStrides(p.sizes, rng, true, layout);
            FamilyCase d = reduceCase(f, t, outputTypeOf(f, t), p.sizes, p.axes, inStrides);
            checkReduce(device, d, f, p.axes, rng,
                        std::string(functionName(f)) + " " + typeName(t) + " " + p.name + layout, any);
        }
    }
}

TEST_CASE("REDUCE, ARGMIN, ARGMAX: INT64 and UINT64 are exact, sums and products wrap at 64 bits") {
    TestDevice device;
    std::mt19937_64 rng(11);
    const DML_REDUCE_FUNCTION functions[] = {DML_REDUCE_FUNCTION_SUM,    DML_REDUCE_FUNCTION_MULTIPLY,
                                             DML_REDUCE_FUNCTION_L1,     DML_REDUCE_FUNCTION_SUM_SQUARE,
                                             DML_REDUCE_FUNCTION_MAX,    DML_REDUCE_FUNCTION_MIN,
                                             DML_REDUCE_FUNCTION_ARGMAX, DML_REDUCE_FUNCTION_ARGMIN};
    for (Type t : {I64, U64}) {
        for (DML_REDUCE_FUNCTION f : functions) {
            const bool product = f == DML_REDUCE_FUNCTION_MULTIPLY;
            const std::vector<std::pair<std::vector<uint32_t>, std::vector<uint32_t>>> shapes = {
                {{9, 300}, {1}}, {{3, 1001}, {1}}, {{40, 5}, {1}}};
            for (size_t i = 0; i < shapes.size() + 2; ++i) {
                const AxisPattern& p = kPatterns[(i + f + t) % std::size(kPatterns)];
                const std::vector<uint32_t>& sizes = i < shapes.size() ? shapes[i].first : p.sizes;
                const std::vector<uint32_t>& axes = i < shapes.size() ? shapes[i].second : p.axes;
                std::string layout = " in ";
                const auto inStrides = i < shapes.size() ? std::vector<uint32_t>{} : randomStrides(sizes, rng, true, layout);
                const Type out = isArg(f) ? (i % 2 ? I64 : U32) : t;
                FamilyCase c = reduceCase(f, t, out, sizes, axes, inStrides);
                c.separateBuffers = i % 2;
                checkExact64(device, c, rng,
                             std::string(functionName(f)) + " " + typeName(t) + " " + sizesText(sizes) + " over " +
                                 axesText(axes) + (i < shapes.size() ? "" : layout),
                             wrappingInt64s(product), [&](const std::vector<uint64_t>& x) {
                                 return expectReduce64(f, t == I64, x, sizes, axes);
                             });
            }
        }
        // The operators, both directions (DECREASING takes the last of tied extremes), every index type.
        for (DML_OPERATOR_TYPE op : {DML_OPERATOR_ARGMIN, DML_OPERATOR_ARGMAX})
            for (uint32_t direction : {DML_AXIS_DIRECTION_INCREASING, DML_AXIS_DIRECTION_DECREASING})
                for (Type index : {U32, I32, I64, U64}) {
                    const std::vector<uint32_t> sizes = {5, 7, 33}, axes = {2, 0};
                    FamilyCase c;
                    c.op = op;
                    c.inputs = {tensorOf(t, sizes)};
                    c.output = tensorOf(index, ReductionGroups(sizes, axes).outputSizes());
                    c.build = argBuilder(axes, direction);
                    const DML_REDUCE_FUNCTION f =
                        op == DML_OPERATOR_ARGMAX ? DML_REDUCE_FUNCTION_ARGMAX : DML_REDUCE_FUNCTION_ARGMIN;
                    checkExact64(device, c, rng,
                                 std::string(op == DML_OPERATOR_ARGMAX ? "ARGMAX " : "ARGMIN ") + typeName(t) +
                                     (direction ? " DECREASING " : " INCREASING ") + typeName(index),
                                 wrappingInt64s(false), [&](const std::vector<uint64_t>& x) {
                                     return expectReduce64(f, t == I64, x, sizes, axes, direction != 0);
                                 });
                }
    }
}

TEST_CASE("REDUCE: special values (NaN, infinities, signed zeros, subnormals, the largest values)") {
    TestDevice device;
    std::mt19937_64 rng(6);
    for (Type t : {F32, F16}) {
        const double big = t == F32 ? 3.4028234663852886e38 : 65504.0, tiny = t == F32 ? 0x1p-149 : 0x1p-24;
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        const double lse = t == F32 ? 1000 : 100;  // exp overflows FLOAT32 here: the maximum must be subtracted
        const std::vector<std::vector<double>> rows = {
            {1, nan, 2, 3},       {inf, 1, 2, 3},         {inf, -inf, 0, 1},         {-inf, -inf, -inf, -inf},
            {-0.0, 0.0, -0.0, 0.0}, {-0.0, -0.0, -0.0, -0.0}, {tiny, -3 * tiny, 0x1p-130, 1}, {big, 1, -1, 0.5},
            {2, -2, 1, -1},       {-1, -2, 0.5, 0.25},    {lse, lse + 1, lse + 2, lse + 3}, {-big, -1, -inf, 2},
            {nan, nan, 1, -inf},  {3, 3, -3, -3},
        };
        std::vector<uint64_t> prefix;
        for (const auto& row : rows)
            for (double v : row) prefix.push_back(floatBits(t, v));
        const std::vector<uint32_t> sizes = {uint32_t(rows.size()), 4};
        for (DML_REDUCE_FUNCTION f : kAllFunctions) {
            FamilyCase c = reduceCase(f, t, outputTypeOf(f, t), sizes, {1});
            checkReduce(device, c, f, {1}, rng, std::string(functionName(f)) + " " + typeName(t) + " special rows",
                        {}, prefix);
        }
    }
}

TEST_CASE("REDUCE: long rows, odd rows, many short rows") {
    TestDevice device;
    std::mt19937_64 rng(7);
    const uint32_t longRow = (1u << 20) + 7;
    // Values 1 + [0, 2^-8): a running FLOAT32 sum loses their fractions once it passes 2^24 and fails the bound.
    const ValueGen nearOne = uniformFloats(F32, 1, 1 + 0x1p-8);
    struct Long {
        DML_REDUCE_FUNCTION f;
        ValueGen values;
    };
    const Long longRows[] = {
        {DML_REDUCE_FUNCTION_SUM, nearOne},
        {DML_REDUCE_FUNCTION_AVERAGE, mixedFloats(F32, -8, 8)},
        {DML_REDUCE_FUNCTION_L2, mixedFloats(F32, -8, 8)},
        {DML_REDUCE_FUNCTION_LOG_SUM_EXP, mixedFloats(F32, -6, 6)},
        {DML_REDUCE_FUNCTION_MULTIPLY, uniformFloats(F32, 1 - 0x1p-7, 1 + 0x1p-7)},
        {DML_REDUCE_FUNCTION_MAX, mixedFloats(F32, -8, 8)},
        {DML_REDUCE_FUNCTION_ARGMAX, smallIntegers(F32, -1000, 1000)},
        {DML_REDUCE_FUNCTION_ARGMIN, smallIntegers(F32, -1000, 1000)},
    };
    for (const Long& l : longRows) {
        FamilyCase c = reduceCase(l.f, F32, outputTypeOf(l.f, F32), {longRow}, {0});
        checkReduce(device, c, l.f, {0}, rng, std::string(functionName(l.f)) + " FLOAT32 over 2^20+7", l.values);
    }
    {
        // The only extreme near the end: an index past 2^20 must survive the reduction tree.
        FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_ARGMAX, F32, U32, {longRow}, {0});
        std::vector<uint64_t> prefix(longRow - 3, floatBits(F32, 1));
        prefix.push_back(floatBits(F32, 2));
        checkReduce(device, c, DML_REDUCE_FUNCTION_ARGMAX, {0}, rng, "ARGMAX FLOAT32 single maximum near the end",
                    smallIntegers(F32, 1, 1), prefix);
    }
    {
        FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {1000003}, {0});
        checkReduce(device, c, DML_REDUCE_FUNCTION_SUM, {0}, rng, "SUM FLOAT32 over 1000003", mixedFloats(F32, -8, 8));
    }
    {
        FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_AVERAGE, F16, F16, {longRow}, {0});
        checkReduce(device, c, DML_REDUCE_FUNCTION_AVERAGE, {0}, rng, "AVERAGE FLOAT16 over 2^20+7",
                    uniformFloats(F16, 0.5, 1.5));
    }
    {
        FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {300000, 3}, {1});
        checkReduce(device, c, DML_REDUCE_FUNCTION_SUM, {1}, rng, "SUM FLOAT32 300000 rows of 3",
                    mixedFloats(F32, -8, 8));
    }
    {
        FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_MAX, F32, F32, {65539, 5}, {0});
        checkReduce(device, c, DML_REDUCE_FUNCTION_MAX, {0}, rng, "MAX FLOAT32 5 columns of 65539",
                    mixedFloats(F32, -8, 8));
    }
    const uint32_t rows = 20000 / denseStride();
    for (uint32_t length = 1; length <= 7; ++length) {
        for (DML_REDUCE_FUNCTION f :
             {DML_REDUCE_FUNCTION_SUM, DML_REDUCE_FUNCTION_LOG_SUM_EXP, DML_REDUCE_FUNCTION_ARGMIN}) {
            FamilyCase c = reduceCase(f, F32, outputTypeOf(f, F32), {rows, length}, {1});
            checkReduce(device, c, f, {1}, rng,
                        std::string(functionName(f)) + " FLOAT32 " + std::to_string(rows) + " rows of " +
                            std::to_string(length),
                        f == DML_REDUCE_FUNCTION_ARGMIN ? smallIntegers(F32, -3, 3) : mixedFloats(F32, -6, 6));
        }
    }
}

TEST_CASE("ARGMIN, ARGMAX: directions, ties, NaN, multi-axis indices and every index type") {
    TestDevice device;
    std::mt19937_64 rng(8);
    const Type indexTypes[] = {I32, U32, I64, U64};
    const Type inputTypes[] = {F32, F16, I32, U32, I16, U16, I8, U8};
    int i = 0;
    for (DML_OPERATOR_TYPE op : {DML_OPERATOR_ARGMIN, DML_OPERATOR_ARGMAX}) {
        for (DML_AXIS_DIRECTION direction : {DML_AXIS_DIRECTION_INCREASING, DML_AXIS_DIRECTION_DECREASING}) {
            for (Type in : inputTypes) {
                const Type out = indexTypes[i % 4];
                const AxisPattern& p = kPatterns[(i * 5) % std::size(kPatterns)];
                ++i;
                std::string layout = " in ";
                const auto inStrides = randomStrides(p.sizes, rng, true, layout);
                layout += ", out ";
                const auto outSizes = ReductionGroups(p.sizes, p.axes).outputSizes();
                const auto outStrides = randomStrides(outSizes, rng, false, layout);
                FamilyCase c;
                c.op = op;
                c.inputs = {tensorOf(in, p.sizes, inStrides)};
                c.output = tensorOf(out, outSizes, outStrides);
                c.build = argBuilder(p.axes, direction);
                // Few distinct values: ties in every reduction. FLOAT32 rows also hold NaNs and signed zeros.
                std::vector<uint64_t> prefix;
                if (isFloatType(in))
                    prefix = {floatBits(in, -0.0), floatBits(in, 0.0), floatBits(in, 0.0), floatBits(in, -0.0)};
                if (in == F32 && i % 3 == 0)
                    for (uint64_t k = 0; k < 40; ++k) prefix.push_back(k % 7 == 3 ? 0x7fc00000 : floatBits(in, k % 3));
                fillTensor(c.inputs[0], rng, prefix, smallIntegers(in, 0, 3));
                const std::string label = std::string(op == DML_OPERATOR_ARGMAX ? "ARGMAX " : "ARGMIN ") +
                                          (direction ? "DECREASING " : "INCREASING ") + typeName(in) + " -> " +
                                          typeName(out) + " " + p.name + layout;
                runAndCheck(device, c, label,
                            expectArg(op == DML_OPERATOR_ARGMAX, direction, hostTensor(c.inputs[0]), p.axes));
            }
        }
    }
    // REDUCE's own ARGMAX/ARGMIN: UINT32 as before FL 3.0, and the other index types.
    for (Type out : indexTypes) {
        for (DML_REDUCE_FUNCTION f : {DML_REDUCE_FUNCTION_ARGMAX, DML_REDUCE_FUNCTION_ARGMIN}) {
            const AxisPattern& p = kPatterns[(out + f) % std::size(kPatterns)];
            FamilyCase c = reduceCase(f, F32, out, p.sizes, p.axes);
            checkReduce(device, c, f, p.axes, rng,
                        std::string("REDUCE ") + functionName(f) + " -> " + typeName(out) + " " + p.name,
                        smallIntegers(F32, -2, 2));
        }
    }
}

TEST_CASE("REDUCE, ARGMIN, ARGMAX: invalid descs -> E_INVALIDARG naming the field") {
    TestDevice device;
    struct Invalid {
        const char* name;
        FamilyCase c;
        const char* field;
    };
    auto reduce = [](DML_REDUCE_FUNCTION f, Type in, Type out, std::vector<uint32_t> sizes,
                     std::vector<uint32_t> outSizes, std::vector<uint32_t> axes) {
        FamilyCase c;
        c.op = DML_OPERATOR_REDUCE;
        c.inputs = {tensorOf(in, sizes)};
        c.output = tensorOf(out, outSizes);
        c.build = reduceBuilder(f, axes);
        return c;
    };
    auto arg = [](Type in, Type out, std::vector<uint32_t> sizes, std::vector<uint32_t> outSizes,
                  std::vector<uint32_t> axes, uint32_t direction = DML_AXIS_DIRECTION_INCREASING) {
        FamilyCase c;
        c.op = DML_OPERATOR_ARGMAX;
        c.inputs = {tensorOf(in, sizes)};
        c.output = tensorOf(out, outSizes);
        c.build = argBuilder(axes, direction);
        return c;
    };
    const auto SUM = DML_REDUCE_FUNCTION_SUM;
    FamilyCase nullAxes = reduce(SUM, F32, F32, {2, 3, 4}, {2, 1, 4}, {});
    nullAxes.build = [](VkdmlDevice d, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                        VkdmlOperator* op) {
        DML_REDUCE_OPERATOR_DESC desc{DML_REDUCE_FUNCTION_SUM, t[0], t[1], 1, nullptr};
        DML_OPERATOR_DESC o{type, &desc};
        return vkdmlCreateOperator(d, &o, op);
    };
    FamilyCase nullArgAxes = arg(F32, U32, {2, 3}, {2, 1}, {});
    nullArgAxes.build = [](VkdmlDevice d, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                           VkdmlOperator* op) {
        DML_ARGMAX_OPERATOR_DESC desc{t[0], t[1], 2, nullptr, DML_AXIS_DIRECTION_INCREASING};
        DML_OPERATOR_DESC o{type, &desc};
        return vkdmlCreateOperator(d, &o, op);
    };
    Invalid cases[] = {
        {"output rank differs", reduce(SUM, F32, F32, {2, 3, 4}, {2, 4}, {1}), "OutputTensor"},
        {"output size not 1 on a reduced axis", reduce(SUM, F32, F32, {2, 3, 4}, {2, 3, 4}, {1}), "OutputTensor"},
        {"output size differs on a kept axis", reduce(SUM, F32, F32, {2, 3, 4}, {2, 1, 5}, {1}), "OutputTensor"},
        {"axis = DimensionCount", reduce(SUM, F32, F32, {2, 3, 4}, {2, 3, 4}, {3}), "Axes"},
        {"axis far out of range", reduce(SUM, F32, F32, {2, 3, 4}, {2, 3, 4}, {0x80000000u}), "Axes"},
        {"duplicate axes", reduce(SUM, F32, F32, {2, 3, 4}, {2, 1, 4}, {1, 1}), "Axes"},
        {"NULL Axes with AxisCount 1", nullAxes, "Axes"},
        {"output FLOAT16 for FLOAT32", reduce(SUM, F32, F16, {2, 3}, {2, 1}, {1}), "DataType"},
        {"output INT32 for FLOAT32 SUM", reduce(SUM, F32, I32, {2, 3}, {2, 1}, {1}), "DataType"},
        {"ARGMAX function to FLOAT32", reduce(DML_REDUCE_FUNCTION_ARGMAX, F32, F32, {2, 3}, {2, 1}, {1}), "DataType"},
        {"ARGMAX function to INT16", reduce(DML_REDUCE_FUNCTION_ARGMAX, F32, I16, {2, 3}, {2, 1}, {1}), "DataType"},
        {"AVERAGE of INT32", reduce(DML_REDUCE_FUNCTION_AVERAGE, I32, I32, {2, 3}, {2, 1}, {1}), "DataType"},
        {"LOG_SUM_EXP of UINT8", reduce(DML_REDUCE_FUNCTION_LOG_SUM_EXP, U8, U8, {2, 3}, {2, 1}, {1}), "DataType"},
        {"SUM of INT16", reduce(SUM, I16, I16, {2, 3}, {2, 1}, {1}), "DataType"},
        {"SUM_SQUARE of UINT8", reduce(DML_REDUCE_FUNCTION_SUM_SQUARE, U8, U8, {2, 3}, {2, 1}, {1}), "DataType"},
        {"MAX of INT8 to INT32", reduce(DML_REDUCE_FUNCTION_MAX, I8, I32, {2, 3}, {2, 1}, {1}), "DataType"},
        {"unknown Function 12", reduce(static_cast<DML_REDUCE_FUNCTION>(12), F32, F32, {2, 3}, {2, 1}, {1}),
         "Function"},
        {"ARGMAX rank differs", arg(F32, U32, {2, 3}, {2}, {1}), "OutputTensor"},
        {"ARGMAX output size on a kept axis", arg(F32, U32, {2, 3}, {3, 1}, {1}), "OutputTensor"},
        {"ARGMAX axis out of range", arg(F32, U32, {2, 3}, {2, 3}, {2}), "Axes"},
        {"ARGMAX duplicate axes", arg(F32, U32, {2, 3}, {1, 1}, {0, 1, 0}), "Axes"},
        {"ARGMAX NULL Axes", nullArgAxes, "Axes"},
        {"ARGMAX FLOAT32 output", arg(F32, F32, {2, 3}, {2, 1}, {1}), "DataType"},
        {"ARGMAX UINT8 output", arg(F32, U8, {2, 3}, {2, 1}, {1}), "DataType"},
        {"ARGMAX unknown AxisDirection", arg(F32, U32, {2, 3}, {2, 1}, {1}, 2u),
         "AxisDirection"},
    };
    for (Invalid& c : cases) {
        INFO(std::string(c.name));
        device.clearErrors();
        CHECK(tryCreate(device, c.c) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, "message: " << device.lastError());
    }
}
