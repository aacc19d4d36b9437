// The DirectML element-wise operator families end to end on the default device (feature level 6_4), every output
// element against a host reference: binary arithmetic (ADD SUBTRACT MULTIPLY DIVIDE MAX MIN MEAN DIFFERENCE_SQUARE)
// on every data type, comparisons, LOGICAL_*, BIT_*, ELEMENT_WISE_IF; packed, broadcast (scalar and row), permuted,
// padded, mixed and permuted-output layouts, ranks 1..8, odd element counts, in place, aliased inputs, separate
// buffers and binding offsets; validation and feature-level gating. CAST is in family_cast_test.cpp.
//
// Expected values (docs/ARCHITECTURE.md, "Numerics"): float arithmetic is IEEE round to nearest even (0 ULP; MEAN and
// DIFFERENCE_SQUARE 1 ULP), NaN in -> NaN out, MAX/MIN return the non-NaN operand with MAX(+0,-0) = +0 and
// MIN(+0,-0) = -0; integer ADD/SUBTRACT/MULTIPLY/DIFFERENCE_SQUARE wrap, DIVIDE truncates (x/0 = all bits set,
// INT_MIN/-1 = INT_MIN), MEAN = trunc((a+b)/2) without overflow; comparisons are 0/1 and false on NaN; shifts by
// the element width or more give 0. fp32 subnormals follow reference.h's rules (a) and (b).
#include <algorithm>
#include <cmath>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference.h"

using namespace vkdml::test;

namespace {

__extension__ typedef __int128 i128;
using namespace data_type_names;

struct Op {
    DML_OPERATOR_TYPE type;
    const char* name;
};
#define OP(x) Op{DML_OPERATOR_ELEMENT_WISE_##x, #x}

i128 intValue(Type t, uint64_t bits) {
    return isSignedType(t) ? i128(signedValue(t, bits)) : i128(bits & typeMask(t));
}

// ---- references ------------------------------------------------------------------------------------------------------

double floatMax(double a, double b) {
    if (std::isnan(a)) return b;
    if (std::isnan(b)) return a;
    if (a == 0 && b == 0) return std::signbit(a) ? b : a;  // +0 unless both are -0
    return a > b ? a : b;
}

double floatMin(double a, double b) {
    if (std::isnan(a)) return b;
    if (std::isnan(b)) return a;
    if (a == 0 && b == 0) return std::signbit(a) ? a : b;  // -0 if either is -0
    return a < b ? a : b;
}

// The exact result as a double. For float/half inputs a+b, a-b, a*b and a/b rounded to double and then to the
// output type equal the correctly rounded result (53 >= 2*24+2); MEAN and DIFFERENCE_SQUARE are within 1 ULP anyway.
double refFloat(DML_OPERATOR_TYPE op, double a, double b) {
    switch (op) {
        case DML_OPERATOR_ELEMENT_WISE_ADD: return a + b;
        case DML_OPERATOR_ELEMENT_WISE_SUBTRACT: return a - b;
        case DML_OPERATOR_ELEMENT_WISE_MULTIPLY: return a * b;
        case DML_OPERATOR_ELEMENT_WISE_DIVIDE: return a / b;
        case DML_OPERATOR_ELEMENT_WISE_MAX: return floatMax(a, b);
        case DML_OPERATOR_ELEMENT_WISE_MIN: return floatMin(a, b);
        case DML_OPERATOR_ELEMENT_WISE_MEAN: return static_cast<double>((static_cast<long double>(a) + b) / 2);
        case DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE: {
            const long double d = static_cast<long double>(a) - b;
            return static_cast<double>(d * d);
        }
        default: FAIL("not an arithmetic operator"); return 0;
    }
}

uint64_t floatBound(DML_OPERATOR_TYPE op) {
    return op == DML_OPERATOR_ELEMENT_WISE_MEAN || op == DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE ? 1 : 0;
}

// Integer results: the low bits of the exact result (wrap), DIVIDE truncating with x/0 = all bits set.
uint64_t refInt(DML_OPERATOR_TYPE op, Type t, uint64_t abits, uint64_t bbits) {
    const uint64_t m = typeMask(t);
    const i128 a = intValue(t, abits), b = intValue(t, bbits);
    const uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);  // arithmetic mod 2^64
    switch (op) {
        case DML_OPERATOR_ELEMENT_WISE_ADD: return (ua + ub) & m;
        case DML_OPERATOR_ELEMENT_WISE_SUBTRACT: return (ua - ub) & m;
        case DML_OPERATOR_ELEMENT_WISE_MULTIPLY: return (ua * ub) & m;
        case DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE: return ((ua - ub) * (ua - ub)) & m;
        case DML_OPERATOR_ELEMENT_WISE_DIVIDE: return b == 0 ? m : static_cast<uint64_t>(a / b) & m;  // 128-bit: wraps
        case DML_OPERATOR_ELEMENT_WISE_MEAN: return static_cast<uint64_t>((a + b) / 2) & m;  // truncates toward 0
        case DML_OPERATOR_ELEMENT_WISE_MAX: return static_cast<uint64_t>(a > b ? a : b) & m;
        case DML_OPERATOR_ELEMENT_WISE_MIN: return static_cast<uint64_t>(a < b ? a : b) & m;
        default: FAIL("not an arithmetic operator"); return 0;
    }
}

bool isComparison(DML_OPERATOR_TYPE op) {
    return op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS || op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN ||
           op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN ||
           op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL ||
           op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL;
}

template <class V>
bool compare(DML_OPERATOR_TYPE op, V a, V b) {  // false on NaN operands, +0 == -0
    switch (op) {
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS: return a == b;
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN: return a > b;
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN: return a < b;
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL: return a >= b;
        default: return a <= b;
    }
}

// LOGICAL_AND/OR/XOR and BIT_AND/OR/XOR/SHIFT_*: the expected output bits, or false when `op` is not one of them.
bool refLogicalOrBits(DML_OPERATOR_TYPE op, Type t, uint64_t a, uint64_t b, uint64_t& want) {
    const uint64_t m = typeMask(t);
    const uint32_t w = bitWidth(t);
    switch (op) {
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND: want = a != 0 && b != 0; return true;
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR: want = a != 0 || b != 0; return true;
        case DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR: want = (a != 0) != (b != 0); return true;
        case DML_OPERATOR_ELEMENT_WISE_BIT_AND: want = a & b; return true;
        case DML_OPERATOR_ELEMENT_WISE_BIT_OR: want = a | b; return true;
        case DML_OPERATOR_ELEMENT_WISE_BIT_XOR: want = a ^ b; return true;
        case DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT: want = b >= w ? 0 : (a << b) & m; return true;
        case DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT: want = b >= w ? 0 : (a & m) >> b; return true;
        default: return false;
    }
}

// Judges one element of any binary operator of this file (inputs of type `in`, output of type `out`).
FamilyAccept binaryAccept(DML_OPERATOR_TYPE op, Type in, Type out) {
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        uint64_t want = 0;
        if (isComparison(op)) {
            if (!isFloatType(in)) {
                want = compare(op, intValue(in, v[0]), intValue(in, v[1]));
                expected = std::to_string(want);
                return got == want;
            }
            const double x = floatValue(in, v[0]), y = floatValue(in, v[1]);
            want = compare(op, x, y);
            expected = std::to_string(want);
            for (double xv : readAs(in, x))
                for (double yv : readAs(in, y))
                    if (got == uint64_t(compare(op, xv, yv))) return true;
            return false;
        }
        if (refLogicalOrBits(op, in, v[0], v[1], want)) {
            expected = formatValue(out, want);
            return got == want;
        }
        if (!isFloatType(in)) {
            want = refInt(op, in, v[0], v[1]);
            expected = formatValue(out, want);
            return got == want;
        }
        const double x = floatValue(in, v[0]), y = floatValue(in, v[1]);
        const uint64_t bound = floatBound(op);
        for (double xv : readAs(in, x))
            for (double yv : readAs(in, y))
                if (floatResultOk(out, got, refFloat(op, xv, yv), bound)) return true;
        expected = formatValue(out, floatBits(out, refFloat(op, x, y))) + (bound ? " within 1 ULP" : "");
        return false;
    };
}

// LOGICAL_NOT, BIT_NOT, BIT_COUNT.
FamilyAccept unaryAccept(DML_OPERATOR_TYPE op, Type in, Type out) {
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        const uint64_t x = v[0] & typeMask(in);
        const uint64_t want = op == DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT ? uint64_t(x == 0)
                              : op == DML_OPERATOR_ELEMENT_WISE_BIT_NOT  ? ~x & typeMask(in)
                                                                         : uint64_t(__builtin_popcountll(x));
        expected = formatValue(out, want);
        return got == want;
    };
}

// ELEMENT_WISE_IF: a bit-exact copy of A where the condition is non-zero, else of B.
FamilyAccept ifAccept(Type t) {
    return [=](const std::vector<uint64_t>& v, uint64_t got, std::string& expected) {
        const uint64_t want = v[0] != 0 ? v[1] : v[2];
        expected = formatValue(t, want);
        return got == want;
    };
}

// ---- cases -----------------------------------------------------------------------------------------------------------

std::string label(const Op& op, Type in, Type out, const std::string& layout) {
    return std::string(op.name) + " " + typeName(in) + (in != out ? std::string(" -> ") + typeName(out) : "") + " " +
           layout;
}

FamilyCase binaryCase(const Op& op, Type in, Type out, const std::vector<uint32_t>& sizes,
                      const std::vector<uint32_t>& a = {}, const std::vector<uint32_t>& b = {},
                      const std::vector<uint32_t>& o = {}) {
    FamilyCase c;
    c.op = op.type;
    c.inputs = {tensorOf(in, sizes, a), tensorOf(in, sizes, b)};
    c.output = tensorOf(out, sizes, o);
    return c;
}

// Inputs for a dense binary run: 8-bit types every pair of values (65536); otherwise every pair of special values,
// then for 16-bit types every value of A (B random), for wider types random values up to 8192 elements.
void denseInputs(Type type, std::mt19937_64& rng, std::vector<uint64_t>& a, std::vector<uint64_t>& b) {
    a.clear(), b.clear();
    if (bitWidth(type) == 8) {
        for (uint64_t i = 0; i < 65536; i += denseStride()) a.push_back(i & 255), b.push_back(i >> 8);
        return;
    }
    specialPairs(type, a, b);
    const size_t n = (bitWidth(type) == 16 ? a.size() + 65536 : 8192) / denseStride();
    for (uint64_t i = 0; a.size() < n; ++i) {
        a.push_back(bitWidth(type) == 16 ? i * denseStride() : randomValue(type, rng));
        b.push_back(randomValue(type, rng));
    }
}

void denseBinary(TestDevice& device, const Op& op, Type in, Type out, std::mt19937_64& rng) {
    std::vector<uint64_t> a, b;
    denseInputs(in, rng, a, b);
    FamilyCase c = binaryCase(op, in, out, {static_cast<uint32_t>(a.size())});
    runMeasured(device, c, rng, label(op, in, out, "dense n=" + std::to_string(a.size())),
                binaryAccept(op.type, in, out), {a, b});
}

// Every value of 8- and 16-bit types (specials first), random values up to 4099 elements for wider ones.
void denseUnary(TestDevice& device, const Op& op, Type in, Type out, std::mt19937_64& rng) {
    std::vector<uint64_t> a = specialValues(in);
    const size_t n = std::max<size_t>(a.size(), (bitWidth(in) <= 16 ? a.size() + (size_t(1) << bitWidth(in)) : 4099) / denseStride());
    for (uint64_t i = 0; a.size() < n; ++i) a.push_back(bitWidth(in) <= 16 ? i * denseStride() : randomValue(in, rng));
    FamilyCase c;
    c.op = op.type;
    c.inputs = {tensorOf(in, {static_cast<uint32_t>(n)})};
    c.output = tensorOf(out, {static_cast<uint32_t>(n)});
    runMeasured(device, c, rng, label(op, in, out, "dense n=" + std::to_string(n)), unaryAccept(op.type, in, out), {a});
}

struct Layout {
    std::string name;
    std::vector<uint32_t> sizes, a, b, out;
};

// Fixed layouts of a binary operator (two inputs and the output).
std::vector<Layout> fixedLayouts() {
    const std::vector<uint32_t> s = {3, 5, 8}, t = {4, 6, 5};
    return {
        {"packed", s, {}, {}, {}},
        {"B scalar broadcast (strides 0,0,0)", s, {}, {0, 0, 0}, {}},
        {"B row broadcast (strides 0,0,1)", s, {}, {0, 0, 1}, {}},
        {"A scalar broadcast, B column broadcast (strides 1,0,0)", s, {0, 0, 0}, {1, 0, 0}, {}},
        {"A transposed", t, permutedStrides(t, {2, 1, 0}), {}, {}},
        {"A and B padded differently", t, paddedStrides(t, 2), paddedStrides(t, 5), {}},
        {"A permuted, B padded row broadcast", t, permutedStrides(t, {2, 0, 1}), {0, 0, 2}, {}},
        {"permuted output, B row broadcast", t, {}, {0, 0, 1}, permutedStrides(t, {1, 2, 0})},
        {"A permuted+padded, B permuted, padded output", t, permutedStrides(t, {1, 2, 0}, 1),
         permutedStrides(t, {1, 0, 2}), paddedStrides(t, 3)},
        {"size-1 dimensions with odd strides", {2, 1, 7, 1, 3}, {21, 999, 3, 12345, 1}, {0, 7, 1, 0, 0},
         {22, 1, 3, 77, 1}},
        // Rows of whole vectors (the quads walk's rows access, output included), and one tensor off it.
        {"rows padded by 4 everywhere, B row broadcast", s, paddedStrides(s, 4), {0, 0, 1}, paddedStrides(s, 4)},
        {"rows of one vector padded by 4, A padded by 1", {6, 4}, paddedStrides({6, 4}, 1), paddedStrides({6, 4}, 8),
         paddedStrides({6, 4}, 4)},
    };
}

void runLayout(TestDevice& device, const Op& op, Type type, const Layout& l, std::mt19937_64& rng) {
    FamilyCase c = binaryCase(op, type, type, l.sizes, l.a, l.b, l.out);
    runChecked(device, c, rng, label(op, type, type, l.name), binaryAccept(op.type, type, type));
}

}  // namespace

// ---- binary arithmetic -----------------------------------------------------------------------------------------------

TEST_CASE("binary arithmetic: ADD on every data type (dense, every pair of special values)") {
    TestDevice device;
    std::mt19937_64 rng(1);
    for (Type t : kAll10) denseBinary(device, OP(ADD), t, t, rng);
}

TEST_CASE("binary arithmetic: SUBTRACT on every data type (dense, every pair of special values)") {
    TestDevice device;
    std::mt19937_64 rng(2);
    for (Type t : kAll10) denseBinary(device, OP(SUBTRACT), t, t, rng);
}

TEST_CASE("binary arithmetic: MULTIPLY on every data type (dense, every pair of special values)") {
    TestDevice device;
    std::mt19937_64 rng(3);
    for (Type t : kAll10) denseBinary(device, OP(MULTIPLY), t, t, rng);
}

TEST_CASE("binary arithmetic: DIVIDE on every data type (x/0, 0/0, INT_MIN/-1 included)") {
    TestDevice device;
    std::mt19937_64 rng(4);
    for (Type t : kAll10) denseBinary(device, OP(DIVIDE), t, t, rng);
}

TEST_CASE("binary arithmetic: MAX and MIN on every data type (NaN operands, signed zeros)") {
    TestDevice device;
    std::mt19937_64 rng(5);
    for (Type t : kAll10) {
        denseBinary(device, OP(MAX), t, t, rng);
        denseBinary(device, OP(MIN), t, t, rng);
    }
}

TEST_CASE("binary arithmetic: MEAN and DIFFERENCE_SQUARE on FLOAT32, FLOAT16, INT32, UINT32") {
    TestDevice device;
    std::mt19937_64 rng(6);
    for (Type t : {F32, F16, I32, U32}) {
        denseBinary(device, OP(MEAN), t, t, rng);
        denseBinary(device, OP(DIFFERENCE_SQUARE), t, t, rng);
    }
}

namespace {

struct Vector {
    uint64_t a, b, want;  // raw bits
};

// Runs the listed pairs as one tensor; each element must be the listed result (any NaN for a NaN). The list is also
// checked against the reference the dense cases use.
void runVectors(TestDevice& device, const Op& op, Type t, const std::vector<Vector>& vectors) {
    std::vector<uint64_t> a, b;
    const FamilyAccept reference = binaryAccept(op.type, t, t);
    for (const Vector& v : vectors) {
        std::string unused;
        CHECK_MESSAGE(reference({v.a, v.b}, v.want, unused), op.name << " " << typeName(t) << " "
                      << formatValue(t, v.a) << ", " << formatValue(t, v.b) << ": the reference disagrees");
        a.push_back(v.a), b.push_back(v.b);
    }
    std::mt19937_64 rng(0);
    FamilyCase c = binaryCase(op, t, t, {static_cast<uint32_t>(vectors.size())});
    runChecked(device, c, rng, label(op, t, t, "documented vectors"),
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

constexpr uint64_t kMax32 = 0x7f7fffff, kInf32 = 0x7f800000, kNInf32 = 0xff800000, kNaN32 = 0x7fc00000,
                   kNeg0 = 0x80000000, kOne32 = 0x3f800000, kNegOne32 = 0xbf800000;

}  // namespace

// The choices docs/SEMANTICS.md documents, as readable vectors (the dense cases above cover them too).
TEST_CASE("binary arithmetic: integers") {
    TestDevice device;
    const uint64_t m32 = 0xffffffff, min32 = 0x80000000, max32 = 0x7fffffff, min64 = 0x8000000000000000ull;
    runVectors(device, OP(ADD), I8, {{127, 1, 0x80}, {0x80, 0xff, 0x7f}});  // 127+1 = -128, -128-1 = 127
    runVectors(device, OP(ADD), U8, {{255, 1, 0}});
    runVectors(device, OP(SUBTRACT), U16, {{0, 1, 0xffff}});
    runVectors(device, OP(MULTIPLY), I32, {{0x10000, 0x10000, 0}, {46341, 46341, 0x80001219}});
    runVectors(device, OP(MULTIPLY), I64, {{min64, ~0ull, min64}});
    // DIVIDE truncates; x/0 = every bit set; INT_MIN / -1 = INT_MIN.
    runVectors(device, OP(DIVIDE), I32, {{7, 2, 3}, {m32 - 6, 2, m32 - 2}, {7, m32 - 1, m32 - 2}, {5, 0, m32},
                                         {0, 0, m32}, {min32, m32, min32}});
    runVectors(device, OP(DIVIDE), U32, {{5, 0, m32}, {m32, 2, max32}});
    runVectors(device, OP(DIVIDE), I8, {{0x80, 0xff, 0x80}, {0x81, 0, 0xff}});
    runVectors(device, OP(DIVIDE), I64, {{min64, ~0ull, min64}, {1, 0, ~0ull}});
    runVectors(device, OP(DIVIDE), U64, {{12345, 0, ~0ull}});
    // MEAN: the exact (a + b) / 2 truncated toward zero.
    runVectors(device, OP(MEAN), I32, {{m32 - 2, 0, m32}, {3, 0, 1}, {max32, max32, max32}, {min32, min32, min32},
                                       {min32, max32, 0}});
    runVectors(device, OP(MEAN), U32, {{m32, m32, m32}, {m32, 0, max32}});
    runVectors(device, OP(DIFFERENCE_SQUARE), I32, {{0x10000, 0, 0}, {3, 5, 4}, {min32, 0, 0}});
}

TEST_CASE("binary arithmetic: float specials") {
    TestDevice device;
    runVectors(device, OP(MEAN), F32, {{kMax32, kMax32, kMax32}, {kMax32 | kNeg0, kMax32 | kNeg0, kMax32 | kNeg0},
                                       {kInf32, kNInf32, kNaN32}, {kOne32, 0x40000000, 0x3fc00000}});
    runVectors(device, OP(MEAN), F16, {{0x7bff, 0x7bff, 0x7bff}});
    runVectors(device, OP(MAX), F32, {{kNaN32, kOne32, kOne32}, {kOne32, kNaN32, kOne32}, {kNaN32, kNaN32, kNaN32},
                                      {0, kNeg0, 0}, {kNeg0, 0, 0}, {kNeg0, kNeg0, kNeg0}});
    runVectors(device, OP(MIN), F32, {{0, kNeg0, kNeg0}, {kNeg0, 0, kNeg0}, {kNaN32, kNInf32, kNInf32},
                                      {kInf32, kNaN32, kInf32}});
    runVectors(device, OP(MAX), F16, {{0x7e00, 0xbc00, 0xbc00}, {0x0000, 0x8000, 0x0000}});
    runVectors(device, OP(MIN), F16, {{0x0000, 0x8000, 0x8000}, {0x3c00, 0xfe00, 0x3c00}});
    runVectors(device, OP(DIVIDE), F32, {{kOne32, 0, kInf32}, {kNegOne32, 0, kNInf32}, {kOne32, kNeg0, kNInf32},
                                         {0, 0, kNaN32}, {kInf32, kInf32, kNaN32}});
    runVectors(device, OP(ADD), F32, {{kInf32, kNInf32, kNaN32}, {kNeg0, kNeg0, kNeg0}, {0, kNeg0, 0},
                                      {kMax32, kMax32, kInf32}});
    runVectors(device, OP(SUBTRACT), F32, {{kOne32, kOne32, 0}, {kNeg0, 0, kNeg0}});
    runVectors(device, OP(MULTIPLY), F32, {{0, kInf32, kNaN32}, {kNeg0, 0x40a00000, kNeg0}});
}

// ---- layouts ---------------------------------------------------------------------------------------------------------

TEST_CASE("binary layouts: ADD FLOAT32, FLOAT16, INT8 broadcast, permuted, padded, mixed, permuted output") {
    TestDevice device;
    std::mt19937_64 rng(10);
    for (Type t : {F32, F16, I8})
        for (const Layout& l : fixedLayouts()) runLayout(device, OP(ADD), t, l, rng);
}

TEST_CASE("binary layouts: MULTIPLY FLOAT32, FLOAT16, INT8 broadcast, permuted, padded, permuted output") {
    TestDevice device;
    std::mt19937_64 rng(11);
    const auto layouts = fixedLayouts();
    for (Type t : {F32, F16, I8})
        for (size_t i : {1, 2, 4, 5, 7}) runLayout(device, OP(MULTIPLY), t, layouts[i], rng);
}

// Tensors that disagree on the output's innermost dimension run the tile walks (kernel_selection_test pins the
// choice): sides that are not multiples of their 16 rows (nor of 4), ranks 3 and 4, in place, and under
// family_test_chunked (4096-byte bindings) permuted tensors split over several chunks.
TEST_CASE("binary layouts: ADD transposed and permuted (tiles walk) FLOAT32, FLOAT16, INT8") {
    TestDevice device;
    std::mt19937_64 rng(15);
    const std::vector<uint32_t> m = {37, 45}, r3 = {5, 19, 21}, r4 = {3, 4, 7, 18}, q = {36, 44}, q3 = {3, 12, 20};
    const std::vector<Layout> layouts = {
        {"37x45, A transposed", m, permutedStrides(m, {1, 0}), {}, {}},
        // Sides multiples of 4: the tile quads walk, A read in 4 x 4 blocks (columns access).
        {"36x44, A transposed", q, permutedStrides(q, {1, 0}), {}, {}},
        {"rank 3, A permuted (1,2,0) padded by 4, B padded", q3, permutedStrides(q3, {1, 2, 0}, 4), paddedStrides(q3, 2), {}},
        {"36x44, output transposed, A and B packed", q, {}, {}, permutedStrides(q, {1, 0})},
        {"37x45, output transposed, B padded", m, {}, paddedStrides(m, 3), permutedStrides(m, {1, 0})},
        {"rank 3, A permuted (1,2,0), B row broadcast", r3, permutedStrides(r3, {1, 2, 0}), {0, 0, 1}, {}},
        {"rank 4, A permuted (2,0,3,1), B permuted+padded (3,1,0,2), output permuted (1,3,2,0)", r4,
         permutedStrides(r4, {2, 0, 3, 1}), permutedStrides(r4, {3, 1, 0, 2}, 1), permutedStrides(r4, {1, 3, 2, 0})},
        {"rank 4, A padded, B column broadcast, output reversed", r4, paddedStrides(r4, 2), {1, 0, 0, 0},
         permutedStrides(r4, {3, 2, 1, 0})},
    };
    for (Type t : {F32, F16, I8}) {
        for (const Layout& l : layouts) runLayout(device, OP(ADD), t, l, rng);
        FamilyCase inPlace = binaryCase(OP(ADD), t, t, m, permutedStrides(m, {1, 0}), {}, permutedStrides(m, {1, 0}));
        inPlace.inPlaceInput = 0;
        runChecked(device, inPlace, rng, label(OP(ADD), t, t, "in place over transposed A, B packed"),
                   binaryAccept(DML_OPERATOR_ELEMENT_WISE_ADD, t, t));
    }
}

TEST_CASE("binary layouts: ADD ranks 1 through 8 with random per-tensor layouts") {
    TestDevice device;
    std::mt19937_64 rng(12);
    for (Type t : {F32, F16, I8})
        for (uint32_t rank = 1; rank <= 8; ++rank) {
            Layout l;
            l.sizes.resize(rank);
            for (auto& s : l.sizes) s = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
            l.name = "rank " + std::to_string(rank) + " A ";
            l.a = randomStrides(l.sizes, rng, true, l.name);
            l.name += ", B ";
            l.b = randomStrides(l.sizes, rng, true, l.name);
            l.name += ", output ";
            l.out = randomStrides(l.sizes, rng, false, l.name);
            runLayout(device, OP(ADD), t, l, rng);
        }
}

TEST_CASE("binary layouts: ADD element counts 1, 3, 7, 1023, 4099") {
    TestDevice device;
    std::mt19937_64 rng(13);
    for (Type t : {F32, F16, I8})
        for (uint32_t n : {1u, 3u, 7u, 1023u, 4099u}) runLayout(device, OP(ADD), t, {"n=" + std::to_string(n), {n}}, rng);
    runLayout(device, OP(ADD), F16, {"1023 as {3,341}, B row broadcast", {3, 341}, {}, {0, 1}, {}}, rng);
}

TEST_CASE("binary layouts: ADD in place, aliased inputs, separate buffers, binding offsets") {
    TestDevice device;
    std::mt19937_64 rng(14);
    const std::vector<uint32_t> s = {5, 7, 9};
    for (Type t : {F32, F16, I8, I64}) {
        const Op add = OP(ADD);
        const FamilyAccept accept = binaryAccept(add.type, t, t);
        FamilyCase packed = binaryCase(add, t, t, s);
        packed.inPlaceInput = 0;
        runChecked(device, packed, rng, label(add, t, t, "in place over A, packed"), accept);

        FamilyCase padded = binaryCase(add, t, t, s, paddedStrides(s, 3), {0, 0, 1}, paddedStrides(s, 3));
        padded.inPlaceInput = 0;
        runChecked(device, padded, rng, label(add, t, t, "in place over padded A, B row broadcast"), accept);

        FamilyCase aliased = binaryCase(add, t, t, s);
        aliased.inputs[1].aliasOf = 0;
        runChecked(device, aliased, rng, label(add, t, t, "A and B the same range"), accept);

        FamilyCase both = aliased;
        both.inPlaceInput = 0;
        runChecked(device, both, rng, label(add, t, t, "A and B the same range, output in place over both"), accept);

        FamilyCase separate =
            binaryCase(add, t, t, s, permutedStrides(s, {2, 0, 1}), {0, 1, 0}, permutedStrides(s, {1, 0, 2}, 2));
        separate.separateBuffers = true;
        runChecked(device, separate, rng, label(add, t, t, "separate buffers, permuted and broadcast"), accept);

        FamilyCase offsets = binaryCase(add, t, t, {3, 37});
        offsets.inputs[0].offset = 16, offsets.inputs[1].offset = 48, offsets.output.offset = 32;
        offsets.inputs[0].spec.totalBytes = 4096;  // generous TotalTensorSizeInBytes
        runChecked(device, offsets, rng, label(add, t, t, "binding offsets 16/48/32, A total 4096 bytes"), accept);
    }
}

// ---- comparisons and logical operators --------------------------------------------------------------------------------

TEST_CASE("comparisons: LOGICAL_EQUALS, GREATER_THAN, LESS_THAN on every input type, UINT8 and UINT32 outputs") {
    TestDevice device;
    std::mt19937_64 rng(20);
    for (const Op& op : {OP(LOGICAL_EQUALS), OP(LOGICAL_GREATER_THAN), OP(LOGICAL_LESS_THAN)})
        for (Type t : kAll10)
            for (Type out : {U8, U32}) denseBinary(device, op, t, out, rng);
}

TEST_CASE("comparisons: LOGICAL_GREATER_THAN_OR_EQUAL, LESS_THAN_OR_EQUAL on every input type, both outputs") {
    TestDevice device;
    std::mt19937_64 rng(21);
    for (const Op& op : {OP(LOGICAL_GREATER_THAN_OR_EQUAL), OP(LOGICAL_LESS_THAN_OR_EQUAL)})
        for (Type t : kAll10)
            for (Type out : {U8, U32}) denseBinary(device, op, t, out, rng);
}

TEST_CASE("comparisons: LOGICAL_GREATER_THAN with broadcast and permuted layouts") {
    TestDevice device;
    std::mt19937_64 rng(22);
    const Op op = OP(LOGICAL_GREATER_THAN);
    for (Type t : {F32, I64})
        for (size_t i : {2, 4, 7}) {
            const Layout l = fixedLayouts()[i];
            FamilyCase c = binaryCase(op, t, U8, l.sizes, l.a, l.b, l.out);
            runChecked(device, c, rng, label(op, t, U8, l.name), binaryAccept(op.type, t, U8));
        }
}

TEST_CASE("logical: LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR, LOGICAL_NOT on UINT8 and UINT32") {
    TestDevice device;
    std::mt19937_64 rng(23);
    for (Type t : {U8, U32}) {
        for (const Op& op : {OP(LOGICAL_AND), OP(LOGICAL_OR), OP(LOGICAL_XOR)}) denseBinary(device, op, t, t, rng);
        denseUnary(device, OP(LOGICAL_NOT), t, t, rng);
    }
}

// ---- bitwise operators -----------------------------------------------------------------------------------------------

TEST_CASE("bitwise: BIT_AND, BIT_OR, BIT_XOR, BIT_NOT on the raw encoding of every type") {
    TestDevice device;
    std::mt19937_64 rng(30);
    for (Type t : {U8, U16, U32, I32, F32, F16, U64}) {
        for (const Op& op : {OP(BIT_AND), OP(BIT_OR), OP(BIT_XOR)}) denseBinary(device, op, t, t, rng);
        denseUnary(device, OP(BIT_NOT), t, t, rng);
    }
}

TEST_CASE("bitwise: BIT_SHIFT_LEFT and BIT_SHIFT_RIGHT with counts up to and past the element width") {
    TestDevice device;
    std::mt19937_64 rng(31);
    for (const Op& op : {OP(BIT_SHIFT_LEFT), OP(BIT_SHIFT_RIGHT)})
        for (Type t : {U8, U16, U32, U64}) {
            if (t == U8) {  // every pair
                denseBinary(device, op, t, t, rng);
                continue;
            }
            const uint64_t w = bitWidth(t), m = typeMask(t);
            std::vector<uint64_t> counts;
            for (uint64_t k = 0; k <= w + 2; ++k) counts.push_back(k);
            for (uint64_t k : {2 * w, uint64_t(255), uint64_t(256), uint64_t(257), uint64_t(1) << 31,
                               uint64_t(1) << 32, (uint64_t(1) << 32) + 1, m - 1, m})
                counts.push_back(k & m);
            const ValueGen countGen = [w, m](std::mt19937_64& r) {
                const uint64_t k = r() % 4;
                return (k == 0 ? r() % w : k == 1 ? r() % (w + 4) : k == 2 ? w - 1 + r() % 3 : r()) & m;
            };
            FamilyCase c = binaryCase(op, t, t, {2048});
            runChecked(device, c, rng, label(op, t, t, "n=2048"), binaryAccept(op.type, t, t), {{}, counts},
                       {ValueGen{}, countGen});
        }
}

TEST_CASE("bitwise: BIT_COUNT of UINT8, UINT16, UINT32, INT8, FLOAT32, UINT64 into UINT8 and UINT32") {
    TestDevice device;
    std::mt19937_64 rng(32);
    for (Type t : {U8, U16, U32, I8, F32, U64})
        for (Type out : {U8, U32}) denseUnary(device, OP(BIT_COUNT), t, out, rng);
}

// ---- ELEMENT_WISE_IF -------------------------------------------------------------------------------------------------

namespace {

const ValueGen kConditionGen = [](std::mt19937_64& r) -> uint64_t { return r() % 2 ? 0 : 1 + r() % 255; };
const std::vector<uint64_t> kConditionPrefix = {0, 1, 2, 128, 255, 0, 3, 0};

FamilyCase ifCase(Type t, const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& cond = {},
                  const std::vector<uint32_t>& a = {}, const std::vector<uint32_t>& b = {},
                  const std::vector<uint32_t>& out = {}) {
    FamilyCase c;
    c.op = DML_OPERATOR_ELEMENT_WISE_IF;
    c.inputs = {tensorOf(U8, sizes, cond), tensorOf(t, sizes, a), tensorOf(t, sizes, b)};
    c.output = tensorOf(t, sizes, out);
    return c;
}

void runIf(TestDevice& device, FamilyCase& c, std::mt19937_64& rng, const std::string& layout) {
    const Type t = c.output.type;
    const std::vector<uint64_t> specials = specialValues(t);
    std::vector<uint64_t> reversed(specials.rbegin(), specials.rend());
    runChecked(device, c, rng, std::string("ELEMENT_WISE_IF ") + typeName(t) + " " + layout, ifAccept(t),
               {kConditionPrefix, specials, reversed}, {kConditionGen});
}

}  // namespace

TEST_CASE("ELEMENT_WISE_IF: UINT8 condition, FLOAT32 FLOAT16 INT32 UINT8 INT16 INT64 FLOAT64 (bit-exact)") {
    TestDevice device;
    std::mt19937_64 rng(40);
    for (Type t : {F32, F16, I32, U8, I16, I64, F64}) {
        FamilyCase c = ifCase(t, {4099});
        runIf(device, c, rng, "n=4099");
    }
}

TEST_CASE("ELEMENT_WISE_IF: layouts, ranks 1 through 8, element counts, aliased and separate buffers") {
    TestDevice device;
    std::mt19937_64 rng(41);
    const std::vector<uint32_t> s = {3, 5, 8}, t = {4, 6, 5};
    for (Type type : {F32, F16, I64}) {
        FamilyCase broadcast = ifCase(type, s, {0, 0, 1}, {0, 0, 0}, {}, {});
        runIf(device, broadcast, rng, "condition row broadcast, A scalar");
        FamilyCase permuted = ifCase(type, t, permutedStrides(t, {2, 1, 0}), paddedStrides(t, 2),
                                     permutedStrides(t, {1, 0, 2}), permutedStrides(t, {1, 2, 0}));
        runIf(device, permuted, rng, "condition transposed, A padded, B permuted, output permuted");
        FamilyCase condBroadcast = ifCase(type, t, {1, 0, 0}, {}, {0, 1, 0}, paddedStrides(t, 1));
        runIf(device, condBroadcast, rng, "condition column broadcast, B broadcast, output padded");
        FamilyCase aliased = ifCase(type, s);
        aliased.inputs[2].aliasOf = 1;
        runIf(device, aliased, rng, "A and B the same range");
        FamilyCase separate = ifCase(type, t, {}, permutedStrides(t, {2, 0, 1}), {0, 0, 0}, {});
        separate.separateBuffers = true;
        runIf(device, separate, rng, "separate buffers");
    }
    for (uint32_t n : {1u, 3u, 7u, 1023u}) {
        FamilyCase c = ifCase(F16, {n});
        runIf(device, c, rng, "n=" + std::to_string(n));
    }
    for (uint32_t rank = 1; rank <= 8; ++rank) {
        std::vector<uint32_t> sizes(rank);
        for (auto& v : sizes) v = 1 + static_cast<uint32_t>(rng() % (rank > 5 ? 3 : 6));
        std::string name = "rank " + std::to_string(rank) + " condition ";
        auto cond = randomStrides(sizes, rng, true, name);
        name += ", A ";
        auto a = randomStrides(sizes, rng, true, name);
        name += ", B ";
        auto b = randomStrides(sizes, rng, true, name);
        name += ", output ";
        auto out = randomStrides(sizes, rng, false, name);
        FamilyCase c = ifCase(F32, sizes, cond, a, b, out);
        runIf(device, c, rng, name);
    }
}

// ---- validation ------------------------------------------------------------------------------------------------------

TEST_CASE("validation: invalid element-wise descs -> E_INVALIDARG, the corrected desc -> S_OK") {
    TestDevice device;
    const std::vector<uint32_t> s = {2, 3, 4};
    struct Invalid {
        const char* name;
        FamilyCase bad, good;
    };
    auto make = [&](Op op, Type a, Type b, Type out) {
        FamilyCase c = binaryCase(op, a, out, s);
        c.inputs[1].type = b;
        return c;
    };
    FamilyCase nullB = make(OP(ADD), F32, F32, F32);
    nullB.build = [](VkdmlDevice d, DML_OPERATOR_TYPE type, std::vector<const DML_TENSOR_DESC*> t, VkdmlOperator* op) {
        t[1] = nullptr;
        return createElementwiseOperator(d, type, t, op);
    };
    FamilyCase sizesDiffer = make(OP(ADD), F32, F32, F32);
    sizesDiffer.inputs[1].spec.sizes = {2, 3, 5};
    FamilyCase ifInt8 = ifCase(F32, s), ifGood = ifCase(F32, s);
    ifInt8.inputs[0].type = I8;
    const Invalid cases[] = {
        {"ADD with B FLOAT16, A FLOAT32", make(OP(ADD), F32, F16, F32), make(OP(ADD), F32, F32, F32)},
        {"ADD with a NULL BTensor", nullB, make(OP(ADD), F32, F32, F32)},
        {"ADD with B Sizes {2,3,5}, A {2,3,4}", sizesDiffer, make(OP(ADD), F32, F32, F32)},
        {"LOGICAL_EQUALS with a FLOAT32 output", make(OP(LOGICAL_EQUALS), F32, F32, F32),
         make(OP(LOGICAL_EQUALS), F32, F32, U8)},
        {"ELEMENT_WISE_IF with an INT8 condition", ifInt8, ifGood},
        {"LOGICAL_AND on FLOAT32", make(OP(LOGICAL_AND), F32, F32, F32), make(OP(LOGICAL_AND), U8, U8, U8)},
        {"BIT_SHIFT_LEFT on INT32", make(OP(BIT_SHIFT_LEFT), I32, I32, I32), make(OP(BIT_SHIFT_LEFT), U32, U32, U32)},
    };
    for (const Invalid& c : cases) {
        INFO(c.name);
        CHECK(tryCreate(device, c.bad) == E_INVALIDARG);
        CHECK(tryCreate(device, c.good) == S_OK);
    }
}

TEST_CASE("validation: feature level 2_0 rejects ADD on INT8 and LOGICAL_GREATER_THAN_OR_EQUAL (3_0)") {
    TestDevice device(DML_FEATURE_LEVEL_2_0);
    const std::vector<uint32_t> s = {1, 2, 3, 4};  // 4-D: every level
    CHECK(tryCreate(device, binaryCase(OP(ADD), I8, I8, s)) == E_INVALIDARG);
    CHECK(tryCreate(device, binaryCase(OP(LOGICAL_GREATER_THAN_OR_EQUAL), F32, U32, s)) == E_INVALIDARG);
    // The same descs with what 2_0 has: ADD on FLOAT32, LOGICAL_GREATER_THAN (1_0).
    CHECK(tryCreate(device, binaryCase(OP(ADD), F32, F32, s)) == S_OK);
    CHECK(tryCreate(device, binaryCase(OP(LOGICAL_GREATER_THAN), F32, U32, s)) == S_OK);
}
