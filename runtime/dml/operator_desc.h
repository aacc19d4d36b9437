// Reads a DML_OPERATOR_DESC through the schema table and checks every field against DirectML's rules at the
// device's feature level.
#pragma once

#include <string>
#include <vector>

#include "dml/operator_schema.h"
#include "dml/tensor.h"

namespace vkdml::dml {

constexpr uint32_t kMaxFloatAttributes = 4;

struct OperatorInfo {
    const OperatorSchema* schema = nullptr;
    std::vector<TensorLayout> inputs;   // in binding-slot order
    std::vector<TensorLayout> outputs;
    std::vector<const char*> inputNames, outputNames;
    // Per input binding slot (input tensor fields in desc order): the index in `inputs`, or -1 for an absent
    // optional tensor (bound with DML_BINDING_TYPE_NONE), and the field's name.
    std::vector<int32_t> inputSlots;
    std::vector<const char*> inputSlotNames;
    float floats[kMaxFloatAttributes] = {};  // FLOAT attributes in field order
    uint32_t floatCount = 0;
    uint32_t enums[2] = {};  // Enum fields in field order
    uint32_t enumCount = 0;
    bool hasScaleBias = false;  // an OptionalScaleBias field was non-NULL
    uint64_t scalars[2] = {};   // Scalar fields (DML_SCALAR_UNION) in field order: their 8 raw bytes
    uint32_t scalarCount = 0;
    // FusedActivation: the activation's type (DML_OPERATOR_INVALID: none) and its FLOAT fields in field order.
    DML_OPERATOR_TYPE fusedType = DML_OPERATOR_INVALID;
    float fusedFloats[2] = {};
    uint32_t fusedFloatCount = 0;
    std::string name() const;  // "ACTIVATION_CELU"
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

// Whether DirectML lets an operator's FusedActivation be `type` (ADD1's activations).
bool isFusableActivation(DML_OPERATOR_TYPE type);

// Throws E_INVALIDARG for invalid descs (unknown type, operator above the device's feature level, bad fields) and
// E_NOTIMPL, naming the operator, for valid operators vkdml does not implement yet.
OperatorInfo readOperatorDesc(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL deviceLevel);

}  // namespace vkdml::dml
