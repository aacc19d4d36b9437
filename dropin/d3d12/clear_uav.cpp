// ClearUnorderedAccessViewUint / Float on buffer views: the view's element (its format's channels, or 32 bits for
// raw and structured views) repeated over the view or its rectangles' element ranges. Elements of up to 4 bytes
// are one vkdml fill; wider ones are written once and doubled by copies.
#include <cstring>

#include "command_list.h"
#include "descriptor_heap.h"
#include "formats.h"
#include "resource.h"

namespace vkdml::dropin {

namespace {

uint16_t halfOf(float value) {
    uint32_t f;
    std::memcpy(&f, &value, 4);
    const uint32_t sign = (f >> 16) & 0x8000u;
    const int32_t exponent = int32_t((f >> 23) & 0xff) - 127 + 15;
    uint32_t mantissa = f & 0x7fffffu;
    if (((f >> 23) & 0xff) == 0xff) return uint16_t(sign | 0x7c00u | (mantissa ? 0x200u : 0u));  // inf, NaN
    if (exponent >= 31) return uint16_t(sign | 0x7c00u);
    if (exponent <= 0) {  // subnormal or zero
        if (exponent < -10) return uint16_t(sign);
        mantissa |= 0x800000u;
        const uint32_t shift = uint32_t(14 - exponent);
        uint32_t half = mantissa >> shift;
        const uint32_t rest = mantissa & ((1u << shift) - 1), halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (half & 1))) ++half;
        return uint16_t(sign | half);
    }
    uint32_t half = (uint32_t(exponent) << 10) | (mantissa >> 13);
    const uint32_t rest = mantissa & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1))) ++half;  // may carry into the exponent, as it should
    return uint16_t(sign | half);
}

// The bytes of one element of `layout` holding `bits` (UINT clears: the low bits of each value; FLOAT clears:
// each value as the channel's float type).
uint32_t encodeElement(const FormatLayout& layout, const uint32_t bits[4], bool valuesAreFloat, uint8_t* element) {
    for (uint32_t c = 0; c < layout.channels; ++c) {
        uint32_t channel = bits[c];
        if (valuesAreFloat && layout.channelBits == 16) {
            float value;
            std::memcpy(&value, &bits[c], 4);
            channel = halfOf(value);
        }
        std::memcpy(element + c * layout.channelBits / 8, &channel, layout.channelBits / 8);  // little-endian
    }
    return layout.bytes();
}

}  // namespace

void CommandList::ClearUnorderedAccessViewUint(D3D12_GPU_DESCRIPTOR_HANDLE gpuHandle,
                                               D3D12_CPU_DESCRIPTOR_HANDLE cpuHandle, ID3D12Resource* resource,
                                               const UINT values[4], UINT numRects, const D3D12_RECT* rects) {
    uint32_t bits[4] = {};
    if (values) std::memcpy(bits, values, sizeof(bits));
    clearView("ID3D12GraphicsCommandList::ClearUnorderedAccessViewUint", gpuHandle, cpuHandle, resource,
              values ? bits : nullptr, false, numRects, rects);
}

void CommandList::ClearUnorderedAccessViewFloat(D3D12_GPU_DESCRIPTOR_HANDLE gpuHandle,
                                                D3D12_CPU_DESCRIPTOR_HANDLE cpuHandle, ID3D12Resource* resource,
                                                const FLOAT values[4], UINT numRects, const D3D12_RECT* rects) {
    uint32_t bits[4] = {};
    if (values) std::memcpy(bits, values, sizeof(bits));
    clearView("ID3D12GraphicsCommandList::ClearUnorderedAccessViewFloat", gpuHandle, cpuHandle, resource,
              values ? bits : nullptr, true, numRects, rects);
}

void CommandList::clearView(const char* method, D3D12_GPU_DESCRIPTOR_HANDLE gpuHandle,
                            D3D12_CPU_DESCRIPTOR_HANDLE cpuHandle, ID3D12Resource* resourceInterface,
                            const uint32_t bits[4], bool valuesAreFloat, UINT numRects, const D3D12_RECT* rects) {
    if (!requireOpen(method)) return;
    if (type_ == D3D12_COMMAND_LIST_TYPE_COPY) return invalidCommand(method, "a COPY list cannot clear views");
    if (!bits) return invalidCommand(method, "Values is NULL");
    if (numRects && !rects) return invalidCommand(method, "pRects is NULL with NumRects > 0");
    Resource* resource = Resource::fromInterface(resourceInterface);
    if (!resource) return invalidCommand(method, "pResource is not a live buffer");

    // The view: by its CPU handle (any live heap), else by the GPU handle in the list's CBV_SRV_UAV heap.
    Descriptor view;
    UINT index = 0;
    if (DescriptorHeap* heap = DescriptorHeap::findByCpuHandle(cpuHandle.ptr, &index)) {
        if (heap->keepsDescriptors()) view = heap->at(index);
        heap->Release();
    } else if (cbvSrvUavHeap_ && SUCCEEDED(cbvSrvUavHeap_->IndexOfGpuHandle(gpuHandle, &index))) {
        view = cbvSrvUavHeap_->at(index);
    } else {
        return invalidCommand(method, "ViewCPUHandle is no live descriptor and ViewGPUHandleInCurrentHeap is not in "
                                      "the list's CBV_SRV_UAV heap");
    }
    if (view.kind != Descriptor::Kind::UnorderedAccess || view.resource != resourceInterface)
        return invalidCommand(method, "the descriptor is not an unordered-access view of pResource");

    FormatLayout layout = formatLayout(view.format);
    if (view.format == DXGI_FORMAT_UNKNOWN || view.format == DXGI_FORMAT_R32_TYPELESS) {
        if (valuesAreFloat) return invalidCommand(method, "a raw or structured view takes only UINT clears");
        layout = {1, 32, false};  // values[0] in every 32 bits
    }
    if (valuesAreFloat && !layout.isFloat)
        return invalidCommand(method, "FLOAT clears are supported on FLOAT formats only");
    uint8_t element[16] = {};
    const uint32_t elementBytes = encodeElement(layout, bits, valuesAreFloat, element);
    const uint64_t viewElements = view.size / view.elementBytes;
    if (numRects == 0) return fillRange(method, *resource, view.offset, view.size, element, elementBytes);
    for (UINT r = 0; r < numRects; ++r) {
        const uint64_t first = uint64_t(std::max<LONG>(rects[r].left, 0));
        const uint64_t end = std::min<uint64_t>(uint64_t(std::max<LONG>(rects[r].right, 0)), viewElements);
        if (first >= end) continue;
        fillRange(method, *resource, view.offset + first * view.elementBytes, (end - first) * view.elementBytes,
                  element, elementBytes);
    }
}

void CommandList::fillRange(const char* method, Resource& resource, uint64_t offset, uint64_t bytes,
                            const uint8_t* element, uint32_t elementBytes) {
    if (bytes == 0) return;
    const uint64_t start = resource.offset() + offset;
    if (start % 4 != 0 || bytes % 4 != 0)
        return invalidCommand(method, "vkdml clears whole 4-byte words; the range is not 4-byte aligned");
    VkdmlCommandList list = recording_->list;
    VkdmlBuffer buffer = resource.buffer();
    if (elementBytes <= 4) {
        uint8_t word[4];
        for (uint32_t i = 0; i < 4; ++i) word[i] = element[i % elementBytes];
        uint32_t value;
        std::memcpy(&value, word, 4);
        if (FAILED(vkdmlRecordFillBuffer(list, buffer, start, bytes, value)))
            invalidCommand(method, "vkdml rejected the fill");
        return;
    }
    for (uint32_t i = 0; i < elementBytes; i += 4) {
        uint32_t value;
        std::memcpy(&value, element + i, 4);
        if (FAILED(vkdmlRecordFillBuffer(list, buffer, start + i, 4, value)))
            return invalidCommand(method, "vkdml rejected the fill");
    }
    for (uint64_t done = elementBytes; done < bytes;) {
        const uint64_t piece = std::min(done, bytes - done);
        if (FAILED(vkdmlRecordCopyBufferRegion(list, buffer, start + done, buffer, start, piece)))
            return invalidCommand(method, "vkdml rejected the copy");
        done += piece;
    }
}

}  // namespace vkdml::dropin
