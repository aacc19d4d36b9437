#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VKDML_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define VKDML_TEST_ASAN 1
#endif

#ifdef VKDML_TEST_ASAN
#include <dlfcn.h>

// The Vulkan loader dlclose()s drivers and layers before LeakSanitizer reports, which leaves their one-time
// allocations with nameless frames. Keeping them mapped lets tests/sanitizers/lsan.supp name them. Vulkan objects
// vkdml forgets to destroy are still caught: the validation layer reports them, and any validation message fails
// the test.
__attribute__((constructor)) static void keepVulkanDriversMapped() {
    const char* libraries[] = {"libvulkan_lvp.so", "libVkLayer_khronos_validation.so"};
    for (const char* library : libraries) dlopen(library, RTLD_NOW | RTLD_NODELETE | RTLD_LOCAL);
}
#endif
