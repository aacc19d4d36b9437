#include "command_allocator.h"

#include <algorithm>

#include "device.h"
#include "live_objects.h"

namespace vkdml::dropin {

CommandAllocator::CommandAllocator(Device& device, D3D12_COMMAND_LIST_TYPE type) : DeviceChild(device), type_(type) {
    liveObjects<CommandAllocator>().add(static_cast<ID3D12CommandAllocator*>(this), this);
}

CommandAllocator::~CommandAllocator() {
    liveObjects<CommandAllocator>().remove(static_cast<ID3D12CommandAllocator*>(this));
}

CommandAllocator* CommandAllocator::fromInterface(const void* allocator) {
    return liveObjects<CommandAllocator>().find(allocator);
}

void* CommandAllocator::findInterface(REFIID riid) {
    return answer<ID3D12CommandAllocator, ID3D12Pageable, ID3D12DeviceChild, ID3D12Object>(riid);
}

bool CommandAllocator::beginRecording(CommandList* list) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (recording_ && recording_ != list) return false;
    recording_ = list;
    return true;
}

void CommandAllocator::endRecording(CommandList* list) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (recording_ == list) recording_ = nullptr;
}

void CommandAllocator::noteSubmitted(uint64_t completionValue) {
    std::lock_guard<std::mutex> lock(mutex_);
    lastSubmitted_ = std::max(lastSubmitted_, completionValue);
}

HRESULT CommandAllocator::Reset() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (recording_) {
        debugMessage("ID3D12CommandAllocator::Reset: a command list is still recording with this allocator; close it "
                     "first");
        return E_FAIL;
    }
    if (deferred_.load() > 0 || !device().isComplete(lastSubmitted_)) {
        debugMessage("ID3D12CommandAllocator::Reset: command lists recorded with this allocator may still be "
                     "executing; wait for their fence first");
        return E_FAIL;
    }
    return S_OK;
}

}  // namespace vkdml::dropin
