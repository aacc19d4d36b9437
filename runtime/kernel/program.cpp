#include "kernel/program.h"

#include <cstdio>
#include <iterator>

namespace vkdml::kernel {

namespace {

struct TypeInfo {
    const char* name;
    const char* tag;  // the storage part of kernel names
    uint32_t bits;
};
// In ScalarType order.
constexpr TypeInfo kTypes[] = {
    {"float32", "f32", 32}, {"float16", "f16", 16}, {"float64", "x64", 64}, {"int8", "i8", 8},
    {"int16", "i16", 16},   {"int32", "i32", 32},   {"int64", "x64", 64},   {"uint8", "u8", 8},
    {"uint16", "u16", 16},  {"uint32", "u32", 32},  {"uint64", "x64", 64},  {"int4", "i4", 4},
    {"uint4", "u4", 4},
};

const TypeInfo& typeInfo(ScalarType type) {
    const auto index = static_cast<size_t>(type);
    return kTypes[index < std::size(kTypes) ? index : 0];
}

class Hasher {
public:
    void add(uint64_t value) {
        for (int i = 0; i < 8; ++i) hash_ = (hash_ ^ ((value >> (8 * i)) & 0xff)) * 1099511628211ull;
    }
    uint64_t value() const { return hash_; }

private:
    uint64_t hash_ = 14695981039346656037ull;  // FNV-1a
};

std::string valueName(uint32_t v) { return "v" + std::to_string(v); }

}  // namespace

const char* scalarTypeName(ScalarType type) { return typeInfo(type).name; }
uint32_t scalarTypeBits(ScalarType type) { return typeInfo(type).bits; }
bool isFloatType(ScalarType type) {
    return type == ScalarType::Float32 || type == ScalarType::Float16 || type == ScalarType::Float64;
}
bool isSignedIntegerType(ScalarType type) {
    return type == ScalarType::Int8 || type == ScalarType::Int16 || type == ScalarType::Int32 ||
           type == ScalarType::Int64 || type == ScalarType::Int4;
}

const char* walkName(Walk walk) {
    switch (walk) {
        case Walk::Flat: return "contig";
        case Walk::Rows: return "rows";
        case Walk::Strided: return "strided";
        case Walk::Naive: return "naive";
        case Walk::Linear: return "linear";
        case Walk::Quads: return "quads";
        case Walk::Elements: return "elements";
        case Walk::Tiles: return "tiles";
        case Walk::TileQuads: return "tilequads";
    }
    return "?";
}

bool isGeneralWalk(Walk walk) {
    return walk == Walk::Linear || walk == Walk::Quads || walk == Walk::Elements || isTileWalk(walk);
}

const char* accessName(Access access) {
    switch (access) {
        case Access::Packed: return "packed";
        case Access::Broadcast: return "broadcast";
        case Access::Strided: return "strided";
        case Access::Rows: return "rows";
        case Access::Columns: return "columns";
    }
    return "?";
}

uint32_t ElementwiseProgram::attributeCount() const {
    uint32_t count = 0;
    for (const Op& op : ops)
        if (op.code == OpCode::Attribute && op.index + 1 > count) count = op.index + 1;
    return count;
}

uint32_t ElementwiseProgram::append(OpCode code, ScalarType type, uint32_t index, uint64_t bits) {
    Op op;
    op.code = code;
    op.type = type;
    op.index = index;
    op.bits = bits;
    ops.push_back(op);
    return static_cast<uint32_t>(ops.size() - 1);
}

uint32_t ElementwiseProgram::input(uint32_t index) {
    return append(OpCode::Input, index < inputs.size() ? inputs[index] : ScalarType::Float32, index, 0);
}

uint32_t ElementwiseProgram::attribute(uint32_t index, ScalarType type) {
    return append(OpCode::Attribute, type, index, 0);
}

uint32_t ElementwiseProgram::constant(uint64_t bits, ScalarType type) { return append(OpCode::Constant, type, 0, bits); }

uint32_t ElementwiseProgram::call(Fn fn, ScalarType type, std::initializer_list<uint32_t> args) {
    // `index` holds the call's argument count, checked against the arity.
    const uint32_t v = append(OpCode::Call, type, static_cast<uint32_t>(args.size()), 0);
    ops[v].fn = fn;
    uint32_t k = 0;
    for (uint32_t a : args)
        if (k < 3) ops[v].args[k++] = a;
    return v;
}

uint32_t ElementwiseProgram::cast(uint32_t value, ScalarType type) {
    const uint32_t v = append(OpCode::Cast, type, 0, 0);
    ops[v].args[0] = value;
    return v;
}

uint32_t ElementwiseProgram::reinterpret(uint32_t value, ScalarType type) {
    const uint32_t v = append(OpCode::Reinterpret, type, 0, 0);
    ops[v].args[0] = value;
    return v;
}

void ElementwiseProgram::store(uint32_t output, uint32_t value) {
    const uint32_t v = append(OpCode::Store, output < outputs.size() ? outputs[output] : ScalarType::Float32, output, 0);
    ops[v].args[0] = value;
}

uint64_t ElementwiseProgram::hash() const {
    Hasher h;
    h.add(0x766b646d6c455750ull);  // a version tag: change it when the meaning of a field changes
    h.add(inputs.size());
    for (ScalarType t : inputs) h.add(static_cast<uint64_t>(t));
    h.add(outputs.size());
    for (ScalarType t : outputs) h.add(static_cast<uint64_t>(t));
    h.add(static_cast<uint64_t>(walk));
    if (general()) {
        h.add(access.size());
        for (Access a : access) h.add(static_cast<uint64_t>(a));
        if (rank != 0) h.add(0x72616e6b00000000ull | rank);  // absent when 0: hashes of earlier programs stay
    }
    h.add((float64Math ? 1u : 0u) | (int64Math ? 2u : 0u) | (storage16 ? 4u : 0u) | (exactDivSqrt ? 8u : 0u) |
          (nativeHalf ? 16u : 0u) | (wideWords ? 32u : 0u) | (fusedFma ? 64u : 0u) |
          (emulatedFma ? 128u : 0u));
    h.add(ops.size());
    for (const Op& op : ops) {
        h.add(static_cast<uint64_t>(op.code) | static_cast<uint64_t>(op.type) << 8 | static_cast<uint64_t>(op.fn) << 16);
        h.add(op.index);
        for (uint32_t a : op.args) h.add(a);
        h.add(op.bits);
    }
    return h.value();
}

std::string ElementwiseProgram::validate() const {
    if (outputs.empty()) return "no outputs";
    if (general()) {
        if (walk == Walk::Linear ? rank != 0 : rank > 7 || (isTileWalk(walk) && rank == 1)) return "rank " + std::to_string(rank) + " in the " + walkName(walk) + " walk";
        if (access.size() != tensorCount())
            return "access: " + std::to_string(access.size()) + " entries for " + std::to_string(tensorCount()) +
                   " tensors";
        for (uint32_t t = 0; t < access.size(); ++t) {
            if (t < outputs.size() && access[t] == Access::Broadcast) return "output " + std::to_string(t) + " broadcast";
            if (walk == Walk::Linear && (access[t] != Access::Packed && access[t] != Access::Broadcast))
                return "tensor " + std::to_string(t) + " strided in the linear walk";
            if (walk != Walk::Quads && walk != Walk::TileQuads && access[t] == Access::Rows)
                return "tensor " + std::to_string(t) + " read by rows outside the quads walk";
            if (access[t] == Access::Columns && (walk != Walk::TileQuads || t < outputs.size()))
                return "tensor " + std::to_string(t) + " read by columns outside the tile quads walk, or an output";
            if (isTileWalk(walk) && access[t] == Access::Packed)
                return "tensor " + std::to_string(t) + " packed in the tiles walk";
        }
    }
    const uint32_t attributeLimit = general() ? kMaxAttributes : 2;
    std::vector<uint32_t> stores(outputs.size(), 0);
    for (uint32_t v = 0; v < ops.size(); ++v) {
        const Op& op = ops[v];
        const std::string at = valueName(v) + ": ";
        uint32_t operands = 0;
        switch (op.code) {
            case OpCode::Input:
                if (op.index >= inputs.size()) return at + "input " + std::to_string(op.index) + " out of range";
                if (op.type != inputs[op.index]) return at + "type differs from input " + std::to_string(op.index);
                break;
            case OpCode::Attribute:
                if (op.index >= attributeLimit)
                    return at + "attribute " + std::to_string(op.index) + " out of range (" +
                           std::to_string(attributeLimit) + ")";
                if (scalarTypeBits(op.type) == 64) return at + "64-bit attribute";
                break;
            case OpCode::Constant: break;
            case OpCode::Call: {
                if (op.fn == Fn::None || op.fn >= Fn::Count) return at + "call of no function";
                const FnInfo& fn = fnInfo(op.fn);
                if (op.index != fn.arity)
                    return at + fn.name + " takes " + std::to_string(fn.arity) + " arguments, not " +
                           std::to_string(op.index);
                if (fn.domain != FnDomain::Any && (fn.domain == FnDomain::Float) != isFloatType(op.type))
                    return at + fn.name + " does not compute " + scalarTypeName(op.type);
                operands = fn.arity;
                break;
            }
            case OpCode::Cast: operands = 1; break;
            case OpCode::Reinterpret:
                if (!general()) return at + "reinterpret outside a general walk";
                if (op.args[0] < v && scalarTypeBits(ops[op.args[0]].type) != scalarTypeBits(op.type))
                    return at + "reinterpret between types of different widths";
                operands = 1;
                break;
            case OpCode::Store:
                if (op.index >= outputs.size()) return at + "output " + std::to_string(op.index) + " out of range";
                ++stores[op.index];
                operands = 1;
                break;
            default: return at + "unknown op code";
        }
        for (uint32_t k = 0; k < operands; ++k) {
            if (op.args[k] >= v) return at + "operand " + valueName(op.args[k]) + " is not defined before use";
            if (ops[op.args[k]].code == OpCode::Store) return at + "operand " + valueName(op.args[k]) + " is a store";
        }
    }
    for (uint32_t o = 0; o < outputs.size(); ++o)
        if (stores[o] != 1)
            return "output " + std::to_string(o) + " stored " + std::to_string(stores[o]) + " times (must be once)";
    return {};
}

std::string ElementwiseProgram::name() const {
    const ScalarType storage = outputs.empty() ? ScalarType::Float32 : outputs[0];
    std::string walkPart = walkName(walk);
    if (walk == Walk::Strided && storage16) walkPart += "16";
    return label + "_" + typeInfo(storage).tag + "_" + walkPart + (float64Math ? "_d" : "") +
           (exactDivSqrt ? "_x" : "") + (nativeHalf ? "_h" : "") + (fusedFma ? "_f" : "") +
           (emulatedFma ? "e" : "");
}

std::string ElementwiseProgram::describe() const {
    std::string text = name() + " (" + std::to_string(inputs.size()) + " in, " + std::to_string(outputs.size()) +
                       " out):";
    for (uint32_t v = 0; v < ops.size(); ++v) {
        const Op& op = ops[v];
        text += "\n  ";
        if (op.code != OpCode::Store) text += valueName(v) + " = ";
        switch (op.code) {
            case OpCode::Input: text += "input " + std::to_string(op.index); break;
            case OpCode::Attribute: text += "attribute " + std::to_string(op.index); break;
            case OpCode::Constant: {
                char hex[32];
                std::snprintf(hex, sizeof(hex), "0x%llx", static_cast<unsigned long long>(op.bits));
                text += std::string("constant ") + hex;
                break;
            }
            case OpCode::Call: {
                const FnInfo& fn = fnInfo(op.fn);
                text += std::string(fn.name) + "(";
                for (uint32_t k = 0; k < fn.arity && k < 3; ++k) text += (k ? ", " : "") + valueName(op.args[k]);
                text += ")";
                break;
            }
            case OpCode::Cast: text += "cast " + valueName(op.args[0]); break;
            case OpCode::Reinterpret: text += "reinterpret " + valueName(op.args[0]); break;
            case OpCode::Store: text += "store output " + std::to_string(op.index) + " = " + valueName(op.args[0]); break;
        }
        text += std::string(" : ") + scalarTypeName(op.type);
    }
    return text;
}

}  // namespace vkdml::kernel
