#include "kernel/glsl_library.h"

#include <cctype>
#include <stdexcept>
#include <unordered_map>

namespace vkdml::kernel {

namespace {

// In the order the kernels include them (elementwise_io.glsl); later files use earlier ones.
constexpr const char* kMathFiles[] = {"vkdml_math.glsl",        "vkdml_trig_hyperbolic_pow.glsl", "vkdml_straight.glsl",
                                      "vkdml_half_forms.glsl",  "vkdml_half_trig_pow.glsl", "vkdml_activations.glsl",         "vkdml_naive.glsl",
                                      "vkdml_elementwise.glsl", "vkdml_elementwise64.glsl"};

// One top-level definition: a function, a struct or a constant, with the comment lines just above it.
struct Item {
    std::string name;
    std::string text;
    std::vector<size_t> uses;  // items it refers to
};

std::string withoutComment(const std::string& line) {
    const size_t slash = line.find("//");
    return slash == std::string::npos ? line : line.substr(0, slash);
}

std::string trimmed(const std::string& s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::vector<std::string> identifiers(const std::string& code) {
    std::vector<std::string> words;
    for (size_t i = 0; i < code.size();) {
        if (std::isalpha(static_cast<unsigned char>(code[i])) || code[i] == '_') {
            size_t j = i;
            while (j < code.size() && isIdentifierChar(code[j])) ++j;
            words.push_back(code.substr(i, j - i));
            i = j;
        } else if (std::isdigit(static_cast<unsigned char>(code[i]))) {
            while (i < code.size() && (isIdentifierChar(code[i]) || code[i] == '.')) ++i;  // 1.5e-3f, 0x7fu
        } else {
            ++i;
        }
    }
    return words;
}

// "struct vk_f2 {" -> vk_f2; "const float K = 1;" -> K; "VK_INLINE float f(float x) {" -> f.
std::string definedName(const std::string& code) {
    const std::vector<std::string> words = identifiers(code.substr(0, code.find_first_of("({=")));
    if (words.empty()) throw std::logic_error("GLSL library: a top-level item without a name: " + code);
    if (words[0] == "struct" && words.size() > 1) return words[1];
    return words.back();
}

// `source` with every `#ifdef VKDML_FUSED_FMA` / `#ifndef VKDML_FUSED_FMA` conditional resolved as `fused` says (its
// directives dropped, the other branch removed), so that a kernel carries, and its closure follows, one form of the
// library only. Other conditionals stay for glslang.
std::string resolveFusedFma(const std::string& source, bool fused) {
    struct Frame {
        bool ours;
        bool keeping;
    };
    std::vector<Frame> frames;
    auto emitting = [&] {
        for (const Frame& f : frames)
            if (f.ours && !f.keeping) return false;
        return true;
    };
    std::string out;
    size_t start = 0;
    while (start < source.size()) {
        size_t end = source.find('\n', start);
        if (end == std::string::npos) end = source.size();
        const std::string line = source.substr(start, end - start);
        start = end + 1;
        const std::string t = trimmed(line);
        const bool ifdef = t == "#ifdef VKDML_FUSED_FMA", ifndef = t == "#ifndef VKDML_FUSED_FMA";
        if (ifdef || ifndef) {
            frames.push_back(Frame{true, ifdef == fused});
            continue;
        }
        if (t.rfind("#if", 0) == 0) frames.push_back(Frame{false, true});
        if (t.rfind("#else", 0) == 0 && !frames.empty() && frames.back().ours) {
            frames.back().keeping = !frames.back().keeping;
            continue;
        }
        if (t.rfind("#endif", 0) == 0 && !frames.empty()) {
            const bool ours = frames.back().ours;
            frames.pop_back();
            if (ours) continue;
        }
        if (emitting()) out += line + "\n";
    }
    return out;
}

class MathLibrary {
public:
    explicit MathLibrary(bool fusedFma) {
        for (const char* file : kMathFiles) split(resolveFusedFma(std::string(glslSource(file)), fusedFma));
        for (size_t i = 0; i < items_.size(); ++i) byName_[items_[i].name].push_back(i);
        for (size_t i = 0; i < items_.size(); ++i)
            for (const std::string& word : identifiers(code_[i])) {
                auto found = byName_.find(word);
                if (found == byName_.end()) continue;
                for (size_t used : found->second)
                    if (used != i) items_[i].uses.push_back(used);
            }
    }

    std::string closure(const std::vector<std::string>& roots) const {
        const std::vector<bool> needed = reached(roots);
        std::string text = "#ifndef VK_INLINE\n#define VK_INLINE\n#endif\n";
        for (size_t i = 0; i < items_.size(); ++i)
            if (needed[i]) text += items_[i].text;
        return text;
    }

    bool reaches(const std::vector<std::string>& roots, const std::string& name) const {
        const auto found = byName_.find(name);
        if (found == byName_.end()) return false;
        const std::vector<bool> needed = reached(roots);
        for (size_t i : found->second)
            if (needed[i]) return true;
        return false;
    }

private:
    // Which items `roots` reach, directly or through the items they use.
    std::vector<bool> reached(const std::vector<std::string>& roots) const {
        std::vector<bool> needed(items_.size(), false);
        std::vector<size_t> stack;
        for (const std::string& root : roots) {
            auto found = byName_.find(root);
            if (found == byName_.end()) continue;
            stack.insert(stack.end(), found->second.begin(), found->second.end());
        }
        while (!stack.empty()) {
            const size_t i = stack.back();
            stack.pop_back();
            if (needed[i]) continue;
            needed[i] = true;
            stack.insert(stack.end(), items_[i].uses.begin(), items_[i].uses.end());
        }
        return needed;
    }

    // Top-level preprocessor lines (include guards, the VK_INLINE default) are dropped; everything else is items
    // ending where the braces close on a line ending in '}' or ';'.
    void split(const std::string& source) {
        std::string comments, text, code;
        int depth = 0;
        size_t start = 0;
        while (start < source.size()) {
            size_t end = source.find('\n', start);
            if (end == std::string::npos) end = source.size();
            const std::string line = source.substr(start, end - start) + "\n";
            start = end + 1;
            const std::string bare = trimmed(withoutComment(line));
            if (text.empty() && depth == 0) {
                const std::string t = trimmed(line);
                if (t.empty()) {
                    comments.clear();
                    continue;
                }
                if (t[0] == '#') continue;
                if (t.rfind("//", 0) == 0) {
                    comments += line;
                    continue;
                }
                text = comments;
                comments.clear();
            }
            text += line;
            code += bare + "\n";
            for (char c : bare) depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            if (depth == 0 && !bare.empty() && (bare.back() == '}' || bare.back() == ';')) {
                items_.push_back(Item{definedName(code), text, {}});
                code_.push_back(code);
                text.clear();
                code.clear();
            }
        }
        if (!text.empty() || depth != 0) throw std::logic_error("GLSL library: unbalanced braces at the end of a file");
    }

    std::vector<Item> items_;
    std::vector<std::string> code_;  // each item without comments (for names and uses)
    std::unordered_map<std::string, std::vector<size_t>> byName_;
};

const MathLibrary& mathLibrary(bool fusedFma) {
    static const MathLibrary portable(false), fused(true);  // built once, read-only afterwards
    return fusedFma ? fused : portable;
}

}  // namespace

std::string_view glslSource(std::string_view name) {
    for (const GlslSource& source : glslSources())
        if (name == source.name) return source.text;
    throw std::invalid_argument("GLSL source '" + std::string(name) + "' is not embedded");
}

bool isMathLibraryFile(std::string_view name) {
    for (const char* file : kMathFiles)
        if (name == file) return true;
    return false;
}

std::string mathLibraryClosure(const std::vector<std::string>& roots, bool fusedFma) {
    return mathLibrary(fusedFma).closure(roots);
}

bool mathLibraryReaches(const std::vector<std::string>& roots, const std::string& name) {
    return mathLibrary(false).reaches(roots, name);
}

}  // namespace vkdml::kernel
