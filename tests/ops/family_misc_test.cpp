// Element-wise operators of issue 12's "misc" group, end to end against exact references: MODULUS_TRUNCATE and
// MODULUS_FLOOR on every data type DirectML lists (every pair of 8-bit values, every pair of special values, FLOAT32
// pairs with quotients up to 2^277), layouts (broadcast, permuted, ranks 1-8, in place over A and over B),
// validation and feature-level gating; CLIP on INT64/UINT64, CLIP1 (DML_SCALAR_UNION bounds), CLIP_GRAD,
// CLIP_GRAD1, ACTIVATION_RELU_GRAD (exact) and ELEMENT_WISE_ADD1 with every fusable activation (the activation's
// ULP bound applied to the rounded sum), each desc field validated (E_INVALIDARG naming it).
//
// Expected values (docs/SEMANTICS.md): float remainders are exact (C fmod for TRUNCATE; for FLOOR, Python's %: the
// sign of the divisor, a zero remainder a zero of the divisor's sign, and b + fmod(a, b) rounded once where the
// signs differ); x mod 0, +-inf mod y and NaN operands give NaN, x mod +-inf gives x (TRUNCATE) or, for FLOOR with
// signs differing, +-inf. Integers: x mod 0 = x, INT_MIN mod -1 = 0. fp32 subnormals follow reference.h's rules.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <ios>

#include "data_type_names.h"
#include "activation_reference.h"
#include "family_runner.h"
#include "raw_enum_calls.h"
#include "reference.h"

using namespace vkdml::test;

namespace {

__extension__ typedef __int128 i128;
using namespace data_type_names;
constexpr DML_OPERATOR_TYPE kTrunc = DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE,
                            kFloor = DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR;

const char* opName(DML_OPERATOR_TYPE op) { return op == kTrunc ? "MODULUS_TRUNCATE" : "MODULUS_FLOOR"; }

i128 intValue(Type t, uint64_t bits) {
    return isSignedType(t) ? i128(signedValue(t, bits)) : i128(bits & typeMask(t));
}

// ---- MODULUS references ----------------------------------------------------------------------------------------------

// fmod is exact in double for float and half operands; FLOOR's r + b is a sum of two floats, which rounded to double
// and then to FLOAT32/FLOAT16 is the correctly rounded sum (53 >= 2 * 24 + 2).
double refModFloat(DML_OPERATOR_TYPE op, double a, double b) {
    const double r = std::fmod(a, b);
    if (op == kTrunc || std::isnan(r)) return r;
    if (r == 0) return std::copysign(0.0, b);
    return (r < 0) != (b < 0) ? r + b : r;
}

uint64_t refModInt(DML_OPERATOR_TYPE op, Type t, uint64_t abits, uint64_t bbits) {
    const i128 a = intValue(t, abits), b = intValue(t, bbits);
    if (b == 0) return abits & typeMask(t);  // x mod 0 = x
    i128 r = a % b;                          // truncated; 128-bit, so INT64_MIN % -1 = 0
    if (op == kFloor && r != 0 && (r < 0) != (b < 0)) r += b;
    return static_cast<uint64_t>(r) & typeMask(t);
}

FamilyAccept modAccept(DML_OPERATOR_TYPE op, Type t) {
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        if (!isFloatType(t)) {
            const uint64_t want = refModInt(op, t, v[0], v[1]);
            expected = formatValue(t, want);
            return got == want;
        }
        const double x = floatValue(t, v[0]), y = floatValue(t, v[1]);
        for (double xv : readAs(t, x))
            for (double yv : readAs(t, y))
                if (floatResultOk(t, got, refModFloat(op, xv, yv), 0)) return true;
        expected = formatValue(t, floatBits(t, refModFloat(op, x, y))) + " (exact)";
        return false;
    };
}

FamilyCase binaryCase(DML_OPERATOR_TYPE op, Type t, const std::vector<uint32_t>& sizes,
                      const std::vector<uint32_t>& a = {}, const std::vector<uint32_t>& b = {},
                      const std::vector<uint32_t>& o = {}) {
    FamilyCase c;
    c.op = op;
    c.inputs = {tensorOf(t, sizes, a), tensorOf(t, sizes, b)};
    c.output = tensorOf(t, sizes, o);
    return c;
}

std::string label(DML_OPERATOR_TYPE op, Type t, const std::string& what) {
    return std::string(opName(op)) + " " + typeName(t) + " " + what;
}

// FLOAT32 pairs whose quotient is huge or tiny, or sits next to an integer: every pair of exponents; every sign
// combination of large dividends (FLT_MAX, 2^127 * 1.5, 1e38, 3e30, 16777217 * 2^100) by small divisors (the smallest subnormal, a
// subnormal with many bits, FLT_MIN, 1e-38, 0.1, 1/3, 7), and k * b +- 1 ulp for random b.
void structuredFloatPairs(std::mt19937_64& rng, std::vector<uint64_t>& a, std::vector<uint64_t>& b) {
    const float big[] = {FLT_MAX, 0x1.8p127f, 1e38f, 3e30f, 0x1.000002p124f, 123456.789f, 1.0f};
    const float small[] = {0x1p-149f, 0x1.fffffcp-127f, 0x1.234568p-130f, FLT_MIN, 1e-38f, 0.1f, 1.0f / 3.0f, 7.0f};
    for (float x : big)
        for (float y : small)
            for (int s = 0; s < 4; ++s) {
                a.push_back(floatBits(F32, (s & 1) ? -x : x));
                b.push_back(floatBits(F32, (s & 2) ? -y : y));
            }
    // Every pair of biased exponents (0: subnormals) with random significands and signs: quotients from 2^-277 to
    // 2^277, the whole range of the shift-and-reduce loop.
    for (uint64_t ea = 0; ea < 255; ea += denseStride())
        for (uint64_t eb = 0; eb < 255; ++eb) {
            a.push_back((ea << 23) | (rng() & 0x807fffffu));
            b.push_back((eb << 23) | (rng() & 0x807fffffu) | (eb == 0 ? 1u : 0u));
        }
    for (int i = 0; i < 512; ++i) {
        const uint64_t yb = randomValue(F32, rng) & 0x7fffffffu;
        const double y = floatValue(F32, yb);
        if (!std::isfinite(y) || y == 0) continue;
        const double k = double(1 + rng() % 100000);
        const uint64_t xb = floatBits(F32, k * y);
        if (!std::isfinite(floatValue(F32, xb))) continue;
        for (int d = -1; d <= 1; ++d) {
            a.push_back((xb + d) | ((rng() & 1) ? 0x80000000u : 0u));
            b.push_back(yb | ((rng() & 1) ? 0x80000000u : 0u));
        }
    }
}

// Every pair of 8-bit values; every pair of special values then, for 16-bit types, every value of A (B random),
// for wider types random pairs up to 8192 (FLOAT32: after the structured pairs).
void denseModInputs(Type t, std::mt19937_64& rng, std::vector<uint64_t>& a, std::vector<uint64_t>& b) {
    a.clear(), b.clear();
    if (bitWidth(t) == 8) {
        for (uint64_t i = 0; i < 65536; i += denseStride()) a.push_back(i & 255), b.push_back(i >> 8);
        return;
    }
    specialPairs(t, a, b);
    if (t == F32) structuredFloatPairs(rng, a, b);
    const size_t n = (bitWidth(t) == 16 ? a.size() + 65536 : a.size() + 8192) / denseStride();
    for (uint64_t i = 0; a.size() < n; ++i) {
        a.push_back(bitWidth(t) == 16 ? i * denseStride() : randomValue(t, rng));
        b.push_back(randomValue(t, rng));
    }
}

void denseMod(TestDevice& device, DML_OPERATOR_TYPE op, Type t, std::mt19937_64& rng) {
    std::vector<uint64_t> a, b;
    denseModInputs(t, rng, a, b);
    FamilyCase c = binaryCase(op, t, {static_cast<uint32_t>(a.size())});
    runMeasured(device, c, rng, label(op, t, "dense n=" + std::to_string(a.size())), modAccept(op, t), {a, b});
}

// A random rank-`rank` layout of two inputs and the output (sizes 1-6, fewer above rank 5; strides from
// randomStrides), described in `name`.
struct RandomLayout {
    std::vector<uint32_t> sizes, a, b, out;
    std::string name;
};
RandomLayout randomLayout(uint32_t rank, std::mt19937_64& rng, const std::string& prefix, const char* first,
                          const char* second) {
    RandomLayout l;
    l.sizes.resize(rank);
    for (auto& v : l.sizes) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
    l.name = prefix + "rank " + std::to_string(rank) + " " + first + " ";
    l.a = randomStrides(l.sizes, rng, true, l.name);
    l.name += std::string(", ") + second + " ";
    l.b = randomStrides(l.sizes, rng, true, l.name);
    l.name += ", output ";
    l.out = randomStrides(l.sizes, rng, false, l.name);
    return l;
}

struct Vector {
    uint64_t a, b, want;  // raw bits
};

// The listed pairs as one tensor: each element must be the listed result (any NaN for a NaN); the list is checked
// against the reference too.
void runVectors(TestDevice& device, DML_OPERATOR_TYPE op, Type t, const std::vector<Vector>& vectors) {
    std::vector<uint64_t> a, b;
    const FamilyAccept reference = modAccept(op, t);
    for (const Vector& v : vectors) {
        std::string unused;
        CHECK_MESSAGE(reference({v.a, v.b}, v.want, unused), (std::string(opName(op)) + " " + typeName(t) + " "
                      + formatValue(t, v.a) + ", " + formatValue(t, v.b) + ": the reference disagrees"));
        a.push_back(v.a), b.push_back(v.b);
    }
    std::mt19937_64 rng(0);
    FamilyCase c = binaryCase(op, t, {static_cast<uint32_t>(vectors.size())});
    runChecked(device, c, rng, label(op, t, "vectors"),
               [&](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
                   for (const Vector& v : vectors)
                       if (v.a == in[0] && v.b == in[1]) {
                           expected = formatValue(t, v.want);
                           const bool nan = isFloatType(t) && std::isnan(floatValue(t, v.want));
                           return nan ? std::isnan(floatValue(t, got)) : got == v.want;
                       }
                   return false;
               },
               {a, b});
}

uint64_t f32(float v) { return floatBits(F32, v); }
uint64_t f16(double v) { return floatBits(F16, v); }
std::vector<uint64_t> ints(Type t, std::initializer_list<int64_t> values) {
    std::vector<uint64_t> out;
    for (int64_t v : values) out.push_back(static_cast<uint64_t>(v) & typeMask(t));
    return out;
}
std::vector<Vector> zipVectors(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b,
                               const std::vector<uint64_t>& want) {
    std::vector<Vector> v;
    for (size_t i = 0; i < a.size(); ++i) v.push_back({a[i], b[i], want[i]});
    return v;
}

}  // namespace

// ---- MODULUS_TRUNCATE / MODULUS_FLOOR --------------------------------------------------------------------------------

TEST_CASE("MODULUS_TRUNCATE on every data type (every 8-bit pair, every special pair, huge quotients), exact") {
    TestDevice device;
    std::mt19937_64 rng(1201);
    for (Type t : kAll10) denseMod(device, kTrunc, t, rng);
}

TEST_CASE("MODULUS_FLOOR on every data type (every 8-bit pair, every special pair, huge quotients), exact") {
    TestDevice device;
    std::mt19937_64 rng(1202);
    for (Type t : kAll10) denseMod(device, kFloor, t, rng);
}

// ONNX mod.py's vectors and the choices docs/SEMANTICS.md lists.
TEST_CASE("MODULUS: documented vectors, modulus by zero, INT_MIN mod -1, float specials") {
    TestDevice device;
    const std::initializer_list<int64_t> a = {-4, 7, 5, 4, -7, 8}, b = {2, -3, 8, -2, 3, 5};
    for (Type t : {I32, I8, I16, I64}) {
        runVectors(device, kFloor, t, zipVectors(ints(t, a), ints(t, b), ints(t, {0, -2, 5, 0, 2, 3})));
        runVectors(device, kTrunc, t, zipVectors(ints(t, a), ints(t, b), ints(t, {0, 1, 5, 0, -1, 3})));
    }
    // x mod 0 = x; INT_MIN mod -1 = 0; unsigned operands.
    for (Type t : {I8, I16, I32, I64})
        for (DML_OPERATOR_TYPE op : {kTrunc, kFloor}) {
            const int64_t minimum = bitWidth(t) == 64 ? INT64_MIN : -(int64_t(1) << (bitWidth(t) - 1));
            runVectors(device, op, t, zipVectors(ints(t, {5, -5, 0, minimum, minimum, minimum}),
                                                 ints(t, {0, 0, 0, -1, 1, minimum}), ints(t, {5, -5, 0, 0, 0, 0})));
        }
    runVectors(device, kFloor, U32, {{0xffffffff, 0, 0xffffffff}, {0xffffffff, 0x80000000, 0x7fffffff}, {7, 3, 1}});
    runVectors(device, kTrunc, U64, {{~0ull, 0, ~0ull}, {~0ull, 10, 5}});
    // Floats: fmod's specials; FLOOR takes the divisor's sign; zero remainders.
    const uint64_t nan = 0x7fc00000, inf = 0x7f800000, ninf = 0xff800000, n0 = 0x80000000;
    runVectors(device, kTrunc, F32,
               {{f32(-4.3f), f32(2.1f), f32(std::fmod(-4.3f, 2.1f))}, {f32(7.5f), f32(-2), f32(1.5f)},
                {f32(5), 0, nan}, {inf, f32(2), nan}, {f32(3), inf, f32(3)}, {f32(-3), ninf, f32(-3)},
                {nan, f32(1), nan}, {f32(1), nan, nan}, {f32(-4), f32(2), n0}, {n0, f32(3), n0},
                {f32(FLT_MAX), 0x00000001, 0}, {f32(1e38f), f32(3e-38f), f32(std::fmod(1e38f, 3e-38f))}});
    runVectors(device, kFloor, F32,
               {{f32(-4.3f), f32(2.1f), f32(float(std::fmod(double(-4.3f), double(2.1f)) + double(2.1f)))}, {f32(7.5f), f32(-2), f32(-0.5f)},
                {f32(5), 0, nan}, {inf, f32(2), nan}, {f32(3), inf, f32(3)}, {f32(-3), inf, inf},
                {f32(3), ninf, ninf}, {f32(-4), f32(2), 0}, {f32(4), f32(-2), n0}, {n0, f32(3), 0},
                {0, f32(-3), n0}, {f32(-1e-30f), f32(1e30f), f32(1e30f)}});
    runVectors(device, kFloor, F16, {{f16(-1), f16(3), f16(2)}, {f16(5.5), f16(-2), f16(-0.5)},
                                     {0x8001, f16(2048), f16(2048)}, {0x0001, 0xe800, 0xe800}});
}

TEST_CASE("MODULUS: layouts (broadcast, permuted, padded, ranks 1-8), in place over A and over B") {
    TestDevice device;
    std::mt19937_64 rng(1203);
    const std::vector<uint32_t> s = {3, 5, 8}, t = {4, 6, 5};
    struct Layout {
        std::string name;
        std::vector<uint32_t> sizes, a, b, out;
    };
    const Layout layouts[] = {
        {"packed", s, {}, {}, {}},
        {"B scalar broadcast", s, {}, {0, 0, 0}, {}},
        {"B row broadcast", s, {}, {0, 0, 1}, {}},
        {"A column broadcast, B transposed", t, {1, 0, 0}, permutedStrides(t, {2, 1, 0}), {}},
        {"A padded, B permuted, permuted output", t, paddedStrides(t, 2), permutedStrides(t, {1, 0, 2}),
         permutedStrides(t, {1, 2, 0})},
    };
    for (DML_OPERATOR_TYPE op : {kTrunc, kFloor})
        for (Type type : {F32, F16, I32, I8, U16, I64}) {
            for (const Layout& l : layouts) {
                FamilyCase c = binaryCase(op, type, l.sizes, l.a, l.b, l.out);
                runChecked(device, c, rng, label(op, type, l.name), modAccept(op, type));
            }
            for (int k = 0; k < 2; ++k) {
                FamilyCase c = binaryCase(op, type, {5, 7, 9});
                c.inPlaceInput = k;
                runChecked(device, c, rng, label(op, type, k ? "in place over B" : "in place over A"),
                           modAccept(op, type));
            }
        }
    for (uint32_t rank = 1; rank <= 8; ++rank) {
        const RandomLayout l = randomLayout(rank, rng, "", "A", "B");
        FamilyCase c = binaryCase(kFloor, F32, l.sizes, l.a, l.b, l.out);
        runChecked(device, c, rng, label(kFloor, F32, l.name), modAccept(kFloor, F32));
    }
}

TEST_CASE("MODULUS: feature levels (2_1 4-D only, 3_0 1-8-D, 64-bit integers from 6_0) and types") {
    {
        TestDevice device(DML_FEATURE_LEVEL_2_0);
        CHECK(tryCreate(device, binaryCase(kTrunc, F32, {1, 2, 3, 4})) == E_INVALIDARG);
        CHECK(device.lastError().find("feature level") != std::string::npos);
    }
    {
        TestDevice device(DML_FEATURE_LEVEL_2_1);
        CHECK(tryCreate(device, binaryCase(kFloor, I8, {1, 2, 3, 4})) == S_OK);
        CHECK(tryCreate(device, binaryCase(kFloor, F32, {2, 3, 4})) == E_INVALIDARG);
        CHECK(device.lastError().find("DimensionCount") != std::string::npos);
    }
    {
        TestDevice device(DML_FEATURE_LEVEL_5_1);
        CHECK(tryCreate(device, binaryCase(kTrunc, F16, {7})) == S_OK);
        CHECK(tryCreate(device, binaryCase(kTrunc, I64, {7})) == E_INVALIDARG);
        CHECK(device.lastError().find("ATensor.DataType") != std::string::npos);
    }
    TestDevice device(DML_FEATURE_LEVEL_6_0);
    CHECK(tryCreate(device, binaryCase(kTrunc, U64, {7})) == S_OK);
    CHECK(tryCreate(device, binaryCase(kFloor, F64, {7})) == E_INVALIDARG);
    FamilyCase mixed = binaryCase(kFloor, I32, {7});
    mixed.inputs[1].type = I16;
    CHECK(tryCreate(device, mixed) == E_INVALIDARG);
    CHECK(device.lastError().find("BTensor.DataType") != std::string::npos);
}

// ---- CLIP (64-bit), CLIP1, CLIP_GRAD, CLIP_GRAD1, RELU_GRAD ----------------------------------------------------------

namespace {

struct ClipParams {
    float min = 0.0f, max = 0.0f;        // CLIP, CLIP_GRAD
    DML_SCALAR_UNION umin{}, umax{};     // CLIP1, CLIP_GRAD1
    uint32_t minMaxType = 0;  // raw (any value, valid or not); 0 (UNKNOWN): the tensors' type
    bool scaleBias = false;
    DML_SCALE_BIAS sb{1.0f, 0.0f};
};

FamilyDescBuilder clipBuilder(const ClipParams& p) {
    return [p](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        const DML_SCALE_BIAS* sb = p.scaleBias ? &p.sb : nullptr;
        const auto mm = [&](const DML_TENSOR_DESC* d) {
            return p.minMaxType != 0 ? p.minMaxType
                                     : uint32_t(static_cast<const DML_BUFFER_TENSOR_DESC*>(d->Desc)->DataType);
        };
        DML_ELEMENT_WISE_CLIP_OPERATOR_DESC clip{t[0], t.back(), sb, p.min, p.max};
        DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC clip1{t[0], t.back(), sb, DML_TENSOR_DATA_TYPE_FLOAT32, p.umin, p.umax};
        DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC grad{t[0], t[1], t.back(), p.min, p.max};
        DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC grad1{t[0], t[1], t.back(), DML_TENSOR_DATA_TYPE_FLOAT32, p.umin,
                                                        p.umax};
        // Written raw: an invalid MinMaxDataType must not be loaded as the enum (UBSan).
        setRaw(clip1.MinMaxDataType, mm(t[0]));
        setRaw(grad1.MinMaxDataType, mm(t[0]));
        DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC relu{t[0], t[1], t.back()};
        const void* desc = type == DML_OPERATOR_ELEMENT_WISE_CLIP         ? static_cast<const void*>(&clip)
                           : type == DML_OPERATOR_ELEMENT_WISE_CLIP1      ? static_cast<const void*>(&clip1)
                           : type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD  ? static_cast<const void*>(&grad)
                           : type == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 ? static_cast<const void*>(&grad1)
                                                                          : static_cast<const void*>(&relu);
        DML_OPERATOR_DESC opDesc{type, desc};
        return vkdmlCreateOperator(device, &opDesc, op);
    };
}

bool isGrad(DML_OPERATOR_TYPE op) {
    return op == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD || op == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 ||
           op == DML_OPERATOR_ACTIVATION_RELU_GRAD;
}

const char* clipName(DML_OPERATOR_TYPE op) {
    switch (op) {
        case DML_OPERATOR_ELEMENT_WISE_CLIP: return "CLIP";
        case DML_OPERATOR_ELEMENT_WISE_CLIP1: return "CLIP1";
        case DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD: return "CLIP_GRAD";
        case DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1: return "CLIP_GRAD1";
        default: return "RELU_GRAD";
    }
}

FamilyCase clipCase(DML_OPERATOR_TYPE op, Type t, const std::vector<uint32_t>& sizes, const ClipParams& p,
                    const std::vector<uint32_t>& x = {}, const std::vector<uint32_t>& dy = {},
                    const std::vector<uint32_t>& out = {}) {
    FamilyCase c;
    c.op = op;
    c.inputs = {tensorOf(t, sizes, x)};
    if (isGrad(op)) c.inputs.push_back(tensorOf(t, sizes, dy));
    c.output = tensorOf(t, sizes, out);
    c.build = clipBuilder(p);
    return c;
}

double dmax(double a, double b) {
    return std::isnan(a) ? b : std::isnan(b) ? a : (a == b ? (std::signbit(a) ? b : a) : std::max(a, b));
}
double dmin(double a, double b) {
    return std::isnan(a) ? b : std::isnan(b) ? a : (a == b ? (std::signbit(a) ? a : b) : std::min(a, b));
}

// A union bound as a real number for a float tensor type (FLOAT16: the half in the low 2 bytes).
double unionFloat(Type t, const DML_SCALAR_UNION& u) { return t == F32 ? double(u.Float32) : floatValue(F16, u.UInt16); }
// A union bound for an integer type: the low bits of the type, sign-extended where signed.
i128 unionInt(Type t, const DML_SCALAR_UNION& u) { return intValue(t, u.UInt64 & typeMask(t)); }

i128 truncSaturate(float v, Type t) {
    if (std::isnan(v)) return 0;
    const long double x = std::trunc(static_cast<long double>(v));
    const i128 lo = isSignedType(t) ? -(i128(1) << (bitWidth(t) - 1)) : 0;
    const i128 hi = isSignedType(t) ? (i128(1) << (bitWidth(t) - 1)) - 1 : (i128(1) << bitWidth(t)) - 1;
    if (x <= static_cast<long double>(lo)) return lo;
    if (x >= static_cast<long double>(hi)) return hi;
    return i128(x);
}

// The exact result of CLIP (64-bit), CLIP1, CLIP_GRAD(1) and RELU_GRAD for one element.
FamilyAccept clipAccept(DML_OPERATOR_TYPE op, Type t, const ClipParams& p) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        if (!isFloatType(t)) {
            const i128 x = intValue(t, in[0]);
            i128 want = 0;
            switch (op) {
                case DML_OPERATOR_ELEMENT_WISE_CLIP:
                    want = std::min(std::max(x, truncSaturate(p.min, t)), truncSaturate(p.max, t));
                    break;
                case DML_OPERATOR_ELEMENT_WISE_CLIP1:
                    want = std::max(unionInt(t, p.umin), std::min(x, unionInt(t, p.umax)));
                    break;
                case DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD: {  // compared as real numbers (exact in long double)
                    const long double xv = static_cast<long double>(x);
                    want = (xv <= p.min || xv >= p.max) ? 0 : intValue(t, in[1]);
                    break;
                }
                case DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1:
                    want = (x <= unionInt(t, p.umin) || x >= unionInt(t, p.umax)) ? 0 : intValue(t, in[1]);
                    break;
                default: want = x > 0 ? intValue(t, in[1]) : 0; break;
            }
            const uint64_t bits = static_cast<uint64_t>(want) & typeMask(t);
            expected = formatValue(t, bits);
            return got == bits;
        }
        for (double x : readAs(t, floatValue(t, in[0]))) {
            std::vector<double> gs{x};
            if (p.scaleBias) {
                const float g = float_from_double(ref_linear(x, p.sb.Scale, p.sb.Bias));
                gs = {g, std::nextafter(g, -INFINITY), std::nextafter(g, INFINITY)};
            }
            std::vector<double> candidates;
            for (double g : gs) switch (op) {
                    case DML_OPERATOR_ELEMENT_WISE_CLIP1:
                        candidates.push_back(dmax(unionFloat(t, p.umin), dmin(g, unionFloat(t, p.umax))));
                        break;
                    case DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD:
                    case DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1: {
                        const double lo = op == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD ? double(p.min) : unionFloat(t, p.umin);
                        const double hi = op == DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD ? double(p.max) : unionFloat(t, p.umax);
                        if (g <= lo || g >= hi) candidates.push_back(0.0);
                        else for (double dy : readAs(t, floatValue(t, in[1]))) candidates.push_back(dy);
                        break;
                    }
                    default:
                        if (g > 0) for (double dy : readAs(t, floatValue(t, in[1]))) candidates.push_back(dy);
                        else candidates.push_back(0.0);
                        break;
                }
            for (double want : candidates) {
                if (floatResultOk(t, got, want, 0)) return true;
                if (expected.empty()) expected = formatValue(t, floatBits(t, want));
            }
        }
        return false;
    };
}

DML_SCALAR_UNION unionOf(Type t, double v) {
    DML_SCALAR_UNION u{};
    if (t == F32) u.Float32 = static_cast<float>(v);
    else if (t == F16) u.UInt16 = static_cast<UINT16>(floatBits(F16, v));
    else u.UInt64 = static_cast<uint64_t>(static_cast<int64_t>(v)) & typeMask(t);
    return u;
}

// Every value of 8- and 16-bit x (specials first), random ones up to 4099 for wider types; dY random.
void denseClip(TestDevice& device, DML_OPERATOR_TYPE op, Type t, const ClipParams& p, std::mt19937_64& rng,
               const std::string& what) {
    std::vector<uint64_t> x = specialValues(t);
    const size_t n = std::max<size_t>(x.size(), (bitWidth(t) <= 16 ? x.size() + (size_t(1) << bitWidth(t)) : 4099) /
                                                    denseStride());
    for (uint64_t i = 0; x.size() < n; ++i) x.push_back(bitWidth(t) <= 16 ? i * denseStride() : randomValue(t, rng));
    FamilyCase c = clipCase(op, t, {static_cast<uint32_t>(n)}, p);
    runChecked(device, c, rng, std::string(clipName(op)) + " " + typeName(t) + " " + what + " n=" + std::to_string(n),
               clipAccept(op, t, p), {x});
}

}  // namespace

TEST_CASE("CLIP on INT64 and UINT64: FLOAT bounds truncated and saturated, exact") {
    TestDevice device;
    std::mt19937_64 rng(1210);
    const float bounds[][2] = {{-1.5f, 2.5f}, {3.0f, -3.0f}, {-1e30f, 1e30f}, {NAN, 0.5f}, {-0x1p62f, 0x1p63f},
                               {0x1p40f, 0x1p64f}};
    for (Type t : {I64, U64})
        for (const auto& b : bounds) {
            ClipParams p;
            p.min = b[0], p.max = b[1];
            denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP, t, p, rng,
                      "Min " + std::to_string(b[0]) + " Max " + std::to_string(b[1]));
        }
}

TEST_CASE("CLIP1 on every data type: DML_SCALAR_UNION bounds, Min > Max gives Min, NaN inputs, ScaleBias") {
    TestDevice device;
    std::mt19937_64 rng(1211);
    for (Type t : kAll10)
        for (const auto& b : {std::pair<double, double>{-3, 5}, {7, -2}, {0, 0}, {-100, 100}}) {
            ClipParams p;
            p.umin = unionOf(t, isSignedType(t) || isFloatType(t) ? b.first : std::fabs(b.first));
            p.umax = unionOf(t, isSignedType(t) || isFloatType(t) ? b.second : std::fabs(b.second));
            denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP1, t, p, rng,
                      "Min " + std::to_string(b.first) + " Max " + std::to_string(b.second));
        }
    // The type's extremes as bounds; FLOAT32 infinities and NaN; a half subnormal bound; ScaleBias on floats.
    for (Type t : {I64, U64, I8, U32}) {
        ClipParams p;
        p.umin.UInt64 = isSignedType(t) ? (typeMask(t) >> 1) + 1 : 0;  // the minimum
        p.umax.UInt64 = isSignedType(t) ? typeMask(t) >> 1 : typeMask(t);
        denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP1, t, p, rng, "type extremes");
    }
    ClipParams inf;
    inf.umin.Float32 = -INFINITY, inf.umax.Float32 = NAN;
    denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP1, F32, inf, rng, "Min -inf Max NaN");
    ClipParams sub;
    sub.umin.UInt16 = 0x8001, sub.umax.UInt16 = 0x0003;
    denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP1, F16, sub, rng, "half subnormal bounds");
    for (Type t : {F32, F16}) {
        ClipParams p;
        p.umin = unionOf(t, -1.5), p.umax = unionOf(t, 2.5);
        p.scaleBias = true, p.sb = {2.0f, 1.0f};
        denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP1, t, p, rng, "ScaleBias {2, 1}");
    }
}

TEST_CASE("CLIP_GRAD and CLIP_GRAD1 on every data type: the gradient where Min < x < Max, 0 on the bounds") {
    TestDevice device;
    std::mt19937_64 rng(1212);
    const float bounds[][2] = {{-1.5f, 2.5f}, {-3.0f, 3.0f}, {3.0f, -3.0f}, {NAN, 0.5f}, {-1e30f, NAN},
                               {-0x1p63f, 0x1p64f}, {100.0f, 200.0f}};
    for (Type t : kAll10)
        for (const auto& b : bounds) {
            ClipParams p;
            p.min = b[0], p.max = b[1];
            denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, t, p, rng,
                      "Min " + std::to_string(b[0]) + " Max " + std::to_string(b[1]));
        }
    for (Type t : kAll10)
        for (const auto& b : {std::pair<double, double>{-3, 5}, {7, 2}, {0, 1}, {1, 2}, {-100, 100}}) {
            ClipParams p;
            p.umin = unionOf(t, isSignedType(t) || isFloatType(t) ? b.first : std::fabs(b.first));
            p.umax = unionOf(t, b.second);
            denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, t, p, rng,
                      "Min " + std::to_string(b.first) + " Max " + std::to_string(b.second));
        }
    for (Type t : {I64, U64, I8, U8}) {  // bounds at the type's extremes: nothing or everything but them passes
        ClipParams p;
        p.umin.UInt64 = isSignedType(t) ? (typeMask(t) >> 1) + 1 : 0;
        p.umax.UInt64 = isSignedType(t) ? typeMask(t) >> 1 : typeMask(t);
        denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, t, p, rng, "type extremes");
        std::swap(p.umin, p.umax);
        denseClip(device, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, t, p, rng, "type extremes swapped");
    }
}

TEST_CASE("ACTIVATION_RELU_GRAD on FLOAT32, FLOAT16, INT32, INT16, INT8: dY where x > 0, else 0") {
    TestDevice device;
    std::mt19937_64 rng(1213);
    for (Type t : {F32, F16, I32, I16, I8}) denseClip(device, DML_OPERATOR_ACTIVATION_RELU_GRAD, t, ClipParams{}, rng, "");
}

TEST_CASE("CLIP1, CLIP_GRAD, CLIP_GRAD1, RELU_GRAD: layouts, ranks 1-8, in place") {
    TestDevice device;
    std::mt19937_64 rng(1214);
    const std::vector<uint32_t> s = {3, 5, 8}, t = {4, 6, 5};
    ClipParams p;
    p.min = -0.5f, p.max = 0.75f;
    for (DML_OPERATOR_TYPE op : {DML_OPERATOR_ELEMENT_WISE_CLIP1, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD,
                                 DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, DML_OPERATOR_ACTIVATION_RELU_GRAD})
        for (Type type : {F32, F16, I8, I64}) {
            if (op == DML_OPERATOR_ACTIVATION_RELU_GRAD && type == I64) continue;
            p.umin = unionOf(type, isFloatType(type) ? -0.5 : -3), p.umax = unionOf(type, isFloatType(type) ? 0.75 : 9);
            const FamilyAccept accept = clipAccept(op, type, p);
            const std::string name = std::string(clipName(op)) + " " + typeName(type) + " ";
            FamilyCase bcast = clipCase(op, type, s, p, {0, 0, 1}, {1, 0, 0}, permutedStrides(s, {2, 1, 0}));
            runChecked(device, bcast, rng, name + "x row broadcast, dY column broadcast, transposed output", accept);
            FamilyCase padded = clipCase(op, type, t, p, paddedStrides(t, 2), permutedStrides(t, {1, 0, 2}));
            runChecked(device, padded, rng, name + "padded x, permuted dY", accept);
            for (uint32_t rank : {1u, 5u, 8u}) {
                const RandomLayout l = randomLayout(rank, rng, name, "x", "dY");
                FamilyCase c = clipCase(op, type, l.sizes, p, l.a, l.b, l.out);
                runChecked(device, c, rng, l.name, accept);
            }
            if (op != DML_OPERATOR_ACTIVATION_RELU_GRAD) {  // DirectML: in place for CLIP1 and the CLIP_GRADs
                for (int k = 0; k < (isGrad(op) ? 2 : 1); ++k) {
                    FamilyCase c = clipCase(op, type, {5, 7, 9}, p);
                    c.inPlaceInput = k;
                    runChecked(device, c, rng, name + (k ? "in place over dY" : "in place over x"), accept);
                }
            }
        }
}

TEST_CASE("CLIP1, CLIP_GRAD, CLIP_GRAD1, RELU_GRAD: validation (MinMaxDataType, types, feature levels)") {
    TestDevice device;
    ClipParams p;
    p.umin = unionOf(F32, -1), p.umax = unionOf(F32, 1);
    const std::vector<uint32_t> s = {2, 3};
    for (DML_OPERATOR_TYPE op : {DML_OPERATOR_ELEMENT_WISE_CLIP1, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1}) {
        INFO(clipName(op));
        ClipParams bad = p;
        bad.minMaxType = F16;  // converted to its raw value
        device.clearErrors();
        CHECK(tryCreate(device, clipCase(op, F32, s, bad)) == E_INVALIDARG);
        CHECK(device.lastError().find("MinMaxDataType = FLOAT16") != std::string::npos);
        bad.minMaxType = 99;
        CHECK(tryCreate(device, clipCase(op, F32, s, bad)) == E_INVALIDARG);
        CHECK(device.lastError().find("MinMaxDataType = 99") != std::string::npos);
        CHECK(tryCreate(device, clipCase(op, F32, s, p)) == S_OK);
        CHECK(tryCreate(device, clipCase(op, F64, s, p)) == E_INVALIDARG);
    }
    FamilyCase mixed = clipCase(DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, F32, s, p);
    mixed.inputs[1].type = F16;
    CHECK(tryCreate(device, mixed) == E_INVALIDARG);
    CHECK(device.lastError().find("InputGradientTensor.DataType") != std::string::npos);
    FamilyCase sizes = clipCase(DML_OPERATOR_ACTIVATION_RELU_GRAD, F32, s, p);
    sizes.output.spec.sizes = {2, 4};
    CHECK(tryCreate(device, sizes) == E_INVALIDARG);
    CHECK(device.lastError().find("OutputGradientTensor.Sizes") != std::string::npos);
    CHECK(tryCreate(device, clipCase(DML_OPERATOR_ACTIVATION_RELU_GRAD, U8, s, p)) == E_INVALIDARG);
    CHECK(tryCreate(device, clipCase(DML_OPERATOR_ACTIVATION_RELU_GRAD, I64, s, p)) == E_INVALIDARG);

    struct Gate {
        DML_FEATURE_LEVEL level;
        DML_OPERATOR_TYPE op;
        Type type;
        std::vector<uint32_t> sizes;
        HRESULT want;
    };
    const Gate gates[] = {
        {DML_FEATURE_LEVEL_2_1, DML_OPERATOR_ACTIVATION_RELU_GRAD, F32, {1, 1, 2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_3_0, DML_OPERATOR_ACTIVATION_RELU_GRAD, F32, {1, 1, 2, 3}, S_OK},
        {DML_FEATURE_LEVEL_3_0, DML_OPERATOR_ACTIVATION_RELU_GRAD, F32, {2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_3_1, DML_OPERATOR_ACTIVATION_RELU_GRAD, F32, {2, 3}, S_OK},
        {DML_FEATURE_LEVEL_5_0, DML_OPERATOR_ACTIVATION_RELU_GRAD, I32, {2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_5_1, DML_OPERATOR_ACTIVATION_RELU_GRAD, I8, {2, 3}, S_OK},
        {DML_FEATURE_LEVEL_3_0, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, F32, {2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_3_1, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, U16, {2, 3}, S_OK},
        {DML_FEATURE_LEVEL_4_1, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, I64, {2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_5_0, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD, I64, {2, 3}, S_OK},
        {DML_FEATURE_LEVEL_4_1, DML_OPERATOR_ELEMENT_WISE_CLIP1, F32, {2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_5_0, DML_OPERATOR_ELEMENT_WISE_CLIP1, U64, {2, 3}, S_OK},
        {DML_FEATURE_LEVEL_4_1, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, F32, {2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_5_0, DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1, I16, {2, 3}, S_OK},
        {DML_FEATURE_LEVEL_4_1, DML_OPERATOR_ELEMENT_WISE_CLIP, I64, {2, 3}, E_INVALIDARG},
        {DML_FEATURE_LEVEL_5_0, DML_OPERATOR_ELEMENT_WISE_CLIP, I64, {2, 3}, S_OK},
    };
    for (const Gate& g : gates) {
        TestDevice capped(g.level);
        ClipParams q;
        q.umin = unionOf(g.type, 0), q.umax = unionOf(g.type, 5);
        INFO(std::string(clipName(g.op)) << " " << std::string(typeName(g.type)) << " rank " << g.sizes.size() << " at level 0x" << std::hex
                            << g.level);
        CHECK(tryCreate(capped, clipCase(g.op, g.type, g.sizes, q)) == g.want);
    }
}

// ---- ELEMENT_WISE_ADD1 -----------------------------------------------------------------------------------------------

namespace {

// {Input, Output, FLOAT, FLOAT}: every fusable activation's desc fits this layout (DirectMLX's trick).
struct FusedStorage {
    const DML_TENSOR_DESC* input = nullptr;
    const DML_TENSOR_DESC* output = nullptr;
    FLOAT a0 = 0.0f, a1 = 0.0f;
};

struct Add1Params {
    bool fused = true;
    DML_OPERATOR_TYPE activation = DML_OPERATOR_ACTIVATION_RELU;
    uint32_t rawActivation = 0;  // non-zero: written raw as the fused Type instead (an invalid value, for validation)
    FusedStorage storage;
    bool nullDesc = false;
};

FamilyDescBuilder add1Builder(const Add1Params& p) {
    return [p](VkdmlDevice device, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        FusedStorage storage = p.storage;
        if (storage.input) storage.input = t[0];  // a non-NULL tensor (invalid)
        if (storage.output) storage.output = t[2];
        DML_OPERATOR_DESC fused{p.activation, p.nullDesc ? nullptr : &storage};
        if (p.rawActivation) setRaw(fused.Type, p.rawActivation);  // never loaded as the enum (UBSan)
        DML_ELEMENT_WISE_ADD1_OPERATOR_DESC add1{t[0], t[1], t[2], p.fused ? &fused : nullptr};
        DML_OPERATOR_DESC opDesc{type, &add1};
        return vkdmlCreateOperator(device, &opDesc, op);
    };
}

FamilyCase add1Case(Type t, const std::vector<uint32_t>& sizes, const Add1Params& p,
                    const std::vector<uint32_t>& a = {}, const std::vector<uint32_t>& b = {},
                    const std::vector<uint32_t>& o = {}) {
    FamilyCase c = binaryCase(DML_OPERATOR_ELEMENT_WISE_ADD1, t, sizes, a, b, o);
    c.build = add1Builder(p);
    return c;
}

// The activation (within its bound) of a + b rounded once: to FLOAT32, or for FLOAT16 tensors to FLOAT32 or to half.
// `maxUlp` (optional): the largest real ULP error among accepted elements (the smallest over the candidate sums).
FamilyAccept add1Accept(Type t, const Add1Params& p, uint64_t bound, double* maxUlp = nullptr) {
    return [=](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
        double best = -1;
        bool ok = false;
        for (double a : readAs(t, floatValue(t, in[0])))
            for (double b : readAs(t, floatValue(t, in[1]))) {
                std::vector<double> sums{double(float_from_double(a + b))};
                if (t == F16) sums.push_back(floatValue(F16, floatBits(F16, a + b)));
                for (double s : sums) {
                    const double want = p.fused ? referenceActivation(p.activation, s, p.storage.a0, p.storage.a1) : s;
                    // The activations' own tests take +0 and -0 as equal (tanh(-0) gives +0 there too).
                    if (floatResultOk(t, got, want, bound) || (want == 0 && floatResultOk(t, got, -want, bound))) {
                        ok = true;
                        const double e = t == F32 ? real_ulp_error_f32(float(floatValue(t, got)), want)
                                                  : real_ulp_error_f16(uint16_t(got), want);
                        if (e >= 0 && (best < 0 || e < best)) best = e;
                        continue;
                    }
                    if (expected.empty())
                        expected = formatValue(t, floatBits(t, want)) + " within " + std::to_string(bound) + " ULP";
                }
            }
        if (ok && maxUlp && best > *maxUlp) *maxUlp = best;
        return ok;
    };
}

// Moderate values (the activations' interesting range), specials and random bit patterns.
uint64_t add1Value(Type t, std::mt19937_64& rng) {
    const uint64_t r = rng() % 8;
    if (r < 6) return floatBits(t, std::ldexp(double(int64_t(rng() % 2000001) - 1000000), -int(rng() % 24)));
    return randomValue(t, rng);
}

bool fusable(DML_OPERATOR_TYPE type) {
    return type != DML_OPERATOR_ELEMENT_WISE_IDENTITY && type != DML_OPERATOR_ACTIVATION_SWISH &&
           type != DML_OPERATOR_ACTIVATION_HARD_SWISH;
}

}  // namespace

TEST_CASE("ELEMENT_WISE_ADD1 with every fusable activation, FLOAT32 and FLOAT16, within the activation's bound") {
    TestDevice device;
    std::mt19937_64 rng(1220);
    const ValueGen f32gen = [](std::mt19937_64& r) { return add1Value(F32, r); };
    const ValueGen f16gen = [](std::mt19937_64& r) { return add1Value(F16, r); };
    for (const ActivationInfo& a : kAllActivations) {
        if (!fusable(a.type)) continue;
        for (Type t : {F32, F16}) {
            Add1Params p;
            p.activation = a.type;
            p.storage.a0 = a.attr0, p.storage.a1 = a.attr1;
            std::vector<uint64_t> x, y;
            specialPairs(t, x, y);
            FamilyCase c = add1Case(t, {static_cast<uint32_t>(x.size() + 1024 / denseStride())}, p);
            double maxUlp = 0;
            runChecked(device, c, rng, std::string("ADD1 + ") + a.name + " " + typeName(t),
                       add1Accept(t, p, t == F32 ? a.boundF32 : a.boundF16, &maxUlp), {x, y},
                       {t == F32 ? f32gen : f16gen, t == F32 ? f32gen : f16gen});
            MESSAGE("ADD1 + " << std::string(a.name) << " " << std::string(typeName(t)) << ": largest error " << maxUlp << " ULP (bound "
                              << (t == F32 ? a.boundF32 : a.boundF16) << ")");
        }
    }
    // No activation: the correctly rounded sum; other parameters of parameterised activations.
    Add1Params none;
    none.fused = false;
    for (Type t : {F32, F16}) {
        FamilyCase c = add1Case(t, {4099}, none);
        runChecked(device, c, rng, std::string("ADD1 without activation ") + typeName(t), add1Accept(t, none, 0));
    }
    const struct {
        DML_OPERATOR_TYPE type;
        float a0, a1;
        uint64_t bound;
    } others[] = {{DML_OPERATOR_ACTIVATION_ELU, 0.5f, 0, 4}, {DML_OPERATOR_ACTIVATION_SOFTPLUS, 3.0f, 0, 4},
                  {DML_OPERATOR_ACTIVATION_LINEAR, -2.0f, 0.5f, 1}, {DML_OPERATOR_ACTIVATION_SHRINK, 0.0f, 2.0f, 1},
                  {DML_OPERATOR_ACTIVATION_CELU, 0x1p-22f, 0, 4}, {DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU, -1.0f, 0, 1}};
    for (const auto& o : others) {
        Add1Params p;
        p.activation = o.type;
        p.storage.a0 = o.a0, p.storage.a1 = o.a1;
        FamilyCase c = add1Case(F32, {512}, p);
        runChecked(device, c, rng, "ADD1 + activation " + std::to_string(o.type) + " a0 " + std::to_string(o.a0),
                   add1Accept(F32, p, o.bound), {}, {f32gen, f32gen});
    }
}

TEST_CASE("ELEMENT_WISE_ADD1: layouts, in place over A and B") {
    TestDevice device;
    std::mt19937_64 rng(1221);
    Add1Params p;
    p.activation = DML_OPERATOR_ACTIVATION_SIGMOID;
    const std::vector<uint32_t> s = {3, 5, 8}, t = {4, 6, 5};
    for (Type type : {F32, F16}) {
        const FamilyAccept accept = add1Accept(type, p, type == F32 ? 4 : 1);
        const std::string name = std::string("ADD1 + SIGMOID ") + typeName(type) + " ";
        FamilyCase bcast = add1Case(type, s, p, {}, {0, 0, 1}, permutedStrides(s, {1, 2, 0}));
        runChecked(device, bcast, rng, name + "B row broadcast, permuted output", accept);
        FamilyCase mixed = add1Case(type, t, p, permutedStrides(t, {2, 1, 0}), paddedStrides(t, 3));
        runChecked(device, mixed, rng, name + "A transposed, B padded", accept);
        for (int k = 0; k < 2; ++k) {
            FamilyCase c = add1Case(type, {5, 7, 9}, p);
            c.inPlaceInput = k;
            runChecked(device, c, rng, name + (k ? "in place over B" : "in place over A"), accept);
        }
        for (uint32_t rank : {1u, 6u, 8u}) {
            const RandomLayout l = randomLayout(rank, rng, name, "A", "B");
            FamilyCase c = add1Case(type, l.sizes, p, l.a, l.b, l.out);
            runChecked(device, c, rng, l.name, accept);
        }
    }
}

TEST_CASE("ELEMENT_WISE_ADD1: validation of FusedActivation (tensors, type, desc, attributes) and feature levels") {
    TestDevice device;
    const std::vector<uint32_t> s = {2, 3};
    struct Invalid {
        const char* name;
        Add1Params p;
        Type type;
        const char* message;
    };
    Add1Params withInput, withOutput, swish, prelu, nullDesc, softplus, raw, good;
    withInput.storage.input = reinterpret_cast<const DML_TENSOR_DESC*>(1);
    withOutput.storage.output = reinterpret_cast<const DML_TENSOR_DESC*>(1);
    swish.activation = DML_OPERATOR_ACTIVATION_SWISH;
    prelu.activation = DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU;
    nullDesc.nullDesc = true;
    softplus.activation = DML_OPERATOR_ACTIVATION_SOFTPLUS;
    softplus.storage.a0 = 0.0f;  // Steepness 0: never valid
    raw.rawActivation = 4000;
    const Invalid cases[] = {
        {"fused InputTensor set", withInput, F32, "FusedActivation->Desc (DML_ACTIVATION_RELU_OPERATOR_DESC).InputTensor"},
        {"fused OutputTensor set", withOutput, F32, ".OutputTensor must be NULL"},
        {"SWISH fused", swish, F32, "cannot be fused"},
        {"PARAMETERIZED_RELU fused", prelu, F32, "cannot be fused"},
        {"fused Desc NULL", nullDesc, F32, "FusedActivation->Desc is NULL"},
        {"SOFTPLUS Steepness 0", softplus, F32, "Steepness"},
        {"raw activation type 4000", raw, F32, "FusedActivation->Type = 4000"},
        {"ADD1 on INT32", good, I32, "ATensor.DataType"},
    };
    for (const Invalid& c : cases) {
        INFO(c.name);
        device.clearErrors();
        CHECK(tryCreate(device, add1Case(c.type, s, c.p)) == E_INVALIDARG);
        CHECK_MESSAGE(device.lastError().find(c.message) != std::string::npos, device.lastError());
    }
    CHECK(tryCreate(device, add1Case(F32, s, good)) == S_OK);
    Add1Params gelu;
    gelu.activation = DML_OPERATOR_ACTIVATION_GELU;
    {
        TestDevice capped(DML_FEATURE_LEVEL_5_0);  // GELU arrived at 5_1
        CHECK(tryCreate(capped, add1Case(F32, s, gelu)) == E_INVALIDARG);
        CHECK(capped.lastError().find("5_1") != std::string::npos);
        CHECK(tryCreate(capped, add1Case(F32, s, good)) == S_OK);
    }
    {
        TestDevice capped(DML_FEATURE_LEVEL_2_0);
        CHECK(tryCreate(capped, add1Case(F16, {1, 2, 2, 3, 1}, good)) == S_OK);  // 4-5-D
        CHECK(tryCreate(capped, add1Case(F16, s, good)) == E_INVALIDARG);
        Add1Params celu;
        celu.activation = DML_OPERATOR_ACTIVATION_CELU;  // 3_0
        CHECK(tryCreate(capped, add1Case(F32, {1, 1, 2, 3}, celu)) == E_INVALIDARG);
    }
    TestDevice old(DML_FEATURE_LEVEL_1_0);
    CHECK(tryCreate(old, add1Case(F32, {1, 1, 2, 3}, good)) == E_INVALIDARG);
}
