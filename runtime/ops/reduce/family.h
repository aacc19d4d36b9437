// The reduction family: every DirectML operator that computes statistics over a set of axes (REDUCE, ARGMIN,
// ARGMAX, the softmax family, the mean-variance, batch and local response normalizations). Its shape rule: the
// output has the input's dimension count, with size 1 on reduced axes for one-value-per-row operators, the input's
// sizes otherwise.
#pragma once

#include "ops/family.h"

namespace vkdml::reduce {

const ops::Family& family();

}  // namespace vkdml::reduce
