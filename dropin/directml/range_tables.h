// DirectML keeps a dispatchable's bindings in the descriptors of its binding table's range, not in the
// IDMLBindingTable object: a table Reset onto another range leaves the first range's bindings in place, and a dispatch
// compiled with DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE reads its range when the command list executes. So the
// vkdml binding table behind an IDMLBindingTable belongs to its descriptor range: one per (vkdml device, heap, first
// descriptor), kept as the heap's private data so it lives as long as the heap.
#pragma once

#include "descriptor_range.h"

namespace vkdml::dropin {

// The vkdml binding table of `range` (a new one when the range has no heap), reset for `dispatchable`, with a
// reference for the caller.
HRESULT acquireRangeTable(VkdmlDevice device, const DescriptorRange& range, VkdmlDispatchable dispatchable,
                          VkdmlBindingTable* table);

}  // namespace vkdml::dropin
