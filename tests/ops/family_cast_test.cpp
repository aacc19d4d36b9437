// CAST between every pair of FLOAT32 FLOAT16 FLOAT64 INT8 INT16 INT32 INT64 UINT8 UINT16 UINT32 UINT64 (121 pairs),
// each element exact (docs/ARCHITECTURE.md "Numerics", docs/SEMANTICS.md):
//  - float -> integer: truncate toward zero, saturate to the target's range (+-inf too), NaN -> 0;
//  - float -> float: round to nearest even from the source value (FLOAT64 -> FLOAT16 rounded once), NaN stays a NaN
//    (any payload), +-inf stay, overflow rounds to +-inf;
//  - integer -> float: round to nearest even (past 65504 a FLOAT16 is +-inf);
//  - integer -> integer: the source value modulo 2^bits of the target (sign extension first, then the low bits).
// fp32 subnormals follow reference.h's rules (a) and (b). Inputs: boundary values of every target type (each
// rounded or wrapped into the source type), the source type's special values, then random values.
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "family_runner.h"
#include "reference.h"

using namespace vkdml::test;

namespace {

__extension__ typedef __int128 i128;
using Type = DML_TENSOR_DATA_TYPE;
constexpr Type kCastTypes[] = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16,
                               DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_INT8,
                               DML_TENSOR_DATA_TYPE_INT16,   DML_TENSOR_DATA_TYPE_INT32,
                               DML_TENSOR_DATA_TYPE_INT64,   DML_TENSOR_DATA_TYPE_UINT8,
                               DML_TENSOR_DATA_TYPE_UINT16,  DML_TENSOR_DATA_TYPE_UINT32,
                               DML_TENSOR_DATA_TYPE_UINT64};

i128 intValue(Type t, uint64_t bits) {
    return isSignedType(t) ? i128(signedValue(t, bits)) : i128(bits & typeMask(t));
}

i128 lowest(Type t) { return isSignedType(t) ? -(i128(1) << (bitWidth(t) - 1)) : 0; }
i128 highest(Type t) { return (i128(1) << (bitWidth(t) - (isSignedType(t) ? 1 : 0))) - 1; }

// Float -> integer: truncate, saturate, NaN -> 0.
uint64_t floatToInt(double v, Type to) {
    if (std::isnan(v)) return 0;
    const long double t = std::trunc(static_cast<long double>(v));
    if (t <= static_cast<long double>(lowest(to))) return static_cast<uint64_t>(lowest(to)) & typeMask(to);
    if (t >= static_cast<long double>(highest(to))) return static_cast<uint64_t>(highest(to)) & typeMask(to);
    return static_cast<uint64_t>(static_cast<i128>(t)) & typeMask(to);
}

// Integer -> float, rounded to nearest even once (the C++ conversions from 64-bit integers are correctly rounded).
uint64_t intToFloat(i128 v, Type from, Type to) {
    if (to == DML_TENSOR_DATA_TYPE_FLOAT32)
        return bits_of_float(isSignedType(from) ? static_cast<float>(static_cast<int64_t>(v))
                                                : static_cast<float>(static_cast<uint64_t>(v)));
    const double d = isSignedType(from) ? static_cast<double>(static_cast<int64_t>(v))
                                        : static_cast<double>(static_cast<uint64_t>(v));
    return floatBits(to, d);  // FLOAT16: |v| < 2^53 is exact in double, larger values are +-inf in half either way
}

uint64_t refCast(Type from, Type to, uint64_t bits) {
    if (isFloatType(from)) {
        const double v = floatValue(from, bits);
        return isFloatType(to) ? floatBits(to, v) : floatToInt(v, to);
    }
    const i128 v = intValue(from, bits);
    return isFloatType(to) ? intToFloat(v, from, to) : static_cast<uint64_t>(v) & typeMask(to);
}

bool castOk(Type from, Type to, uint64_t in, uint64_t got) {
    const uint64_t want = refCast(from, to, in);
    if (!isFloatType(to)) return got == want;
    if (std::isnan(floatValue(to, want))) return std::isnan(floatValue(to, got));
    if (got == want) return true;
    // Rule (a): an fp32-subnormal result may be a zero of its sign.
    if (to == DML_TENSOR_DATA_TYPE_FLOAT32 && floatValue(to, got) == 0 && (got >> 31) == (want >> 31) &&
        std::fabs(floatValue(to, want)) < 0x1p-126)
        return true;
    return false;
}

FamilyAccept castAccept(Type from, Type to) {
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        if (castOk(from, to, v[0], got)) return true;
        // Rule (b): an fp32-subnormal input may be read as +-0.
        if (from == DML_TENSOR_DATA_TYPE_FLOAT32 && readAs(from, floatValue(from, v[0])).size() > 1 &&
            (castOk(from, to, 0, got) || castOk(from, to, 0x80000000u, got)))
            return true;
        expected = formatValue(to, refCast(from, to, v[0]));
        return false;
    };
}

// Boundary values of every type, as doubles (float sources round them) and as integers (integer sources wrap them).
std::vector<uint64_t> castValues(Type from) {
    std::vector<uint64_t> values;
    if (isFloatType(from)) {
        const double p31 = 0x1p31, p32 = 0x1p32, p63 = 0x1p63, p64 = 0x1p64;
        const double doubles[] = {
            0.0, -0.0, 0.1, -0.1, 0.5, -0.5, 0.9, -0.9, 0.99999, -0.99999, 1, -1, 1.5, -1.5, 2.5, -2.5, 3.7, -3.7,
            127, 127.5, 127.99, 128, 128.5, -127.5, -128, -128.5, -128.99, -129, 200.7, 255, 255.5, 255.99, 256,
            256.5, -255, -256, 32767, 32767.5, 32768, 32768.5, -32768, -32768.5, -32769, 65504, 65519.99, 65520,
            65535, 65535.5, 65536, -65504, -65520, -65536, 2147483520.0, 2147483647.0, p31 - 0.5, p31, p31 + 1,
            -p31, -p31 - 0.5, -p31 - 1, 4294967040.0, p32 - 1, p32 - 0.5, p32, p32 + 1, -p32, 16777216, 16777217,
            16777219, 9007199254740993.0, p63 - 1024, p63, -p63, -p63 - 2048, p64 - 2048, p64, -p64, 1e19, -1e19,
            1e30, -1e30, 1e300, -1e300, 1 + 0x1p-11, 1 + 3 * 0x1p-11, 1 + 0x1p-24, 1 + 3 * 0x1p-24, 0x1p-24,
            0x1p-25, 3 * 0x1p-25, 0x1p-14, 0x1p-15 * 1.5, 6e-8, 1e-40, -1e-40, 0x1p-126, 1e-310, -1e-310, 0x1p-1022,
            1.0 / 3, -2.0 / 3, 3.14159265358979, 65505, 65519, 2049, 2051, 4097, 1e-5, 12345.678,
            INFINITY, -INFINITY, NAN, -NAN};
        for (double d : doubles) values.push_back(floatBits(from, d));
    } else {
        const i128 p = 1;
        const i128 ints[] = {0, 1, -1, 2, -2, 7, -7, 100, -100, 127, 128, -128, -129, 200, -56, 255, 256, -255,
                             -256, 1000, 2049, 2050, 2051, 4097, 32767, 32768, -32768, -32769, 40000, 65504, 65519,
                             65520, 65521, 65535, 65536, -65535, -65536, 100000, 16777216, 16777217, 16777219,
                             16777221, (p << 31) - 1, p << 31, -(p << 31), -(p << 31) - 1, (p << 32) - 1, p << 32,
                             (p << 32) + 1, (p << 53) + 1, (p << 53) + 3, (p << 62) + 1, (p << 63) - 1, p << 63,
                             -(p << 63), (p << 63) + (p << 40) + 1, (p << 63) - 513, (p << 64) - 1, (p << 64) - 1025,
                             1234567890123, -1234567890123, 0x7fffff80, 0x7fffffc0, 0xffffff80, 0xffffff7f};
        for (i128 v : ints) values.push_back(static_cast<uint64_t>(v) & typeMask(from));
    }
    for (uint64_t s : specialValues(from)) values.push_back(s);
    return values;
}

FamilyCase castCase(Type from, Type to, const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& in = {},
                    const std::vector<uint32_t>& out = {}) {
    FamilyCase c;
    c.op = DML_OPERATOR_CAST;
    c.inputs = {tensorOf(from, sizes, in)};
    c.output = tensorOf(to, sizes, out);
    return c;
}

std::string castLabel(Type from, Type to, const std::string& layout) {
    return std::string("CAST ") + typeName(from) + " -> " + typeName(to) + " " + layout;
}

void runCast(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& layout) {
    const Type from = c.inputs[0].type, to = c.output.type;
    runChecked(device, c, rng, castLabel(from, to, layout), castAccept(from, to), {castValues(from)});
}

}  // namespace

TEST_CASE("CAST: every pair of the 11 data types, boundary and special values") {
    TestDevice device;
    std::mt19937_64 rng(50);
    for (Type from : kCastTypes)
        for (Type to : kCastTypes) {
            FamilyCase c = castCase(from, to, {300});
            runCast(device, c, rng, "n=300");
        }
}

TEST_CASE("CAST: layouts, ranks 1 through 8, element counts, separate buffers, offsets") {
    TestDevice device;
    std::mt19937_64 rng(51);
    const std::vector<uint32_t> s = {3, 5, 8}, t = {4, 6, 5};
    const std::pair<Type, Type> pairs[] = {{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16},
                                           {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_INT8},
                                           {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_FLOAT32},
                                           {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT16}};
    for (const auto& [from, to] : pairs) {
        FamilyCase transposed = castCase(from, to, t, permutedStrides(t, {2, 1, 0}));
        runCast(device, transposed, rng, "transposed input");
        FamilyCase row = castCase(from, to, s, {0, 0, 1}, paddedStrides(s, 3));
        runCast(device, row, rng, "row broadcast input, padded output");
        FamilyCase scalar = castCase(from, to, s, {0, 0, 0});
        runCast(device, scalar, rng, "scalar input");
        FamilyCase permutedOut = castCase(from, to, t, paddedStrides(t, 2), permutedStrides(t, {1, 2, 0}));
        runCast(device, permutedOut, rng, "padded input, permuted output");
        FamilyCase separate = castCase(from, to, t, permutedStrides(t, {1, 0, 2}, 1), paddedStrides(t, 1));
        separate.separateBuffers = true;
        runCast(device, separate, rng, "separate buffers");
        FamilyCase offsets = castCase(from, to, {3, 37});
        offsets.inputs[0].offset = 48, offsets.output.offset = 16;
        runCast(device, offsets, rng, "binding offsets 48/16");
        for (uint32_t n : {1u, 3u, 7u, 1023u, 4099u}) {
            FamilyCase c = castCase(from, to, {n});
            runCast(device, c, rng, "n=" + std::to_string(n));
        }
    }
    for (uint32_t rank = 1; rank <= 8; ++rank) {
        std::vector<uint32_t> sizes(rank);
        for (auto& v : sizes) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
        std::string name = "rank " + std::to_string(rank) + " input ";
        auto in = randomStrides(sizes, rng, true, name);
        name += ", output ";
        auto out = randomStrides(sizes, rng, false, name);
        const auto& [from, to] = pairs[rank % 4];
        FamilyCase c = castCase(from, to, sizes, in, out);
        runCast(device, c, rng, name);
    }
}

TEST_CASE("CAST: documented examples (INT16 200 -> INT8 -56, INT8 -1 -> UINT32 0xFFFFFFFF, -1.5 -> UINT8 0)") {
    TestDevice device;
    struct Example {
        Type from, to;
        uint64_t in, out;
    };
    const Example examples[] = {
        {DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_INT8, 200, 0xc8},  // -56
        {DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT32, 0xff, 0xffffffff},
        {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT8, 0xbfc00000, 0},          // -1.5
        {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT32, 0x7fc00000, 0},          // NaN
        {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT8, 0xff800000, 0x80},        // -inf -> -128
        {DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_UINT64, 0x43f0000000000000ull,  // 2^64
         0xffffffffffffffffull},
        {DML_TENSOR_DATA_TYPE_FLOAT64, DML_TENSOR_DATA_TYPE_FLOAT16, 0x3ff0020000000001ull, 0x3c01},  // once
    };
    for (const Example& e : examples) {
        FamilyCase c = castCase(e.from, e.to, {1});
        c.inputs[0].memory.assign(c.inputs[0].bytes(), 0);
        writeBits(c.inputs[0].memory, 0, e.from, e.in);
        CHECK(refCast(e.from, e.to, e.in) == e.out);  // the reference itself
        const FamilyRun run = runFamily(device, c);
        checkFamily(castLabel(e.from, e.to, "example " + formatValue(e.from, e.in)), c, run,
                    [&](const std::vector<uint64_t>&, uint64_t got, std::string& expected) {
                        expected = formatValue(e.to, e.out);
                        return got == e.out;
                    });
    }
}

// The one conversion every FLOAT16 kernel runs on every input: all 65536 patterns, bit for bit. Subnormal halves
// become normal floats; infinities and NaNs keep their sign and payload (a signaling NaN stays signaling). On
// llvmpipe this pins the driver's own conversion (AdapterCaps::nativeHalf); the fallback-paths entries run
// the integer form (VKDML_FORCE_INTEGER_HALF=1).
TEST_CASE("CAST: FLOAT16 -> FLOAT32 bit for bit on all 65536 patterns") {
    TestDevice device;
    FamilyCase c = castCase(DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_FLOAT32, {65536});
    c.inputs[0].memory.assign(c.inputs[0].bytes(), 0);
    for (uint32_t h = 0; h < 65536; ++h) writeBits(c.inputs[0].memory, h, DML_TENSOR_DATA_TYPE_FLOAT16, h);
    auto widened = [](uint32_t h) -> uint32_t {
        const uint32_t sign = (h & 0x8000u) << 16, exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
        if (exponent == 31) return sign | 0x7f800000u | (mantissa << 13);
        const float magnitude = std::ldexp(float(exponent ? mantissa | 0x400u : mantissa),
                                           int(exponent ? exponent : 1) - 25);
        uint32_t bits = 0;
        std::memcpy(&bits, &magnitude, 4);
        return sign | bits;
    };
    CHECK(widened(0x0001) == 0x33800000u);  // 2^-24, the smallest subnormal half
    CHECK(widened(0x3c00) == 0x3f800000u);  // 1
    CHECK(widened(0xfc01) == 0xff802000u);  // a signaling NaN, negative
    const FamilyRun run = runFamily(device, c);
    checkFamily("CAST FLOAT16 -> FLOAT32 every pattern", c, run,
                [&](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
                    const uint32_t want = widened(uint32_t(in[0]));
                    expected = formatValue(DML_TENSOR_DATA_TYPE_FLOAT32, want);
                    return got == want;
                });
}

// The conversion every FLOAT16 output runs: 2^22 inputs, bit for bit. Every sign, exponent and top 10 mantissa
// bits, each with low 13 bits at the half-normal rounding point's tie, just above and below it, and zero; the
// half-subnormal ties lie in the top bits. On llvmpipe this pins the driver's own narrowing (AdapterCaps::nativeHalf,
// measured the same on all 2^32 inputs: VKDML_EXHAUSTIVE=1 runs them, in 256 dispatches); the fallback-paths entries
// run the integer form. NaNs: quiet, with the sign and the top 10 payload bits.
TEST_CASE("CAST: FLOAT32 -> FLOAT16 bit for bit on every rounding case") {
    TestDevice device;
    constexpr uint32_t kLow[] = {0x0000, 0x0001, 0x0fff, 0x1000, 0x1001, 0x1fff, 0x0800, 0x1234};
    const char* exhaustiveFlag = std::getenv("VKDML_EXHAUSTIVE");
    const bool exhaustive = exhaustiveFlag && std::string(exhaustiveFlag) == "1";
    const uint32_t count = exhaustive ? 1u << 24 : (1u << 19) * 8;
    auto pattern = [&](uint32_t chunk, uint32_t i) {
        return exhaustive ? (chunk << 24) | i : ((i >> 3) << 13) | kLow[i & 7];
    };
    auto narrowed = [](uint32_t b) -> uint32_t {
        const uint32_t sign = (b >> 16) & 0x8000u;
        if ((b & 0x7fffffffu) > 0x7f800000u) return sign | 0x7e00u | ((b >> 13) & 0x3ffu);
        return static_cast<uint32_t>(floatBits(DML_TENSOR_DATA_TYPE_FLOAT16, double(float_of_bits(b))));
    };
    CHECK(narrowed(0x3f801000u) == 0x3c00u);  // 1 + 2^-11: a tie, to even
    CHECK(narrowed(0x3f803000u) == 0x3c02u);  // 1 + 3 * 2^-11: a tie, to even (up)
    CHECK(narrowed(0x33000000u) == 0x0000u);  // 2^-25: a tie, to even 0
    CHECK(narrowed(0x33000001u) == 0x0001u);  // just above 2^-25
    CHECK(narrowed(0x477ff000u) == 0x7c00u);  // 65520 rounds past 65504
    CHECK(narrowed(0xff800001u) == 0xfe00u);  // a signaling NaN becomes quiet, sign kept
    FamilyCase c = castCase(DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16, {count});
    c.inputs[0].memory.assign(c.inputs[0].bytes(), 0);
    for (uint32_t chunk = 0; chunk < (exhaustive ? 256u : 1u); ++chunk) {
        for (uint32_t i = 0; i < count; ++i)
            writeBits(c.inputs[0].memory, i, DML_TENSOR_DATA_TYPE_FLOAT32, pattern(chunk, i));
        const FamilyRun run = runFamily(device, c);
        checkFamily("CAST FLOAT32 -> FLOAT16 every rounding case, part " + std::to_string(chunk), c, run,
                    [&](const std::vector<uint64_t>& in, uint64_t got, std::string& expected) {
                        const uint32_t want = narrowed(uint32_t(in[0]));
                        expected = formatValue(DML_TENSOR_DATA_TYPE_FLOAT16, want);
                        return got == want;
                    });
    }
}
