// DML_BINDING_DESCs as a program passes them (DML_BUFFER_BINDING::Buffer an ID3D12Resource*, offsets relative to
// the resource) turned into what vkdml binds (the VkdmlBuffer under the resource, offsets within that buffer).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "dml_includes.h"

namespace vkdml::dropin {

class TranslatedBindings {
public:
    // Translates `bindings[0..count)`. On failure returns E_INVALIDARG and sets `error` to the binding at fault
    // (named `what`[i], e.g. "bindings[2].Buffer") and why; nothing is kept.
    HRESULT translate(const char* what, UINT count, const DML_BINDING_DESC* bindings, std::string& error);

    const DML_BINDING_DESC* data() const { return descs_.empty() ? nullptr : descs_.data(); }
    UINT count() const { return static_cast<UINT>(descs_.size()); }

private:
    HRESULT translateBuffer(const std::string& what, const DML_BUFFER_BINDING& from, DML_BUFFER_BINDING& to,
                            std::string& error);

    std::vector<DML_BINDING_DESC> descs_;
    std::deque<DML_BUFFER_BINDING> buffers_;                 // BUFFER bindings (stable addresses)
    std::deque<std::vector<DML_BUFFER_BINDING>> arrayItems_;  // the buffers of each BUFFER_ARRAY binding
    std::deque<DML_BUFFER_ARRAY_BINDING> arrays_;
};

}  // namespace vkdml::dropin
