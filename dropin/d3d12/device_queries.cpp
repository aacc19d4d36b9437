// ID3D12Device's questions: CheckFeatureSupport for the queries DirectML programs make, descriptor sizes, and the
// size arithmetic of buffers (allocation info, copyable footprints, custom heap properties).
#include <algorithm>
#include <cstring>

#include "descriptor_heap.h"
#include "device.h"
#include "feature_levels.h"
#include "resource_rules.h"

namespace vkdml::dropin {

namespace {

template <class Data>
Data* featureData(const char* feature, void* data, UINT size) {
    if (data && size == sizeof(Data)) return static_cast<Data*>(data);
    debugMessagef("ID3D12Device::CheckFeatureSupport(%s): pFeatureSupportData is NULL or FeatureSupportDataSize = %u "
                  "is not %zu",
                  feature, size, sizeof(Data));
    return nullptr;
}

}  // namespace

HRESULT Device::CheckFeatureSupport(D3D12_FEATURE feature, void* data, UINT size) {
    switch (feature) {
        case D3D12_FEATURE_D3D12_OPTIONS: {
            auto* options = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS>("D3D12_OPTIONS", data, size);
            if (!options) return E_INVALIDARG;
            *options = {};
            options->DoublePrecisionFloatShaderOps = adapter_.SupportsFloat64;
            options->MinPrecisionSupport = adapter_.SupportsFloat16Arithmetic
                                               ? D3D12_SHADER_MIN_PRECISION_SUPPORT_16_BIT
                                               : D3D12_SHADER_MIN_PRECISION_SUPPORT_NONE;
            options->TiledResourcesTier = D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED;
            options->ResourceBindingTier = D3D12_RESOURCE_BINDING_TIER_2;  // heaps of up to 1000000 descriptors
            options->TypedUAVLoadAdditionalFormats = TRUE;
            options->ConservativeRasterizationTier = D3D12_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED;
            options->MaxGPUVirtualAddressBitsPerResource = 40;
            options->CrossNodeSharingTier = D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED;
            options->ResourceHeapTier = D3D12_RESOURCE_HEAP_TIER_2;
            return S_OK;
        }
        case D3D12_FEATURE_D3D12_OPTIONS1: {
            auto* options = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS1>("D3D12_OPTIONS1", data, size);
            if (!options) return E_INVALIDARG;
            *options = {};
            options->WaveOps = adapter_.SubgroupSize > 1;
            options->WaveLaneCountMin = std::max(adapter_.SubgroupSize, 1u);
            options->WaveLaneCountMax = std::max(adapter_.SubgroupSize, 1u);
            options->TotalLaneCount = std::max(adapter_.SubgroupSize, 1u);
            options->ExpandedComputeResourceStates = TRUE;
            options->Int64ShaderOps = adapter_.SupportsInt64;
            return S_OK;
        }
        case D3D12_FEATURE_ARCHITECTURE:
        case D3D12_FEATURE_ARCHITECTURE1: {
            // ARCHITECTURE is ARCHITECTURE1 without its last member.
            const bool first = feature == D3D12_FEATURE_ARCHITECTURE;
            auto* architecture = static_cast<D3D12_FEATURE_DATA_ARCHITECTURE1*>(data);
            const UINT expected = first ? sizeof(D3D12_FEATURE_DATA_ARCHITECTURE) : sizeof(*architecture);
            if (!data || size != expected) {
                debugMessagef("ID3D12Device::CheckFeatureSupport(ARCHITECTURE%s): FeatureSupportDataSize = %u is not "
                              "%u", first ? "" : "1", size, expected);
                return E_INVALIDARG;
            }
            if (architecture->NodeIndex != 0) {
                debugMessagef("ID3D12Device::CheckFeatureSupport(ARCHITECTURE): NodeIndex = %u; the device has one "
                              "node", architecture->NodeIndex);
                return E_INVALIDARG;
            }
            architecture->TileBasedRenderer = FALSE;
            architecture->UMA = uma();
            architecture->CacheCoherentUMA = uma();
            if (!first) architecture->IsolatedMMU = FALSE;
            return S_OK;
        }
        case D3D12_FEATURE_FEATURE_LEVELS: {
            auto* levels = featureData<D3D12_FEATURE_DATA_FEATURE_LEVELS>("FEATURE_LEVELS", data, size);
            if (!levels) return E_INVALIDARG;
            if (levels->NumFeatureLevels == 0 || !levels->pFeatureLevelsRequested) {
                debugMessage("ID3D12Device::CheckFeatureSupport(FEATURE_LEVELS): no levels requested");
                return E_INVALIDARG;
            }
            bool found = false;
            D3D_FEATURE_LEVEL best = D3D_FEATURE_LEVEL(0);
            for (UINT i = 0; i < levels->NumFeatureLevels; ++i) {
                const D3D_FEATURE_LEVEL level = levels->pFeatureLevelsRequested[i];
                if (isSupportedFeatureLevel(level) && (!found || level > best)) {
                    best = level;
                    found = true;
                }
            }
            levels->MaxSupportedFeatureLevel = best;
            if (found) return S_OK;
            debugMessage("ID3D12Device::CheckFeatureSupport(FEATURE_LEVELS): no requested level is supported");
            return DXGI_ERROR_UNSUPPORTED;
        }
        case D3D12_FEATURE_SHADER_MODEL: {
            auto* model = featureData<D3D12_FEATURE_DATA_SHADER_MODEL>("SHADER_MODEL", data, size);
            if (!model) return E_INVALIDARG;
            uint32_t requested = 0;  // read as an integer: the program may pass any value
            std::memcpy(&requested, &model->HighestShaderModel, sizeof(requested));
            if (requested < D3D_SHADER_MODEL_5_1 || requested > D3D_HIGHEST_SHADER_MODEL) {
                debugMessagef("ID3D12Device::CheckFeatureSupport(SHADER_MODEL): HighestShaderModel = 0x%x is not a "
                              "shader model", requested);
                return E_INVALIDARG;
            }
            const uint32_t supported =
                adapter_.SupportsFloat16Arithmetic && adapter_.Supports16BitStorage ? D3D_SHADER_MODEL_6_2
                                                                                     : D3D_SHADER_MODEL_6_0;
            model->HighestShaderModel = D3D_SHADER_MODEL(std::min(requested, supported));
            return S_OK;
        }
        default:
            debugMessagef("ID3D12Device::CheckFeatureSupport: feature %d is outside vkdml's D3D12 subset "
                          "(D3D12_OPTIONS, D3D12_OPTIONS1, ARCHITECTURE, ARCHITECTURE1, FEATURE_LEVELS, "
                          "SHADER_MODEL): E_NOTIMPL",
                          int(feature));
            return E_NOTIMPL;
    }
}

UINT Device::GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE type) {
    if (type < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV || type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES) {
        debugMessagef("ID3D12Device::GetDescriptorHandleIncrementSize: type %d is not a descriptor heap type",
                      int(type));
        return 0;
    }
    return kDescriptorIncrement;
}

D3D12_RESOURCE_ALLOCATION_INFO Device::allocationInfo(const char* method, UINT numResourceDescs,
                                                      const D3D12_RESOURCE_DESC1* descs,
                                                      D3D12_RESOURCE_ALLOCATION_INFO1* perResource) {
    const D3D12_RESOURCE_ALLOCATION_INFO invalid{UINT64_MAX, kPlacementAlignment};
    if (numResourceDescs == 0 || !descs) {
        debugMessagef("%s: no resource descriptions", method);
        return invalid;
    }
    uint64_t total = 0;
    for (UINT i = 0; i < numResourceDescs; ++i) {
        if (checkBufferDesc(method, descs[i]) != S_OK) return invalid;
        const uint64_t offset = alignUp(total, kPlacementAlignment);
        const uint64_t bytes = alignUp(descs[i].Width, kPlacementAlignment);
        if (perResource) perResource[i] = {offset, kPlacementAlignment, bytes};
        total = offset + bytes;
    }
    return {total, kPlacementAlignment};
}

D3D12_RESOURCE_ALLOCATION_INFO Device::GetResourceAllocationInfo(UINT, UINT numResourceDescs,
                                                                 const D3D12_RESOURCE_DESC* descs) {
    return GetResourceAllocationInfo1(0, numResourceDescs, descs, nullptr);
}

D3D12_RESOURCE_ALLOCATION_INFO Device::GetResourceAllocationInfo1(UINT, UINT numResourceDescs,
                                                                  const D3D12_RESOURCE_DESC* descs,
                                                                  D3D12_RESOURCE_ALLOCATION_INFO1* perResource) {
    std::vector<D3D12_RESOURCE_DESC1> descs1;
    for (UINT i = 0; descs && i < numResourceDescs; ++i) descs1.push_back(toDesc1(descs[i]));
    return allocationInfo("ID3D12Device::GetResourceAllocationInfo", numResourceDescs,
                          descs ? descs1.data() : nullptr, perResource);
}

D3D12_RESOURCE_ALLOCATION_INFO Device::GetResourceAllocationInfo2(UINT, UINT numResourceDescs,
                                                                  const D3D12_RESOURCE_DESC1* descs,
                                                                  D3D12_RESOURCE_ALLOCATION_INFO1* perResource) {
    return allocationInfo("ID3D12Device8::GetResourceAllocationInfo2", numResourceDescs, descs, perResource);
}

D3D12_HEAP_PROPERTIES Device::GetCustomHeapProperties(UINT, D3D12_HEAP_TYPE heapType) {
    return customHeapProperties(heapType, uma());
}

void Device::copyableFootprints(const char* method, const D3D12_RESOURCE_DESC1* desc, UINT firstSubresource,
                                UINT numSubresources, UINT64 baseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts,
                                UINT* numRows, UINT64* rowSizeInBytes, UINT64* totalBytes) {
    // On failure every output says "invalid" (D3D12 fills them with ~0).
    if (layouts) *layouts = {};
    if (numRows) *numRows = UINT_MAX;
    if (rowSizeInBytes) *rowSizeInBytes = UINT64_MAX;
    if (totalBytes) *totalBytes = UINT64_MAX;
    if (!desc) return debugMessagef("%s: pResourceDesc is NULL", method);
    if (checkBufferDesc(method, *desc) != S_OK) return;
    if (firstSubresource != 0 || numSubresources != 1)
        return debugMessagef("%s: a buffer has one subresource (FirstSubresource %u, NumSubresources %u)", method,
                             firstSubresource, numSubresources);
    if (layouts) {
        layouts->Offset = baseOffset;
        layouts->Footprint.Format = DXGI_FORMAT_UNKNOWN;
        layouts->Footprint.Width = UINT(desc->Width);
        layouts->Footprint.Height = 1;
        layouts->Footprint.Depth = 1;
        layouts->Footprint.RowPitch = UINT(alignUp(desc->Width, D3D12_TEXTURE_DATA_PITCH_ALIGNMENT));
    }
    if (numRows) *numRows = 1;
    if (rowSizeInBytes) *rowSizeInBytes = desc->Width;
    if (totalBytes) *totalBytes = desc->Width;
}

void Device::GetCopyableFootprints(const D3D12_RESOURCE_DESC* desc, UINT firstSubresource, UINT numSubresources,
                                   UINT64 baseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts, UINT* numRows,
                                   UINT64* rowSizeInBytes, UINT64* totalBytes) {
    D3D12_RESOURCE_DESC1 desc1{};
    if (desc) desc1 = toDesc1(*desc);
    copyableFootprints("ID3D12Device::GetCopyableFootprints", desc ? &desc1 : nullptr, firstSubresource,
                       numSubresources, baseOffset, layouts, numRows, rowSizeInBytes, totalBytes);
}

void Device::GetCopyableFootprints1(const D3D12_RESOURCE_DESC1* desc, UINT firstSubresource, UINT numSubresources,
                                    UINT64 baseOffset, D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts, UINT* numRows,
                                    UINT64* rowSizeInBytes, UINT64* totalBytes) {
    copyableFootprints("ID3D12Device8::GetCopyableFootprints1", desc, firstSubresource, numSubresources, baseOffset,
                       layouts, numRows, rowSizeInBytes, totalBytes);
}

}  // namespace vkdml::dropin
