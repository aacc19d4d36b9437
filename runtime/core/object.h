// The base of every object behind a vkdml handle: a reference count, a debug name and a tag that lets the C entry
// points reject a handle of the wrong kind.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

namespace vkdml {

enum class ObjectKind : uint32_t {
    Device = 1,
    Operator,
    Dispatchable,
    BindingTable,
    Buffer,
    CommandList,
};

const char* objectKindName(ObjectKind kind);

class Device;

class Object {
public:
    static constexpr uint32_t kAliveMagic = 0x4c4d444bu;  // "KDML"
    static constexpr uint32_t kDeadMagic = 0xdeadd00du;

    explicit Object(ObjectKind kind) : kind_(kind) {}
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    virtual ~Object() { magic_ = kDeadMagic; }

    uint32_t addRef() { return refs_.fetch_add(1, std::memory_order_relaxed) + 1; }
    uint32_t release() {
        uint32_t left = refs_.fetch_sub(1, std::memory_order_acq_rel) - 1;
        if (left == 0) delete this;
        return left;
    }

    bool alive() const { return magic_ == kAliveMagic; }
    ObjectKind kind() const { return kind_; }
    void setName(std::string name) {
        std::lock_guard<std::mutex> lock(nameMutex_);
        name_ = std::move(name);
    }
    std::string name() const {
        std::lock_guard<std::mutex> lock(nameMutex_);
        return name_;
    }
    // The device this object belongs to (itself for a device); messages go to its callback.
    virtual Device& owningDevice() = 0;

private:
    uint32_t magic_ = kAliveMagic;
    ObjectKind kind_;
    std::atomic<uint32_t> refs_{1};
    mutable std::mutex nameMutex_;
    std::string name_;
};

// Holds one reference to an object for as long as it lives.
template <class T>
class Ref {
public:
    Ref() = default;
    explicit Ref(T* object) : object_(object) {
        if (object_) object_->addRef();
    }
    Ref(const Ref& other) : Ref(other.object_) {}
    Ref(Ref&& other) noexcept : object_(other.object_) { other.object_ = nullptr; }
    Ref& operator=(Ref other) {
        std::swap(object_, other.object_);
        return *this;
    }
    ~Ref() {
        if (object_) object_->release();
    }
    T* get() const { return object_; }
    T* operator->() const { return object_; }
    T& operator*() const { return *object_; }
    explicit operator bool() const { return object_ != nullptr; }

private:
    T* object_ = nullptr;
};

}  // namespace vkdml
