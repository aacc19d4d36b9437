// The on-disk SPIR-V cache: round trip; missing, corrupt, truncated, foreign or colliding files are ignored with a
// reason; an unwritable directory costs nothing but the cache.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "vk/spirv_disk_cache.h"

using namespace vkdml::vk;

namespace {

AdapterCaps caps(uint8_t uuidByte, uint32_t driver, uint32_t device = 0x1234) {
    AdapterCaps c;
    for (auto& b : c.uuid) b = uuidByte;
    c.properties.driverVersion = driver;
    c.properties.vendorID = 0x10005;
    c.properties.deviceID = device;
    return c;
}

std::vector<uint32_t> module(uint32_t seed) {
    std::vector<uint32_t> words = {0x07230203, 0x00010300, 0x00080000, 40, 0};
    for (uint32_t i = 0; i < 200; ++i) words.push_back(seed * 2654435761u + i);
    return words;
}

std::string filePath(const SpirvDiskCache& cache, uint64_t key) {
    char name[32];
    std::snprintf(name, sizeof(name), "/%016llx.spv", static_cast<unsigned long long>(key));
    return cache.directory() + name;
}

void overwrite(const std::string& path, size_t offset, const std::string& bytes) {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(offset));
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string readAll(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

void writeAll(const std::string& path, const std::string& bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

struct TemporaryDirectory {
    TemporaryDirectory() { REQUIRE(mkdtemp(path) != nullptr); }
    ~TemporaryDirectory() { std::system((std::string("rm -rf ") + path).c_str()); }
    std::string root() const { return std::string(path) + "/nested/dir"; }  // the cache directory
    char path[64] = "/tmp/vkdml-spirv-cache-test-XXXXXX";
};

const std::string kSource = "#version 450\nvoid main() {}\n";

}  // namespace

TEST_CASE("spirv disk cache: round trip, and a directory per device, driver and vkdml version") {
    TemporaryDirectory temporary;
    SpirvDiskCache cache(caps(7, 42), "0.1.0", temporary.root());
    CHECK(cache.directory() == std::string(temporary.path) +
                                   "/nested/dir/spirv-00010005-00001234-07070707070707070707070707070707-0000002a-0.1.0");
    std::vector<uint32_t> words;
    std::string why = "stale";
    CHECK_FALSE(cache.load(1, kSource, &words, &why));  // missing
    CHECK(why.empty());

    CHECK(cache.store(1, kSource, module(1)));
    CHECK(cache.store(2, kSource + "// other\n", module(2)));
    CHECK(cache.load(1, kSource, &words, &why));
    CHECK(words == module(1));
    CHECK(cache.load(2, kSource + "// other\n", &words, nullptr));
    CHECK(words == module(2));
    CHECK(cache.store(1, kSource, module(3)));  // replaces
    CHECK(cache.load(1, kSource, &words, &why));
    CHECK(words == module(3));

    const std::string root = temporary.root();
    for (const SpirvDiskCache& other :
         {SpirvDiskCache(caps(8, 42), "0.1.0", root), SpirvDiskCache(caps(7, 43), "0.1.0", root),
          SpirvDiskCache(caps(7, 42, 0x1235), "0.1.0", root), SpirvDiskCache(caps(7, 42), "0.1.1", root)}) {
        CHECK(other.directory() != cache.directory());
        CHECK_FALSE(other.load(1, kSource, &words, &why));
        CHECK(why.empty());
    }
}

TEST_CASE("spirv disk cache: corrupt, truncated, foreign or colliding files are ignored with a reason") {
    TemporaryDirectory temporary;
    SpirvDiskCache cache(caps(7, 42), "0.1.0", temporary.root());
    const std::string path1 = filePath(cache, 1);
    REQUIRE(cache.store(1, kSource, module(1)));
    const std::string good = readAll(path1);
    std::vector<uint32_t> words = {99};
    std::string why;

    auto rejected = [&](const char* what) {
        INFO(what);
        words = {99};
        CHECK_FALSE(cache.load(1, kSource, &words, &why));
        CHECK_FALSE(why.empty());
        CHECK(words == std::vector<uint32_t>{99});  // untouched
        writeAll(path1, good);
    };

    overwrite(path1, 48 + 100, "\x55");
    rejected("flipped payload byte");
    writeAll(path1, good.substr(0, good.size() - 4));
    rejected("truncated payload");
    writeAll(path1, good.substr(0, 20));
    rejected("truncated header");
    writeAll(path1, good + "xxxx");
    rejected("trailing bytes");
    overwrite(path1, 0, "VKDMLPC1");
    rejected("wrong file magic");
    overwrite(path1, 8, std::string("\x02\0\0\0", 4));
    rejected("other format version");
    writeAll(path1, std::string(500, '\x17'));
    rejected("garbage");
    writeAll(path1, "");
    rejected("empty file");

    // A header written for another key.
    REQUIRE(cache.store(2, kSource, module(2)));
    writeAll(path1, readAll(filePath(cache, 2)));
    rejected("file of another key");

    // Same key, other source text: a 64-bit key collision.
    CHECK_FALSE(cache.load(1, kSource + " ", &words, &why));
    CHECK(why.find("source") != std::string::npos);

    // Absurd word count.
    std::string huge = good;
    huge.replace(32, 8, std::string("\0\0\0\0\0\x10\0\0", 8));
    writeAll(path1, huge);
    rejected("absurd word count");

    // Consistent file (checksum right) whose words are not SPIR-V.
    std::vector<uint32_t> notSpirv = module(1);
    notSpirv[0] = 0x03022307;
    REQUIRE(cache.store(1, kSource, notSpirv));
    rejected("wrong SPIR-V magic");

    CHECK(cache.load(1, kSource, &words, &why));
    CHECK(words == module(1));
}

TEST_CASE("spirv disk cache: unwritable directory or disabled cache") {
    TemporaryDirectory temporary;
    const std::string file = std::string(temporary.path) + "/a-file";
    writeAll(file, "not a directory");
    SpirvDiskCache unwritable(caps(7, 42), "0.1.0", file + "/cache");
    CHECK_FALSE(unwritable.directory().empty());
    std::vector<uint32_t> words;
    CHECK_NOTHROW(CHECK_FALSE(unwritable.store(1, kSource, module(1))));
    CHECK_FALSE(unwritable.load(1, kSource, &words, nullptr));

    SpirvDiskCache disabled(caps(7, 42), "0.1.0", "");  // VKDML_PIPELINE_CACHE=0
    CHECK(disabled.directory().empty());
    CHECK_FALSE(disabled.store(1, kSource, module(1)));
    std::string why = "stale";
    CHECK_FALSE(disabled.load(1, kSource, &words, &why));
    CHECK(why.empty());
}
