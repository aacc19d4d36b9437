// ELEMENT_WISE_QUANTIZE_LINEAR and ELEMENT_WISE_DEQUANTIZE_LINEAR against exact references (docs/SEMANTICS.md):
//  - QUANTIZE_LINEAR: clamp(round(x / scale) + zero_point) with the quotient rounded to the nearest integer, ties to
//    even, decided on the exact quotient; saturated to the INT8/UINT8 output; NaN quotients (NaN x or scale, 0/0,
//    inf/inf) give the zero point; x/0 and +-inf saturate by the quotient's sign; fp32-subnormal x and scale are read
//    as zeros of their sign. Exact: every element must equal the reference.
//  - DEQUANTIZE_LINEAR: (x - zero_point) * scale with the difference exact: FLOAT32 output correctly rounded (0 ULP)
//    for 8- and 16-bit inputs, within 1 ULP for 32-bit ones (the difference is rounded to fp32 once first); FLOAT16
//    output within 1 ULP. fp32 rules (a) and (b) of reference.h for subnormal scales and results.
// Scale and zero point are full tensors of the output's sizes read through their own strides: per tensor (all
// strides 0), per axis (one non-zero stride) and arbitrary layouts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference.h"

using namespace vkdml::test;

namespace {

using namespace data_type_names;
constexpr DML_OPERATOR_TYPE QL = DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR;
constexpr DML_OPERATOR_TYPE DQL = DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR;

// Largest errors seen, reported at the end of each test case.
struct MaxError {
    uint64_t ulp = 0;
};

// A float input as the kernel reads it: fp32 subnormals as zeros of their sign (QUANTIZE_LINEAR reads them so on
// every device).
double flushed(Type t, uint64_t bits) {
    const double v = floatValue(t, bits);
    return (t == F32 && v != 0 && std::fabs(v) < 0x1p-126) ? std::copysign(0.0, v) : v;
}

int64_t intValue(Type t, uint64_t bits) {
    return isSignedType(t) ? signedValue(t, bits) : int64_t(bits & typeMask(t));
}

// The reference QUANTIZE_LINEAR: x and scale exact doubles (x an INT32's value or a float's), zp the zero point.
// The double quotient decides ties exactly: a quotient within 2048 of zero that is not a half-integer lies at
// least 2^-33 from one (x and scale have at most 32 and 24 significant bits), far beyond the division's error.
int64_t refQuantize(double x, double s, int64_t zp, Type out) {
    const int64_t lo = isSignedType(out) ? -(int64_t(1) << (bitWidth(out) - 1)) : 0;
    const int64_t hi = isSignedType(out) ? -lo - 1 : (int64_t(1) << bitWidth(out)) - 1;
    auto clampTo = [&](int64_t v) { return std::min(std::max(v, lo), hi); };
    if (std::isnan(x) || std::isnan(s)) return clampTo(zp);
    const bool negative = std::signbit(x) != std::signbit(s);
    const int64_t saturated = clampTo(negative ? zp - 4096 : zp + 4096);
    if (s == 0) return x == 0 ? clampTo(zp) : saturated;
    if (std::isinf(s)) return clampTo(zp);
    if (std::isinf(x)) return saturated;
    const double q = x / s;
    if (std::fabs(q) > 4096) return saturated;
    return clampTo(static_cast<int64_t>(std::nearbyint(q)) + zp);
}

// The exact (x - zp) * scale (in long double: 34 + 24 bits fit its 64-bit significand).
long double refDequantize(int64_t x, int64_t zp, double s) { return static_cast<long double>(x - zp) * s; }

// One QUANTIZE_LINEAR or DEQUANTIZE_LINEAR case: inputs x, scale, zero point (absent when !withZeroPoint).
FamilyCase quantCase(DML_OPERATOR_TYPE op, Type in, Type scale, Type out, const std::vector<uint32_t>& sizes,
                     bool withZeroPoint, const std::vector<uint32_t>& xStrides = {},
                     const std::vector<uint32_t>& scaleStrides = {}, const std::vector<uint32_t>& zpStrides = {},
                     const std::vector<uint32_t>& outStrides = {}) {
    FamilyCase c;
    c.op = op;
    const Type zpType = op == QL ? out : in;
    c.inputs = {tensorOf(in, sizes, xStrides), tensorOf(scale, sizes, scaleStrides), tensorOf(zpType, sizes, zpStrides)};
    c.inputs[2].absent = !withZeroPoint;
    c.output = tensorOf(out, sizes, outStrides);
    return c;
}

FamilyAccept quantizeAccept(const FamilyCase& c) {
    const Type in = c.inputs[0].type, scale = c.inputs[1].type, out = c.output.type;
    const Type zpType = c.inputs.size() > 2 ? c.inputs[2].type : out;
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        const double x = isFloatType(in) ? flushed(in, v[0]) : double(intValue(in, v[0]));
        const int64_t zp = v.size() > 2 ? intValue(zpType, v[2]) : 0;  // 0 when absent
        const int64_t want = refQuantize(x, flushed(scale, v[1]), zp, out);
        if (intValue(out, got) == want) return true;
        expected = std::to_string(want);
        return false;
    };
}

FamilyAccept dequantizeAccept(const FamilyCase& c, MaxError& max) {
    const Type in = c.inputs[0].type, scale = c.inputs[1].type, out = c.output.type;
    // 4-bit inputs: (x - zp) * scale has at most 5 + 11 significant bits for FLOAT16, exact in fp32: 0 ULP.
    const uint64_t bound = (bitWidth(in) == 4 || (out == F32 && bitWidth(in) < 32)) ? 0 : 1;
    MaxError* m = &max;
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        const int64_t x = intValue(in, v[0]), zp = v.size() > 2 ? intValue(in, v[2]) : 0;
        double best = 0;
        for (double s : readAs(scale, floatValue(scale, v[1]))) {
            const double exact = static_cast<double>(refDequantize(x, zp, s));
            best = exact;
            if (!floatResultOk(out, got, exact, bound)) continue;
            if (!std::isnan(exact) && !std::isinf(exact)) {
                const uint64_t d = out == F16 ? ulp_error_f16(static_cast<uint16_t>(got), exact)
                                              : ulp_error_f32(float_of_bits(static_cast<uint32_t>(got)), exact, 1);
                if (d <= 1) m->ulp = std::max(m->ulp, d);
            }
            return true;
        }
        expected = formatValue(out, floatBits(out, best)) + " within " + std::to_string(bound) + " ULP";
        return false;
    };
}

std::string label(const FamilyCase& c, const std::string& what) {
    const char* op = c.op == QL ? "QUANTIZE_LINEAR " : c.op == DQL ? "DEQUANTIZE_LINEAR "
                     : c.op == DML_OPERATOR_QUANTIZE ? "QUANTIZE " : "DEQUANTIZE ";
    return std::string(op) + typeName(c.inputs[0].type) + " scale " + typeName(c.inputs[1].type) + " -> " +
           typeName(c.output.type) + (c.inputs.size() < 3 || c.inputs[2].absent ? " (no zero point) " : " ") + what;
}

void runQuant(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& what,
              const std::vector<std::vector<uint64_t>>& prefixes, const std::vector<ValueGen>& gens,
              MaxError& max) {
    const bool quantize = c.op == QL || c.op == DML_OPERATOR_QUANTIZE;
    runChecked(device, c, rng, label(c, what), quantize ? quantizeAccept(c) : dequantizeAccept(c, max), prefixes,
               gens);
}

// Scales: ordinary, awkward (1/3, 0.1), tiny and huge, negative.
std::vector<double> kScales = {1.0, 0.5, 2.0, 0.1, 1.0 / 3, 3.0, 0.0078125, 0.75, 1e-3, 100.0, -0.25, 7.5, 0.02};

ValueGen scaleGen(Type t) {
    return [t](std::mt19937_64& rng) { return floatBits(t, kScales[rng() % kScales.size()]); };
}
// The values of `list` in memory order (cycling): for tensors whose strides repeat elements (per-axis scales), where
// a prefix in logical order would land on one slot.
ValueGen listGen(std::vector<uint64_t> list) {
    auto next = std::make_shared<size_t>(0);
    return [list = std::move(list), next](std::mt19937_64&) { return list[(*next)++ % list.size()]; };
}
ValueGen intGen(Type t, int64_t lo, int64_t hi) {
    return [=](std::mt19937_64& rng) {
        return static_cast<uint64_t>(lo + static_cast<int64_t>(rng() % uint64_t(hi - lo + 1))) & typeMask(t);
    };
}

// x values at, next to and between the ties of `scale`: fl((k + 1/2) * scale) and its neighbours, k * scale.
std::vector<uint64_t> tieValues(Type t, double scale) {
    std::vector<uint64_t> values;
    for (int k = -300; k <= 300; ++k) {
        const double tie = (k + 0.5) * scale;
        const uint64_t b = floatBits(t, tie);
        values.push_back(b);
        values.push_back(floatBits(t, std::nextafter(floatValue(t, b), 1e30)));
        values.push_back(floatBits(t, std::nextafter(floatValue(t, b), -1e30)));
        values.push_back(floatBits(t, k * scale));
    }
    if (t == F16)  // nextafter in double lands on the same half: step the encodings instead
        for (size_t i = 0, n = values.size(); i < n; ++i) values.push_back((values[i] + 1) & 0x7fff);
    return values;
}

}  // namespace

TEST_CASE("QUANTIZE_LINEAR: ties to even, saturation and specials, per-tensor scale, every input and output type") {
    TestDevice device;
    std::mt19937_64 rng(120);
    MaxError unused;
    for (Type in : {F32, F16, I32})
        for (Type out : {U8, I8})
            for (bool zp : {true, false})
                for (double s : {0.5, 0.1, 3.0, 1.0 / 3, 0.0078125, -0.75, 2.0}) {
                    const Type scaleType = in == I32 ? F32 : in;
                    FamilyCase c = quantCase(QL, in, scaleType, out, {5000}, zp, {}, {0}, {0});
                    std::vector<uint64_t> xs;
                    if (in == I32) {
                        // Integers: every value in [-1100, 1100] (ties where scale is 2 or 0.5 multiples), extremes.
                        for (int64_t v = -1100; v <= 1100; ++v) xs.push_back(static_cast<uint64_t>(v) & 0xffffffffu);
                        for (int64_t v : {int64_t(INT32_MAX), int64_t(INT32_MIN), int64_t(1) << 24,
                                          (int64_t(1) << 24) + 1, -(int64_t(1) << 24) - 1})
                            xs.push_back(static_cast<uint64_t>(v) & 0xffffffffu);
                    } else {
                        xs = tieValues(in, s);
                        for (uint64_t v : specialValues(in)) xs.push_back(v);
                    }
                    const uint64_t zpValue = out == U8 ? 128 : 0xf9;  // 128, -7
                    runQuant(device, c, rng, "scale " + std::to_string(s), {xs, {floatBits(scaleType, s)}, {zpValue}},
                             {}, unused);
                }
}

TEST_CASE("QUANTIZE_LINEAR: dense sweeps (every FLOAT16, every 16396th FLOAT32 pattern, INT32) with per-axis scales") {
    TestDevice device;
    std::mt19937_64 rng(121);
    MaxError unused;
    const uint32_t step = denseStride();
    // FLOAT16: every encoding against 8 scales along axis 0 and zero points along axis 1.
    {
        FamilyCase c = quantCase(QL, F16, F16, U8, {8, 8192 / step}, true, {0, 1}, {1, 0}, {0, 1});
        std::vector<uint64_t> xs;
        for (uint32_t h = 0; h < 65536; h += step) xs.push_back(h);
        std::vector<uint64_t> scales, zps;
        for (double s : {1.0, 0.5, 1.0 / 3, 0.1, 4.0, 0.0078125, -2.0, 65504.0}) scales.push_back(floatBits(F16, s));
        for (uint32_t z = 0; z < 8192 / step; ++z) zps.push_back((z * 37) & 255);
        runQuant(device, c, rng, "every half, per-axis scale", {}, {listGen(xs), listGen(scales), listGen(zps)},
                 unused);
        FamilyCase s8 = quantCase(QL, F16, F16, I8, {8, 8192 / step}, false, {0, 1}, {1, 0});
        runQuant(device, s8, rng, "every half, per-axis scale", {}, {listGen(xs), listGen(scales)}, unused);
    }
    // FLOAT32: every 16396th bit pattern (4 * 4099) (all exponents, signs, NaNs, subnormals) against 4 scales.
    for (Type out : {U8, I8}) {
        std::vector<uint64_t> xs;
        for (uint64_t b = 0; b < (uint64_t(1) << 32); b += 4099ull * step * 4) xs.push_back(b);
        const uint32_t n = static_cast<uint32_t>(xs.size());
        FamilyCase c = quantCase(QL, F32, F32, out, {4, n}, true, {}, {1, 0}, {0, 0});
        std::vector<uint64_t> scales;
        for (double s : {1.0, 0x1p-20, 1e-30, 0x1p100}) scales.push_back(floatBits(F32, s));
        std::vector<uint64_t> x4;
        for (int r = 0; r < 4; ++r) x4.insert(x4.end(), xs.begin(), xs.end());
        runQuant(device, c, rng, "every 16396th float", {x4, {}, {out == U8 ? 3u : 0u}}, {{}, listGen(scales)}, unused);
    }
    // INT32: random integers against random scales per element.
    FamilyCase c = quantCase(QL, I32, F32, I8, {100, 41}, true, {}, {}, {0, 1});
    runQuant(device, c, rng, "random ints, per-element scales", {}, {intGen(I32, -5000, 5000), scaleGen(F32),
                                                                    intGen(I8, -128, 127)}, unused);
}

TEST_CASE("QUANTIZE_LINEAR: special scales (0, -0, inf, NaN, subnormal) against special inputs") {
    TestDevice device;
    std::mt19937_64 rng(122);
    MaxError unused;
    for (Type in : {F32, F16}) {
        std::vector<uint64_t> a, b;
        specialPairs(in, a, b);
        const uint32_t n = static_cast<uint32_t>(a.size());
        for (Type out : {U8, I8}) {
            FamilyCase c = quantCase(QL, in, in, out, {n}, true, {}, {}, {0});
            runQuant(device, c, rng, "special pairs", {a, b, {out == U8 ? 100u : 0xe7u}}, {}, unused);
        }
    }
}

TEST_CASE("QUANTIZE_LINEAR and DEQUANTIZE_LINEAR: layouts, ranks 1 through 8, element counts, buffers, offsets") {
    TestDevice device;
    std::mt19937_64 rng(123);
    MaxError max;
    const std::vector<uint32_t> t = {4, 6, 5};
    const ValueGen floats = [](std::mt19937_64& r) {
        return floatBits(F32, (static_cast<double>(r() % 200001) - 100000) / 317.0);
    };
    for (DML_OPERATOR_TYPE op : {QL, DQL}) {
        const Type in = op == QL ? F32 : I8, out = op == QL ? U8 : F32;
        const ValueGen xGen = op == QL ? floats : ValueGen{};
        const std::vector<ValueGen> gens = {xGen, scaleGen(F32)};
        FamilyCase transposed = quantCase(op, in, F32, out, t, true, permutedStrides(t, {2, 1, 0}), {0, 1, 0},
                                          {0, 0, 1}, paddedStrides(t, 1));
        runQuant(device, transposed, rng, "transposed input, per-axis scale and zero point", {}, gens, max);
        FamilyCase permutedOut = quantCase(op, in, F32, out, t, false, paddedStrides(t, 2), {}, {},
                                           permutedStrides(t, {1, 2, 0}));
        runQuant(device, permutedOut, rng, "per-element scale, permuted output", {}, gens, max);
        FamilyCase separate = quantCase(op, in, F32, out, t, true, {}, {0, 0, 0}, {0, 0, 0});
        separate.separateBuffers = true;
        runQuant(device, separate, rng, "separate buffers", {}, gens, max);
        FamilyCase offsets = quantCase(op, in, F32, out, {3, 37}, true, {}, {0, 1}, {1, 0});
        offsets.inputs[0].offset = 48, offsets.inputs[1].offset = 16, offsets.output.offset = 32;
        runQuant(device, offsets, rng, "binding offsets", {}, gens, max);
        for (uint32_t n : {1u, 3u, 7u, 1023u, 4099u}) {
            FamilyCase c = quantCase(op, in, F32, out, {n}, n % 2 == 1, {}, {0}, {0});
            runQuant(device, c, rng, "n=" + std::to_string(n), {}, gens, max);
        }
        for (uint32_t rank = 1; rank <= 8; ++rank) {
            std::vector<uint32_t> sizes(rank);
            for (auto& v : sizes) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
            std::string name = "rank " + std::to_string(rank) + " x ";
            auto xs = randomStrides(sizes, rng, true, name);
            name += ", scale ";
            auto ss = randomStrides(sizes, rng, true, name);
            name += ", zero point ";
            auto zs = randomStrides(sizes, rng, true, name);
            name += ", output ";
            auto os = randomStrides(sizes, rng, false, name);
            FamilyCase c = quantCase(op, in, F32, out, sizes, rank % 3 != 0, xs, ss, zs, os);
            runQuant(device, c, rng, name, {}, gens, max);
        }
    }
}

TEST_CASE("DEQUANTIZE_LINEAR: every INT8 and UINT8 value against every zero point, FLOAT32 and FLOAT16") {
    TestDevice device;
    std::mt19937_64 rng(124);
    MaxError max;
    for (Type in : {I8, U8})
        for (Type out : {F32, F16}) {
            // 256 values x 256 zero points: x along axis 1, zero point along axis 0, one scale per row.
            std::vector<uint64_t> xs, zps, scales;
            for (uint32_t v = 0; v < 256; ++v) xs.push_back(v), zps.push_back(v);
            for (uint32_t r = 0; r < 256; ++r) scales.push_back(floatBits(out, kScales[r % kScales.size()] * (1 + r)));
            FamilyCase c = quantCase(DQL, in, out, out, {256, 256}, true, {0, 1}, {1, 0}, {1, 0});
            runQuant(device, c, rng, "every value and zero point", {xs}, {{}, listGen(scales), listGen(zps)}, max);
            FamilyCase none = quantCase(DQL, in, out, out, {256}, false, {}, {0});
            runQuant(device, none, rng, "every value", {xs, {floatBits(out, 0.1)}}, {}, max);
        }
    MESSAGE("DEQUANTIZE_LINEAR 8-bit: largest error " << max.ulp << " ULP");
}

TEST_CASE("DEQUANTIZE_LINEAR: 16- and 32-bit inputs, extreme differences, special scales") {
    TestDevice device;
    std::mt19937_64 rng(125);
    MaxError max8;
    for (Type in : {I16, U16, I32, U32})
        for (Type out : {F32, F16}) {
            FamilyCase c = quantCase(DQL, in, out, out, {2000}, true);
            // Extremes first: x at one end, zero point at the other (|x - zp| up to 2^32 - 1).
            const std::vector<uint64_t> ext = specialValues(in);
            std::vector<uint64_t> xs, zps;
            for (uint64_t a : ext)
                for (uint64_t b : ext) xs.push_back(a), zps.push_back(b);
            runQuant(device, c, rng, "extremes and random", {xs, {}, zps}, {{}, scaleGen(out), {}}, max8);
        }
    // Special scales: 0, -0, +-inf, NaN, subnormals, the largest values.
    for (Type out : {F32, F16}) {
        const std::vector<uint64_t> specials = specialValues(out);
        const uint32_t n = static_cast<uint32_t>(specials.size());
        FamilyCase c = quantCase(DQL, I32, out, out, {n, 9}, true, {0, 1}, {1, 0}, {0, 0});
        std::vector<uint64_t> xs = {0, 1, 0xffffffff, 100, 0x7fffffff, 0x80000000, 65536, 16777217, 0xff000001};
        runQuant(device, c, rng, "special scales", {xs, {}, {1}}, {{}, listGen(specials)}, max8);
    }
    MESSAGE("DEQUANTIZE_LINEAR 16/32-bit: largest error " << max8.ulp << " ULP");
}

TEST_CASE("QUANTIZE_LINEAR: documented examples (ONNX test_quantizelinear, ties 0.5 -> 0, 1.5 -> 2, 2.5 -> 2)") {
    TestDevice device;
    struct Example {
        Type in;
        double x, scale;
        int64_t zp;
        Type out;
        int64_t want;
    };
    const Example examples[] = {
        {F32, 0, 2, 128, U8, 128},      {F32, 2, 2, 128, U8, 129},       {F32, 3, 2, 128, U8, 130},
        {F32, 1000, 2, 128, U8, 255},   {F32, -254, 2, 128, U8, 1},      {F32, -1000, 2, 128, U8, 0},
        {F32, 0.5, 1, 0, I8, 0},        {F32, 1.5, 1, 0, I8, 2},         {F32, 2.5, 1, 0, I8, 2},
        {F32, -2.5, 1, 0, I8, -2},      {F32, -3.5, 1, 0, I8, -4},       {F16, 5, 2, 0, I8, 2},
        {I32, 5, 2, 0, I8, 2},          {I32, 7, 2, 0, I8, 4},           {I32, -5, 2, 10, I8, 8},
        {F32, NAN, 1, 7, I8, 7},        {F32, 1, 0, 0, U8, 255},         {F32, -1, 0, 0, I8, -128},
        {F32, 0, 0, 9, U8, 9},          {F32, INFINITY, -1, 0, I8, -128}, {F32, 1e-40, 1e-40, 0, U8, 0},
    };
    for (const Example& e : examples) {
        const Type scaleType = e.in == I32 ? F32 : e.in;
        FamilyCase c = quantCase(QL, e.in, scaleType, e.out, {1}, true);
        for (FamilyTensor& t : c.inputs) t.memory.assign(t.bytes(), 0);
        writeBits(c.inputs[0].memory, 0, e.in,
                  e.in == I32 ? static_cast<uint64_t>(int64_t(e.x)) & 0xffffffffu : floatBits(e.in, e.x));
        writeBits(c.inputs[1].memory, 0, scaleType, floatBits(scaleType, e.scale));
        writeBits(c.inputs[2].memory, 0, e.out, static_cast<uint64_t>(e.zp) & 0xff);
        const double x = e.in == I32 ? e.x : flushed(e.in, floatBits(e.in, e.x));
        CHECK(refQuantize(x, flushed(scaleType, floatBits(scaleType, e.scale)), e.zp, e.out) == e.want);
        const FamilyRun run = runFamily(device, c);
        char what[96];
        std::snprintf(what, sizeof what, "example x=%g scale=%g zp=%lld", e.x, e.scale, static_cast<long long>(e.zp));
        checkFamily(label(c, what), c, run, [&](const std::vector<uint64_t>&, uint64_t got, std::string& expected) {
            expected = std::to_string(e.want);
            return intValue(e.out, got) == e.want;
        });
    }
}

// ---- validation ------------------------------------------------------------------------------------------------------

namespace {

FamilyCase withNull(FamilyCase c, size_t tensor) {
    c.build = [tensor](VkdmlDevice d, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                       VkdmlOperator* op) {
        t[tensor] = nullptr;
        return createElementwiseOperator(d, type, t, op);
    };
    return c;
}

}  // namespace

TEST_CASE("validation: QUANTIZE_LINEAR and DEQUANTIZE_LINEAR fields -> E_INVALIDARG naming the field") {
    TestDevice device;
    const std::vector<uint32_t> s = {2, 3, 4};
    struct Invalid {
        const char* name;
        FamilyCase bad;
        const char* field;  // named in the message
    };
    const FamilyCase qGood = quantCase(QL, F32, F32, U8, s, true);
    const FamilyCase dGood = quantCase(DQL, U8, F32, F32, s, true);
    auto q = [&](Type in, Type scale, Type zp, Type out) {
        FamilyCase c = quantCase(QL, in, scale, out, s, true);
        c.inputs[2].type = zp;
        return c;
    };
    auto d = [&](Type in, Type scale, Type zp, Type out) {
        FamilyCase c = quantCase(DQL, in, scale, out, s, true);
        c.inputs[2].type = zp;
        return c;
    };
    FamilyCase qScaleSizes = qGood, qZpRank = qGood, dScaleSizes = dGood, dZpSizes = dGood, qOutSizes = qGood;
    qScaleSizes.inputs[1].spec.sizes = {2, 3, 1};
    qZpRank.inputs[2].spec.sizes = {1, 2, 3, 4};
    qOutSizes.output.spec.sizes = {2, 3, 5};
    dScaleSizes.inputs[1].spec.sizes = {1};
    dZpSizes.inputs[2].spec.sizes = {2, 1, 4};
    const Invalid cases[] = {
        {"QUANTIZE_LINEAR: NULL InputTensor", withNull(qGood, 0), "InputTensor"},
        {"QUANTIZE_LINEAR: NULL ScaleTensor", withNull(qGood, 1), "ScaleTensor"},
        {"QUANTIZE_LINEAR: NULL OutputTensor", withNull(qGood, 3), "OutputTensor"},
        {"QUANTIZE_LINEAR: FLOAT16 input, FLOAT32 scale", q(F16, F32, U8, U8), "ScaleTensor"},
        {"QUANTIZE_LINEAR: FLOAT32 input, FLOAT16 scale", q(F32, F16, U8, U8), "ScaleTensor"},
        {"QUANTIZE_LINEAR: INT32 input, FLOAT16 scale", q(I32, F16, U8, U8), "ScaleTensor"},
        {"QUANTIZE_LINEAR: INT8 zero point, UINT8 output", q(F32, F32, I8, U8), "ZeroPointTensor"},
        {"QUANTIZE_LINEAR: FLOAT32 output", q(F32, F32, U8, F32), "OutputTensor"},
        {"QUANTIZE_LINEAR: INT16 output", q(F32, F32, U8, I16), "OutputTensor"},
        {"QUANTIZE_LINEAR: UINT8 input", q(U8, F32, U8, U8), "InputTensor"},
        {"QUANTIZE_LINEAR: INT32 scale", q(F32, I32, U8, U8), "ScaleTensor"},
        {"QUANTIZE_LINEAR: scale Sizes {2,3,1}", qScaleSizes, "ScaleTensor"},
        {"QUANTIZE_LINEAR: zero point DimensionCount 4", qZpRank, "ZeroPointTensor"},
        {"QUANTIZE_LINEAR: output Sizes {2,3,5}", qOutSizes, "OutputTensor"},
        {"DEQUANTIZE_LINEAR: NULL InputTensor", withNull(dGood, 0), "InputTensor"},
        {"DEQUANTIZE_LINEAR: NULL ScaleTensor", withNull(dGood, 1), "ScaleTensor"},
        {"DEQUANTIZE_LINEAR: NULL OutputTensor", withNull(dGood, 3), "OutputTensor"},
        {"DEQUANTIZE_LINEAR: INT8 zero point, UINT8 input", d(U8, F32, I8, F32), "ZeroPointTensor"},
        {"DEQUANTIZE_LINEAR: FLOAT16 output, FLOAT32 scale", d(U8, F32, U8, F16), "OutputTensor"},
        {"DEQUANTIZE_LINEAR: FLOAT32 input", d(F32, F32, F32, F32), "InputTensor"},
        {"DEQUANTIZE_LINEAR: INT8 output", d(U8, F32, U8, I8), "OutputTensor"},
        {"DEQUANTIZE_LINEAR: INT32 scale", d(U8, I32, U8, F32), "ScaleTensor"},
        {"DEQUANTIZE_LINEAR: scale Sizes {1}", dScaleSizes, "ScaleTensor"},
        {"DEQUANTIZE_LINEAR: zero point Sizes {2,1,4}", dZpSizes, "ZeroPointTensor"},
    };
    for (const Invalid& c : cases) {
        INFO(c.name);
        device.clearErrors();
        CHECK(tryCreate(device, c.bad) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, device.lastError());
    }
    CHECK(tryCreate(device, qGood) == S_OK);
    CHECK(tryCreate(device, dGood) == S_OK);
    CHECK(tryCreate(device, q(I32, F32, I8, I8)) == S_OK);
    CHECK(tryCreate(device, q(F16, F16, I8, I8)) == S_OK);
    CHECK(tryCreate(device, d(I32, F16, I32, F16)) == S_OK);
    CHECK(tryCreate(device, d(U16, F32, U16, F32)) == S_OK);
    // An absent zero point is NULL in the desc (feature level 6_2 and up) and DML_BINDING_TYPE_NONE in its slot.
    CHECK(tryCreate(device, withNull(qGood, 2)) == S_OK);
    CHECK(tryCreate(device, withNull(dGood, 2)) == S_OK);
}

TEST_CASE("validation: an absent zero point's slot takes DML_BINDING_TYPE_NONE, nothing else; nothing is written") {
    TestDevice device;
    FamilyCase c = quantCase(QL, F32, F32, U8, {16}, false);
    std::mt19937_64 rng(126);
    fillTensor(c.inputs[0], rng);
    fillTensor(c.inputs[1], rng);
    // The runner binds NONE: it runs.
    checkFamily("QUANTIZE_LINEAR without a zero point", c, runFamily(device, c), quantizeAccept(c));
    // A buffer bound in the absent slot, or too few bindings: E_INVALIDARG from vkdmlBindInputs.
    Owned<VkdmlOperator> op;
    REQUIRE(tryCreate(device, c, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    Owned<VkdmlBindingTable> table;
    REQUIRE(vkdmlCreateBindingTable(device, compiled, table.put()) == S_OK);
    Owned<VkdmlBuffer> buffer;
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, 4096, buffer.put()) == S_OK);
    DML_BUFFER_BINDING b[3] = {{buffer.get(), 0, 64}, {buffer.get(), 256, 64}, {buffer.get(), 512, 64}};
    DML_BINDING_DESC three[3] = {{DML_BINDING_TYPE_BUFFER, &b[0]}, {DML_BINDING_TYPE_BUFFER, &b[1]},
                                 {DML_BINDING_TYPE_BUFFER, &b[2]}};
    device.clearErrors();
    CHECK(vkdmlBindInputs(table, 3, three) == E_INVALIDARG);
    CHECK(device.lastError().find("ZeroPointTensor") != std::string::npos);
    CHECK(vkdmlBindInputs(table, 2, three) == E_INVALIDARG);
    three[2] = {DML_BINDING_TYPE_NONE, nullptr};
    CHECK(vkdmlBindInputs(table, 3, three) == S_OK);
}

// ---- ELEMENT_WISE_QUANTIZED_LINEAR_ADD ---------------------------------------------------------------------------------
// A' = (A - AZeroPoint) * AScale and B' likewise, each rounded once to FLOAT32; A' + B' rounded once to FLOAT32; then
// QUANTIZE_LINEAR's exact requantization with OutputScale and OutputZeroPoint (ties to even on the exact quotient,
// saturated, fp32-subnormal sums and scales read as zero). Exact.

namespace {

constexpr DML_OPERATOR_TYPE QADD = DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD;

int64_t refQuantizedAdd(int64_t a, int64_t azp, float as, int64_t b, int64_t bzp, float bs, float os, int64_t ozp,
                        Type out) {
    const float av = static_cast<float>(static_cast<double>(a - azp) * as);  // exact in double, rounded once
    const float bv = static_cast<float>(static_cast<double>(b - bzp) * bs);
    volatile float sum = av + bv;  // IEEE single addition, rounded once
    return refQuantize(flushed(F32, bits_of_float(sum)), flushed(F32, bits_of_float(os)), ozp, out);
}

// Inputs A, AScale, AZeroPoint, B, BScale, BZeroPoint, OutputScale, OutputZeroPoint. Scales and zero points are
// one-element tensors ({1,...,1}) unless `perElement`.
FamilyCase qaddCase(Type a, Type b, Type out, const std::vector<uint32_t>& sizes, bool zeroPoints,
                    const std::vector<uint32_t>& aStrides = {}, const std::vector<uint32_t>& bStrides = {},
                    bool perElement = false, const std::vector<uint32_t>& outStrides = {}) {
    const std::vector<uint32_t> one(sizes.size(), 1);
    const std::vector<uint32_t>& qs = perElement ? sizes : one;
    FamilyCase c;
    c.op = QADD;
    c.inputs = {tensorOf(a, sizes, aStrides), tensorOf(F32, qs), tensorOf(a, qs), tensorOf(b, sizes, bStrides),
                tensorOf(F32, qs), tensorOf(b, qs), tensorOf(F32, qs), tensorOf(out, qs)};
    for (int zp : {2, 5, 7}) c.inputs[zp].absent = !zeroPoints;
    c.output = tensorOf(out, sizes, outStrides);
    return c;
}

FamilyAccept qaddAccept(const FamilyCase& c) {
    const Type a = c.inputs[0].type, b = c.inputs[3].type, out = c.output.type;
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        const int64_t want = refQuantizedAdd(intValue(a, v[0]), intValue(a, v[2]), float_of_bits(uint32_t(v[1])),
                                             intValue(b, v[3]), intValue(b, v[5]), float_of_bits(uint32_t(v[4])),
                                             float_of_bits(uint32_t(v[6])), intValue(out, v[7]), out);
        if (intValue(out, got) == want) return true;
        expected = std::to_string(want);
        return false;
    };
}

std::string qaddLabel(const FamilyCase& c, const std::string& what) {
    return std::string("QUANTIZED_LINEAR_ADD ") + typeName(c.inputs[0].type) + " + " + typeName(c.inputs[3].type) +
           " -> " + typeName(c.output.type) + (c.inputs[2].absent ? " (no zero points) " : " ") + what;
}

}  // namespace

TEST_CASE("QUANTIZED_LINEAR_ADD: every A against every B, one-element scales and zero points, ties to even") {
    TestDevice device;
    std::mt19937_64 rng(130);
    const Type combos[][3] = {{U8, U8, U8}, {I8, I8, I8}, {U8, I8, I8}, {I8, U8, U8}};
    // {AScale, BScale, OutputScale}: exact halves (ties), awkward ratios, a negative scale, huge and tiny outputs.
    const float scales[][3] = {{0.5f, 0.5f, 1.0f}, {0.1f, 0.2f, 0.3f}, {1.0f / 3, 2.0f / 3, 0.5f}, {2.0f, -0.25f, 1.5f},
                               {0.02f, 0.02f, 0.04f}, {1e-3f, 7.0f, 1000.0f}};
    std::vector<uint64_t> values;
    for (uint32_t v = 0; v < 256; v += denseStride() > 1 ? 3 : 1) values.push_back(v);
    const uint32_t n = static_cast<uint32_t>(values.size());
    int round = 0;
    for (const auto& t : combos)
        for (bool zp : {true, false}) {
            const float* s = scales[round++ % std::size(scales)];
            FamilyCase c = qaddCase(t[0], t[1], t[2], {n, n}, zp, {0, 1}, {1, 0});
            const std::vector<uint64_t> zps = {t[0] == U8 ? 130u : 0xfbu, t[1] == U8 ? 7u : 0x11u,
                                               t[2] == U8 ? 128u : 0x03u};
            runChecked(device, c, rng, qaddLabel(c, "every pair"), qaddAccept(c),
                       {{}, {bits_of_float(s[0])}, {zps[0]}, {}, {bits_of_float(s[1])}, {zps[1]},
                        {bits_of_float(s[2])}, {zps[2]}},
                       {listGen(values), {}, {}, listGen(values)});
        }
    // Every scale set on one type combination.
    for (const auto& s : scales) {
        FamilyCase c = qaddCase(U8, I8, I8, {n, n}, true, {0, 1}, {1, 0});
        runChecked(device, c, rng, qaddLabel(c, "scales " + std::to_string(s[0]) + " " + std::to_string(s[1]) + " " +
                                                    std::to_string(s[2])),
                   qaddAccept(c),
                   {{}, {bits_of_float(s[0])}, {100}, {}, {bits_of_float(s[1])}, {0xf0}, {bits_of_float(s[2])}, {0}},
                   {listGen(values), {}, {}, listGen(values)});
    }
}

TEST_CASE("QUANTIZED_LINEAR_ADD: per-element scales and zero points, layouts, ranks 1 through 8, specials") {
    TestDevice device;
    std::mt19937_64 rng(131);
    const std::vector<ValueGen> gens = {{}, scaleGen(F32), {}, {}, scaleGen(F32), {}, scaleGen(F32), {}};
    const std::vector<uint32_t> t = {4, 6, 5};
    FamilyCase perElement = qaddCase(I8, U8, U8, t, true, permutedStrides(t, {2, 1, 0}), paddedStrides(t, 1), true,
                                     permutedStrides(t, {1, 2, 0}));
    runChecked(device, perElement, rng, qaddLabel(perElement, "per-element scales, permuted"), qaddAccept(perElement),
               {}, gens);
    FamilyCase separate = qaddCase(U8, U8, I8, t, true);
    separate.separateBuffers = true;
    runChecked(device, separate, rng, qaddLabel(separate, "separate buffers"), qaddAccept(separate), {}, gens);
    for (uint32_t rank = 1; rank <= 8; ++rank) {
        std::vector<uint32_t> sizes(rank);
        for (auto& v : sizes) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
        std::string name = "rank " + std::to_string(rank) + " A ";
        auto as = randomStrides(sizes, rng, true, name);
        name += ", B ";
        auto bs = randomStrides(sizes, rng, true, name);
        name += ", output ";
        auto os = randomStrides(sizes, rng, false, name);
        FamilyCase c = qaddCase(rank % 2 ? I8 : U8, rank % 3 ? U8 : I8, rank % 4 ? I8 : U8, sizes, rank % 3 != 0, as,
                                bs, rank % 2 == 0, os);
        runChecked(device, c, rng, qaddLabel(c, name), qaddAccept(c), {}, gens);
    }
    // Special scales: 0, -0, +-inf, NaN, subnormals, extremes (IEEE arithmetic, then QUANTIZE_LINEAR's rules).
    const std::vector<uint64_t> specials = specialValues(F32);
    const uint32_t n = static_cast<uint32_t>(specials.size());
    FamilyCase c = qaddCase(I8, I8, U8, {n, n}, true, {}, {}, true);
    std::vector<uint64_t> as, os;
    for (uint32_t i = 0; i < n; ++i)
        for (uint32_t j = 0; j < n; ++j) as.push_back(specials[i]), os.push_back(specials[j]);
    runChecked(device, c, rng, qaddLabel(c, "special scales"), qaddAccept(c), {{}, as, {}, {}, {}, {}, os},
               {{}, {}, {}, {}, scaleGen(F32)});
}

TEST_CASE("validation: QUANTIZED_LINEAR_ADD fields -> E_INVALIDARG naming the field; feature level 4_0") {
    TestDevice device;
    const std::vector<uint32_t> s = {2, 3, 4};
    const FamilyCase good = qaddCase(U8, I8, U8, s, true);
    struct Invalid {
        const char* name;
        FamilyCase bad;
        const char* field;
    };
    auto with = [&](size_t tensor, Type type) {
        FamilyCase c = good;
        (tensor < 8 ? c.inputs[tensor] : c.output).type = type;
        return c;
    };
    auto sized = [&](size_t tensor, std::vector<uint32_t> sizes) {
        FamilyCase c = good;
        c.inputs[tensor].spec.sizes = std::move(sizes);
        return c;
    };
    const Invalid cases[] = {
        {"FLOAT32 A", with(0, F32), "ATensor"},
        {"FLOAT16 AScale", with(1, F16), "AScaleTensor"},
        {"AZeroPoint INT8 with a UINT8 A", with(2, I8), "AZeroPointTensor"},
        {"INT16 B", with(3, I16), "BTensor"},
        {"INT32 BScale", with(4, I32), "BScaleTensor"},
        {"BZeroPoint UINT8 with an INT8 B", with(5, U8), "BZeroPointTensor"},
        {"FLOAT16 OutputScale", with(6, F16), "OutputScaleTensor"},
        {"OutputZeroPoint INT8 with a UINT8 output", with(7, I8), "OutputZeroPointTensor"},
        {"FLOAT32 output", with(8, F32), "OutputTensor"},
        {"NULL ATensor", withNull(good, 0), "ATensor"},
        {"NULL AScaleTensor", withNull(good, 1), "AScaleTensor"},
        {"NULL BScaleTensor", withNull(good, 4), "BScaleTensor"},
        {"NULL OutputScaleTensor", withNull(good, 6), "OutputScaleTensor"},
        {"NULL OutputTensor", withNull(good, 8), "OutputTensor"},
        {"AScale of 2 elements", sized(1, {1, 1, 2}), "AScaleTensor"},
        {"BZeroPoint DimensionCount 2", sized(5, {1, 1}), "BZeroPointTensor"},
        {"B Sizes {2,3,5}", sized(3, {2, 3, 5}), "BTensor"},
    };
    for (const Invalid& c : cases) {
        INFO(c.name);
        device.clearErrors();
        CHECK(tryCreate(device, c.bad) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, device.lastError());
    }
    CHECK(tryCreate(device, good) == S_OK);
    CHECK(tryCreate(device, withNull(withNull(good, 2), 7)) == S_OK);  // zero points optional
    CHECK(tryCreate(device, qaddCase(I8, I8, I8, s, true, {}, {}, true)) == S_OK);
    TestDevice level31(DML_FEATURE_LEVEL_3_1);
    CHECK(tryCreate(level31, good) == E_INVALIDARG);
    TestDevice level40(DML_FEATURE_LEVEL_4_0);
    CHECK(tryCreate(level40, qaddCase(U8, I8, U8, s, false)) == S_OK);
}

// ---- QUANTIZE and DEQUANTIZE (feature level 6_3) -----------------------------------------------------------------------
// QuantizationType SCALE ([scale]) or SCALE_ZERO_POINT ([scale, zero point]); the same arithmetic as QUANTIZE_LINEAR
// and DEQUANTIZE_LINEAR (the pages say "TBD"; vkdml's reading is in docs/SEMANTICS.md). Scales and zero points may
// broadcast dimensions of size 1 (per-axis and blocked forms through strides).

namespace {

// QUANTIZE / DEQUANTIZE from the tensors of a QUANTIZE_LINEAR-style case: [x, scale(, zero point)], output.
FamilyCase q63Case(DML_OPERATOR_TYPE opType, Type in, Type scale, Type out, const std::vector<uint32_t>& sizes,
                   bool withZeroPoint, const std::vector<uint32_t>& scaleSizes = {},
                   const std::vector<uint32_t>& scaleStrides = {}, int qtypeValue = -1, UINT count = ~0u) {
    FamilyCase c = quantCase(opType == DML_OPERATOR_QUANTIZE ? QL : DQL, in, scale, out, sizes, true, {}, scaleStrides,
                             scaleStrides);
    c.op = opType;
    if (!scaleSizes.empty()) c.inputs[1].spec.sizes = c.inputs[2].spec.sizes = scaleSizes;
    if (!withZeroPoint) c.inputs.pop_back();
    // -1: the type the tensors call for; any other value is written raw (invalid ones included).
    const uint32_t raw = qtypeValue >= 0 ? uint32_t(qtypeValue) : withZeroPoint ? 2u : 1u;
    DML_QUANTIZATION_TYPE qtype;
    std::memcpy(&qtype, &raw, sizeof(qtype));
    if (count == ~0u) count = withZeroPoint ? 2 : 1;
    c.build = [qtype, count](VkdmlDevice d, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t,
                             VkdmlOperator* op) {
        DML_TENSOR_DESC array[2] = {*t[1], t.size() > 3 ? *t[2] : *t[1]};
        DML_QUANTIZE_OPERATOR_DESC desc{t[0], qtype, count, array, t.back()};  // DEQUANTIZE's desc has this layout
        DML_OPERATOR_DESC opDesc{type, &desc};
        return vkdmlCreateOperator(d, &opDesc, op);
    };
    return c;
}

}  // namespace

TEST_CASE("QUANTIZE and DEQUANTIZE (6_3): SCALE and SCALE_ZERO_POINT, ties, specials, broadcast scales") {
    TestDevice device;
    std::mt19937_64 rng(140);
    MaxError max;
    for (Type in : {F32, F16})
        for (Type scale : {F32, F16})
            for (bool zp : {true, false}) {
                    const Type out = zp == (in == scale) ? U8 : I8;
                    FamilyCase c = q63Case(DML_OPERATOR_QUANTIZE, in, scale, out, {5000}, zp, {1});
                    std::vector<uint64_t> xs = tieValues(in, 0.25);
                    for (uint64_t v : specialValues(in)) xs.push_back(v);
                    runQuant(device, c, rng, "ties of 0.25", {xs, {floatBits(scale, 0.25)}, {out == U8 ? 9u : 0xfeu}},
                             {}, max);
                }
    // Per-axis scales and zero points with size-1 dimensions broadcast ({4, 1} against {4, 300}), and blocked
    // scales through strides (each of 4 scales repeated over 75 elements of a row).
    FamilyCase axis = q63Case(DML_OPERATOR_QUANTIZE, F32, F32, U8, {4, 300}, true, {4, 1});
    runQuant(device, axis, rng, "per-axis scale {4,1}", {}, {{}, scaleGen(F32)}, max);
    FamilyCase blocked = q63Case(DML_OPERATOR_QUANTIZE, F16, F16, I8, {4, 4, 75}, true, {}, {4, 1, 0});
    runQuant(device, blocked, rng, "blocked scale (strides 4,1,0)", {}, {{}, scaleGen(F16)}, max);
    for (Type in : {U8, I8})
        for (Type out : {F32, F16}) {
                const bool zp = (in == U8) == (out == F32);
                std::vector<uint64_t> xs;
                for (uint32_t v = 0; v < 256; ++v) xs.push_back(v);
                FamilyCase c = q63Case(DML_OPERATOR_DEQUANTIZE, in, out, out, {2, 256}, zp, {2, 1});
                runQuant(device, c, rng, "every value, per-axis scale {2,1}", {xs}, {{}, scaleGen(out)}, max);
            }
    MESSAGE("DEQUANTIZE: largest error " << max.ulp << " ULP");
}

TEST_CASE("validation: QUANTIZE and DEQUANTIZE fields -> E_INVALIDARG naming the field") {
    TestDevice device;
    const std::vector<uint32_t> s = {2, 3, 4};
    constexpr DML_OPERATOR_TYPE Q = DML_OPERATOR_QUANTIZE, D = DML_OPERATOR_DEQUANTIZE;
    struct Invalid {
        const char* name;
        FamilyCase bad;
        const char* field;
    };
    FamilyCase zpType = q63Case(Q, F32, F32, U8, s, true);
    zpType.inputs[2].type = I8;
    // {2, 3, 2} would be blocks of 2 (the blocked form below); 3 divides none of 4.
    FamilyCase scaleSizes = q63Case(D, U8, F32, F32, s, false, {2, 3, 3});
    const Invalid cases[] = {
        {"QuantizationType NONE", q63Case(Q, F32, F32, U8, s, false, {}, {}, DML_QUANTIZATION_TYPE_NONE, 1),
         "QuantizationType"},
        {"QuantizationType 3", q63Case(Q, F32, F32, U8, s, false, {}, {}, 3, 1),
         "QuantizationType"},
        {"SCALE with 2 tensors", q63Case(Q, F32, F32, U8, s, true, {}, {}, DML_QUANTIZATION_TYPE_SCALE, 2),
         "QuantizationTensorCount"},
        {"SCALE_ZERO_POINT with 1 tensor",
         q63Case(D, U8, F32, F32, s, false, {}, {}, DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT, 1),
         "QuantizationTensorCount"},
        {"INT8 scale", q63Case(Q, F32, I8, I8, s, false), "QuantizationTensors[0]"},
        {"zero point INT8, output UINT8", zpType, "QuantizationTensors[1]"},
        {"DEQUANTIZE FLOAT16 output, FLOAT32 scale", q63Case(D, U8, F32, F16, s, false), "OutputTensor"},
        {"QUANTIZE INT32 input", q63Case(Q, I32, F32, U8, s, false), "InputTensor"},
        {"DEQUANTIZE INT16 input", q63Case(D, I16, F32, F32, s, false), "InputTensor"},
        {"scale Sizes {2,3,3}", scaleSizes, "QuantizationTensors[0]"},
    };
    for (const Invalid& c : cases) {
        INFO(c.name);
        device.clearErrors();
        CHECK(tryCreate(device, c.bad) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.field) != std::string::npos, device.lastError());
    }
    CHECK(tryCreate(device, q63Case(Q, F32, F16, I8, s, true, {1, 3, 1})) == S_OK);
    CHECK(tryCreate(device, q63Case(D, I8, F16, F16, s, false, {2, 1, 1})) == S_OK);
    // INT4 / UINT4 (the 4-bit cases are in the tests below).
    CHECK(tryCreate(device, q63Case(Q, F32, F32, DML_TENSOR_DATA_TYPE_INT4, s, false)) == S_OK);
    CHECK(tryCreate(device, q63Case(D, DML_TENSOR_DATA_TYPE_UINT4, F32, F32, s, false)) == S_OK);
    TestDevice level62(DML_FEATURE_LEVEL_6_2);
    CHECK(tryCreate(level62, q63Case(Q, F32, F32, U8, s, true)) == E_INVALIDARG);
    CHECK(tryCreate(level62, q63Case(D, U8, F32, F32, s, true)) == E_INVALIDARG);
}

TEST_CASE("validation: QUANTIZED_LINEAR_ADD does not run in place (DirectML: no in-place execution), refused at record") {
    // INT8 A and INT8 output of one layout: the output could share A's exact range, but the operator forbids it
    // (QUANTIZE_LINEAR, DEQUANTIZE_LINEAR: input and output types always differ, so no range can be shared).
    TestDevice device;
    std::mt19937_64 rng(141);
    FamilyCase c = qaddCase(I8, I8, I8, {64}, true);
    for (FamilyTensor& t : c.inputs) fillTensor(t, rng);
    c.inPlaceInput = 0;
    // Through a one-node graph (VKDML_TEST_THROUGH_GRAPH) the runner gives the output a range of its own: a compiled
    // graph refuses every output aliasing an input (CompiledGraph::checkBindings), so this operator's own rule is
    // not reached there.
    if (throughGraph()) return;
    const FamilyRun run = runFamily(device, c);
    CHECK(run.hr == E_INVALIDARG);
    CHECK(run.failedCall.find("vkdmlRecordDispatch") != std::string::npos);
    CHECK(run.failedCall.find("overlaps input ATensor") != std::string::npos);
}

// ---- QUANTIZE and DEQUANTIZE on INT4 / UINT4 (feature level 6_3) ---------------------------------------------------------
// Two elements per byte, the first in the low nibble (DirectML's INT4/UINT4 packing); strides and offsets count
// elements (nibbles). INT4 saturates to -8..7, UINT4 to 0..15; the rounding is QUANTIZE's for 8 bits. Nibbles of the
// output range that hold no element (the tail of the last byte, padding between strided elements) are left as they
// were; on input they are ignored (the inputs' are random). Exact: every element equals the reference, 0 ULP.

namespace {

constexpr Type I4 = DML_TENSOR_DATA_TYPE_INT4, U4 = DML_TENSOR_DATA_TYPE_UINT4;
constexpr DML_OPERATOR_TYPE Q63 = DML_OPERATOR_QUANTIZE, D63 = DML_OPERATOR_DEQUANTIZE;

// Every nibble of the output's range that holds no element still has the canary's nibble (kCanary 0xCD: 0xD low,
// 0xC high): nothing wrote the neighbour of an element, nor the tail of the last byte.
void checkUntouchedNibbles(const std::string& label, const FamilyCase& c, const FamilyRun& run) {
    if (!run.ok() || bitWidth(c.output.type) != 4) return;
    std::vector<bool> element(run.output.size() * 2, false);
    const auto strides = stridesOf(c.output.spec);
    for (uint64_t e = 0, n = elementCount(c.output.spec.sizes); e < n; ++e)
        element[elementIndex(c.output.spec.sizes, strides, e)] = true;
    uint64_t changed = 0, first = ~uint64_t(0);
    for (uint64_t i = 0; i < element.size(); ++i) {
        if (element[i]) continue;
        const uint32_t nibble = (run.output[i / 2] >> (4 * (i % 2))) & 0xf;
        if (nibble != ((kCanary >> (4 * (i % 2))) & 0xf)) {
            if (!changed++) first = i;
        }
    }
    CHECK_MESSAGE(changed == 0, label << ": " << changed << " nibbles that hold no element were written, first #"
                                      << first);
}

void runQuant4(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& what,
               const std::vector<std::vector<uint64_t>>& prefixes, const std::vector<ValueGen>& gens, MaxError& max) {
    const bool quantize = c.op == QL || c.op == Q63;
    for (size_t i = 0; i < c.inputs.size(); ++i)
        if (!c.inputs[i].absent)
            fillTensor(c.inputs[i], rng, i < prefixes.size() ? prefixes[i] : std::vector<uint64_t>{},
                       i < gens.size() ? gens[i] : ValueGen{});
    const FamilyRun run = runFamily(device, c);
    checkFamily(label(c, what), c, run, quantize ? quantizeAccept(c) : dequantizeAccept(c, max));
    checkUntouchedNibbles(label(c, what), c, run);
}

std::vector<uint64_t> every4Bit() {
    std::vector<uint64_t> v;
    for (uint64_t x = 0; x < 16; ++x) v.push_back(x);
    return v;
}

}  // namespace

TEST_CASE("QUANTIZE to INT4 and UINT4: ties, saturation, specials, every zero point, odd sizes, the tail nibble") {
    TestDevice device;
    std::mt19937_64 rng(150);
    MaxError unused;
    for (Type in : {F32, F16})
        for (Type scale : {F32, F16})
            for (Type out : {I4, U4})
                for (bool zp : {true, false}) {
                    // Ties of scale 0.25 (every k + 1/2 for |k| <= 300: far past saturation), specials; 16 rows, one
                    // zero point each (every 4-bit value), one scale each.
                    std::vector<uint64_t> xs = tieValues(in, 0.25);
                    for (uint64_t v : specialValues(in)) xs.push_back(v);
                    const uint32_t n = static_cast<uint32_t>(xs.size());
                    FamilyCase c = q63Case(Q63, in, scale, out, {16, n}, zp, {16, 1});
                    std::vector<uint64_t> xs16;
                    for (int r = 0; r < 16; ++r) xs16.insert(xs16.end(), xs.begin(), xs.end());
                    std::vector<uint64_t> scales;
                    for (int r = 0; r < 16; ++r) scales.push_back(floatBits(scale, r % 3 ? 0.25 : r % 2 ? 1.0 : -0.75));
                    runQuant4(device, c, rng, "ties of 0.25, every zero point", {xs16, scales, every4Bit()}, {},
                              unused);
                }
    // Odd sizes: the tail nibble of the last byte stays as it was (checkUntouchedNibbles), 4099 elements end mid-word.
    for (Type out : {I4, U4})
        for (uint32_t n : {1u, 3u, 5u, 8u, 9u, 4099u}) {
            FamilyCase c = q63Case(Q63, F32, F32, out, {n}, n % 2 == 1, {1});
            runQuant4(device, c, rng, "n=" + std::to_string(n), {}, {{}, scaleGen(F32)}, unused);
        }
}

TEST_CASE("QUANTIZE to UINT4: DirectML's packing example [1,2,3,4,5] -> 0x21 0x43 0x05, tail nibble untouched") {
    TestDevice device;
    FamilyCase c = q63Case(Q63, F32, F32, U4, {5}, false, {1});
    c.inputs[0].memory.assign(c.inputs[0].bytes(), 0);
    for (int i = 0; i < 5; ++i) writeBits(c.inputs[0].memory, i, F32, floatBits(F32, i + 1));
    c.inputs[1].memory.assign(c.inputs[1].bytes(), 0);
    writeBits(c.inputs[1].memory, 0, F32, floatBits(F32, 1.0));
    const FamilyRun run = runFamily(device, c);
    REQUIRE(run.ok());
    REQUIRE(run.output.size() == 4);  // DMLCalcBufferTensorSize: 20 bits -> 3 bytes -> 4
    CHECK(run.output[0] == 0x21);
    CHECK(run.output[1] == 0x43);
    CHECK(run.output[2] == 0xC5);  // 5 in the low nibble; the high nibble keeps the canary's 0xC
    CHECK(run.output[3] == kCanary);
    CHECK(run.canaryIntact);
}

TEST_CASE("DEQUANTIZE INT4 and UINT4: every value against every zero point, FLOAT32 and FLOAT16, 0 ULP") {
    TestDevice device;
    std::mt19937_64 rng(151);
    MaxError max;
    for (Type in : {I4, U4})
        for (Type out : {F32, F16}) {
            // 16 x 16: x along axis 1 (every value), zero point and scale along axis 0 (4-bit zero point per row).
            std::vector<uint64_t> scales;
            for (uint32_t r = 0; r < 16; ++r) scales.push_back(floatBits(out, kScales[r % kScales.size()] * (1 + r)));
            FamilyCase c = q63Case(D63, in, out, out, {16, 16}, true, {16, 1});
            c.inputs[0].spec.strides = {0, 1};
            runQuant4(device, c, rng, "every value and zero point", {}, {listGen(every4Bit()), listGen(scales),
                      listGen(every4Bit())}, max);
            // Special scales (0, inf, NaN, subnormal, extremes) times every value; odd sizes with no zero point.
            const std::vector<uint64_t> specials = specialValues(out);
            const uint32_t n = static_cast<uint32_t>(specials.size());
            FamilyCase sp = q63Case(D63, in, out, out, {n, 16}, true, {n, 1});
            sp.inputs[0].spec.strides = {0, 1};
            runQuant4(device, sp, rng, "special scales", {}, {listGen(every4Bit()), listGen(specials)}, max);
            for (uint32_t size : {1u, 3u, 5u, 4099u}) {
                FamilyCase odd = q63Case(D63, in, out, out, {size}, size == 3, {1});
                runQuant4(device, odd, rng, "n=" + std::to_string(size), {}, {{}, scaleGen(out)}, max);
            }
        }
    MESSAGE("DEQUANTIZE 4-bit: largest error " << max.ulp << " ULP");
    CHECK(max.ulp == 0);
}

TEST_CASE("QUANTIZE and DEQUANTIZE on 4-bit tensors: layouts, ranks 1 through 8, neighbouring nibbles, offsets") {
    TestDevice device;
    std::mt19937_64 rng(152);
    MaxError max;
    const ValueGen floats = [](std::mt19937_64& r) {
        return floatBits(F32, (static_cast<double>(r() % 4001) - 2000) / 117.0);
    };
    for (DML_OPERATOR_TYPE op : {Q63, D63})
        for (Type four : {I4, U4}) {
            const Type in = op == Q63 ? F32 : four, out = op == Q63 ? four : F32;
            const std::vector<ValueGen> gens = {op == Q63 ? floats : ValueGen{}, scaleGen(F32)};
            // Neighbouring nibbles of one word written by different invocations: a transposed output (the walk
            // steps through memory by 63 nibbles), strides of 2 and 3 nibbles (the gaps must stay untouched).
            const std::vector<uint32_t> t = {64, 63};
            FamilyCase transposed = q63Case(op, in, F32, out, t, true, {64, 1});
            transposed.output.spec.strides = permutedStrides(t, {1, 0});
            runQuant4(device, transposed, rng, "transposed output", {}, gens, max);
            for (uint32_t step : {2u, 3u}) {
                FamilyCase gaps = q63Case(op, in, F32, out, {1001}, false, {1});
                gaps.output.spec.strides = {step};
                gaps.inputs[0].spec.strides = {step};
                runQuant4(device, gaps, rng, "strides " + std::to_string(step), {}, gens, max);
            }
            // A transposed input and a packed output whose rows are whole quads: the quads walk, 4 nibbles of the
            // output (half a word) per step.
            FamilyCase quads = q63Case(op, in, F32, out, {12, 16}, true, {12, 1});
            quads.inputs[0].spec.strides = permutedStrides({12, 16}, {1, 0});
            runQuant4(device, quads, rng, "transposed input, quads of the packed output", {}, gens, max);
            // More than 65536 elements in one linear walk: CPU devices run the whole quads and the tail as two
            // dispatches, whose last and first nibbles share a word (65541 = 4 * 16385 + 1).
            FamilyCase split = q63Case(op, in, F32, out, {65541}, true, {1});
            runQuant4(device, split, rng, "65541 elements (two dispatches share a word)", {}, gens, max);
            FamilyCase offsets = q63Case(op, in, F32, out, {3, 37}, true, {3, 1});
            offsets.inputs[0].offset = 48, offsets.inputs[1].offset = 16, offsets.output.offset = 32;
            runQuant4(device, offsets, rng, "binding offsets", {}, gens, max);
            FamilyCase separate = q63Case(op, in, F32, out, {5, 7}, true, {1, 7});
            separate.separateBuffers = true;
            runQuant4(device, separate, rng, "separate buffers", {}, gens, max);
            for (uint32_t rank = 1; rank <= 8; ++rank) {
                std::vector<uint32_t> sizes(rank);
                for (auto& v : sizes) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
                std::string name = "rank " + std::to_string(rank) + " x ";
                auto xs = randomStrides(sizes, rng, true, name);
                name += ", scale ";
                auto ss = randomStrides(sizes, rng, true, name);
                name += ", zero point ";
                auto zs = randomStrides(sizes, rng, true, name);
                name += ", output ";
                auto os = randomStrides(sizes, rng, false, name);
                FamilyCase c = q63Case(op, in, F32, out, sizes, rank % 3 != 0);
                c.inputs[0].spec.strides = xs;
                c.inputs[1].spec.strides = ss;
                if (c.inputs.size() > 2) c.inputs[2].spec.strides = zs;
                c.output.spec.strides = os;
                runQuant4(device, c, rng, name, {}, gens, max);
            }
        }
    CHECK(max.ulp == 0);
}

TEST_CASE("QUANTIZE and DEQUANTIZE on 4-bit tensors: per-axis and blocked scales and 4-bit zero points") {
    TestDevice device;
    std::mt19937_64 rng(153);
    MaxError max;
    // The MatMulNBits pattern: weights {N, K} in blocks of 32 along K as {N, K / 32, 32}; one scale and one 4-bit
    // zero point per block, repeated over the block by a 0 stride ({K / 32, 1, 0}), or a size-1 dimension.
    for (Type four : {U4, I4})
        for (Type f : {F32, F16}) {
            FamilyCase blocked = q63Case(D63, four, f, f, {6, 5, 32}, true, {}, {5, 1, 0});
            runQuant4(device, blocked, rng, "blocked scale and zero point (strides 5,1,0)", {}, {{}, scaleGen(f)},
                      max);
            FamilyCase ones = q63Case(D63, four, f, f, {6, 5, 32}, true, {6, 5, 1});
            runQuant4(device, ones, rng, "blocked scale and zero point (sizes 6,5,1)", {}, {{}, scaleGen(f)}, max);
            FamilyCase qBlocked = q63Case(Q63, f, f, four, {6, 5, 32}, true, {}, {5, 1, 0});
            runQuant4(device, qBlocked, rng, "blocked scale and zero point (strides 5,1,0)", {}, {{}, scaleGen(f)},
                      max);
            FamilyCase axis = q63Case(Q63, f, f, four, {7, 9}, true, {1, 9});
            runQuant4(device, axis, rng, "per-axis scale {1,9}", {}, {{}, scaleGen(f)}, max);
            FamilyCase tensor = q63Case(D63, four, f, f, {7, 9}, true, {1, 1});
            runQuant4(device, tensor, rng, "per-tensor scale {1,1}", {}, {{}, scaleGen(f)}, max);
        }
    CHECK(max.ulp == 0);
}

// ONNX Runtime's MatMulNBits writes blocks through sizes: a scale of {N, K / 32} against weights of {N, K}. Each
// case runs twice on the same bytes, in that form and in the strided form checked above ({N, K / 32, 32}, the
// scale's strides {K / 32, 1, 0}); the outputs must be the same bytes.
TEST_CASE("QUANTIZE and DEQUANTIZE: blocked quantization tensors by sizes (ONNX Runtime's MatMulNBits)") {
    TestDevice device;
    std::mt19937_64 rng(160);
    struct Shape {
        std::vector<uint32_t> sizes, scaleSizes, splitSizes, splitScaleStrides;
    };
    const Shape shapes[] = {
        {{6, 64}, {6, 2}, {6, 2, 32}, {2, 1, 0}},                       // blocks along the last dimension
        {{1, 1, 5, 96}, {1, 1, 5, 3}, {1, 1, 5, 3, 32}, {15, 15, 3, 1, 0}},  // ONNX Runtime's 4-D tensors
        {{16, 7}, {4, 7}, {4, 4, 7}, {7, 0, 1}},                        // blocks along the first
        {{8, 12}, {1, 3}, {8, 3, 4}, {0, 1, 0}},                        // broadcast rows, blocked columns
    };
    int i = 0;
    for (const Shape& shape : shapes)
        for (Type q : {U4, I4, U8, I8})
            for (Type f : {F32, F16})
                for (DML_OPERATOR_TYPE op : {D63, Q63}) {
                    const bool zp = i++ % 3 != 2;
                    const Type in = op == D63 ? q : f, out = op == D63 ? f : q;
                    FamilyCase bySizes = q63Case(op, in, f, out, shape.sizes, zp, shape.scaleSizes);
                    FamilyCase byStrides = q63Case(op, in, f, out, shape.splitSizes, zp, {}, shape.splitScaleStrides);
                    const std::string name = std::string(op == D63 ? "DEQUANTIZE " : "QUANTIZE ") + typeName(q) +
                                             " " + typeName(f) + (zp ? " with zero point, " : ", ") + "input " +
                                             std::to_string(shape.sizes.size()) + "-D, scale sizes " +
                                             std::to_string(shape.scaleSizes[0]) + "x...";
                    INFO(name);
                    for (size_t t = 0; t < bySizes.inputs.size(); ++t) {
                        fillTensor(bySizes.inputs[t], rng, {}, t == 1 ? scaleGen(f) : ValueGen{});
                        REQUIRE(bySizes.inputs[t].memory.size() == byStrides.inputs[t].bytes());
                        byStrides.inputs[t].memory = bySizes.inputs[t].memory;
                    }
                    const FamilyRun a = runFamily(device, bySizes), b = runFamily(device, byStrides);
                    REQUIRE(a.ok());
                    REQUIRE(b.ok());
                    CHECK(a.canaryIntact);
                    CHECK(a.output == b.output);
                }
    // Sizes that do not divide, and blocks of two lengths along one dimension.
    FamilyCase uneven = q63Case(D63, U4, F32, F32, {6, 64}, true, {6, 3});
    device.clearErrors();
    CHECK(tryCreate(device, uneven) == E_INVALIDARG);
    CHECK(device.lastError().find("Sizes[1] = 3") != std::string::npos);
    FamilyCase twoLengths = q63Case(D63, U4, F32, F32, {6, 64}, true, {6, 2});
    twoLengths.inputs[2].spec.sizes = {6, 4};
    device.clearErrors();
    CHECK(tryCreate(device, twoLengths) == E_INVALIDARG);
    CHECK(device.lastError().find("blocks of") != std::string::npos);
    // 8-D tensors with a blocked dimension would need 9.
    FamilyCase wide = q63Case(D63, U8, F32, F32, {1, 1, 1, 1, 1, 1, 2, 64}, false, {1, 1, 1, 1, 1, 1, 2, 2});
    CHECK(tryCreate(device, wide) == E_NOTIMPL);
}

TEST_CASE("validation: 4-bit QUANTIZE and DEQUANTIZE -> E_INVALIDARG for sizes, feature level 6_2, other operators") {
    TestDevice device;
    // TotalTensorSizeInBytes below DMLCalcBufferTensorSize (bits, rounded up to 4 bytes): {9} nibbles need 8 bytes.
    for (uint64_t bytes : {1u, 4u, 5u, 7u}) {
        INFO("TotalTensorSizeInBytes " << bytes);
        FamilyCase q = q63Case(Q63, F32, F32, U4, {9}, true, {1});
        q.output.spec.totalBytes = bytes;
        device.clearErrors();
        CHECK(tryCreate(device, q) == E_INVALIDARG);
        CHECK(device.lastError().find("TotalTensorSizeInBytes") != std::string::npos);
        FamilyCase d = q63Case(D63, I4, F32, F32, {3, 3}, true, {3, 1});
        d.inputs[0].spec.totalBytes = bytes;
        device.clearErrors();
        CHECK(tryCreate(device, d) == E_INVALIDARG);
        CHECK(device.lastError().find("InputTensor") != std::string::npos);
        FamilyCase z = q63Case(D63, I4, F32, F32, {3, 3}, true, {}, {1, 0});  // zero point: last element 2
        z.inputs[2].spec.totalBytes = bytes < 4 ? bytes : 3;
        device.clearErrors();
        CHECK(tryCreate(device, z) == E_INVALIDARG);
        CHECK(device.lastError().find("QuantizationTensors[1]") != std::string::npos);
    }
    {
        FamilyCase q = q63Case(Q63, F32, F32, U4, {9}, true, {1});
        q.output.spec.totalBytes = 8;
        CHECK(tryCreate(device, q) == S_OK);
        FamilyCase strided = q63Case(Q63, F32, F32, I4, {2, 4}, false, {1, 1});
        strided.output.spec.strides = {9, 2};  // last element 15: 16 nibbles, 8 bytes
        strided.output.spec.totalBytes = 4;
        CHECK(tryCreate(device, strided) == E_INVALIDARG);
        strided.output.spec.totalBytes = 8;
        CHECK(tryCreate(device, strided) == S_OK);
    }
    // Feature level 6_2 has neither operator (nor 4-bit types).
    TestDevice level62(DML_FEATURE_LEVEL_6_2);
    level62.clearErrors();
    CHECK(tryCreate(level62, q63Case(Q63, F32, F32, U4, {4}, true, {1})) == E_INVALIDARG);
    CHECK(level62.lastError().find("6_2") != std::string::npos);
    level62.clearErrors();
    CHECK(tryCreate(level62, q63Case(D63, I4, F16, F16, {4}, false, {1})) == E_INVALIDARG);
    CHECK(level62.lastError().find("6_2") != std::string::npos);
    // Other operators do not take 4-bit tensors, not even at 6_3 (DirectML: QUANTIZE and DEQUANTIZE only).
    FamilyCase add;
    add.op = DML_OPERATOR_ELEMENT_WISE_ADD;
    add.inputs = {tensorOf(U4, {8}), tensorOf(U4, {8})};
    add.output = tensorOf(U4, {8});
    device.clearErrors();
    CHECK(tryCreate(device, add) == E_INVALIDARG);
    CHECK(device.lastError().find("UINT4") != std::string::npos);
    FamilyCase cast;
    cast.op = DML_OPERATOR_CAST;
    cast.inputs = {tensorOf(F32, {8})};
    cast.output = tensorOf(I4, {8});
    CHECK(tryCreate(device, cast) == E_INVALIDARG);
    // QUANTIZE_LINEAR (the older operator) has no 4-bit output either.
    CHECK(tryCreate(device, quantCase(QL, F32, F32, U4, {8}, true)) == E_INVALIDARG);
    // The zero point's type follows the quantized tensor: UINT4 output, INT4 zero point.
    FamilyCase zp = q63Case(Q63, F32, F32, U4, {8}, true, {1});
    zp.inputs[2].type = I4;
    device.clearErrors();
    CHECK(tryCreate(device, zp) == E_INVALIDARG);
    CHECK(device.lastError().find("QuantizationTensors[1]") != std::string::npos);
}
