// Element-wise operators of issue 12's "misc" group, end to end against exact references: MODULUS_TRUNCATE and
// MODULUS_FLOOR on every data type DirectML lists (every pair of 8-bit values, every pair of special values, FLOAT32
// pairs with quotients up to 2^277), layouts (broadcast, permuted, ranks 1-8, in place over A and over B),
// validation and feature-level gating.
//
// Expected values (docs/SEMANTICS.md): float remainders are exact (C fmod for TRUNCATE; for FLOOR, Python's %: the
// sign of the divisor, a zero remainder a zero of the divisor's sign, and b + fmod(a, b) rounded once where the
// signs differ); x mod 0, +-inf mod y and NaN operands give NaN, x mod +-inf gives x (TRUNCATE) or, for FLOOR with
// signs differing, +-inf. Integers: x mod 0 = x, INT_MIN mod -1 = 0. fp32 subnormals follow reference.h's rules.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "family_runner.h"
#include "reference.h"

using namespace vkdml::test;

namespace {

__extension__ typedef __int128 i128;
using Type = DML_TENSOR_DATA_TYPE;
constexpr Type F32 = DML_TENSOR_DATA_TYPE_FLOAT32, F16 = DML_TENSOR_DATA_TYPE_FLOAT16,
               F64 = DML_TENSOR_DATA_TYPE_FLOAT64, I8 = DML_TENSOR_DATA_TYPE_INT8, I16 = DML_TENSOR_DATA_TYPE_INT16,
               I32 = DML_TENSOR_DATA_TYPE_INT32, I64 = DML_TENSOR_DATA_TYPE_INT64, U8 = DML_TENSOR_DATA_TYPE_UINT8,
               U16 = DML_TENSOR_DATA_TYPE_UINT16, U32 = DML_TENSOR_DATA_TYPE_UINT32,
               U64 = DML_TENSOR_DATA_TYPE_UINT64;
constexpr Type kAll10[] = {F32, F16, I32, U32, I16, U16, I8, U8, I64, U64};
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

// FLOAT32 pairs whose quotient is huge or tiny, or sits next to an integer: every sign combination of large
// dividends (FLT_MAX, 2^127 * 1.5, 1e38, 3e30, 16777217 * 2^100) by small divisors (the smallest subnormal, a
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
    runChecked(device, c, rng, label(op, t, "dense n=" + std::to_string(a.size())), modAccept(op, t), {a, b});
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
            const int64_t minimum = -(int64_t(1) << (bitWidth(t) - 1));
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
        std::vector<uint32_t> sizes(rank);
        for (auto& v : sizes) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
        std::string name = "rank " + std::to_string(rank) + " A ";
        const auto a = randomStrides(sizes, rng, true, name);
        name += ", B ";
        const auto b = randomStrides(sizes, rng, true, name);
        name += ", output ";
        const auto o = randomStrides(sizes, rng, false, name);
        FamilyCase c = binaryCase(kFloor, F32, sizes, a, b, o);
        runChecked(device, c, rng, label(kFloor, F32, name), modAccept(kFloor, F32));
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
