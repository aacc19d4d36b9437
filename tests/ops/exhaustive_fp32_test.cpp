// FLOAT32 unary functions on the device over (nearly) every input bit pattern, against C's libm in double: every
// single-input activation and the element-wise math functions (EXP LOG SQRT RECIP, the trigonometric and hyperbolic
// functions, ERF), each within its bound (docs/ARCHITECTURE.md, "Numerics"; RECIP and SQRT correctly rounded).
//
// VKDML_EXHAUSTIVE=1 runs all 2^32 patterns of each function: meant for a GPU, whose host checks a function in
// seconds to a minute (64 dispatches of 2^26 elements, the next one running while the host checks the last). Without
// it, 2^20 patterns spread over the whole range (an odd stride; fewer in sanitizer builds), or 2^VKDML_EXHAUSTIVE_LOG2.
// VKDML_EXHAUSTIVE_OPS
// (comma-separated names as below, e.g. GELU,EXP) picks functions; each finished function's line also goes to
// stderr at once, so a run stopped by a time limit keeps what it measured.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

#include "op_runner.h"
#include "reference_unary_math.h"

using namespace vkdml::test;

namespace {

struct Function {
    std::string name;
    DML_OPERATOR_TYPE type;
    float attr0, attr1;
    uint64_t bound;
    double (*ref)(double);  // element-wise math; activations use referenceActivation
};

std::vector<Function> allFunctions() {
    std::vector<Function> list = {
        {"EXP", DML_OPERATOR_ELEMENT_WISE_EXP, 0, 0, 4, refExp},
        {"LOG", DML_OPERATOR_ELEMENT_WISE_LOG, 0, 0, 4, refLog},
        {"SQRT", DML_OPERATOR_ELEMENT_WISE_SQRT, 0, 0, 0, refSqrt},
        {"RECIP", DML_OPERATOR_ELEMENT_WISE_RECIP, 0, 0, 0, refRecip},
        {"SIN", DML_OPERATOR_ELEMENT_WISE_SIN, 0, 0, 4, refSin},
        {"COS", DML_OPERATOR_ELEMENT_WISE_COS, 0, 0, 4, refCos},
        {"TAN", DML_OPERATOR_ELEMENT_WISE_TAN, 0, 0, 4, refTan},
        {"ASIN", DML_OPERATOR_ELEMENT_WISE_ASIN, 0, 0, 4, refAsin},
        {"ACOS", DML_OPERATOR_ELEMENT_WISE_ACOS, 0, 0, 4, refAcos},
        {"ATAN", DML_OPERATOR_ELEMENT_WISE_ATAN, 0, 0, 4, refAtan},
        {"SINH", DML_OPERATOR_ELEMENT_WISE_SINH, 0, 0, 4, refSinh},
        {"COSH", DML_OPERATOR_ELEMENT_WISE_COSH, 0, 0, 4, refCosh},
        {"ELEMENT_WISE_TANH", DML_OPERATOR_ELEMENT_WISE_TANH, 0, 0, 4, refTanh},
        {"ASINH", DML_OPERATOR_ELEMENT_WISE_ASINH, 0, 0, 4, refAsinh},
        {"ACOSH", DML_OPERATOR_ELEMENT_WISE_ACOSH, 0, 0, 4, refAcosh},
        {"ATANH", DML_OPERATOR_ELEMENT_WISE_ATANH, 0, 0, 4, refAtanh},
        {"ERF", DML_OPERATOR_ELEMENT_WISE_ERF, 0, 0, 4, refErf},
    };
    for (const ActivationInfo& a : kAllActivations)
        list.push_back({a.name, a.type, a.attr0, a.attr1, a.boundF32, nullptr});
    return list;
}

bool selected(const std::string& name) {
    const char* ops = std::getenv("VKDML_EXHAUSTIVE_OPS");
    if (!ops || !*ops) return true;
    const std::string list = std::string(",") + ops + ",";
    return list.find("," + name + ",") != std::string::npos;
}

// How many patterns each function is run on: 2^32 with VKDML_EXHAUSTIVE=1, 2^VKDML_EXHAUSTIVE_LOG2 (20-32) where set,
// else 2^20 (divided by the sanitizer builds' dense stride).
uint64_t patternCount() {
    const char* e = std::getenv("VKDML_EXHAUSTIVE");
    if (e && std::string(e) == "1") return uint64_t(1) << 32;
    if (const char* l = std::getenv("VKDML_EXHAUSTIVE_LOG2")) {
        const long log2 = std::strtol(l, nullptr, 10);
        if (log2 >= 20 && log2 <= 32) return uint64_t(1) << log2;
    }
    return (uint64_t(1) << 20) / denseStride();
}

HRESULT createFunction(VkdmlDevice device, const Function& f, const DML_TENSOR_DESC* tensor, VkdmlOperator* op) {
    if (!f.ref) return tryCreateActivation(device, f.type, tensor, tensor, f.attr0, f.attr1, op);
    DML_ELEMENT_WISE_EXP_OPERATOR_DESC desc{tensor, tensor, nullptr};  // every unary math desc has this layout
    DML_OPERATOR_DESC opDesc{f.type, &desc};
    return vkdmlCreateOperator(device, &opDesc, op);
}

// The chunk's inputs, element i of chunk c of `total` patterns: c * chunk + i (all of them), or that index times a
// odd stride that spreads `total` patterns over the 2^32.
uint32_t pattern(uint64_t index, uint64_t total) {
    const uint64_t stride = total == (uint64_t(1) << 32) ? 1 : ((uint64_t(1) << 32) / total) | 1;
    return static_cast<uint32_t>(index * stride);
}

// One chunk's slot: the input written through an UPLOAD buffer, the output read through a READBACK one, and a list
// that copies in, dispatches and copies out.
struct Slot {
    Owned<VkdmlBuffer> upload, readback, input, output;
    Owned<VkdmlBindingTable> table;
    Owned<VkdmlCommandList> list;
    float* in = nullptr;  // mapped for the whole sweep (UPLOAD memory is coherent)
    UINT64 fence = 0;
};

void makeSlot(TestDevice& device, VkdmlDispatchable compiled, uint64_t bytes, Slot& s) {
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, bytes, s.upload.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_READBACK, bytes, s.readback.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, bytes, s.input.put()) == S_OK);
    REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_DEFAULT, bytes, s.output.put()) == S_OK);
    void* mapped = nullptr;
    REQUIRE(vkdmlMapBuffer(s.upload, &mapped) == S_OK);
    s.in = static_cast<float*>(mapped);
    REQUIRE(vkdmlCreateBindingTable(device, compiled, s.table.put()) == S_OK);
    DML_BUFFER_BINDING in{s.input, 0, bytes}, out{s.output, 0, bytes};
    DML_BINDING_DESC inDesc{DML_BINDING_TYPE_BUFFER, &in}, outDesc{DML_BINDING_TYPE_BUFFER, &out};
    REQUIRE(vkdmlBindInputs(s.table, 1, &inDesc) == S_OK);
    REQUIRE(vkdmlBindOutputs(s.table, 1, &outDesc) == S_OK);
    REQUIRE(vkdmlCreateCommandList(device, s.list.put()) == S_OK);
    REQUIRE(vkdmlRecordCopyBufferRegion(s.list, s.input, 0, s.upload, 0, bytes) == S_OK);
    REQUIRE(vkdmlRecordDispatch(s.list, compiled, s.table) == S_OK);
    REQUIRE(vkdmlRecordCopyBufferRegion(s.list, s.readback, 0, s.output, 0, bytes) == S_OK);
    REQUIRE(vkdmlCloseCommandList(s.list) == S_OK);
}

void unmapSlot(Slot& s) { vkdmlUnmapBuffer(s.upload); }

// Runs `body(begin, end, thread)` over [0, n) on every hardware thread.
template <class Body>
void parallelFor(uint64_t n, unsigned threads, Body&& body) {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&, t] { body(n * t / threads, n * (t + 1) / threads, t); });
    for (auto& th : pool) th.join();
}

UlpCheck sweep(TestDevice& device, const Function& f, uint64_t total) {
    const uint64_t chunk = std::min<uint64_t>(total, uint64_t(1) << 26), chunks = total / chunk;
    const uint64_t bytes = chunk * sizeof(float);
    UINT sizes[] = {static_cast<UINT>(chunk)};
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, bytes, 0};
    DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
    Owned<VkdmlOperator> op;
    REQUIRE(createFunction(device, f, &tensor, op.put()) == S_OK);
    Owned<VkdmlDispatchable> compiled;
    REQUIRE(vkdmlCompileOperator(device, op, DML_EXECUTION_FLAG_NONE, compiled.put()) == S_OK);
    Slot slots[2];
    for (Slot& s : slots) makeSlot(device, compiled, bytes, s);

    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<UlpCheck> checks(threads, UlpCheck(f.name, f.bound));
    auto check = [&](uint64_t c) {
        const Slot& s = slots[c % 2];
        REQUIRE(vkdmlWaitForCompletion(device, s.fence, UINT64_MAX) == S_OK);
        void* mapped = nullptr;  // mapped after each execution: READBACK memory may need invalidating
        REQUIRE(vkdmlMapBuffer(s.readback, &mapped) == S_OK);
        const float* out = static_cast<const float*>(mapped);
        parallelFor(chunk, threads, [&](uint64_t begin, uint64_t end, unsigned t) {
            UlpCheck& ulp = checks[t];
            for (uint64_t i = begin; i < end; ++i) {
                const uint64_t index = c * chunk + i;
                if (f.ref) {
                    ulp.f32(index, s.in[i], out[i], f.ref);
                } else {
                    ulp.f32(index, s.in[i], out[i], [&](double x) {
                        return referenceActivation(f.type, x, f.attr0, f.attr1);
                    });
                }
            }
        });
        vkdmlUnmapBuffer(s.readback);
    };
    for (uint64_t c = 0; c < chunks; ++c) {
        Slot& s = slots[c % 2];
        parallelFor(chunk, threads, [&](uint64_t begin, uint64_t end, unsigned) {
            for (uint64_t i = begin; i < end; ++i) {
                const uint32_t bits = pattern(c * chunk + i, total);
                std::memcpy(&s.in[i], &bits, sizeof bits);
            }
        });
        VkdmlCommandList list = s.list;
        REQUIRE(vkdmlExecuteCommandLists(device, 1, &list, &s.fence) == S_OK);
        if (c > 0) check(c - 1);  // the host checks the last chunk while the device runs this one
    }
    check(chunks - 1);
    for (Slot& s : slots) unmapSlot(s);
    UlpCheck all(f.name, f.bound);
    for (const UlpCheck& c : checks) all.merge(c);
    return all;
}

}  // namespace

TEST_CASE("FLOAT32 unary functions on (nearly) every input bit pattern against libm in double") {
    TestDevice device;
    const uint64_t total = patternCount();
    for (const Function& f : allFunctions()) {
        if (!selected(f.name)) continue;
        const auto start = std::chrono::steady_clock::now();
        const UlpCheck check = sweep(device, f, total);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "exhaustive %s: %llu patterns in %.1f s: %s\n", f.name.c_str(),
                     static_cast<unsigned long long>(total), seconds, check.summary().c_str());
        MESSAGE(check.summary());
        CHECK(check.count == total);
        CHECK(check.ok());
    }
    CHECK(device.validationMessageCount() == 0);
}
