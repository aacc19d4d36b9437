// Helpers for the vkdml-dispatch tests: running the tool as a subprocess, temporary directories, files.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace dispatch_test {

#ifndef VKDML_DISPATCH_EXE
#error "VKDML_DISPATCH_EXE must name the vkdml-dispatch binary"
#endif
#ifndef VKDML_MODELS_DIR
#error "VKDML_MODELS_DIR must name the models/ directory"
#endif

inline std::filesystem::path toolPath() { return VKDML_DISPATCH_EXE; }
inline std::filesystem::path modelsDir() { return VKDML_MODELS_DIR; }

inline std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<uint8_t> readBytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void writeText(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
}

// A fresh directory under the system temp directory, removed at scope exit.
class TempDir {
public:
    explicit TempDir(const std::string& tag) {
        std::string pattern = (std::filesystem::temp_directory_path() / ("vkdml-dispatch-" + tag + "-XXXXXX")).string();
        std::vector<char> buffer(pattern.begin(), pattern.end());
        buffer.push_back('\0');
        if (!mkdtemp(buffer.data())) throw std::runtime_error("mkdtemp failed");
        path_ = buffer.data();
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

struct ProcessResult {
    int exitCode = -1;  // -1 when the process died by a signal
    int signal = 0;
    std::string out, err;
};

inline std::string shellQuote(const std::string& s) {
    std::string q = "'";
    for (const char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Runs vkdml-dispatch with `args`, capturing stdout and stderr.
inline ProcessResult runTool(const std::vector<std::string>& args, const std::filesystem::path& scratch) {
    const auto outFile = scratch / "stdout.txt", errFile = scratch / "stderr.txt";
    std::string command = shellQuote(toolPath().string());
    for (const std::string& a : args) command += " " + shellQuote(a);
    command += " >" + shellQuote(outFile.string()) + " 2>" + shellQuote(errFile.string());
    const int status = std::system(command.c_str());
    ProcessResult r;
    if (status != -1 && WIFEXITED(status)) {
        r.exitCode = WEXITSTATUS(status);
        // The shell reports a child killed by signal N as exit status 128 + N.
        if (r.exitCode > 128) {
            r.signal = r.exitCode - 128;
            r.exitCode = -1;
        }
    } else if (status != -1 && WIFSIGNALED(status)) {
        r.signal = WTERMSIG(status);
    }
    r.out = readText(outFile);
    r.err = readText(errFile);
    return r;
}

inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

}  // namespace dispatch_test
