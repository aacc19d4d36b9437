#include "binding_translation.h"

namespace vkdml::dropin {

HRESULT TranslatedBindings::translateBuffer(const std::string& what, const DML_BUFFER_BINDING& from,
                                            DML_BUFFER_BINDING& to, std::string& error) {
    to = from;
    if (!from.Buffer) return S_OK;  // an unbound optional tensor
    ComPtr<IVkdmlD3D12Resource> resource;
    if (FAILED(from.Buffer->QueryInterface(__uuidof(IVkdmlD3D12Resource), &resource)) || !resource) {
        error = what + ".Buffer is not a buffer resource of vkdml's libd3d12";
        return E_INVALIDARG;
    }
    const UINT64 size = resource->GetSizeInBytes();
    if (from.Offset > size || from.SizeInBytes > size - from.Offset) {
        error = what + ": Offset (" + std::to_string(from.Offset) + ") + SizeInBytes (" +
                std::to_string(from.SizeInBytes) + ") exceeds the resource's size (" + std::to_string(size) + ")";
        return E_INVALIDARG;
    }
    to.Buffer = handleAsField<ID3D12Resource>(resource->GetVkdmlBuffer());
    to.Offset = from.Offset + resource->GetOffsetInBuffer();
    return S_OK;
}

HRESULT TranslatedBindings::translate(const char* what, UINT count, const DML_BINDING_DESC* bindings,
                                      std::string& error) {
    descs_.clear();
    buffers_.clear();
    arrayItems_.clear();
    arrays_.clear();
    if (count > 0 && !bindings) {
        error = std::string(what) + " is NULL with a count of " + std::to_string(count);
        return E_INVALIDARG;
    }
    for (UINT i = 0; i < count; ++i) {
        const std::string name = std::string(what) + "[" + std::to_string(i) + "]";
        const DML_BINDING_DESC& from = bindings[i];
        DML_BINDING_DESC to = from;
        if (from.Type == DML_BINDING_TYPE_BUFFER) {
            if (!from.Desc) {
                error = name + ".Desc is NULL for DML_BINDING_TYPE_BUFFER";
                return E_INVALIDARG;
            }
            buffers_.emplace_back();
            const HRESULT hr =
                translateBuffer(name, *static_cast<const DML_BUFFER_BINDING*>(from.Desc), buffers_.back(), error);
            if (FAILED(hr)) return hr;
            to.Desc = &buffers_.back();
        } else if (from.Type == DML_BINDING_TYPE_BUFFER_ARRAY) {
            const auto* array = static_cast<const DML_BUFFER_ARRAY_BINDING*>(from.Desc);
            if (!array || (array->BindingCount > 0 && !array->Bindings)) {
                error = name + ".Desc (DML_BUFFER_ARRAY_BINDING) is NULL or has NULL Bindings";
                return E_INVALIDARG;
            }
            arrayItems_.emplace_back(array->BindingCount);
            std::vector<DML_BUFFER_BINDING>& items = arrayItems_.back();
            for (UINT j = 0; j < array->BindingCount; ++j) {
                const HRESULT hr = translateBuffer(name + ".Bindings[" + std::to_string(j) + "]",
                                                   array->Bindings[j], items[j], error);
                if (FAILED(hr)) return hr;
            }
            arrays_.push_back(DML_BUFFER_ARRAY_BINDING{array->BindingCount, items.empty() ? nullptr : items.data()});
            to.Desc = &arrays_.back();
        } else if (from.Type != DML_BINDING_TYPE_NONE) {
            error = name + ".Type = " + std::to_string(static_cast<int>(from.Type)) + " is not a DML_BINDING_TYPE";
            return E_INVALIDARG;
        }
        descs_.push_back(to);
    }
    return S_OK;
}

}  // namespace vkdml::dropin
