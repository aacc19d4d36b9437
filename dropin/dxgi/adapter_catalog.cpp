#include "adapter_catalog.h"

#include <unistd.h>

#include <algorithm>

#include "common/adapter_luid.h"
#include "common/debug_message.h"

namespace vkdml::dropin {
namespace {

AdapterKind kindOf(UINT deviceType) {
    switch (deviceType) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return AdapterKind::Discrete;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return AdapterKind::Integrated;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return AdapterKind::Virtual;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return AdapterKind::Cpu;
    default: return AdapterKind::Other;
    }
}

uint64_t systemMemoryBytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && pageSize > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize) : 0;
}

AdapterRecord recordOf(const VKDML_ADAPTER_INFO& info) {
    AdapterRecord record{};
    record.info = info;
    record.luid = luidOfDeviceUuid(info.DeviceUUID);
    record.kind = kindOf(info.DeviceType);
    if (record.kind == AdapterKind::Discrete) {
        record.dedicatedVideoMemory = info.DeviceLocalMemoryBytes;
        record.sharedSystemMemory = systemMemoryBytes() / 2;
    } else {
        record.sharedSystemMemory = info.DeviceLocalMemoryBytes;
    }
    return record;
}

}  // namespace

std::vector<AdapterRecord> enumerateAdapters() {
    UINT count = 0;
    HRESULT hr = vkdmlEnumerateAdapters(&count, nullptr);
    std::vector<VKDML_ADAPTER_INFO> infos(count);
    if (SUCCEEDED(hr) && count > 0) hr = vkdmlEnumerateAdapters(&count, infos.data());
    if (FAILED(hr)) {
        debugMessagef("vkdmlEnumerateAdapters failed (0x%08x): no adapters listed", static_cast<unsigned>(hr));
        return {};
    }
    infos.resize(count);
    std::vector<AdapterRecord> records;
    records.reserve(infos.size());
    for (const VKDML_ADAPTER_INFO& info : infos) records.push_back(recordOf(info));
    return records;
}

int preferenceRank(const AdapterRecord& adapter, AdapterOrder order) {
    switch (order) {
    case AdapterOrder::Enumeration: return 0;
    case AdapterOrder::HighPerformance:
        switch (adapter.kind) {
        case AdapterKind::Discrete: return 0;
        case AdapterKind::Integrated: return 1;
        case AdapterKind::Virtual: return 2;
        case AdapterKind::Other: return 3;
        case AdapterKind::Cpu: return 4;
        }
        break;
    case AdapterOrder::MinimumPower:
        switch (adapter.kind) {
        case AdapterKind::Integrated: return 0;
        case AdapterKind::Discrete: return 1;
        case AdapterKind::Virtual: return 2;
        case AdapterKind::Other: return 3;
        case AdapterKind::Cpu: return 4;
        }
        break;
    }
    return 5;
}

std::vector<size_t> adapterOrder(const std::vector<AdapterRecord>& adapters, AdapterOrder order) {
    std::vector<size_t> positions(adapters.size());
    for (size_t i = 0; i < positions.size(); ++i) positions[i] = i;
    std::stable_sort(positions.begin(), positions.end(), [&](size_t a, size_t b) {
        return preferenceRank(adapters[a], order) < preferenceRank(adapters[b], order);
    });
    return positions;
}

bool sameLuid(const LUID& a, const LUID& b) { return a.LowPart == b.LowPart && a.HighPart == b.HighPart; }

void copyNameAsWide(const char* name, WCHAR* out, size_t capacity) {
    if (capacity == 0) return;
    size_t written = 0;
    const auto* bytes = reinterpret_cast<const unsigned char*>(name);
    while (*bytes && written + 1 < capacity) {
        uint32_t code = *bytes++;
        int continuation = code >= 0xf0 ? 3 : code >= 0xe0 ? 2 : code >= 0xc0 ? 1 : 0;
        if (continuation) code &= 0x3fu >> continuation;
        for (; continuation > 0 && (*bytes & 0xc0) == 0x80; --continuation) code = (code << 6) | (*bytes++ & 0x3f);
        if (continuation > 0) code = 0xfffd;  // truncated sequence
        out[written++] = static_cast<WCHAR>(code);
    }
    out[written] = 0;
}

}  // namespace vkdml::dropin
