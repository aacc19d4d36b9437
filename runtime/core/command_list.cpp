#include "core/command_list.h"

#include "core/error.h"
#include "vk/error.h"

namespace vkdml {

CommandList::CommandList(Device& device) : Object(ObjectKind::CommandList), device_(&device) {
    const auto& ctx = device.context();
    VkCommandPoolCreateInfo info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    info.queueFamilyIndex = ctx.queueFamily();
    vk::check(vk::allocating([&] { return ctx.fn().vkCreateCommandPool(ctx.device(), &info, nullptr, &pool_); }),
              "vkCreateCommandPool");
    try {
        reset();
    } catch (...) {
        ctx.fn().vkDestroyCommandPool(ctx.device(), pool_, nullptr);
        throw;
    }
}

CommandList::~CommandList() {
    auto& ctx = device_->context();
    uint64_t last = 0;
    for (const Slot& slot : slots_) last = std::max(last, slot.submittedValue);
    if (last) {
        try {
            device_->queue().wait(last, UINT64_MAX);
        } catch (const vk::Error&) {
        }
    }
    for (const Slot& slot : slots_)
        if (slot.timestamps) ctx.fn().vkDestroyQueryPool(ctx.device(), slot.timestamps, nullptr);
    slots_.clear();  // recordings free their descriptor pools
    ctx.fn().vkDestroyCommandPool(ctx.device(), pool_, nullptr);
}

void CommandList::reset() {
    if (!closed_ && !slots_.empty()) {  // resetting an open list: end what was recorded first
        device_->context().fn().vkEndCommandBuffer(slots_[current_].cmd);
    }
    current_ = beginSlot(slots_.size());
    closed_ = false;
}

size_t CommandList::beginSlot(size_t avoid) {
    auto& ctx = device_->context();
    const auto& fn = ctx.fn();
    // Reuse a command buffer the GPU is done with, else make another.
    size_t chosen = slots_.size();
    for (size_t i = 0; i < slots_.size(); ++i) {
        if (i != avoid && device_->queue().isComplete(slots_[i].submittedValue)) {
            chosen = i;
            break;
        }
    }
    if (chosen == slots_.size()) {
        Slot slot;
        VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        alloc.commandPool = pool_;
        alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        alloc.commandBufferCount = 1;
        vk::check(vk::allocating([&] { return fn.vkAllocateCommandBuffers(ctx.device(), &alloc, &slot.cmd); }),
                  "vkAllocateCommandBuffers");
        slots_.push_back(std::move(slot));
    }
    Slot& slot = slots_[chosen];
    slot.recording.reset();
    slot.submittedValue = 0;  // complete (that is why it was chosen); the new recording has not been submitted
    vk::check(fn.vkResetCommandBuffer(slot.cmd, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vk::check(fn.vkBeginCommandBuffer(slot.cmd, &begin), "vkBeginCommandBuffer");
    slot.timed = false;
    if (timestamps_) writeStartTimestamp(slot);
    slot.commands.clear();
    slot.recording = std::make_unique<vk::Recording>(ctx, device_->pipelines().usesPushDescriptors(), slot.cmd);
    slot.recording->begin();
    return chosen;
}

void CommandList::close() {
    requireRecording("vkdmlCloseCommandList");
    endSlot(slots_[current_]);
    closed_ = true;
}

void CommandList::endSlot(Slot& slot) {
    slot.recording->end();
    const auto& fn = device_->context().fn();
    if (slot.timed) fn.vkCmdWriteTimestamp(slot.cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot.timestamps, 1);
    vk::check(fn.vkEndCommandBuffer(slot.cmd), "vkEndCommandBuffer");
}

void CommandList::requireRecording(const char* call) const {
    if (closed_) invalidArg(std::string(call) + ": the command list is closed; reset it first");
}

void CommandList::recordDispatch(Dispatchable& dispatchable, BindingTable& table) {
    requireRecording("vkdmlRecordDispatch");
    require(table.dispatchable() == &dispatchable,
            "vkdmlRecordDispatch: the binding table was created for a different dispatchable");
    Slot& slot = slots_[current_];
    const uint64_t generation = table.generation();
    dispatchable.record(*slot.recording, table.bindings());
    Command command{Command::Kind::Dispatch};
    command.dispatchable = Ref<Dispatchable>(&dispatchable);
    command.table = Ref<BindingTable>(&table);
    command.tableGeneration = generation;
    if (!dispatchable.descriptorsVolatile()) command.recorded = std::make_shared<const TableBindings>(table.bindings());
    slot.commands.push_back(std::move(command));
}

void CommandList::recordCopy(Buffer& dst, uint64_t dstOffset, Buffer& src, uint64_t srcOffset, uint64_t bytes) {
    requireRecording("vkdmlRecordCopyBufferRegion");
    require(bytes > 0, "vkdmlRecordCopyBufferRegion: numBytes is 0");
    require(srcOffset <= src.size() && bytes <= src.size() - srcOffset,
            "vkdmlRecordCopyBufferRegion: source range [" + std::to_string(srcOffset) + ", +" + std::to_string(bytes) +
                ") exceeds the source buffer's " + std::to_string(src.size()) + " bytes");
    require(dstOffset <= dst.size() && bytes <= dst.size() - dstOffset,
            "vkdmlRecordCopyBufferRegion: destination range [" + std::to_string(dstOffset) + ", +" +
                std::to_string(bytes) + ") exceeds the destination buffer's " + std::to_string(dst.size()) + " bytes");
    require(&src != &dst || srcOffset + bytes <= dstOffset || dstOffset + bytes <= srcOffset,
            "vkdmlRecordCopyBufferRegion: source and destination ranges overlap in the same buffer");
    slots_[current_].recording->copy({src.handle(), srcOffset, bytes}, {dst.handle(), dstOffset, bytes});
    Command command{Command::Kind::Copy};
    command.dst = &dst;
    command.src = &src;
    command.dstOffset = dstOffset;
    command.srcOffset = srcOffset;
    command.bytes = bytes;
    slots_[current_].commands.push_back(std::move(command));
}

void CommandList::recordFill(Buffer& dst, uint64_t dstOffset, uint64_t bytes, uint32_t value) {
    requireRecording("vkdmlRecordFillBuffer");
    require(bytes > 0 && bytes % 4 == 0 && dstOffset % 4 == 0,
            "vkdmlRecordFillBuffer: dstOffset = " + std::to_string(dstOffset) + " and numBytes = " +
                std::to_string(bytes) + " must be multiples of 4 and numBytes not 0");
    require(dstOffset <= dst.size() && bytes <= dst.size() - dstOffset,
            "vkdmlRecordFillBuffer: range [" + std::to_string(dstOffset) + ", +" + std::to_string(bytes) +
                ") exceeds the buffer's " + std::to_string(dst.size()) + " bytes");
    slots_[current_].recording->fill({dst.handle(), dstOffset, bytes}, value);
    Command command{Command::Kind::Fill};
    command.dst = &dst;
    command.dstOffset = dstOffset;
    command.bytes = bytes;
    command.value = value;
    slots_[current_].commands.push_back(std::move(command));
}

void CommandList::recordTimestamp(Buffer& dst, uint64_t dstOffset) {
    requireRecording("vkdmlRecordTimestamp");
    if (!device_->context().timestampsSupported())
        fail(DXGI_ERROR_UNSUPPORTED, "vkdmlRecordTimestamp: the device's queue family has no timestamps");
    require(dstOffset % 8 == 0 && dstOffset <= dst.size() && 8 <= dst.size() - dstOffset,
            "vkdmlRecordTimestamp: dstOffset = " + std::to_string(dstOffset) + " is not a multiple of 8 with 8 bytes "
                "left in the buffer's " + std::to_string(dst.size()) + " bytes");
    slots_[current_].recording->writeTimestamp({dst.handle(), dstOffset, 8});
    Command command{Command::Kind::Timestamp};
    command.dst = &dst;
    command.dstOffset = dstOffset;
    slots_[current_].commands.push_back(std::move(command));
}

void CommandList::refreshVolatileBindings() {
    requireClosed();
    const Slot& recorded = slots_[current_];
    bool changed = false;
    for (const Command& command : recorded.commands)
        changed = changed || (command.kind == Command::Kind::Dispatch && command.dispatchable->descriptorsVolatile() &&
                              command.table->generation() != command.tableGeneration);
    if (!changed) return;
    const std::vector<Command> commands = recorded.commands;
    const size_t previous = current_;
    current_ = beginSlot(previous);
    closed_ = false;
    try {
        for (const Command& command : commands) replay(command);
    } catch (...) {
        endSlot(slots_[current_]);
        slots_[current_].commands.clear();
        current_ = previous;
        closed_ = true;
        throw;
    }
    close();
}

void CommandList::replay(const Command& command) {
    switch (command.kind) {
    case Command::Kind::Dispatch: {
        if (command.recorded) {  // not volatile: as it was recorded, whatever its table holds now
            Slot& slot = slots_[current_];
            command.dispatchable->record(*slot.recording, *command.recorded);
            slot.commands.push_back(command);
            break;
        }
        require(command.table->dispatchable() == command.dispatchable.get(),
                "vkdmlExecuteCommandLists: the binding table of a dispatch compiled with "
                "DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE was reset for another dispatchable after it was recorded");
        recordDispatch(*command.dispatchable, *command.table);
        break;
    }
    case Command::Kind::Copy:
        recordCopy(*command.dst, command.dstOffset, *command.src, command.srcOffset, command.bytes);
        break;
    case Command::Kind::Fill:
        recordFill(*command.dst, command.dstOffset, command.bytes, command.value);
        break;
    case Command::Kind::Timestamp:
        recordTimestamp(*command.dst, command.dstOffset);
        break;
    }
}

void CommandList::requireClosed() const {
    require(closed_, "vkdmlExecuteCommandLists: a command list is still open; close it first");
}

VkCommandBuffer CommandList::closedCommandBuffer() const {
    requireClosed();
    return slots_[current_].cmd;
}

void CommandList::markSubmitted(uint64_t value) { slots_[current_].submittedValue = value; }

void CommandList::enableTimestamps() {
    if (!device_->context().timestampsSupported())
        fail(DXGI_ERROR_UNSUPPORTED, "the device's queue family has no timestamps (timestampValidBits 0)");
    timestamps_ = true;
}

void CommandList::writeStartTimestamp(Slot& slot) {
    const auto& ctx = device_->context();
    if (!slot.timestamps) {
        VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        info.queryCount = 2;
        vk::check(vk::allocating(
                      [&] { return ctx.fn().vkCreateQueryPool(ctx.device(), &info, nullptr, &slot.timestamps); }),
                  "vkCreateQueryPool");
    }
    ctx.fn().vkCmdResetQueryPool(slot.cmd, slot.timestamps, 0, 2);
    ctx.fn().vkCmdWriteTimestamp(slot.cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, slot.timestamps, 0);
    slot.timed = true;
}

double CommandList::gpuSeconds() const {
    const Slot& slot = slots_[current_];
    require(closed_ && slot.timed, "the command list's recording has no timestamps (enable them, then reset the list)");
    require(slot.submittedValue != 0 && device_->queue().isComplete(slot.submittedValue),
            "the command list's last execution has not completed");
    const auto& ctx = device_->context();
    uint64_t ticks[2] = {};
    vk::check(ctx.fn().vkGetQueryPoolResults(ctx.device(), slot.timestamps, 0, 2, sizeof(ticks), ticks,
                                             sizeof(uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
              "vkGetQueryPoolResults");
    const uint32_t bits = ctx.timestampValidBits();
    const uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    return double((ticks[1] - ticks[0]) & mask) * ctx.timestampPeriodNs() * 1e-9;
}

}  // namespace vkdml
