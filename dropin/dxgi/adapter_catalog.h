// The adapters libdxgi.so and libdxcore.so list: vkdml's Vulkan devices (vkdmlEnumerateAdapters, lavapipe included)
// with what both APIs report about them, so DXGI and DXCore agree on every value (LUIDs above all).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <wsl/winadapter.h>
#include <directx/d3d12.h>  // before vkdml.h, whose DirectML.h then leaves the D3D12 handles to d3d12.h
#include <vkdml/vkdml.h>

namespace vkdml::dropin {

enum class AdapterKind { Discrete, Integrated, Virtual, Cpu, Other };

enum class AdapterOrder { Enumeration, HighPerformance, MinimumPower };

struct AdapterRecord {
    VKDML_ADAPTER_INFO info;
    LUID luid;
    AdapterKind kind;
    // DXGI's three memory figures. A discrete device's device-local heaps are its dedicated video memory, and it may
    // also use half the system memory (what Windows reports as shared). Every other device allocates its
    // device-local heaps from system memory: that is its shared system memory, and it has no dedicated memory.
    uint64_t dedicatedVideoMemory;
    uint64_t dedicatedSystemMemory;
    uint64_t sharedSystemMemory;

    bool isSoftware() const { return kind == AdapterKind::Cpu; }
    bool isIntegrated() const { return kind == AdapterKind::Integrated || kind == AdapterKind::Cpu; }
    // The memory a program should budget against (DXGI's LOCAL segment group).
    uint64_t localBudget() const { return kind == AdapterKind::Discrete ? dedicatedVideoMemory : sharedSystemMemory; }
    uint64_t nonLocalBudget() const { return kind == AdapterKind::Discrete ? sharedSystemMemory : 0; }
};

// vkdml's adapters in AdapterIndex order (empty when Vulkan has none or vkdml fails to list them).
std::vector<AdapterRecord> enumerateAdapters();

// Positions into `adapters` in the given order: HighPerformance puts discrete devices first, then integrated,
// virtual and other ones; MinimumPower puts integrated devices first, then discrete, virtual and other ones; CPU
// devices come last in both (as DXGI puts its software adapter). Ties keep vkdml's order.
std::vector<size_t> adapterOrder(const std::vector<AdapterRecord>& adapters, AdapterOrder order);

// 0 ranks first: the key adapterOrder sorts by.
int preferenceRank(const AdapterRecord& adapter, AdapterOrder order);

bool sameLuid(const LUID& a, const LUID& b);

// The UTF-8 device name as a NUL-terminated wide string of at most `capacity` characters (terminator included).
void copyNameAsWide(const char* name, WCHAR* out, size_t capacity);

}  // namespace vkdml::dropin
