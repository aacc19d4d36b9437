#include "npy.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <limits>
#include <map>

namespace vkdml::dispatch {

namespace {

[[noreturn]] void fail(const std::string& problem) { throw std::runtime_error(".npy: " + problem); }

// A scanner for the Python dict literal in the header: {'key': value, ...} with string, True/False and tuple values.
class HeaderScanner {
public:
    explicit HeaderScanner(std::string text) : text_(std::move(text)) {}

    std::map<std::string, std::string> readDict() {
        std::map<std::string, std::string> out;
        expect('{');
        while (true) {
            skipSpace();
            if (peek() == '}') break;
            const std::string key = readString();
            expect(':');
            skipSpace();
            out[key] = readValue();
            skipSpace();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == '}') break;
            fail("malformed header dictionary");
        }
        return out;
    }

private:
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    void skipSpace() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n')) ++pos_;
    }
    void expect(char c) {
        skipSpace();
        if (peek() != c) fail(std::string("malformed header dictionary (expected '") + c + "')");
        ++pos_;
    }
    std::string readString() {
        skipSpace();
        const char quote = peek();
        if (quote != '\'' && quote != '"') fail("malformed header dictionary (expected a quoted key)");
        const size_t end = text_.find(quote, pos_ + 1);
        if (end == std::string::npos) fail("malformed header dictionary (unterminated string)");
        std::string s = text_.substr(pos_ + 1, end - pos_ - 1);
        pos_ = end + 1;
        return s;
    }
    // Returns strings without quotes, tuples as their text between the parentheses, names as they are.
    std::string readValue() {
        const char c = peek();
        if (c == '\'' || c == '"') return readString();
        if (c == '(') {
            const size_t end = text_.find(')', pos_);
            if (end == std::string::npos) fail("malformed header dictionary (unterminated tuple)");
            std::string s = text_.substr(pos_ + 1, end - pos_ - 1);
            pos_ = end + 1;
            return "(" + s;
        }
        const size_t start = pos_;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
            ++pos_;
        if (pos_ == start) fail("malformed header dictionary (unexpected character)");
        return text_.substr(start, pos_ - start);
    }

    std::string text_;
    size_t pos_ = 0;
};

struct Descr {
    DML_TENSOR_DATA_TYPE type;
    bool bigEndian;
};

Descr parseDescr(const std::string& descr) {
    if (descr.size() < 2) fail("unsupported dtype '" + descr + "'");
    size_t i = 0;
    bool bigEndian = false;
    if (descr[0] == '<' || descr[0] == '>' || descr[0] == '|' || descr[0] == '=') {
        bigEndian = descr[0] == '>';
        i = 1;
    }
    const std::string code = descr.substr(i);
    static const std::map<std::string, DML_TENSOR_DATA_TYPE> kCodes = {
        {"f2", DML_TENSOR_DATA_TYPE_FLOAT16}, {"f4", DML_TENSOR_DATA_TYPE_FLOAT32},
        {"f8", DML_TENSOR_DATA_TYPE_FLOAT64}, {"i1", DML_TENSOR_DATA_TYPE_INT8},
        {"i2", DML_TENSOR_DATA_TYPE_INT16},   {"i4", DML_TENSOR_DATA_TYPE_INT32},
        {"i8", DML_TENSOR_DATA_TYPE_INT64},   {"u1", DML_TENSOR_DATA_TYPE_UINT8},
        {"u2", DML_TENSOR_DATA_TYPE_UINT16},  {"u4", DML_TENSOR_DATA_TYPE_UINT32},
        {"u8", DML_TENSOR_DATA_TYPE_UINT64},  {"b1", DML_TENSOR_DATA_TYPE_UINT8},  // bool
    };
    const auto it = kCodes.find(code);
    if (it == kCodes.end()) fail("unsupported dtype '" + descr + "'");
    return {it->second, bigEndian};
}

uint32_t elementSize(DML_TENSOR_DATA_TYPE type) {
    switch (type) {
        case DML_TENSOR_DATA_TYPE_UINT8:
        case DML_TENSOR_DATA_TYPE_INT8: return 1;
        case DML_TENSOR_DATA_TYPE_FLOAT16:
        case DML_TENSOR_DATA_TYPE_UINT16:
        case DML_TENSOR_DATA_TYPE_INT16: return 2;
        case DML_TENSOR_DATA_TYPE_FLOAT32:
        case DML_TENSOR_DATA_TYPE_UINT32:
        case DML_TENSOR_DATA_TYPE_INT32: return 4;
        case DML_TENSOR_DATA_TYPE_FLOAT64:
        case DML_TENSOR_DATA_TYPE_UINT64:
        case DML_TENSOR_DATA_TYPE_INT64: return 8;
        default: return 0;
    }
}

std::vector<uint64_t> parseShape(const std::string& tuple) {
    if (tuple.empty() || tuple[0] != '(') fail("'shape' is not a tuple");
    std::vector<uint64_t> shape;
    size_t i = 1;
    while (i < tuple.size()) {
        while (i < tuple.size() && (tuple[i] == ' ' || tuple[i] == ',')) ++i;
        if (i >= tuple.size()) break;
        if (!std::isdigit(static_cast<unsigned char>(tuple[i]))) fail("'shape' holds a non-integer");
        uint64_t v = 0;
        while (i < tuple.size() && std::isdigit(static_cast<unsigned char>(tuple[i]))) {
            const uint64_t digit = static_cast<uint64_t>(tuple[i] - '0');
            if (v > (std::numeric_limits<uint64_t>::max() - digit) / 10) fail("'shape' dimension is too large");
            v = v * 10 + digit;
            ++i;
        }
        if (i < tuple.size() && tuple[i] == 'L') ++i;  // Python 2 long suffix
        shape.push_back(v);
    }
    return shape;
}

}  // namespace

std::string npyDescr(DML_TENSOR_DATA_TYPE dataType) {
    switch (dataType) {
        case DML_TENSOR_DATA_TYPE_FLOAT16: return "<f2";
        case DML_TENSOR_DATA_TYPE_FLOAT32: return "<f4";
        case DML_TENSOR_DATA_TYPE_FLOAT64: return "<f8";
        case DML_TENSOR_DATA_TYPE_INT8: return "|i1";
        case DML_TENSOR_DATA_TYPE_INT16: return "<i2";
        case DML_TENSOR_DATA_TYPE_INT32: return "<i4";
        case DML_TENSOR_DATA_TYPE_INT64: return "<i8";
        case DML_TENSOR_DATA_TYPE_UINT8: return "|u1";
        case DML_TENSOR_DATA_TYPE_UINT16: return "<u2";
        case DML_TENSOR_DATA_TYPE_UINT32: return "<u4";
        case DML_TENSOR_DATA_TYPE_UINT64: return "<u8";
        default: throw std::invalid_argument("this data type cannot be written to a .npy file");
    }
}

NpyArray readNpy(const std::vector<uint8_t>& file) {
    static const uint8_t kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    if (file.size() < 10 || std::memcmp(file.data(), kMagic, sizeof(kMagic)) != 0) fail("not a NumPy file (bad magic)");
    const uint8_t major = file[6];
    size_t headerLength = 0, headerStart = 0;
    if (major == 1) {
        headerLength = file[8] | (static_cast<size_t>(file[9]) << 8);
        headerStart = 10;
    } else if (major == 2 || major == 3) {
        if (file.size() < 12) fail("truncated header");
        headerLength = file[8] | (static_cast<size_t>(file[9]) << 8) | (static_cast<size_t>(file[10]) << 16) |
                       (static_cast<size_t>(file[11]) << 24);
        headerStart = 12;
    } else {
        fail("unsupported format version " + std::to_string(major));
    }
    if (headerLength > file.size() - headerStart) fail("truncated header");
    const std::string headerText(reinterpret_cast<const char*>(file.data() + headerStart), headerLength);
    const auto dict = HeaderScanner(headerText).readDict();

    const auto descrIt = dict.find("descr");
    const auto fortranIt = dict.find("fortran_order");
    const auto shapeIt = dict.find("shape");
    if (descrIt == dict.end() || fortranIt == dict.end() || shapeIt == dict.end())
        fail("header lacks 'descr', 'fortran_order' or 'shape'");
    const Descr descr = parseDescr(descrIt->second);
    NpyArray array;
    array.dataType = descr.type;
    array.shape = parseShape(shapeIt->second);
    size_t nonTrivialDims = 0;
    for (const uint64_t d : array.shape) nonTrivialDims += d > 1 ? 1 : 0;
    if (fortranIt->second == "True" && nonTrivialDims > 1) fail("Fortran-order arrays are not supported");
    if (fortranIt->second != "True" && fortranIt->second != "False") fail("'fortran_order' is not True or False");

    uint64_t elements = 1;
    for (const uint64_t d : array.shape) {
        if (d != 0 && elements > std::numeric_limits<uint64_t>::max() / d) fail("'shape' is too large");
        elements *= d;
    }
    const uint32_t size = elementSize(descr.type);
    const size_t dataStart = headerStart + headerLength;
    const size_t available = file.size() - dataStart;
    if (elements > available / size)
        fail("data is truncated: the shape needs " + std::to_string(elements) + " elements of " +
             std::to_string(size) + " bytes, the file has " + std::to_string(available) + " bytes of data");
    const size_t bytes = static_cast<size_t>(elements) * size;
    array.data.assign(file.begin() + static_cast<std::ptrdiff_t>(dataStart),
                      file.begin() + static_cast<std::ptrdiff_t>(dataStart + bytes));
    if (descr.bigEndian && size > 1)
        for (size_t i = 0; i < bytes; i += size) std::reverse(array.data.begin() + i, array.data.begin() + i + size);
    return array;
}

std::vector<uint8_t> writeNpy(DML_TENSOR_DATA_TYPE dataType, const std::vector<uint64_t>& shape,
                              const uint8_t* data, size_t bytes) {
    std::string header = "{'descr': '" + npyDescr(dataType) + "', 'fortran_order': False, 'shape': (";
    for (size_t i = 0; i < shape.size(); ++i) header += (i ? ", " : "") + std::to_string(shape[i]);
    if (shape.size() == 1) header += ",";
    header += "), }";
    const size_t unpadded = 10 + header.size() + 1;  // magic, version, length, text, newline
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::vector<uint8_t> out = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    out.push_back(static_cast<uint8_t>(header.size() & 0xFF));
    out.push_back(static_cast<uint8_t>(header.size() >> 8));
    out.insert(out.end(), header.begin(), header.end());
    out.insert(out.end(), data, data + bytes);
    return out;
}

}  // namespace vkdml::dispatch
