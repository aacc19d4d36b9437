// vkdml-dispatch: runs DxDispatch JSON models (https://github.com/microsoft/DirectML/tree/master/DxDispatch) on
// Vulkan through vkdml. See app.h for the exit codes.
#include <iostream>

#include "app.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VKDML_DISPATCH_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define VKDML_DISPATCH_ASAN 1
#endif

#ifdef VKDML_DISPATCH_ASAN
#include <dlfcn.h>

// Sanitizer builds (the tests run this binary): the Vulkan loader dlclose()s the driver and the validation layer
// before LeakSanitizer reports, leaving their one-time allocations with nameless frames. Keeping them mapped lets
// tests/sanitizers/lsan.supp name them, as the test main does.
__attribute__((constructor)) static void keepVulkanDriversMapped() {
    const char* libraries[] = {"libvulkan_lvp.so", "libVkLayer_khronos_validation.so"};
    for (const char* library : libraries) dlopen(library, RTLD_NOW | RTLD_NODELETE | RTLD_LOCAL);
}
#endif

int main(int argc, char** argv) { return vkdml::dispatch::runApp(argc, argv, std::cout, std::cerr); }
