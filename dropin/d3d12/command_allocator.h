// ID3D12CommandAllocator: vkdml command lists keep their own command memory, so the allocator only enforces
// D3D12's rules: one list records with it at a time, and it is not reset while lists recorded with it may run.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

#include "object_base.h"

namespace vkdml::dropin {

class CommandList;

class CommandAllocator final : public DeviceChild<ID3D12CommandAllocator> {
public:
    CommandAllocator(Device& device, D3D12_COMMAND_LIST_TYPE type);
    ~CommandAllocator() override;
    static CommandAllocator* fromInterface(const void* allocator);

    HRESULT STDMETHODCALLTYPE Reset() override;

    D3D12_COMMAND_LIST_TYPE type() const { return type_; }
    // false when another list is recording with it.
    bool beginRecording(CommandList* list);
    void endRecording(CommandList* list);
    // A list recorded with it was submitted as vkdml's `completionValue`; or queued behind a fence (deferred).
    void noteSubmitted(uint64_t completionValue);
    void noteDeferred(int change) { deferred_.fetch_add(change); }

protected:
    void* findInterface(REFIID riid) override;

private:
    const D3D12_COMMAND_LIST_TYPE type_;
    std::mutex mutex_;
    CommandList* recording_ = nullptr;
    uint64_t lastSubmitted_ = 0;
    std::atomic<int> deferred_{0};
};

}  // namespace vkdml::dropin
