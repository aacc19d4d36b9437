// Reductions, the softmax family, the normalizations (LOCAL_RESPONSE_NORMALIZATION too) and the scans over tensors larger than one storage-buffer
// binding: the kernels then run one dispatch per run of rows whose part of every tensor fits a binding. Each case
// runs on the device's own limit and again with bindings capped far below the tensor's size
// (VKDML_TEST_OPTION_MAX_BINDING_BYTES); the capped run must give the same bytes and write nothing outside the
// output. A kernel that bound its tensors whole could not be compiled under the cap (each case's tensor exceeds it).
// Rows that span more than a binding are split into parts that fit one, each dispatch binding the window its parts
// touch (and the statistics of their own rows): under a forced split the capped run gives the uncapped run's bytes,
// and vkdml's own split is within the double reference's bound. Where no such parts exist (even one row's kept
// statistics would exceed a binding), E_NOTIMPL, named.
#include <string>
#include <vkdml/vkdml_testing.h>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference_reduce.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

FamilyTensor optional(Type t, const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& strides = {}) {
    FamilyTensor tensor = tensorOf(t, sizes, strides);
    tensor.absent = sizes.empty();
    return tensor;
}

void setCap(TestDevice& device, uint64_t bytes) {
    REQUIRE(vkdmlTestSetOption(device.get(), VKDML_TEST_OPTION_MAX_BINDING_BYTES, bytes) == S_OK);
}

void setSegments(TestDevice& device, uint64_t segments) {
    REQUIRE(vkdmlTestSetOption(device.get(), VKDML_TEST_OPTION_REDUCTION_SEGMENTS, segments) == S_OK);
}

// Runs `c` (its inputs filled from `seed`) uncapped, then under `cap` bytes per binding: same output bytes.
void checkSameUnderCap(TestDevice& device, FamilyCase c, uint64_t cap, const std::string& label, uint32_t seed = 1,
                       ValueGen gen = {}) {
    std::mt19937_64 rng(seed);
    for (FamilyTensor& t : c.inputs)
        if (!t.absent && t.aliasOf < 0) fillTensor(t, rng, {}, gen);
    uint64_t largest = 0;
    for (const FamilyTensor& t : c.inputs) largest = std::max(largest, t.absent ? 0 : t.bytes());
    largest = std::max(largest, c.output.bytes());
    REQUIRE_MESSAGE(largest > cap, label << ": no tensor larger than the cap");

    setCap(device, 0);
    const FamilyRun whole = runFamily(device, c);
    REQUIRE_MESSAGE(whole.ok(), label << ": uncapped run failed: " << device.lastError());
    setCap(device, cap);
    const FamilyRun chunked = runFamily(device, c);
    setCap(device, 0);
    REQUIRE_MESSAGE(chunked.ok(), label << ": " << chunked.failedCall << " failed under a " << cap
                                        << "-byte cap: " << device.lastError());
    CHECK_MESSAGE(chunked.canaryIntact, label << ": bytes outside the output written under the cap");
    REQUIRE(chunked.output.size() == whole.output.size());
    size_t differing = 0, first = 0;
    for (size_t i = 0; i < whole.output.size(); ++i)
        if (whole.output[i] != chunked.output[i] && differing++ == 0) first = i;
    CHECK_MESSAGE(differing == 0, label << ": " << differing << " output bytes differ under a " << cap
                                        << "-byte cap; the first at byte " << first);
}

}  // namespace

TEST_CASE("row chunks: REDUCE and ARGMAX over tensors larger than a binding give the uncapped bytes") {
    TestDevice device;
    checkSameUnderCap(device, reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {64, 37}, {1}), 1024, "SUM FLOAT32 64x37");
    checkSameUnderCap(device, reduceCase(DML_REDUCE_FUNCTION_L2, F16, F16, {5, 40, 31}, {2}), 512,
                      "L2 FLOAT16 5x40x31 (two results per word, runs ending inside a word)", 2,
                      mixedFloats(F16, -4, 3));
    checkSameUnderCap(device, reduceCase(DML_REDUCE_FUNCTION_MAX, I8, I8, {7, 9, 30}, {1}), 512,
                      "MAX INT8 7x9x30 over the middle axis (four results per word)", 3);
    checkSameUnderCap(device, reduceCase(DML_REDUCE_FUNCTION_AVERAGE, F32, F32, {6, 11, 5, 4}, {3, 1}), 1024,
                      "AVERAGE FLOAT32 6x11x5x4 over axes {3,1}: a kept axis between the reduced ones", 4,
                      mixedFloats(F32, -8, 8));
    checkSameUnderCap(device,
                      reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {20, 33}, {1}, paddedStrides({20, 33}, 3),
                                 paddedStrides({20, 1}, 5)),
                      512, "SUM FLOAT32 20x33 padded input and output", 5, mixedFloats(F32, -8, 8));
    FamilyCase arg;
    arg.op = DML_OPERATOR_ARGMAX;
    arg.inputs = {tensorOf(F16, {12, 50})};
    arg.output = tensorOf(I64, {12, 1});
    arg.build = argBuilder({1}, DML_AXIS_DIRECTION_INCREASING);
    checkSameUnderCap(device, arg, 256, "ARGMAX FLOAT16 12x50 -> INT64", 6);
}

TEST_CASE("row chunks: the softmax family, the normalizations and the scans") {
    TestDevice device;
    for (DML_OPERATOR_TYPE op : {DML_OPERATOR_ACTIVATION_SOFTMAX1, DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1,
                                 DML_OPERATOR_ACTIVATION_HARDMAX1}) {
        for (Type t : {F32, F16}) {
            FamilyCase c;
            c.op = op;
            c.inputs = {tensorOf(t, {3, 30, 41})};
            c.output = tensorOf(t, {3, 30, 41});
            c.build = softmaxBuilder({2});
            checkSameUnderCap(device, c, 512, std::string("softmax family op ") + std::to_string(op) + " " + typeName(t),
                              7, uniformFloats(t, -8, 8));
        }
    }
    FamilyCase permuted;  // the rows' elements strided, the rows consecutive in memory
    permuted.op = DML_OPERATOR_ACTIVATION_SOFTMAX1;
    permuted.inputs = {tensorOf(F32, {8, 17, 9}, permutedStrides({8, 17, 9}, {0, 2, 1}))};
    permuted.output = tensorOf(F32, {8, 17, 9});
    permuted.build = softmaxBuilder({1});
    checkSameUnderCap(device, permuted, 1024, "SOFTMAX1 FLOAT32 over a strided axis", 8, uniformFloats(F32, -8, 8));

    FamilyCase mvn;  // MVN1 with a broadcast Scale and Bias (the same words in every run)
    mvn.op = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1;
    mvn.inputs = {tensorOf(F32, {4, 6, 5, 7}), optional(F32, {1, 1, 5, 7}), optional(F32, {1, 1, 5, 7})};
    mvn.output = tensorOf(F32, {4, 6, 5, 7});
    MvnDesc desc;
    desc.axes = {2, 3};
    mvn.build = mvnBuilder(desc);
    checkSameUnderCap(device, mvn, 512, "MVN1 FLOAT32 4x6x5x7 over {2,3}, Scale and Bias broadcast", 9,
                      uniformFloats(F32, -2, 2));
    FamilyCase rms = mvn;
    rms.op = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2;
    rms.inputs = {tensorOf(F16, {16, 64}), optional(F16, {1, 64}), optional(F16, {})};
    rms.output = tensorOf(F16, {16, 64});
    MvnDesc rmsDesc;
    rmsDesc.axes = {1};
    rmsDesc.useMean = false;
    rms.build = mvnBuilder(rmsDesc);
    checkSameUnderCap(device, rms, 512, "MVN2 (RMS) FLOAT16 16x64", 10, uniformFloats(F16, -2, 2));

    FamilyCase bn;  // rows of one element; the statistics per channel
    bn.op = DML_OPERATOR_BATCH_NORMALIZATION;
    bn.inputs = {tensorOf(F16, {5, 6, 4, 9}), tensorOf(F16, {1, 6, 1, 1}), tensorOf(F16, {1, 6, 1, 1}),
                 tensorOf(F16, {1, 6, 1, 1}), tensorOf(F16, {1, 6, 1, 1})};
    bn.output = tensorOf(F16, {5, 6, 4, 9});
    bn.build = batchNormBuilder(BatchNormDesc{});
    checkSameUnderCap(device, bn, 512, "BATCH_NORMALIZATION FLOAT16 5x6x4x9", 11, uniformFloats(F16, 0.5, 2));

    for (BOOL crossChannel : {TRUE, FALSE}) {  // windows along C, or along H and W: cut along N only
        FamilyCase lrn;
        const Type t = crossChannel ? F32 : F16;
        lrn.op = DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION;
        lrn.inputs = {tensorOf(t, {6, 5, 4, 7})};
        lrn.output = tensorOf(t, {6, 5, 4, 7});
        lrn.build = lrnBuilder(crossChannel, 3, 0.5f, 0.75f, 1.0f);
        checkSameUnderCap(device, lrn, crossChannel ? 1024 : 512,
                          std::string("LOCAL_RESPONSE_NORMALIZATION ") + typeName(t) +
                              (crossChannel ? " across channels" : " spatial"),
                          14, uniformFloats(t, -4, 4));
    }

    FamilyCase scan;
    scan.op = DML_OPERATOR_CUMULATIVE_SUMMATION;
    scan.inputs = {tensorOf(F32, {25, 19})};
    scan.output = tensorOf(F32, {25, 19});
    scan.inPlaceInput = 0;
    scan.build = cumulativeBuilder(1, DML_AXIS_DIRECTION_DECREASING, true);
    checkSameUnderCap(device, scan, 256, "CUMULATIVE_SUMMATION FLOAT32 in place, DECREASING, exclusive", 12,
                      mixedFloats(F32, -8, 8));
    // Rows a CPU device scans in parts (40000 elements: one invocation walks at most 32768), in a tensor of
    // several runs of rows: by windows of parts, the parts as without the cap.
    FamilyCase longScan;
    longScan.op = DML_OPERATOR_CUMULATIVE_PRODUCT;
    longScan.inputs = {tensorOf(F32, {3, 40000})};
    longScan.output = tensorOf(F32, {3, 40000});
    longScan.build = cumulativeBuilder(1, DML_AXIS_DIRECTION_INCREASING, false);
    checkSameUnderCap(device, longScan, 200000, "CUMULATIVE_PRODUCT FLOAT32 rows of 40000, three rows in two runs",
                      15, uniformFloats(F32, 0.999, 1.001, true));
}

TEST_CASE("row chunks: rows longer than a binding run in parts, each dispatch binding the window of its parts") {
    TestDevice device;
    struct Forced {
        FamilyCase c;
        uint32_t segments, cap;
        std::string label;
        ValueGen gen;
    };
    std::vector<Forced> cases;
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {50, 40}, {0, 1}), 16, 1024,
                     "SUM FLOAT32 50x40 over every axis: one row of 2000", mixedFloats(F32, -8, 8)});
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_MAX, F16, F16, {7, 300}, {0, 1}), 5, 1024,
                     "MAX FLOAT16 7x300 over every axis", mixedFloats(F16, -4, 4)});
    FamilyCase arg;
    arg.op = DML_OPERATOR_ARGMAX;
    arg.inputs = {tensorOf(F32, {30, 40})};
    arg.output = tensorOf(I64, {1, 1});
    arg.build = argBuilder({0, 1}, DML_AXIS_DIRECTION_DECREASING);
    cases.push_back({arg, 8, 1024, "ARGMAX FLOAT32 30x40 -> INT64 over every axis, DECREASING", smallIntegers(F32, -9, 9)});
    FamilyCase softmax;
    softmax.op = DML_OPERATOR_ACTIVATION_SOFTMAX1;
    softmax.inputs = {tensorOf(F16, {3, 700})};
    softmax.output = tensorOf(F16, {3, 700});
    softmax.build = softmaxBuilder({1});
    cases.push_back({softmax, 8, 512, "SOFTMAX1 FLOAT16 3x700: three rows of 1400 bytes", uniformFloats(F16, -8, 8)});
    FamilyCase mvn;  // rows over the outer axes around a kept one: BATCH_NORMALIZATION_TRAINING's pattern
    mvn.op = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1;
    mvn.inputs = {tensorOf(F32, {4, 6, 5, 7}), optional(F32, {1, 6, 1, 1}), optional(F32, {1, 6, 1, 1})};
    mvn.output = tensorOf(F32, {4, 6, 5, 7});
    MvnDesc desc;
    desc.axes = {0, 2, 3};
    mvn.build = mvnBuilder(desc);
    cases.push_back({mvn, 5, 1024, "MVN1 FLOAT32 4x6x5x7 over {0,2,3}, Scale and Bias per channel",
                     uniformFloats(F32, -2, 2)});
    // Unsplit (one part): the rows fit a binding, though one coordinate of the outermost kept dimension does not;
    // the windows then take runs of whole rows.
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {4, 20, 30}, {1}), 1, 2400,
                     "SUM FLOAT32 4x20x30 over the middle axis, whole rows", mixedFloats(F32, -8, 8)});
    // Over the outermost axis into 30 rows: their 8 parts' statistics (3840 bytes) exceed the cap, so each window
    // binds its own rows' statistics.
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {40, 30}, {0}), 8, 1024,
                     "SUM FLOAT32 40x30 over the outermost axis, statistics by windows", mixedFloats(F32, -8, 8)});
    FamilyCase argOuter;
    argOuter.op = DML_OPERATOR_ARGMIN;
    argOuter.inputs = {tensorOf(F16, {48, 20})};
    argOuter.output = tensorOf(I32, {1, 20});
    argOuter.build = argBuilder({0}, DML_AXIS_DIRECTION_INCREASING);
    cases.push_back({argOuter, 6, 512, "ARGMIN FLOAT16 48x20 over the outermost axis, statistics by windows",
                     smallIntegers(F16, -9, 9)});
    for (Forced& f : cases) {
        setSegments(device, f.segments);
        checkSameUnderCap(device, f.c, f.cap, f.label + " in " + std::to_string(f.segments) + " parts", 21, f.gen);
        setSegments(device, 0);
    }

    // vkdml's own parts under the cap, against the double reference.
    FamilyCase sum = reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {50, 40}, {0, 1});
    std::mt19937_64 rng(22);
    fillTensor(sum.inputs[0], rng, {}, mixedFloats(F32, -8, 8));
    const auto expected = expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, hostTensor(sum.inputs[0]), {0, 1});
    setCap(device, 1024);
    runAndCheck(device, sum, "SUM FLOAT32 50x40 over every axis, parts of vkdml's choice under a 1024-byte cap",
                expected);
    FamilyCase normalized = mvn;
    for (FamilyTensor& t : normalized.inputs)
        if (!t.absent) fillTensor(t, rng, {}, uniformFloats(F32, -2, 2));
    const HostTensor x = hostTensor(normalized.inputs[0]), scale = hostTensor(normalized.inputs[1]),
                     bias = hostTensor(normalized.inputs[2]);
    MvnParams params;
    params.axes = {0, 2, 3};
    params.scale = &scale;
    params.bias = &bias;
    runAndCheck(device, normalized, "MVN1 FLOAT32 over {0,2,3}, parts of vkdml's choice under a 1024-byte cap",
                expectMvn(F32, x, params));
    setCap(device, 0);
}

TEST_CASE("row chunks: rows whose parts' statistics exceed a binding run by windows; E_NOTIMPL where one row's do") {
    TestDevice device;
    // Reducing over the outermost axis: each row (a column) spans 39 * 30 + 1 elements of the input; under a
    // 1024-byte cap parts of 5 fit, and the 30 rows' 8 parts keep 3840 bytes of statistics, bound by windows.
    FamilyCase c = reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {40, 30}, {0});
    std::mt19937_64 rng(13);
    fillTensor(c.inputs[0], rng, {}, mixedFloats(F32, -8, 8));
    const auto expected = expectReduce(DML_REDUCE_FUNCTION_SUM, F32, F32, hostTensor(c.inputs[0]), {0});
    setCap(device, 1024);
    runAndCheck(device, c, "SUM FLOAT32 40x30 over the outermost axis under a 1024-byte cap", expected);
    // Under 128 bytes only parts of one element fit, and one row's 40 parts keep 640 bytes of statistics.
    setCap(device, 128);
    const FamilyRun run = runFamily(device, c);
    setCap(device, 0);
    CHECK(run.hr == E_NOTIMPL);
    CHECK_MESSAGE(device.lastError().find("spans 1171 elements of the input tensor") != std::string::npos,
                  device.lastError());
    CHECK_MESSAGE(device.lastError().find("the statistics of one row's 40 parts") != std::string::npos,
                  device.lastError());
}
