// A reduction plan -> a complete GLSL 450 compute shader. Each workgroup takes `rowsPerGroup` rows, with
// `threadsPerRow` invocations per row; each invocation folds a strided share of its row, and the shares meet in a
// tree in shared memory. Sizes and strides are constants of the source (a pipeline per shape); the push constants
// hold only each tensor's first element in its binding.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ops/reduce/plan.h"

namespace vkdml::reduce {

// Elements each invocation takes per loop iteration.
constexpr uint32_t kUnroll = 4;
// The most iterations of one loop over a row. llvmpipe ends an invocation's loops after 65535 iterations in all
// (its guard against endless shaders; measured: three passes of 32768 lose the third), and a kernel makes up to
// three passes over its row.
constexpr uint64_t kMaxLoopIterations = 8192;
// The most 16-byte vectors of its row an invocation keeps in registers (KernelShape::keptRows).
constexpr uint32_t kMaxKeptVectors = 4;

// Every kernel's push constants: per slot, the index its tensor's element 0 has in the slot's binding (modulo 2^32;
// the kernels add element indices to it in 32 bits), and the rows [firstRow, rowEnd) the dispatch computes (the
// grid's workgroups take them in order, rowsPerGroup at a time); split kernels, which alone declare it, the same
// index of their statistics' word 0.
struct PushConstants {
    uint32_t base[kMaxSlots] = {};
    uint32_t firstRow = 0, rowEnd = 0;
    uint32_t scratchBase = 0;  // split rows: the index the scratch's word 0 has in its binding (as base[])
};

// One workgroup per `rowsPerGroup` rows of the dispatch (no loop over rows).
struct KernelShape {
    uint32_t workgroupSize = 256;  // a power of two
    uint32_t threadsPerRow = 1;    // a power of two dividing workgroupSize
    bool nativeHalf = false;       // the device's fp16 conversions are exact (VKDML_NATIVE_HALF)
    bool exactDivSqrt = false;     // the device's division and square root are correctly rounded
    bool fusedFma = false;         // the device's fma() rounds once (VKDML_FUSED_FMA)
    bool emulatedFma = false;      // ... computed in double (VKDML_EMULATED_FMA, tests)
    // > 0: a row's invocations fold by subgroup shuffles in subgroups of this size (generator_subgroup_folds.h;
    // the same bits as the shared-memory tree); 0: in shared memory.
    uint32_t subgroupSize = 0;
    // Kernels that walk their rows more than once keep each invocation's share (up to kMaxKeptVectors 16-byte
    // vectors) in registers after loading it once (RowWalks::keepRows; the same bits), where it is read by vectors
    // and has no prologue.
    bool keptRows = false;
    // Rows split into parts (segments > 1): each row's elements [k * segmentLength, (k + 1) * segmentLength) are
    // part k (the last may be shorter), and the kernel runs in phases (rowPhases): the phases before the last
    // each fold one of the row's statistics over a part and leave it in the scratch buffer (the binding after the
    // slots' bindings, 16 bytes per part); a phase starts by combining the statistics the earlier phases left.
    // Rows (pc.firstRow, pc.rowEnd) then count parts, k * rows + row (their statistics are kept at row * segments
    // + k), except in a REDUCE's last phase, which combines whole rows and writes their values.
    uint32_t segments = 1;
    uint64_t segmentLength = 0;
    uint32_t phase = 0;
};

// Whether a plan's rows can be split into parts (KernelShape::segments): every kind that folds statistics over
// its rows but the scans, which run their rows in order.
bool splittable(const Plan& plan);
// The phases of a split plan: one per statistic its kernel folds over a row (the softmax family's maximum and
// sum, MVN's mean and variance; one for the others), then the phase that writes the results.
uint32_t rowPhases(const Plan& plan);
// Whether the last phase runs per row (REDUCE, ARGMIN, ARGMAX: one value per row) rather than per part.
bool lastPhasePerRow(const Plan& plan);

// The invocations per row for rows of `rowLength` elements in workgroups of `workgroupSize`: as many as leave each
// at least `share` elements (a power of two).
uint32_t threadsPerRowFor(uint64_t rowLength, uint32_t workgroupSize, uint32_t share);

// Throws std::invalid_argument for what the kernels cannot express (a bug in the family's checks).
std::string generateReductionGlsl(const Plan& plan, const KernelShape& shape);

// LOCAL_RESPONSE_NORMALIZATION (generator_lrn.cpp): one invocation per element, `shape.workgroupSize` of them per
// workgroup (threadsPerRow 1), the grid laid out as the reduction kernels'.
std::string generateLrnGlsl(const Plan& plan, const KernelShape& shape);

// Fused graph neighbours (generator_neighbours.cpp): the prologue and epilogue programs as functions, with
// inputOf(x0, ...), the operator's input element from the prologue's input elements, inputAt(o, o2), the same from
// the element indices, fusedValue(o, o2, v), the element the epilogue makes of the result v, and storeFused(o, o2,
// v), which stores it; and the library functions they call.
std::string neighboursGlsl(const Plan& plan);
std::vector<std::string> neighbourRoots(const Plan& plan);

// BATCH_NORMALIZATION's per-element code (generator_batchnorm.cpp), run inside the reduction kernel's element loop
// (rows of one element): xIn the input element, o and o2 every slot's element index; leaves the result in y.
std::string batchNormElementGlsl(const Plan& plan, const std::string& activation);
// BATCH_NORMALIZATION_TRAINING's statistics stores: the row's first invocation writes the mean and variance pairs.
std::string batchNormStatisticsGlsl(const Plan& plan);

}  // namespace vkdml::reduce
