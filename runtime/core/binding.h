// What binding tables hold and dispatchables read: buffer ranges checked against their buffer, per input and
// output slot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <vkdml/DirectML.h>

namespace vkdml {

class Buffer;
class Device;

// One buffer binding as the binding table keeps it (buffer == nullptr: nothing bound).
struct BoundBuffer {
    Buffer* buffer = nullptr;
    uint64_t offset = 0;
    uint64_t size = 0;
};

// One input or output slot: a BUFFER binding has one entry, a BUFFER_ARRAY binding one per array element.
struct BindingSlot {
    DML_BINDING_TYPE type = DML_BINDING_TYPE_NONE;
    std::vector<BoundBuffer> buffers;
};

struct TableBindings {
    std::vector<BindingSlot> inputs, outputs;
    bool inputsBound = false, outputsBound = false;
    BoundBuffer temporary, persistent;
};

// Where compiled operators and graphs place their shares of the temporary and persistent resources: 256-byte
// aligned offsets (the alignment the resources' own bindings must have).
constexpr uint64_t kResourceAlignment = 256;
constexpr uint64_t alignUp(uint64_t value, uint64_t alignment) { return (value + alignment - 1) / alignment * alignment; }

// Reads one DML_BUFFER_BINDING (named `where`) and checks it lies inside its buffer, on `device`, in a DEFAULT heap,
// with `alignment`-aligned offset. buffer == nullptr is returned as-is for the caller to judge.
BoundBuffer readBufferBinding(Device& device, const DML_BUFFER_BINDING& binding, uint64_t alignment,
                              const std::string& where);

}  // namespace vkdml
