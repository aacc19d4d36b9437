// DirectML's element-wise float math end to end against double-precision references (C's libm in double):
// SIN COS TAN ASIN ACOS ATAN SINH COSH TANH ASINH ACOSH ATANH ERF (ScaleBias on the input), CONSTANT_POW (Exponent),
// POW (float and 8- to 32-bit integer bases and exponents: every type on each side, mixed pairings; ScaleBias on the base) and
// ATAN_YX, on every FLOAT16 value, FLOAT32 specials, huge trigonometric arguments and random values; layouts
// (broadcast, permuted, padded), in place, ranks 1-8; each new desc field's validation and the feature-level gates.
//
// Bounds (docs/ARCHITECTURE.md, "Numerics"): FLOAT32 4 ULP, FLOAT16 (computed in FLOAT32, rounded once) 1 ULP, integer
// POW exact (wrapping); special values as C's libm (sin(inf) = NaN, acos(2) = NaN, pow(x, 0) = 1 ...). A ScaleBias
// is x * Scale + Bias within LINEAR's 1 ULP of the fused value, then the function. The host sweeps of the same GLSL
// (tests/math/elementwise_math_host_test.cpp) measure the FLOAT32 errors on 2^20+ inputs per function.
#include <cmath>
#include <cstring>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference.h"
#include "reference_unary_math.h"

using namespace vkdml::test;

namespace {

using namespace data_type_names;

struct Params {
    bool scaleBias = false;
    DML_SCALE_BIAS sb{1.0f, 0.0f};
    float exponent = 2.0f;  // CONSTANT_POW
};

FamilyDescBuilder builder(const Params& p) {
    return [p](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        const DML_SCALE_BIAS* sb = p.scaleBias ? &p.sb : nullptr;
        DML_ELEMENT_WISE_SIN_OPERATOR_DESC usb{t[0], t[1], sb};
        DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC cpow{t[0], t[1], sb, p.exponent};
        DML_ELEMENT_WISE_POW_OPERATOR_DESC pow{t[0], t.size() > 2 ? t[1] : nullptr, t.back(), sb};
        DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC atan2{t[0], t.size() > 2 ? t[1] : nullptr, t.back()};
        const void* desc = &usb;
        if (type == DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW) desc = &cpow;
        if (type == DML_OPERATOR_ELEMENT_WISE_POW) desc = &pow;
        if (type == DML_OPERATOR_ELEMENT_WISE_ATAN_YX) desc = &atan2;
        DML_OPERATOR_DESC opDesc{type, desc};
        return vkdmlCreateOperator(device, &opDesc, op);
    };
}

using Ref = double (*)(double);
struct UnaryOp {
    DML_OPERATOR_TYPE op;
    const char* name;
    Ref ref;
};

const UnaryOp kUnary[] = {
    {DML_OPERATOR_ELEMENT_WISE_SIN, "SIN", refSin},       {DML_OPERATOR_ELEMENT_WISE_COS, "COS", refCos},
    {DML_OPERATOR_ELEMENT_WISE_TAN, "TAN", refTan},       {DML_OPERATOR_ELEMENT_WISE_ASIN, "ASIN", refAsin},
    {DML_OPERATOR_ELEMENT_WISE_ACOS, "ACOS", refAcos},    {DML_OPERATOR_ELEMENT_WISE_ATAN, "ATAN", refAtan},
    {DML_OPERATOR_ELEMENT_WISE_SINH, "SINH", refSinh},    {DML_OPERATOR_ELEMENT_WISE_COSH, "COSH", refCosh},
    {DML_OPERATOR_ELEMENT_WISE_TANH, "TANH", refTanh},    {DML_OPERATOR_ELEMENT_WISE_ASINH, "ASINH", refAsinh},
    {DML_OPERATOR_ELEMENT_WISE_ACOSH, "ACOSH", refAcosh}, {DML_OPERATOR_ELEMENT_WISE_ATANH, "ATANH", refAtanh},
    {DML_OPERATOR_ELEMENT_WISE_ERF, "ERF", refErf},
};

uint64_t bound(Type t) { return t == F32 ? 4 : 1; }

// The values the device may have computed from x with the ScaleBias: the fused x * Scale + Bias and its neighbours
// (LINEAR's 1 ULP), or x itself.
std::vector<double> scaled(double x, const Params& p) {
    if (!p.scaleBias || (p.sb.Scale == 1.0f && p.sb.Bias == 0.0f)) return {x};
    const float g = float_from_double(ref_linear(x, p.sb.Scale, p.sb.Bias));
    return {g, std::nextafter(g, -INFINITY), std::nextafter(g, INFINITY)};
}

// Unary float operators: every value the input may be read as (rule (b)), every ScaleBias result, then f.
FamilyAccept unaryAccept(std::function<double(double)> f, Type t, const Params& p) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        for (double x : readAs(t, floatValue(t, in[0])))
            for (double g : scaled(x, p)) {
                const double exact = f(g);
                if (floatResultOk(t, got, exact, bound(t))) return true;
                if (expected.empty()) expected = formatValue(t, floatBits(t, exact));
            }
        return false;
    };
}

// C's pow in double: the reference for every float POW (double pow has the same special cases).
double refPow(double x, double y) { return std::pow(x, y); }

FamilyCase unaryCase(DML_OPERATOR_TYPE op, Type t, const std::vector<uint32_t>& sizes, const Params& p,
                     const std::vector<uint32_t>& inStrides = {}) {
    FamilyCase c;
    c.op = op;
    c.inputs.push_back(tensorOf(t, sizes, inStrides));
    c.output = tensorOf(t, sizes);
    c.build = builder(p);
    return c;
}

FamilyCase binaryCase(DML_OPERATOR_TYPE op, Type a, Type b, const std::vector<uint32_t>& sizes, const Params& p,
                      const std::vector<uint32_t>& aStrides = {}, const std::vector<uint32_t>& bStrides = {}) {
    FamilyCase c;
    c.op = op;
    c.inputs.push_back(tensorOf(a, sizes, aStrides));
    c.inputs.push_back(tensorOf(b, sizes, bStrides));
    c.output = tensorOf(a, sizes);
    c.build = builder(p);
    return c;
}

// FLOAT32 inputs that stress the argument reductions: huge and tiny magnitudes, near multiples of pi/2, the
// domain edges of the inverse functions, the overflow thresholds of sinh/cosh.
std::vector<uint64_t> hardFloat32Inputs() {
    std::vector<uint64_t> v;
    const float base[] = {3.4028235e38f, 1e38f, 1.6263032e38f, 8.5474404e30f, 1e20f, 2.1545469e26f, 16777216.0f,
                          804211840.0f, 1e5f, 102940.40625f, 13176794.0f, 1.5707964f, 3.1415927f, 4.712389f,
                          6.2831855f, 0.78539819f, 0.5f, 0.9999999f, 1.0f, 1.0000001f, 0.4375f, 0.6875f, 2.5f,
                          4.0f, 20.0f, 88.72f, 89.41f, 89.42f, 4096.0f, 0x1p-12f, 0x1p-26f, 1e-30f, 3.0f, 9.0f};
    for (float b : base)
        for (float s : {1.0f, -1.0f})
            for (int d = -2; d <= 2; ++d) {
                uint32_t u;
                const float x = s * b;
                std::memcpy(&u, &x, 4);
                v.push_back(u + uint32_t(d));
            }
    return v;
}

// Every FLOAT16 value; or the FLOAT32 specials, the hard inputs, the 2^20-pattern sweep, 8192 random values.
void dense(TestDevice& device, const UnaryOp& u, Type t, const Params& p) {
    std::mt19937_64 rng(0x6d617468u + u.op);
    std::vector<uint64_t> prefix = specialValues(t);
    uint32_t count = 8192 / denseStride();
    if (t == F16) {
        prefix.clear();
        for (uint32_t h = 0; h < 65536; h += denseStride()) prefix.push_back(h);
        count = static_cast<uint32_t>(prefix.size());
    } else {
        for (uint64_t h : hardFloat32Inputs()) prefix.push_back(h);
        for (uint64_t s : float32Sweep()) prefix.push_back(s);
        count += static_cast<uint32_t>(prefix.size());
    }
    FamilyCase c = unaryCase(u.op, t, {count}, p);
    runMeasured(device, c, rng, std::string(u.name) + " " + typeName(t) + (p.scaleBias ? " with ScaleBias" : ""),
                unaryAccept(u.ref, t, p), {prefix});
}

// Float POW: both inputs read as rule (b) allows, the base scaled.
FamilyAccept powAccept(Type base, Type exponent, const Params& p) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        std::vector<double> ys;
        if (isFloatType(exponent))
            ys = readAs(exponent, floatValue(exponent, in[1]));
        else
            ys = {isSignedType(exponent) ? double(signedValue(exponent, in[1])) : double(in[1] & typeMask(exponent))};
        for (double x : readAs(base, floatValue(base, in[0])))
            for (double g : scaled(x, p))
                for (double y : ys) {
                    const double exact = refPow(g, y);
                    if (floatResultOk(base, got, exact, bound(base))) return true;
                    if (expected.empty()) expected = formatValue(base, floatBits(base, exact));
                }
        return false;
    };
}

// Integer POW: exact with wrapping; negative exponents give the truncated 1 / b^-n (b = 0: every bit set).
int64_t intPow(int64_t b, int64_t n, Type t) {
    if (n < 0) {
        if (b == 0) return -1;
        if (b == 1) return 1;
        if (b == -1) return (n & 1) ? -1 : 1;
        return 0;
    }
    uint64_t r = 1, q = uint64_t(b);
    for (uint64_t k = uint64_t(n); k; k >>= 1) {
        if (k & 1) r *= q;
        q *= q;
    }
    (void)t;
    return int64_t(r);
}

FamilyAccept intPowAccept(Type base, Type exponent) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        const int64_t b = isSignedType(base) ? signedValue(base, in[0]) : int64_t(in[0] & typeMask(base));
        const int64_t n = isSignedType(exponent) ? signedValue(exponent, in[1]) : int64_t(in[1] & typeMask(exponent));
        const uint64_t want = uint64_t(intPow(b, n, base)) & typeMask(base);
        expected = formatValue(base, want);
        return (got & typeMask(base)) == want;
    };
}

// Integer base, float exponent: pow in FLOAT32 of the base (rounded to FLOAT32), then CAST's conversion (truncated,
// saturated, NaN -> 0).
FamilyAccept intFloatPowAccept(Type base, Type exponent) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        const int64_t b = isSignedType(base) ? signedValue(base, in[0]) : int64_t(in[0] & typeMask(base));
        const double bits = double(bitWidth(base));
        const double lo = isSignedType(base) ? -std::ldexp(1.0, int(bits) - 1) : 0.0;
        const double hi = isSignedType(base) ? std::ldexp(1.0, int(bits) - 1) - 1 : std::ldexp(1.0, int(bits)) - 1;
        for (double y : readAs(exponent, floatValue(exponent, in[1]))) {
            const double exact = refPow(double(float(b)), y);
            // the FLOAT32 result within 4 ULP, then truncated: accept the truncations of its neighbours
            const float f = float_from_double(exact);
            for (float v : {f, std::nextafter(f, -INFINITY), std::nextafter(f, INFINITY)}) {
                const double want = std::isnan(v) ? 0.0 : std::min(std::max(std::trunc(double(v)), lo), hi);
                const uint64_t w = uint64_t(int64_t(want)) & typeMask(base);
                if ((got & typeMask(base)) == w) return true;
                if (expected.empty()) expected = formatValue(base, w);
            }
        }
        return false;
    };
}

FamilyAccept atan2Accept(Type t) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        for (double y : readAs(t, floatValue(t, in[0])))
            for (double x : readAs(t, floatValue(t, in[1]))) {
                const double exact = std::atan2(y, x);
                if (floatResultOk(t, got, exact, bound(t))) return true;
                if (expected.empty()) expected = formatValue(t, floatBits(t, exact));
            }
        return false;
    };
}

// Values for float POW exponents: small integers (negative bases), halves, specials, random.
uint64_t powExponent(Type t, std::mt19937_64& rng) {
    const double picks[] = {0, -0.0, 1, -1, 2, 3, -3, 0.5, -0.5, 2.5, 10, -10, 127, 1e10, -1e10, 31, 0.1};
    if (rng() % 3 == 0) return randomValue(t, rng);
    return floatBits(t, picks[rng() % std::size(picks)]);
}
uint64_t powBase(Type t, std::mt19937_64& rng) {
    if (rng() % 2 == 0) return randomValue(t, rng);
    std::uniform_real_distribution<double> d(-4.0, 4.0);
    return floatBits(t, d(rng));
}

}  // namespace

TEST_CASE("math: SIN COS TAN ASIN ACOS ATAN SINH COSH TANH ASINH ACOSH ATANH ERF, FLOAT32 and every FLOAT16") {
    TestDevice device;
    for (const UnaryOp& u : kUnary)
        for (Type t : {F32, F16}) {
            dense(device, u, t, Params{});
            // The ScaleBias is lowered the same way for every operator (one LINEAR before the function): FLOAT32
            // for a few with domain edges, FLOAT16 for SIN (each kernel compiled costs test time).
            const bool sbOp = u.op == DML_OPERATOR_ELEMENT_WISE_SIN || u.op == DML_OPERATOR_ELEMENT_WISE_ACOSH ||
                              u.op == DML_OPERATOR_ELEMENT_WISE_ATANH || u.op == DML_OPERATOR_ELEMENT_WISE_ERF;
            if (!sbOp || (t == F16 && u.op != DML_OPERATOR_ELEMENT_WISE_SIN)) continue;
            Params sb;
            sb.scaleBias = true;
            sb.sb = {1.75f, -0.25f};
            dense(device, u, t, sb);
        }
}

TEST_CASE("math: CONSTANT_POW with integer, fractional, negative and special exponents") {
    TestDevice device;
    for (float e : {3.0f, -1.0f, 0.5f, -2.5f, 0.0f, NAN}) {
        for (Type t : {F32, F16}) {
            Params p;
            p.exponent = e;
            std::mt19937_64 rng(0xc0ffeeu);
            std::vector<uint64_t> prefix = specialValues(t);
            uint32_t count = 2048;
            if (t == F16) {
                prefix.clear();
                for (uint32_t h = 0; h < 65536; h += 4 * denseStride()) prefix.push_back(h);
                count = static_cast<uint32_t>(prefix.size());
            }
            for (bool withScaleBias : {false, true}) {
                if (withScaleBias && e != 3.0f) continue;
                p.scaleBias = withScaleBias;
                p.sb = {-1.5f, 0.25f};
                FamilyCase c = unaryCase(DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, t, {count}, p);
                const float ex = e;
                runChecked(device, c, rng,
                           "CONSTANT_POW " + std::string(typeName(t)) + " Exponent " + std::to_string(e) +
                               (withScaleBias ? " with ScaleBias" : ""),
                           unaryAccept([ex](double x) { return refPow(x, ex); }, t, p), {prefix});
            }
        }
    }
}

TEST_CASE("math: POW on float pairs (all special pairs, random bases and exponents), with ScaleBias") {
    TestDevice device;
    for (Type t : {F32, F16}) {
        std::mt19937_64 rng(0x90u);
        std::vector<uint64_t> a, b;
        specialPairs(t, a, b);
        for (bool withScaleBias : {false, true}) {
            Params p;
            p.scaleBias = withScaleBias;
            p.sb = {0.5f, -1.0f};
            FamilyCase c = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, t, t, {uint32_t(a.size()) + 4096}, p);
            runMeasured(device, c, rng, std::string("POW ") + typeName(t) + (withScaleBias ? " with ScaleBias" : ""),
                        powAccept(t, t, p), {a, b}, {[t](std::mt19937_64& r) { return powBase(t, r); },
                                                     [t](std::mt19937_64& r) { return powExponent(t, r); }});
        }
    }
    // FLOAT16 base with a FLOAT32 exponent and the reverse (FL 3_0: the exponent's type is its own)
    std::mt19937_64 rng(0x91u);
    for (const auto& types : {std::pair<Type, Type>{F16, F32}, std::pair<Type, Type>{F32, F16}}) {
        FamilyCase c = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, types.first, types.second, {2048}, Params{});
        runChecked(device, c, rng, std::string("POW ") + typeName(types.first) + " ^ " + typeName(types.second),
                   powAccept(types.first, types.second, Params{}), {},
                   {[t = types.first](std::mt19937_64& r) { return powBase(t, r); },
                    [t = types.second](std::mt19937_64& r) { return powExponent(t, r); }});
    }
}

TEST_CASE("math: POW with integer tensors: exact and wrapping, negative exponents, mixed with floats") {
    TestDevice device;
    std::mt19937_64 rng(0x92u);
    auto smallInt = [](Type t) {
        return [t](std::mt19937_64& r) -> uint64_t {
            const int64_t v = int64_t(r() % 13) - (isSignedType(t) ? 6 : 0);
            return uint64_t(v) & typeMask(t);
        };
    };
    auto smallExponent = [](Type t) {
        return [t](std::mt19937_64& r) -> uint64_t {
            const int64_t v = int64_t(r() % 40) - (isSignedType(t) ? 4 : 0);
            return uint64_t(v) & typeMask(t);
        };
    };
    // Base and exponent types: every integer type on each side, in six pairings (each pairing is a kernel).
    for (const auto& types : {std::pair<Type, Type>{I32, I32}, std::pair<Type, Type>{I8, U32},
                              std::pair<Type, Type>{U16, I8}, std::pair<Type, Type>{U8, U8},
                              std::pair<Type, Type>{I16, U16}, std::pair<Type, Type>{U32, I16}}) {
        const Type base = types.first, exponent = types.second;
        FamilyCase c = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, base, exponent, {1500}, Params{});
        std::vector<uint64_t> a = specialValues(base), b;
        for (size_t i = 0; i < a.size(); ++i) b.push_back(uint64_t(int64_t(i % 5) - (isSignedType(exponent) ? 2 : 0)) & typeMask(exponent));
        runChecked(device, c, rng, std::string("POW ") + typeName(base) + " ^ " + typeName(exponent),
                   intPowAccept(base, exponent), {a, b},
                   {rng() % 2 ? ValueGen(smallInt(base)) : ValueGen{}, ValueGen(smallExponent(exponent))});
    }
    // Float base, integer exponent: parity from the integer (pow(-1.0000001, 2^24 + 1) < 0).
    for (const auto& types : {std::pair<Type, Type>{F32, I32}, std::pair<Type, Type>{F16, U16},
                              std::pair<Type, Type>{F32, I8}}) {
        const Type base = types.first, exponent = types.second;
        FamilyCase c = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, base, exponent, {2048}, Params{});
        std::vector<uint64_t> a, b;
        if (base == F32 && exponent == I32) {
            a = {floatBits(F32, -1.0000001), floatBits(F32, -1.0), floatBits(F32, -0.0), floatBits(F32, -INFINITY)};
            b = {16777217u, 16777217u, uint64_t(uint32_t(-3)), 3u};
        }
        runChecked(device, c, rng, std::string("POW ") + typeName(base) + " ^ " + typeName(exponent),
                   powAccept(base, exponent, Params{}), {a, b},
                   {[base](std::mt19937_64& r) { return powBase(base, r); }, smallExponent(exponent)});
    }
    // Integer base, float exponent: computed in FLOAT32, converted like CAST.
    for (const auto& types : {std::pair<Type, Type>{I32, F32}, std::pair<Type, Type>{U8, F16},
                              std::pair<Type, Type>{I16, F32}}) {
        const Type base = types.first, exponent = types.second;
        FamilyCase c = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, base, exponent, {1024}, Params{});
        runChecked(device, c, rng, std::string("POW ") + typeName(base) + " ^ " + typeName(exponent),
                   intFloatPowAccept(base, exponent), {},
                   {smallInt(base), [exponent](std::mt19937_64& r) { return powExponent(exponent, r); }});
    }
}

TEST_CASE("math: ATAN_YX on every special pair and random pairs (C's atan2 at the origin and infinities)") {
    TestDevice device;
    for (Type t : {F32, F16}) {
        std::mt19937_64 rng(0x93u);
        std::vector<uint64_t> a, b;
        specialPairs(t, a, b);
        FamilyCase c = binaryCase(DML_OPERATOR_ELEMENT_WISE_ATAN_YX, t, t, {uint32_t(a.size()) + 8192}, Params{});
        runMeasured(device, c, rng, std::string("ATAN_YX ") + typeName(t), atan2Accept(t), {a, b});
    }
}

TEST_CASE("math: layouts (broadcast, permuted, padded, ranks 1-8) and in place") {
    TestDevice device;
    std::mt19937_64 rng(11);
    const std::vector<uint32_t> sizes{3, 5, 8};
    for (Type t : {F32, F16}) {
        for (const auto& strides : {std::vector<uint32_t>{0, 8, 1}, permutedStrides(sizes, {2, 1, 0}),
                                    paddedStrides(sizes, 3), std::vector<uint32_t>{0, 0, 0}}) {
            // FLOAT16 (the same walks with half loads and stores): the row broadcast only; every layout is a
            // kernel of its own, and these functions are costly to compile.
            if (t == F16 && strides[0] != 0) continue;
            if (t == F16 && strides[1] == 0) continue;
            FamilyCase c = unaryCase(DML_OPERATOR_ELEMENT_WISE_SIN, t, sizes, Params{}, strides);
            runChecked(device, c, rng, std::string("SIN layout ") + typeName(t), unaryAccept(refSin, t, Params{}));
            if (strides[2] == 1 && strides[0] != 0) continue;  // POW and ATAN_YX: the broadcasts
            FamilyCase pw = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, t, t, sizes, Params{}, paddedStrides(sizes, 1), strides);
            runChecked(device, pw, rng, std::string("POW layout ") + typeName(t), powAccept(t, t, Params{}), {},
                       {[t](std::mt19937_64& r) { return powBase(t, r); },
                        [t](std::mt19937_64& r) { return powExponent(t, r); }});
            FamilyCase at = binaryCase(DML_OPERATOR_ELEMENT_WISE_ATAN_YX, t, t, sizes, Params{}, strides,
                                       permutedStrides(sizes, {1, 2, 0}));
            runChecked(device, at, rng, std::string("ATAN_YX layout ") + typeName(t), atan2Accept(t));
        }
        for (DML_OPERATOR_TYPE op : {DML_OPERATOR_ELEMENT_WISE_TAN, DML_OPERATOR_ELEMENT_WISE_ACOSH}) {
            FamilyCase inPlace = unaryCase(op, t, {4099}, Params{});
            inPlace.inPlaceInput = 0;
            runChecked(device, inPlace, rng, std::string("in place ") + typeName(t),
                       unaryAccept(op == DML_OPERATOR_ELEMENT_WISE_TAN ? refTan : refAcosh, t, Params{}));
        }
        for (int k = 0; k < 2; ++k) {
            FamilyCase inPlace = binaryCase(k == 0 ? DML_OPERATOR_ELEMENT_WISE_POW : DML_OPERATOR_ELEMENT_WISE_ATAN_YX,
                                            t, t, {1023}, Params{});
            inPlace.inPlaceInput = k;
            runChecked(device, inPlace, rng, std::string("binary in place ") + typeName(t),
                       k == 0 ? powAccept(t, t, Params{}) : atan2Accept(t));
        }
    }
    for (uint32_t rank = 1; rank <= 8; ++rank) {
        std::vector<uint32_t> s(rank);
        for (auto& v : s) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 5));
        std::string name = "rank " + std::to_string(rank) + " input ";
        auto in = randomStrides(s, rng, true, name);
        FamilyCase c = unaryCase(DML_OPERATOR_ELEMENT_WISE_ATANH, F32, s, Params{}, in);
        runChecked(device, c, rng, "ATANH " + name, unaryAccept(refAtanh, F32, Params{}));
    }
}

TEST_CASE("math: validation of the new descs and the feature-level gates") {
    TestDevice device;
    const std::vector<uint32_t> s{2, 3, 4};
    // Integer tensors for the float functions and ATAN_YX; POW's Output type must be the Input's.
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_SIN, I32, s, Params{})) == E_INVALIDARG);
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, I32, s, Params{})) == E_INVALIDARG);
    CHECK(tryCreate(device, binaryCase(DML_OPERATOR_ELEMENT_WISE_ATAN_YX, I32, I32, s, Params{})) == E_INVALIDARG);
    FamilyCase powOut = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, F32, F32, s, Params{});
    powOut.output.type = F16;
    CHECK(tryCreate(device, powOut) == E_INVALIDARG);
    CHECK(device.lastError().find("OutputTensor.DataType") != std::string::npos);
    FamilyCase powSizes = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, F32, F32, s, Params{});
    powSizes.inputs[1].spec.sizes = {2, 3, 5};
    CHECK(tryCreate(device, powSizes) == E_INVALIDARG);
    CHECK(device.lastError().find("ExponentTensor.Sizes") != std::string::npos);
    FamilyCase powNull = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, F32, F32, s, Params{});
    powNull.build = [](VkdmlDevice d, DML_OPERATOR_TYPE, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        DML_ELEMENT_WISE_POW_OPERATOR_DESC pow{t[0], nullptr, t[2], nullptr};
        DML_OPERATOR_DESC desc{DML_OPERATOR_ELEMENT_WISE_POW, &pow};
        return vkdmlCreateOperator(d, &desc, op);
    };
    CHECK(tryCreate(device, powNull) == E_INVALIDARG);
    CHECK(device.lastError().find("ExponentTensor") != std::string::npos);
    FamilyCase powF64 = binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, F32, DML_TENSOR_DATA_TYPE_FLOAT64, s, Params{});
    CHECK(tryCreate(device, powF64) == E_INVALIDARG);
    // Every field accepted: NULL and non-NULL ScaleBias, any Exponent, mixed POW types.
    Params sb;
    sb.scaleBias = true;
    sb.exponent = NAN;
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, F16, s, sb)) == S_OK);
    CHECK(tryCreate(device, binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, I8, U32, s, Params{})) == S_OK);
    CHECK(tryCreate(device, binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, F16, I16, s, sb)) == S_OK);
    CHECK(tryCreate(device, binaryCase(DML_OPERATOR_ELEMENT_WISE_ATAN_YX, F16, F16, s, Params{})) == S_OK);

    const std::vector<uint32_t> four{1, 2, 3, 4};
    {
        TestDevice fl10(DML_FEATURE_LEVEL_1_0);
        CHECK(tryCreate(fl10, unaryCase(DML_OPERATOR_ELEMENT_WISE_SIN, F32, four, Params{})) == S_OK);
        CHECK(tryCreate(fl10, unaryCase(DML_OPERATOR_ELEMENT_WISE_SIN, F32, s, Params{})) == E_INVALIDARG);  // 3-D
        CHECK(tryCreate(fl10, unaryCase(DML_OPERATOR_ELEMENT_WISE_SINH, F32, four, Params{})) == E_INVALIDARG);  // 2_0
        CHECK(tryCreate(fl10, unaryCase(DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, F32, four, Params{})) == S_OK);
        CHECK(tryCreate(fl10, binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, F32, F32, four, Params{})) == S_OK);
        // below 3_0: no integers, the exponent's type is the input's
        CHECK(tryCreate(fl10, binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, I32, I32, four, Params{})) == E_INVALIDARG);
        CHECK(tryCreate(fl10, binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, F32, F16, four, Params{})) == E_INVALIDARG);
        CHECK(fl10.lastError().find("ExponentTensor.DataType") != std::string::npos);
    }
    {
        TestDevice fl20(DML_FEATURE_LEVEL_2_0);
        for (DML_OPERATOR_TYPE op : {DML_OPERATOR_ELEMENT_WISE_SINH, DML_OPERATOR_ELEMENT_WISE_COSH,
                                     DML_OPERATOR_ELEMENT_WISE_TANH, DML_OPERATOR_ELEMENT_WISE_ASINH,
                                     DML_OPERATOR_ELEMENT_WISE_ACOSH, DML_OPERATOR_ELEMENT_WISE_ATANH,
                                     DML_OPERATOR_ELEMENT_WISE_ERF})
            CHECK(tryCreate(fl20, unaryCase(op, F16, four, Params{})) == S_OK);
    }
    {
        TestDevice fl30(DML_FEATURE_LEVEL_3_0);
        CHECK(tryCreate(fl30, binaryCase(DML_OPERATOR_ELEMENT_WISE_ATAN_YX, F32, F32, s, Params{})) == E_INVALIDARG);
        CHECK(tryCreate(fl30, binaryCase(DML_OPERATOR_ELEMENT_WISE_POW, I32, F32, s, Params{})) == S_OK);
        CHECK(tryCreate(fl30, unaryCase(DML_OPERATOR_ELEMENT_WISE_ASIN, F32, {7}, Params{})) == S_OK);  // 1-D from 3_0
    }
    {
        TestDevice fl31(DML_FEATURE_LEVEL_3_1);
        CHECK(tryCreate(fl31, binaryCase(DML_OPERATOR_ELEMENT_WISE_ATAN_YX, F32, F32, s, Params{})) == S_OK);
    }
}
