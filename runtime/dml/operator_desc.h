// Reads a DML_OPERATOR_DESC through the schema table and checks every field against DirectML's rules at the
// device's feature level.
#pragma once

#include <string>
#include <vector>

#include "dml/operator_schema.h"
#include "dml/tensor.h"

namespace vkdml::dml {

// One non-tensor field of a desc, typed by its schema kind: Float (FLOAT), Enum (a 32-bit enum) or Scalar (the 8 raw
// bytes of a DML_SCALAR_UNION, read as the ScalarDataType field says). A DML_SCALE_BIAS is two Float attributes,
// "ScaleBias.Scale" and "ScaleBias.Bias" ({1, 0} when the pointer is NULL).
struct Attribute {
    const char* name = "";
    FieldKind kind = FieldKind::Float;
    float value = 0.0f;  // Float
    uint32_t word = 0;   // Enum
    uint64_t raw = 0;    // Scalar
    std::vector<uint32_t> values;  // UintArray
};

// A desc's attributes in field order; operators read them by kind and position ("the second FLOAT") or by name.
class Attributes {
public:
    void addFloat(const char* name, float value) { list_.push_back({name, FieldKind::Float, value, 0, 0}); }
    void addEnum(const char* name, uint32_t value) { list_.push_back({name, FieldKind::Enum, 0.0f, value, 0}); }
    void addScalar(const char* name, uint64_t raw) { list_.push_back({name, FieldKind::Scalar, 0.0f, 0, raw}); }
    void addUint(const char* name, uint32_t value) { list_.push_back({name, FieldKind::Uint, 0.0f, value, 0}); }
    void addUintArray(const char* name, std::vector<uint32_t> values) {
        list_.push_back({name, FieldKind::UintArray, 0.0f, 0, 0, std::move(values)});
    }

    uint32_t count(FieldKind kind) const;
    float floatAt(uint32_t k) const { return nth(FieldKind::Float, k).value; }  // the k-th Float attribute
    uint32_t enumAt(uint32_t k) const { return nth(FieldKind::Enum, k).word; }
    uint64_t scalarAt(uint32_t k) const { return nth(FieldKind::Scalar, k).raw; }
    uint32_t uintAt(uint32_t k) const { return nth(FieldKind::Uint, k).word; }
    const std::vector<uint32_t>& uintArrayAt(uint32_t k) const { return nth(FieldKind::UintArray, k).values; }
    const Attribute* find(const char* name) const;  // nullptr when the desc has no such field
    const std::vector<Attribute>& all() const { return list_; }

private:
    const Attribute& nth(FieldKind kind, uint32_t k) const;  // throws E_FAIL (a lowering bug) when absent
    std::vector<Attribute> list_;
};

// One tensor of an operator: output or input `index`.
struct TensorRef {
    bool output;
    uint32_t index;
};

// A FusedActivation field: the activation's type (DML_OPERATOR_INVALID: none) and its attributes.
struct FusedActivation {
    DML_OPERATOR_TYPE type = DML_OPERATOR_INVALID;
    Attributes attributes;
};

struct OperatorInfo {
    const OperatorSchema* schema = nullptr;
    std::vector<TensorLayout> inputs;   // in binding-slot order
    std::vector<TensorLayout> outputs;
    std::vector<const char*> inputNames, outputNames;
    // Per input binding slot (input tensor fields in desc order): the index in `inputs`, or -1 for an absent
    // optional tensor (bound with DML_BINDING_TYPE_NONE), and the field's name.
    std::vector<int32_t> inputSlots;
    std::vector<const char*> inputSlotNames;
    // Per tensor in `inputs` / `outputs`: the schema field it was read from; and every tensor in field order.
    std::vector<const FieldSpec*> inputFields, outputFields;
    std::vector<TensorRef> fieldOrder;
    Attributes attributes;      // every non-tensor field, in field order
    bool hasScaleBias = false;  // an OptionalScaleBias field was non-NULL
    FusedActivation fused;
    std::string name() const;  // "ACTIVATION_CELU"
    TensorLayout& tensor(const TensorRef& r) { return r.output ? outputs[r.index] : inputs[r.index]; }
    const TensorLayout& tensor(const TensorRef& r) const { return r.output ? outputs[r.index] : inputs[r.index]; }
    const FieldSpec& fieldOf(const TensorRef& r) const { return *(r.output ? outputFields : inputFields)[r.index]; }
    const char* nameOf(const TensorRef& r) const { return (r.output ? outputNames : inputNames)[r.index]; }
    // The input bound in `slot`, or nullptr when that optional tensor is absent.
    const TensorLayout* slotInput(uint32_t slot) const {
        if (inputSlots.empty()) return slot < inputs.size() ? &inputs[slot] : nullptr;  // all present
        return slot < inputSlots.size() && inputSlots[slot] >= 0 ? &inputs[inputSlots[slot]] : nullptr;
    }
    // The number of input binding slots (absent optional tensors included) and the field name of one.
    uint32_t inputSlotCount() const {
        return static_cast<uint32_t>(inputSlots.empty() ? inputs.size() : inputSlots.size());
    }
    const char* inputSlotName(uint32_t slot) const {
        return inputSlots.empty() ? inputNames[slot] : inputSlotNames[slot];
    }
    // The binding slot of inputs[input] (the slots of absent tensors skipped).
    uint32_t inputSlot(uint32_t input) const {
        for (uint32_t s = 0; s < inputSlots.size(); ++s)
            if (inputSlots[s] == static_cast<int32_t>(input)) return s;
        return input;
    }
};

// A FLOAT as messages show it: shortest form, up to 9 significant digits.
std::string floatText(float value);

// Whether DirectML lets an operator's FusedActivation be `type` (ADD1's activations).
bool isFusableActivation(DML_OPERATOR_TYPE type);

// Where readOperatorDesc finds each operator's schema row and shape rule: the operator families (runtime/ops).
class SchemaSource {
public:
    // nullptr when vkdml does not implement `type`.
    virtual const OperatorSchema* schema(DML_OPERATOR_TYPE type) const = 0;
    // The family's rule for the tensors' shapes and types (the element-wise one: every tensor has the same sizes).
    // Throws E_INVALIDARG naming the field, E_NOTIMPL for valid combinations vkdml does not run.
    virtual void checkShapes(OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL level) const = 0;

protected:
    ~SchemaSource() = default;
};

// Throws E_INVALIDARG for invalid descs (unknown type, operator above the device's feature level, bad fields) and
// E_NOTIMPL, naming the operator, for valid operators vkdml does not implement yet.
OperatorInfo readOperatorDesc(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL deviceLevel,
                              const SchemaSource& schemas);

}  // namespace vkdml::dml
