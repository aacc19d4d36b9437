// Kernel forms that compute the same terms in the same order as the default kernels, so the same bytes:
// - row folds by subgroup shuffles (VKDML_REDUCTION_SUBGROUP_FOLDS=1): the shared-memory tree, level by level (on
//   lavapipe, whose subgroups have 8 invocations, rows of up to 8 invocations fold by shuffles alone and longer
//   ones through shared memory first);
// - kept rows (VKDML_REDUCTION_KEPT_ROWS=1): the softmax family and the normalizations load an invocation's share of
//   its row once and walk it again from registers.
// Each case runs in the GPU's kernel shapes (several invocations per row) with the default form and with each other
// form (and both), and every output byte is compared.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include "data_type_names.h"
#include "family_runner.h"
#include "reference_reduce.h"
#include "scoped_env.h"

using namespace vkdml::test;
using namespace vkdml::test::data_type_names;

namespace {

struct FoldCase {
    FamilyCase c;
    std::string label;
    ValueGen gen;
    const char* segments = "0";
};

FamilyCase softmaxCase(Type type, const std::vector<uint32_t>& sizes, const std::vector<uint32_t>& axes) {
    FamilyCase c;
    c.op = DML_OPERATOR_ACTIVATION_SOFTMAX1;
    c.inputs = {tensorOf(type, sizes)};
    c.output = tensorOf(type, sizes);
    c.build = softmaxBuilder(axes);
    return c;
}

FamilyCase argCase(DML_OPERATOR_TYPE op, Type type, const std::vector<uint32_t>& sizes, uint32_t axis) {
    FamilyCase c;
    c.op = op;
    c.inputs = {tensorOf(type, sizes)};
    std::vector<uint32_t> out = sizes;
    out[axis] = 1;
    c.output = tensorOf(I64, out);
    c.build = argBuilder({axis}, DML_AXIS_DIRECTION_INCREASING);
    return c;
}

std::vector<FoldCase> foldCases() {
    std::vector<FoldCase> cases;
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {6, 1000}, {1}), "SUM FLOAT32 rows of 1000",
                     mixedFloats(F32, -8, 8)});
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {40, 100}, {1}), "SUM FLOAT32 rows of 100",
                     mixedFloats(F32, -8, 8)});
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_MAX, F16, F16, {5, 333}, {1}), "MAX FLOAT16 rows of 333",
                     mixedFloats(F16, -4, 4)});
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_MULTIPLY, F32, F32, {7, 150}, {1}), "MULTIPLY FLOAT32 rows of 150",
                     uniformFloats(F32, 0.5, 2.0, true)});
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_SUM, I64, I64, {5, 700}, {1}), "SUM INT64 rows of 700",
                     smallIntegers(I64, -1000, 1000)});
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_MIN, I32, I32, {9, 300}, {1}), "MIN INT32 rows of 300",
                     smallIntegers(I32, -50, 50)});
    cases.push_back({argCase(DML_OPERATOR_ARGMAX, F32, {9, 777}, 1), "ARGMAX FLOAT32 rows of 777 (ties)",
                     smallIntegers(F32, -9, 9)});
    cases.push_back({softmaxCase(F32, {4, 700}, {1}), "SOFTMAX1 FLOAT32 rows of 700", uniformFloats(F32, -8, 8)});
    cases.push_back({softmaxCase(F16, {30, 48}, {1}), "SOFTMAX1 FLOAT16 rows of 48", uniformFloats(F16, -8, 8)});
    FamilyCase mvn;
    mvn.op = DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1;
    mvn.inputs = {tensorOf(F32, {3, 5, 40}), tensorOf(F32, {1, 5, 40}), tensorOf(F32, {1, 5, 40})};
    mvn.output = tensorOf(F32, {3, 5, 40});
    MvnDesc desc;
    desc.axes = {1, 2};
    mvn.build = mvnBuilder(desc);
    cases.push_back({mvn, "MVN1 FLOAT32 rows of 200, Scale and Bias", uniformFloats(F32, -2, 2)});
    // Rows split into parts: the parts' statistics meet again in a later dispatch (ARGMAX keeps each part's extreme).
    cases.push_back({reduceCase(DML_REDUCE_FUNCTION_SUM, F32, F32, {2, 5000}, {1}), "SUM FLOAT32 rows of 5000 in 5 parts",
                     mixedFloats(F32, -8, 8), "5"});
    cases.push_back({argCase(DML_OPERATOR_ARGMIN, F16, {3, 3000}, 1), "ARGMIN FLOAT16 rows of 3000 in 5 parts",
                     smallIntegers(F16, -9, 9), "5"});
    cases.push_back({softmaxCase(F32, {2, 4000}, {1}), "SOFTMAX1 FLOAT32 rows of 4000 in 5 parts",
                     uniformFloats(F32, -8, 8), "5"});
    return cases;
}

struct Form {
    const char* label;
    bool folds, kept;
};

std::vector<uint8_t> outputOf(FoldCase& f, const Form& form, const std::string& dumpDir) {
    ScopedEnv shapes("VKDML_TEST_REDUCTION_GPU_SHAPES", "1");
    ScopedEnv folds("VKDML_REDUCTION_SUBGROUP_FOLDS", form.folds ? "1" : "0");
    ScopedEnv kept("VKDML_REDUCTION_KEPT_ROWS", form.kept ? "1" : "0");
    ScopedEnv segments("VKDML_REDUCTION_SEGMENTS", f.segments);
    ScopedEnv dump("VKDML_DUMP_KERNELS", dumpDir.c_str());
    ScopedEnv cache("VKDML_PIPELINE_CACHE", "0");
    // Options are read when a device is created: a C API device (a maximum feature level) is created anew each
    // time, where a D3D12 device (VKDML_TEST_THROUGH_COM) may outlive its release for a moment with the old ones.
    TestDevice device(DML_FEATURE_LEVEL_6_4);
    const FamilyRun run = runFamily(device, f.c);
    REQUIRE_MESSAGE(run.ok(), f.label << ": " << run.failedCall << " failed: " << device.lastError());
    CHECK_MESSAGE(run.canaryIntact, f.label << ": bytes outside the output written");
    return run.output;
}

// Whether some kernel in `dir` contains `marker`; empties the directory.
bool dumped(const std::string& dir, const std::string& marker) {
    bool found = false;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        std::ifstream file(entry.path());
        const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        found = found || text.find(marker) != std::string::npos;
        std::filesystem::remove(entry.path());
    }
    return found;
}

}  // namespace

TEST_CASE("kernel forms: subgroup folds and kept rows give the default kernels' bytes") {
    char pattern[] = "/tmp/vkdml-forms-XXXXXX";
    const char* made = mkdtemp(pattern);
    REQUIRE(made != nullptr);
    const std::string dir = made;
    const Form forms[] = {{"subgroup folds", true, false}, {"kept rows", false, true}, {"both", true, true}};
    size_t shuffling = 0, keeping = 0;
    const size_t caseCount = foldCases().size();
    for (FoldCase& f : foldCases()) {
        CAPTURE(f.label);
        std::mt19937_64 rng(7);
        for (FamilyTensor& t : f.c.inputs)
            if (!t.absent && t.aliasOf < 0) fillTensor(t, rng, {}, f.gen);
        const std::vector<uint8_t> plain = outputOf(f, Form{"default", false, false}, dir);
        CHECK_FALSE(dumped(dir, "subgroupShuffleDown"));
        for (const Form& form : forms) {
            CAPTURE(form.label);
            const std::vector<uint8_t> other = outputOf(f, form, dir);
            if (form.folds && !form.kept) shuffling += dumped(dir, "subgroupShuffleDown") ? 1 : 0;
            if (form.kept && !form.folds) keeping += dumped(dir, "keptIn[i]") ? 1 : 0;
            std::filesystem::remove_all(dir);
            std::filesystem::create_directory(dir);
            REQUIRE(other.size() == plain.size());
            size_t differing = 0, first = 0;
            for (size_t i = 0; i < plain.size(); ++i)
                if (plain[i] != other[i] && differing++ == 0) first = i;
            CHECK_MESSAGE(differing == 0, differing << " output bytes differ; the first at byte " << first);
        }
    }
    std::filesystem::remove(dir);
    // Every case has rows of several invocations, so each folds by shuffles where the device has them (lavapipe
    // and every GPU vkdml has met); the softmax and MVN cases without parts keep their rows.
    CHECK(shuffling == caseCount);
    CHECK(keeping == 3);
}
