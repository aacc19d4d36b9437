// The WebNN conformance cases of the reductions, softmax, layerNormalization, instanceNormalization and
// batchNormalization, each run as the one DirectML operator Chromium maps it to (wpt_cases.h) and compared as the
// conformance suite compares, with its tolerance. Without the cases' directory the test passes with a message.
#include <cmath>
#include <cstdio>
#include <string>

#include "wpt_cases.h"

using namespace vkdml::test;

namespace {

void runFile(TestDevice& device, const char* file, bool checkReference) {
    {
        uint32_t ran = 0, passed = 0, skipped = 0;
        std::string skips;
        for (const wpt::Case& w : wpt::loadCases(file)) {
            wpt::MappedCase m;
            std::string why = wpt::runsDespiteSkip(w) ? "" : w.skip;
            if (why.empty()) wpt::mapCase(w, m, why);  // false only with a reason in `why`
            if (!why.empty()) {
                ++skipped;
                skips += "\n  " + w.name + ": " + why;
                continue;
            }
            ++ran;
            INFO(std::string(file) << ": " << w.name);
            const FamilyRun run = runFamily(device, m.c);
            if (!run.ok()) {
                char hr[16];
                std::snprintf(hr, sizeof hr, "0x%08x", static_cast<unsigned>(run.hr));
                CHECK_MESSAGE(run.ok(), run.failedCall << " returned " << hr);
                continue;
            }
            CHECK_MESSAGE(run.canaryIntact, "bytes outside the output tensor were written");
            const auto& sizes = m.c.output.spec.sizes;
            const auto strides = stridesOf(m.c.output.spec);
            uint64_t wrong = 0;
            std::string first;
            for (uint64_t e = 0; e < m.expected.size(); ++e) {
                const uint64_t bits = readBits(run.output, elementIndex(sizes, strides, e), m.c.output.type);
                double distance = 0;
                if (wpt::withinTolerance(m.c.output.type, bits, m.expected[e], m.tolerance, &distance)) continue;
                if (wrong++ == 0)
                    first = "element " + std::to_string(e) + ": got " + formatValue(m.c.output.type, bits) +
                            ", expected " + std::to_string(m.expected[e]) + " (distance " + std::to_string(distance) +
                            (m.tolerance.ulp ? " ULP" : "") + ", tolerance " + std::to_string(m.tolerance.value) + ")";
            }
            CHECK_MESSAGE(wrong == 0, wrong << " of " << m.expected.size() << " elements wrong; first: " << first);
            if (checkReference) {
                // The double reference agrees with WPT's expected values within WPT's tolerance too.
                const auto reference = wpt::referenceOf(m);
                for (uint64_t e = 0; e < m.expected.size(); ++e) {
                    const DML_TENSOR_DATA_TYPE type = m.c.output.type;
                    CHECK_MESSAGE(wpt::withinTolerance(type, floatBits(type, reference[e].value), m.expected[e],
                                                       m.tolerance),
                                  "reference element " << e << ": " << reference[e].value << ", expected "
                                                       << m.expected[e]);
                }
            }
            passed += run.canaryIntact && wrong == 0;
        }
        MESSAGE(std::string(file) << ": " << ran << " cases ran, " << passed << " passed, " << skipped << " skipped"
                                  << skips);
    }
}

}  // namespace

TEST_CASE("WebNN conformance cases: reductions, softmax, layer and instance normalization") {
    if (wpt::casesDirectory().empty()) {
        MESSAGE("the WebNN conformance cases are not there (" VKDML_WPT_CASES_DIR "): nothing to run");
        return;
    }
    TestDevice device;
    for (const char* file : wpt::kReductionFiles) runFile(device, file, false);
}

TEST_CASE("WebNN conformance cases: batchNormalization") {
    if (wpt::casesDirectory().empty()) {
        MESSAGE("the WebNN conformance cases are not there (" VKDML_WPT_CASES_DIR "): nothing to run");
        return;
    }
    TestDevice device;
    runFile(device, wpt::kBatchNormalizationFile, true);
}
