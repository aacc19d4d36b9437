#include "errors.h"

#include <cstdio>

namespace vkdml::dispatch {

namespace {

bool isIdentifier(std::string_view name) {
    if (name.empty()) return false;
    for (size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        const bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
        const bool digit = c >= '0' && c <= '9';
        if (!(alpha || (digit && i > 0))) return false;
    }
    return true;
}

}  // namespace

JsonPath JsonPath::key(std::string_view name) const {
    if (isIdentifier(name)) return JsonPath(text_ + "." + std::string(name));
    std::string quoted = "[\"";
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            quoted += '\\';
            quoted += c;
        } else if (u < 0x20 || u == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof(buf), "\\u%04x", u);
            quoted += buf;
        } else {
            quoted += c;
        }
    }
    quoted += "\"]";
    return JsonPath(text_ + quoted);
}

JsonPath JsonPath::index(size_t i) const { return JsonPath(text_ + "[" + std::to_string(i) + "]"); }

void modelError(const JsonPath& where, const std::string& problem) {
    throw DispatchError(kExitModel, where.str() + ": " + problem);
}

void unsupportedError(const JsonPath& where, const std::string& problem) {
    throw DispatchError(kExitUnsupported, where.str() + ": " + problem);
}

void runtimeError(const std::string& problem) { throw DispatchError(kExitRuntime, problem); }

std::string oneLine(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const auto u = static_cast<unsigned char>(text[i]);
        if (u < 0x80) {
            out += (u < 0x20 || u == 0x7F) ? ' ' : text[i];
            ++i;
            continue;
        }
        // Keep well-formed UTF-8 sequences; replace stray bytes (from broken model text) by '?'.
        const size_t length = (u & 0xE0) == 0xC0 ? 2 : (u & 0xF0) == 0xE0 ? 3 : (u & 0xF8) == 0xF0 ? 4 : 0;
        bool valid = length > 0 && i + length <= text.size();
        for (size_t k = 1; valid && k < length; ++k)
            valid = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        if (valid) {
            out.append(text.substr(i, length));
            i += length;
        } else {
            out += '?';
            ++i;
        }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

}  // namespace vkdml::dispatch
