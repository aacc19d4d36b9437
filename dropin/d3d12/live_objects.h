// Which objects of one class are alive, so an interface pointer a program passes in (possibly released, or not one
// of libd3d12's) is recognised before it is used. Keyed by the object's primary interface pointer, which every
// interface of its chain (ID3D12Resource2 -> ID3D12Resource -> ID3D12Object ...) shares.
#pragma once

#include <mutex>
#include <unordered_map>

namespace vkdml::dropin {

template <class Object>
class LiveObjects {
public:
    void add(const void* key, Object* object) {
        std::lock_guard<std::mutex> lock(mutex_);
        objects_[key] = object;
    }
    void remove(const void* key) {
        std::lock_guard<std::mutex> lock(mutex_);
        objects_.erase(key);
    }
    Object* find(const void* key) {
        if (!key) return nullptr;
        std::lock_guard<std::mutex> lock(mutex_);
        const auto found = objects_.find(key);
        return found == objects_.end() ? nullptr : found->second;
    }

private:
    std::mutex mutex_;
    std::unordered_map<const void*, Object*> objects_;
};

// One registry per class for the whole process (never destroyed: objects may outlive static destruction order).
template <class Object>
LiveObjects<Object>& liveObjects() {
    static auto* registry = new LiveObjects<Object>;
    return *registry;
}

}  // namespace vkdml::dropin
