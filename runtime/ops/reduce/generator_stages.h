// The statistics a reduction kernel folds over each row before it writes its results (its stages), and how a kernel
// whose rows are split into parts (KernelShape::segments) runs them in phases: phase p folds stage p over one part
// and keeps the part's value in the scratch buffer, and every phase first combines the values the earlier phases
// kept, with the same fold as the tree over a row's invocations.
#pragma once

#include <string>
#include <vector>

#include "ops/reduce/generator.h"

namespace vkdml::reduce {

// One statistic: `init` declares the invocation's partial value, `walk` accumulates its share of the row, `fold`
// makes the row's value of the row's partials (a tree over its invocations), `post` derives what the later code
// needs from it.
struct Stage {
    enum class Kept { Pair, Product, Value, Arg };
    std::string init, walk, fold, post;
    Kept kept = Kept::Pair;  // how a part's value is kept and combined: addPairs, mulPairs, `combine`, replaces()
    std::string var;         // the partial: a vk_f2 (Pair, Product) or a value of `type` (Value, Arg)
    std::string type;        // Value, Arg
    std::string combine;     // Value: the function combining two values
    std::string index;       // Arg: the index of the value (an element of the row)
    // A scan's running total: a later phase combines, in order, only the parts before its own (in the scan's
    // order), each part being walked by one invocation.
    bool prefix = false;
};

// The stages, then `tail` (the results), as `shape`'s kernel runs them: all of them unsplit; in a split kernel's
// phase p < stages.size(), the earlier stages combined and stage p kept (no tail); in its last phase, every stage
// combined, then the tail. Throws std::invalid_argument where `stages` does not match rowPhases(plan).
std::string stagesGlsl(const Plan& plan, const KernelShape& shape, const std::vector<Stage>& stages,
                       const std::string& tail);

}  // namespace vkdml::reduce
