// BATCH_NORMALIZATION and BATCH_NORMALIZATION_TRAINING's pieces of the reduction kernel (generator.cpp writes the
// rest: bindings, loads, stores, the element loop and the pair helpers these call).
//
// BATCH_NORMALIZATION is a plan of rows of one element: every element reads its own mean, variance, scale and
// bias (broadcast through zero strides), forms variance + Epsilon as an exact pair, its square root and that
// root's reciprocal as pairs, and x - mean as an exact pair: the normalized value is within about one rounding of
// (x - mean) / sqrt(variance + Epsilon). Scale and bias follow in FLOAT32, then the fused activation.

#include "kernel/fused_activation.h"
#include "ops/reduce/generator.h"

namespace vkdml::reduce {

namespace {

}  // namespace

std::string batchNormElementGlsl(const Plan& plan, const std::string& activation) {
    return "            float meanIn = loadMean(o2.x);\n"
           "            vk_f2 e = vk_two_sum(loadVariance(o2.y), " + kernel::exactFloatLiteral(plan.epsilon) + ");\n"
           "            vk_f2 deviation = pairOf(vk_sqrt_cr(value(e)), 0.0);\n"
           "            if (e.hi >= 7.9e-31 && e.hi <= 1.2e30) deviation = vk_m_sqrt2(e.hi, e.lo);\n"
           "            bool invertible = deviation.hi >= 1.0e-30 && !vk_m_isinf(deviation.hi);\n"
           "            vk_f2 inverse = invertible ? vk_m_div2(1.0, 0.0, deviation.hi, deviation.lo) : pairOf(0.0, 0.0);\n"
           "            float y = normalized(minusMean(xIn, pairOf(meanIn, 0.0)), deviation, inverse, invertible);\n"
           "            y = y * loadScale(o.z);\n"
           "            y = y + loadBias(o.w);\n"
           "            y = " + activation + ";\n";
}

std::string batchNormStatisticsGlsl(const Plan&) {
    // The normalize body's `mean` and `v` (the population variance, Epsilon not included) of this row, written
    // by the invocation of the row's first part.
    return "        if (live && lane == 0u && jBase == 0u) {\n"
           "            storeMean(rb2.x, value(mean));\n"
           "            storeVariance(rb2.y, value(v));\n"
           "        }\n";
}

}  // namespace vkdml::reduce
