// The on-disk pipeline cache: round trip, and corrupt, truncated or foreign files ignored.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>

#include "vk/pipeline_cache_file.h"

using namespace vkdml::vk;

namespace {
AdapterCaps caps(uint8_t uuidByte, uint32_t driver) {
    AdapterCaps c;
    for (auto& b : c.uuid) b = uuidByte;
    c.properties.driverVersion = driver;
    c.properties.vendorID = 0x10005;
    return c;
}
}  // namespace

TEST_CASE("pipeline cache file: round trip; corrupt, truncated or foreign files are ignored") {
    char dir[] = "/tmp/vkdml-cache-test-XXXXXX";
    REQUIRE(mkdtemp(dir) != nullptr);
    const std::string root = std::string(dir) + "/nested/dir";
    PipelineCacheFile file(caps(7, 42), root);
    CHECK(file.load().empty());
    std::vector<uint8_t> blob(1000);
    for (size_t i = 0; i < blob.size(); ++i) blob[i] = static_cast<uint8_t>(i * 7);
    file.save(blob);
    CHECK(file.load() == blob);

    CHECK(PipelineCacheFile(caps(8, 42), root).load().empty());  // another device
    CHECK(PipelineCacheFile(caps(7, 43), root).load().empty());  // another driver version

    {  // flip a payload byte
        std::fstream f(file.path(), std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(100);
        f.put('\x55');
    }
    CHECK(file.load().empty());
    file.save(blob);
    {  // truncate
        std::ofstream f(file.path(), std::ios::binary | std::ios::trunc);
        f << "VKDMLPC1";
    }
    CHECK(file.load().empty());

    PipelineCacheFile disabled(caps(7, 42), "");  // VKDML_PIPELINE_CACHE=0
    CHECK(disabled.path().empty());
    CHECK(disabled.load().empty());
    std::system((std::string("rm -rf ") + dir).c_str());
}
