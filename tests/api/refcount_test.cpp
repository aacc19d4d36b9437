// Reference counting: children keep their device alive; any release order leaks nothing (run under LeakSanitizer
// in CI).
#include <algorithm>
#include <random>

#include "test_device.h"

using namespace vkdml::test;

TEST_CASE("AddRef/Release counts") {
    VkdmlDevice device = nullptr;
    REQUIRE(vkdmlCreateDevice(nullptr, &device) == S_OK);
    CHECK(vkdmlAddRef(device) == 2);
    CHECK(vkdmlRelease(device) == 1);
    CHECK(vkdmlRelease(device) == 0);
}

TEST_CASE("children keep the device alive, whatever the release order") {
    for (uint32_t seed = 0; seed < 6; ++seed) {
        CAPTURE(seed);
        VkdmlDevice device = nullptr;
        REQUIRE(vkdmlCreateDevice(nullptr, &device) == S_OK);
        std::vector<void*> objects;
        VkdmlBuffer buffer = nullptr;
        REQUIRE(vkdmlCreateBuffer(device, VKDML_HEAP_TYPE_UPLOAD, 1024, &buffer) == S_OK);
        objects.push_back(buffer);
        VkdmlCommandList list = nullptr;
        REQUIRE(vkdmlCreateCommandList(device, &list) == S_OK);
        objects.push_back(list);
        VkdmlOperatorInitializer init = nullptr;
        REQUIRE(vkdmlCreateOperatorInitializer(device, 0, nullptr, &init) == S_OK);
        objects.push_back(init);
        VkdmlBindingTable table = nullptr;
        REQUIRE(vkdmlCreateBindingTable(device, init, &table) == S_OK);
        objects.push_back(table);

        // The application drops its device reference first; the children still work.
        CHECK(vkdmlRelease(device) > 0);
        void* mapped = nullptr;
        CHECK(vkdmlMapBuffer(buffer, &mapped) == S_OK);
        REQUIRE(vkdmlRecordDispatch(list, init, table) == S_OK);
        REQUIRE(vkdmlCloseCommandList(list) == S_OK);

        std::shuffle(objects.begin(), objects.end(), std::mt19937(seed));
        // A binding table holds its dispatchable, so only the last release of each object is known to be 0;
        // LeakSanitizer (CI) proves everything, the device included, is freed.
        for (void* object : objects) vkdmlRelease(object);
    }
}
