// Fails the test program when the Vulkan validation layers reported anything: the tests' devices are created with
// the D3D12 debug layer on, and vkdml prints each validation message of such a device to stderr. stderr goes to a
// file for the run and is copied back at exit; if a message is there, the program exits with 1.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

class ValidationWatch {
public:
    ValidationWatch() {
        capture_ = std::tmpfile();
        realStderr_ = capture_ ? dup(STDERR_FILENO) : -1;
        if (realStderr_ >= 0) dup2(fileno(capture_), STDERR_FILENO);
    }

    ~ValidationWatch() {
        if (realStderr_ < 0) return;
        std::fflush(stderr);
        dup2(realStderr_, STDERR_FILENO);
        std::rewind(capture_);
        std::string line;
        int messages = 0;
        for (int c = std::fgetc(capture_); c != EOF; c = std::fgetc(capture_)) {
            line += char(c);
            if (c != '\n') continue;
            std::fputs(line.c_str(), stderr);
            if (line.find("Vulkan validation: ") != std::string::npos) ++messages;
            line.clear();
        }
        std::fputs(line.c_str(), stderr);
        if (messages) {
            std::fprintf(stderr, "FAILED: the Vulkan validation layers reported %d message(s) (above)\n", messages);
            std::fflush(stderr);
            std::_Exit(1);
        }
    }

private:
    std::FILE* capture_ = nullptr;
    int realStderr_ = -1;
};

ValidationWatch watch;

}  // namespace
