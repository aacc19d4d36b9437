// The unary element-wise operators beyond the activations, end to end against a double-precision or exact reference:
// ABS, NEGATE, SIGN, CEIL, FLOOR, RECIP, SQRT, EXP, LOG (with and without DML_SCALE_BIAS), ROUND (every
// DML_ROUNDING_MODE), IS_NAN, IS_INFINITY (every DML_IS_INFINITY_MODE), THRESHOLD and CLIP (floats and integers,
// Min/Max converted to integer tensors by truncation and saturation), on every FLOAT16 value and on FLOAT32
// specials plus random values; layouts (broadcast, permuted) and in place; invalid enums.
//
// Bounds: ABS NEGATE SIGN CEIL FLOOR ROUND exact; RECIP and SQRT correctly rounded (0 ULP); EXP and LOG 4 ULP on
// FLOAT32 and 1 ULP on FLOAT16 (computed in FLOAT32). A ScaleBias is applied first as x * Scale + Bias in FLOAT32
// within LINEAR's 1 ULP of the fused value (reference.h's ref_linear), then the function, within its bound. MAX-style rules (THRESHOLD, CLIP): a NaN
// input gives the bound (D3D's MIN/MAX rule), CLIP with Min > Max gives Max.
#include <cstdio>
#include <cmath>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference.h"

using namespace vkdml::test;

namespace {

using namespace data_type_names;

struct Params {
    bool scaleBias = false;
    DML_SCALE_BIAS sb{1.0f, 0.0f};
    float min = 0.0f, max = 0.0f;
    uint32_t mode = 0;
};

// Fills the operator's own desc struct (the USB ones share ABS's layout).
FamilyDescBuilder builder(const Params& p) {
    return [p](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        const DML_SCALE_BIAS* sb = p.scaleBias ? &p.sb : nullptr;
        DML_ELEMENT_WISE_ABS_OPERATOR_DESC usb{t[0], t[1], sb};
        DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC u2{t[0], t[1]};
        DML_ELEMENT_WISE_ROUND_OPERATOR_DESC round{t[0], t[1], static_cast<DML_ROUNDING_MODE>(p.mode)};
        DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC inf{t[0], t[1], static_cast<DML_IS_INFINITY_MODE>(p.mode)};
        DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC threshold{t[0], t[1], sb, p.min};
        DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip{t[0], t[1], sb, p.min, p.max};
        const void* desc = &usb;
        switch (type) {
            case DML_OPERATOR_ELEMENT_WISE_NEGATE:
            case DML_OPERATOR_ELEMENT_WISE_SIGN:
            case DML_OPERATOR_ELEMENT_WISE_IS_NAN: desc = &u2; break;
            case DML_OPERATOR_ELEMENT_WISE_ROUND: desc = &round; break;
            case DML_OPERATOR_ELEMENT_WISE_IS_INFINITY: desc = &inf; break;
            case DML_OPERATOR_ELEMENT_WISE_THRESHOLD: desc = &threshold; break;
            case DML_OPERATOR_ELEMENT_WISE_CLIP: desc = &clip; break;
            default: break;
        }
        DML_OPERATOR_DESC opDesc{type, desc};
        return vkdmlCreateOperator(device, &opDesc, op);
    };
}

double dmax(double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : (a == b ? (std::signbit(a) ? b : a) : std::max(a, b)); }
double dmin(double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : (a == b ? (std::signbit(a) ? a : b) : std::min(a, b)); }

// The float function after the ScaleBias (g already applied).
double refFloat(DML_OPERATOR_TYPE op, double g, const Params& p) {
    switch (op) {
        case DML_OPERATOR_ELEMENT_WISE_ABS: return std::fabs(g);
        case DML_OPERATOR_ELEMENT_WISE_NEGATE: return -g;
        case DML_OPERATOR_ELEMENT_WISE_SIGN: return g > 0 ? 1.0 : g < 0 ? -1.0 : 0.0;
        case DML_OPERATOR_ELEMENT_WISE_CEIL: return std::ceil(g);
        case DML_OPERATOR_ELEMENT_WISE_FLOOR: return std::floor(g);
        case DML_OPERATOR_ELEMENT_WISE_RECIP: return 1.0 / g;
        case DML_OPERATOR_ELEMENT_WISE_SQRT: return std::sqrt(g);
        case DML_OPERATOR_ELEMENT_WISE_EXP: return std::exp(g);
        case DML_OPERATOR_ELEMENT_WISE_LOG: return std::log(g);
        case DML_OPERATOR_ELEMENT_WISE_ROUND:
            if (p.mode == 0) return std::nearbyint(g);  // the default rounding mode: ties to even
            if (p.mode == 1) return std::trunc(g);
            return std::round(g);  // ties away from zero
        case DML_OPERATOR_ELEMENT_WISE_THRESHOLD: return dmax(g, p.min);
        case DML_OPERATOR_ELEMENT_WISE_CLIP: return dmin(dmax(g, p.min), p.max);
        default: return NAN;
    }
}

uint64_t bound(DML_OPERATOR_TYPE op, Type t) {
    const bool transcendental = op == DML_OPERATOR_ELEMENT_WISE_EXP || op == DML_OPERATOR_ELEMENT_WISE_LOG;
    return transcendental ? (t == F32 ? 4 : 1) : 0;
}

// Float tensors: the ScaleBias as the device computes it (one rounding to FLOAT32), then the function.
FamilyAccept floatAccept(DML_OPERATOR_TYPE op, Type t, const Params& p) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        for (double x : readAs(t, floatValue(t, in[0]))) {
            std::vector<double> gs{x};
            if (p.scaleBias && !(p.sb.Scale == 1.0f && p.sb.Bias == 0.0f)) {
                // LINEAR's bound: the fused x * Scale + Bias within 1 ULP (docs/ARCHITECTURE.md, "Numerics").
                const float g = float_from_double(ref_linear(x, p.sb.Scale, p.sb.Bias));
                gs = {g, std::nextafter(g, -INFINITY), std::nextafter(g, INFINITY)};
            }
            for (double g : gs) {
                const double exact = refFloat(op, g, p);
                if (floatResultOk(t, got, exact, bound(op, t))) return true;
                if (expected.empty()) expected = formatValue(t, floatBits(t, exact));
            }
        }
        return false;
    };
}

int64_t saturateTrunc(float v, Type t) {
    const uint32_t bits = bitWidth(t);
    const double lo = isSignedType(t) ? -std::ldexp(1.0, int(bits) - 1) : 0.0;
    const double hi = isSignedType(t) ? std::ldexp(1.0, int(bits) - 1) - 1 : std::ldexp(1.0, int(bits)) - 1;
    return std::isnan(v) ? 0 : int64_t(std::min(std::max(std::trunc(double(v)), lo), hi));
}

FamilyAccept intAccept(DML_OPERATOR_TYPE op, Type t, const Params& p) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        const int64_t x = isSignedType(t) ? signedValue(t, in[0]) : int64_t(in[0] & typeMask(t));
        int64_t want = 0;
        switch (op) {
            // Negated in unsigned arithmetic: the two's-complement wrap of INT64_MIN is the expected value.
            case DML_OPERATOR_ELEMENT_WISE_ABS: want = x < 0 ? int64_t(0 - uint64_t(x)) : x; break;
            case DML_OPERATOR_ELEMENT_WISE_NEGATE: want = int64_t(0 - uint64_t(x)); break;
            case DML_OPERATOR_ELEMENT_WISE_SIGN: want = x > 0 ? 1 : x < 0 ? -1 : 0; break;
            case DML_OPERATOR_ELEMENT_WISE_THRESHOLD: want = std::max(x, saturateTrunc(p.min, t)); break;
            case DML_OPERATOR_ELEMENT_WISE_CLIP:
                want = std::min(std::max(x, saturateTrunc(p.min, t)), saturateTrunc(p.max, t));
                break;
            default: break;
        }
        const uint64_t bits = uint64_t(want) & typeMask(t);
        expected = formatValue(t, bits);
        return (got & typeMask(t)) == bits;
    };
}

FamilyCase unaryCase(DML_OPERATOR_TYPE op, Type in, Type out, const std::vector<uint32_t>& sizes, const Params& p,
                     const std::vector<uint32_t>& inStrides = {}) {
    FamilyCase c;
    c.op = op;
    c.inputs.push_back(tensorOf(in, sizes, inStrides));
    c.output = tensorOf(out, sizes);
    c.build = builder(p);
    return c;
}

// Every FLOAT16 value, or FLOAT32 specials, the 2^20-pattern sweep, then random values; integers: specials then
// random values.
void dense(TestDevice& device, DML_OPERATOR_TYPE op, const char* name, Type t, const Params& p, Type out = F32,
           FamilyAccept accept = {}) {
    std::mt19937_64 rng(0x5eed0000u + op);
    std::vector<uint64_t> prefix = specialValues(t);
    uint32_t count = 8192 / denseStride();
    if (t == F16) {
        prefix.clear();
        for (uint32_t h = 0; h < 65536; h += denseStride()) prefix.push_back(h);
        count = static_cast<uint32_t>(prefix.size());
    } else if (t == F32) {
        for (uint64_t s : float32Sweep()) prefix.push_back(s);
        count += static_cast<uint32_t>(prefix.size());
    }
    FamilyCase c = unaryCase(op, t, accept ? out : t, {count}, p);
    if (!accept) accept = isFloatType(t) ? floatAccept(op, t, p) : intAccept(op, t, p);
    char scaleBias[64] = "";
    if (p.scaleBias) std::snprintf(scaleBias, sizeof(scaleBias), " with ScaleBias {%g, %g}", p.sb.Scale, p.sb.Bias);
    runMeasured(device, c, rng, std::string(name) + " " + typeName(t) + scaleBias, accept, {prefix});
}

const struct {
    DML_OPERATOR_TYPE op;
    const char* name;
} kFloatMath[] = {
    {DML_OPERATOR_ELEMENT_WISE_ABS, "ABS"},     {DML_OPERATOR_ELEMENT_WISE_CEIL, "CEIL"},
    {DML_OPERATOR_ELEMENT_WISE_FLOOR, "FLOOR"}, {DML_OPERATOR_ELEMENT_WISE_RECIP, "RECIP"},
    {DML_OPERATOR_ELEMENT_WISE_SQRT, "SQRT"},   {DML_OPERATOR_ELEMENT_WISE_EXP, "EXP"},
    {DML_OPERATOR_ELEMENT_WISE_LOG, "LOG"},
};

}  // namespace

TEST_CASE("unary: ABS CEIL FLOOR RECIP SQRT EXP LOG on FLOAT32 and FLOAT16, with and without ScaleBias (three forms)") {
    TestDevice device;
    for (const auto& f : kFloatMath)
        for (Type t : {F32, F16}) {
            dense(device, f.op, f.name, t, Params{});
            Params sb;
            sb.scaleBias = true;
            sb.sb = {0.75f, -0.5f};
            dense(device, f.op, f.name, t, sb);
            // A scale alone and a bias alone take their own cheap forms (general_lowering.cpp applyScaleBias).
            if (f.op != DML_OPERATOR_ELEMENT_WISE_EXP && f.op != DML_OPERATOR_ELEMENT_WISE_LOG &&
                f.op != DML_OPERATOR_ELEMENT_WISE_SQRT)
                continue;
            for (DML_SCALE_BIAS form : {DML_SCALE_BIAS{-0.5f, 0.0f}, DML_SCALE_BIAS{1.0f, 8.0f}}) {
                sb.sb = form;
                dense(device, f.op, f.name, t, sb);
            }
        }
}

TEST_CASE("unary: ABS NEGATE SIGN on floats and signed integers (wrapping at the minimum)") {
    TestDevice device;
    for (Type t : {F32, F16, I32, I16, I8, I64}) {
        dense(device, DML_OPERATOR_ELEMENT_WISE_ABS, "ABS", t, Params{});
        dense(device, DML_OPERATOR_ELEMENT_WISE_NEGATE, "NEGATE", t, Params{});
        dense(device, DML_OPERATOR_ELEMENT_WISE_SIGN, "SIGN", t, Params{});
    }
    for (Type t : {U8, U16, U32}) dense(device, DML_OPERATOR_ELEMENT_WISE_SIGN, "SIGN", t, Params{});
}

TEST_CASE("unary: ROUND in every DML_ROUNDING_MODE") {
    TestDevice device;
    for (uint32_t mode = 0; mode < 3; ++mode)
        for (Type t : {F32, F16}) {
            Params p;
            p.mode = mode;
            dense(device, DML_OPERATOR_ELEMENT_WISE_ROUND, mode == 0 ? "ROUND even" : mode == 1 ? "ROUND zero" : "ROUND away",
                  t, p);
        }
}

TEST_CASE("unary: IS_NAN (UINT8 and UINT32 outputs) and IS_INFINITY in every DML_IS_INFINITY_MODE") {
    TestDevice device;
    for (Type t : {F32, F16}) {
        for (Type out : {U8, U32})
            dense(device, DML_OPERATOR_ELEMENT_WISE_IS_NAN, "IS_NAN", t, Params{}, out,
                  [t, out](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
                      const uint64_t want = std::isnan(floatValue(t, in[0])) ? 1 : 0;
                      expected = formatValue(out, want);
                      return got == want;
                  });
        for (uint32_t mode = 0; mode < 3; ++mode) {
            Params p;
            p.mode = mode;
            dense(device, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, "IS_INFINITY", t, p, U8,
                  [t, mode](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
                      const double x = floatValue(t, in[0]);
                      const bool inf = std::isinf(x) && (mode == 0 || (mode == 1) == (x > 0));
                      expected = inf ? "1" : "0";
                      return got == (inf ? 1u : 0u);
                  });
        }
    }
}

TEST_CASE("unary: THRESHOLD and CLIP on floats and integers (NaN inputs, Min > Max, bounds past the type)") {
    TestDevice device;
    struct Bounds {
        float min, max;
    };
    for (const Bounds b : {Bounds{-1.5f, 2.5f}, Bounds{3.0f, -3.0f}, Bounds{-1e10f, 1e10f}, Bounds{NAN, 0.5f}})
        for (Type t : {F32, F16, I32, I16, I8, U32, U16, U8}) {
            Params p;
            p.min = b.min;
            p.max = b.max;
            dense(device, DML_OPERATOR_ELEMENT_WISE_THRESHOLD, "THRESHOLD", t, p);
            dense(device, DML_OPERATOR_ELEMENT_WISE_CLIP, "CLIP", t, p);
            if (isFloatType(t)) {
                p.scaleBias = true;
                p.sb = {2.0f, 1.0f};
                dense(device, DML_OPERATOR_ELEMENT_WISE_CLIP, "CLIP", t, p);
            }
        }
}

TEST_CASE("unary: layouts (broadcast, permuted, padded) and in place") {
    TestDevice device;
    std::mt19937_64 rng(7);
    const std::vector<uint32_t> sizes{3, 5, 8};
    for (Type t : {F32, F16}) {
        for (const auto& strides : {std::vector<uint32_t>{0, 8, 1}, permutedStrides(sizes, {2, 1, 0}),
                                    paddedStrides(sizes, 3), std::vector<uint32_t>{0, 0, 0}}) {
            FamilyCase c = unaryCase(DML_OPERATOR_ELEMENT_WISE_SQRT, t, t, sizes, Params{}, strides);
            runChecked(device, c, rng, std::string("SQRT layout ") + typeName(t),
                       floatAccept(DML_OPERATOR_ELEMENT_WISE_SQRT, t, Params{}));
        }
        FamilyCase inPlace = unaryCase(DML_OPERATOR_ELEMENT_WISE_CEIL, t, t, {4099}, Params{});
        inPlace.inPlaceInput = 0;
        runChecked(device, inPlace, rng, std::string("CEIL in place ") + typeName(t),
                   floatAccept(DML_OPERATOR_ELEMENT_WISE_CEIL, t, Params{}));
    }
}

TEST_CASE("unary: invalid RoundingMode / InfinityMode and unsupported types -> E_INVALIDARG") {
    TestDevice device;
    Params bad;
    bad.mode = 3;
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_ROUND, F32, F32, {4}, bad)) == E_INVALIDARG);
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, F32, U8, {4}, bad)) == E_INVALIDARG);
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, F32, U32, {4}, Params{})) == E_INVALIDARG);
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_EXP, I32, I32, {4}, Params{})) == E_INVALIDARG);
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_ABS, U8, U8, {4}, Params{})) == E_INVALIDARG);
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_NEGATE, U32, U32, {4}, Params{})) == E_INVALIDARG);
    Params ok;
    ok.mode = 2;
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_ROUND, F32, F32, {4}, ok)) == S_OK);
    CHECK(tryCreate(device, unaryCase(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, F32, U8, {4}, ok)) == S_OK);
}
