#include "ops/elementwise/kernel_catalog.h"

#include "ops/elementwise/schema.h"

#include <set>

#include "core/error.h"
#include "ops/elementwise/general_lowering.h"
#include "dml/operator_desc.h"
#include "kernel/general_generator.h"

namespace vkdml::elementwise {

namespace {

// Attribute pairs that select every form: the branch-free kernels ({1, 0.5}, {2, 1}), the general ones ({-1, 2},
// {2^21, 2^21}), the identities' plain copy ({1, 0}); for IDENTITY's ScaleBias and LINEAR, the bias alone ({1, 0.5})
// and the scale alone ({2, 0}).
constexpr float kAttributeSets[][2] = {{1.0f, 0.5f}, {2.0f, 1.0f}, {-1.0f, 2.0f}, {0x1p21f, 0x1p21f}, {1.0f, 0.0f},
                                       {2.0f, 0.0f}};

OperatorInfo infoFor(const OperatorSchema& schema, DML_TENSOR_DATA_TYPE dataType, const float* attributes) {
    OperatorInfo info;
    info.schema = &schema;
    TensorLayout tensor;
    tensor.dataType = dataType;
    tensor.rank = 1;
    tensor.sizes[0] = 1;
    tensor.strides[0] = 1;
    tensor.elementCount = 1;
    for (uint32_t f = 0; f < schema.fieldCount; ++f) {
        switch (schema.fields[f].kind) {
            case FieldKind::InputTensor: info.inputs.push_back(tensor); break;
            case FieldKind::OutputTensor: info.outputs.push_back(tensor); break;
            case FieldKind::Float:
                info.attributes.addFloat(schema.fields[f].name,
                                         attributes[info.attributes.count(FieldKind::Float) % 2]);
                break;
            case FieldKind::Enum: info.attributes.addEnum(schema.fields[f].name, 0); break;
            case FieldKind::QuantizationTensors: break;
            case FieldKind::Scalar: info.attributes.addScalar(schema.fields[f].name, 0); break;
            case FieldKind::ScalarDataType:
            case FieldKind::FusedActivation:
            case FieldKind::Uint:
            case FieldKind::UintArray: break;  // no element-wise operator has these
            case FieldKind::OptionalScaleBias:
                info.attributes.addFloat("ScaleBias.Scale", attributes[0]);
                info.attributes.addFloat("ScaleBias.Bias", attributes[1]);
                break;
        }
    }
    return info;
}

std::vector<uint32_t> typesIn(uint32_t mask) {
    std::vector<uint32_t> types;
    for (uint32_t d = 0; d < 32; ++d)
        if (mask & (1u << d) & kImplementedTypes) types.push_back(d);
    return types;
}

// General operators: every data type (and, for tensors with a type of their own, every type of theirs) in the
// linear walk over packed tensors and the quads walk over strided ones; the first type also in the elements walk.
// Optional inputs (zero points) are also left out once; ADD1 also with each fusable activation.
void addGeneralKernels(const OperatorSchema& schema, std::set<uint64_t>& seen, std::vector<CatalogEntry>& catalog) {
    const uint32_t shared = schema.support->rows[schema.support->rowCount - 1].dataTypes;
    struct Entry {
        bool output, own, optional;
        std::vector<uint32_t> types;  // own types to try
    };
    std::vector<Entry> entries;  // the tensors in binding order within their kind (QuantizationTensors: scale, zp)
    for (uint32_t f = 0; f < schema.fieldCount; ++f) {
        const FieldSpec& field = schema.fields[f];
        const SupportTable* own = field.ownSupport;
        const uint32_t types = own ? own->rows[own->rowCount - 1].dataTypes : shared;
        if (field.kind == FieldKind::QuantizationTensors) {
            entries.push_back({false, true, false, typesIn(types & kFloatTypes)});
            entries.push_back({false, true, true, typesIn(types & ~kFloatTypes)});
            continue;
        }
        if (field.kind != FieldKind::InputTensor && field.kind != FieldKind::OutputTensor) continue;
        entries.push_back({field.kind == FieldKind::OutputTensor, own != nullptr, field.optionalSince != 0,
                           typesIn(types)});
    }
    // ADD1: without and with each fusable activation.
    std::vector<DML_OPERATOR_TYPE> fusedVariants{DML_OPERATOR_INVALID};
    for (uint32_t f = 0; f < schema.fieldCount; ++f)
        if (schema.fields[f].kind == FieldKind::FusedActivation)
            for (uint32_t a = 0; a < operatorTypeCount(); ++a)
                if (isFusableActivation(static_cast<DML_OPERATOR_TYPE>(a)))
                    fusedVariants.push_back(static_cast<DML_OPERATOR_TYPE>(a));
    bool firstType = true;
    for (uint32_t sharedType : typesIn(shared)) {
        // Fields with their own types run through all of theirs with the shared type fixed; CAST (two own fields)
        // runs through every pair.
        std::vector<size_t> index(entries.size(), 0);
        for (bool more = true; more;) {
            OperatorInfo info;
            info.schema = &schema;
            info.hasScaleBias = true;  // with a non-identity ScaleBias: the larger program
            for (uint32_t f = 0; f < schema.fieldCount; ++f) {
                const FieldSpec& field = schema.fields[f];
                if (field.kind == FieldKind::Float) info.attributes.addFloat(field.name, 0.5f);
                if (field.kind == FieldKind::OptionalScaleBias) {
                    info.attributes.addFloat("ScaleBias.Scale", 2.0f);
                    info.attributes.addFloat("ScaleBias.Bias", 1.0f);
                }
                if (field.kind == FieldKind::Enum) info.attributes.addEnum(field.name, 0);
                if (field.kind == FieldKind::Scalar) info.attributes.addScalar(field.name, 0);
            }
            OperatorInfo absent = info;  // the optional inputs left out
            for (size_t k = 0; k < entries.size(); ++k) {
                TensorLayout tensor;
                tensor.dataType = static_cast<DML_TENSOR_DATA_TYPE>(entries[k].own ? entries[k].types[index[k]]
                                                                                   : sharedType);
                tensor.rank = 1;
                tensor.sizes[0] = 1;
                tensor.strides[0] = 1;
                tensor.elementCount = 1;
                if (entries[k].output) {
                    info.outputs.push_back(tensor);
                    absent.outputs.push_back(tensor);
                    continue;
                }
                info.inputs.push_back(tensor);
                absent.inputSlots.push_back(entries[k].optional ? -1 : static_cast<int32_t>(absent.inputs.size()));
                absent.inputSlotNames.push_back("catalog");
                if (!entries[k].optional) absent.inputs.push_back(tensor);
            }
            for (DML_OPERATOR_TYPE fusedType : fusedVariants) {
                FusedActivation fused;
                fused.type = fusedType;
                fused.attributes.addFloat("Alpha", 0.5f);
                fused.attributes.addFloat("Beta", 2.0f);
                info.fused = absent.fused = fused;
                KernelTarget target;
                target.deviceName = "catalog";
                target.int64 = target.float64 = true;
                GeneralLowering lowered;
                bool implemented = true;
                try {
                    // Type combinations the operator's own rules reject (quantization) have no kernel.
                    if (schema.checkTypes) schema.checkTypes(info, "");
                    lowered = lowerGeneral(info, target);
                } catch (const Error& e) {
                    // Forms not implemented yet; type combinations checkTypes rejects.
                    if (e.hr() != E_NOTIMPL && !(schema.checkTypes && e.hr() == E_INVALIDARG)) throw;
                    implemented = false;
                }
                std::vector<std::pair<kernel::Walk, kernel::Access>> walks = {
                    {kernel::Walk::Linear, kernel::Access::Packed}, {kernel::Walk::Quads, kernel::Access::Strided}};
                if (firstType) walks.push_back({kernel::Walk::Elements, kernel::Access::Strided});
                if (!implemented) walks.clear();
                auto emit = [&](const GeneralLowering& from) {
                    for (const auto& [walk, access] : walks) {
                        LoweredKernel kernel;
                        kernel.program = from.program;
                        kernel.program.walk = walk;
                        kernel.program.access.assign(from.program.tensorCount(), access);
                        kernel.program.wideWords = from.program.wideWords && kernel::movesAnyVectors(kernel.program);
                        // Every operator keeps at least one entry, also where its program equals another
                        // operator's (CLIP_GRAD1 and CLIP_GRAD with the same bounds).
                        const bool firstOfOperator = catalog.empty() || catalog.back().op != schema.type;
                        if (seen.insert(kernel.program.hash()).second || firstOfOperator)
                            catalog.push_back(CatalogEntry{schema.type, info.inputs.back().dataType, std::move(kernel)});
                    }
                };
                emit(lowered);
                if (implemented && absent.inputs.size() != info.inputs.size()) emit(lowerGeneral(absent, target));
                // As llvmpipe asks for them: the fused-fma forms, the driver's own division, square root and fp16
                // conversions where the program uses them, vectors as 64-bit words.
                if (implemented) {
                    KernelTarget llvmpipe = target;
                    llvmpipe.exactDivSqrt = llvmpipe.nativeHalf = llvmpipe.wideWords = true;
                    llvmpipe.fusedFma = llvmpipe.emulatedFma = true;  // as tests force the fused forms there
                    emit(lowerGeneral(info, llvmpipe));
                }
            }
            // Next combination of the own-type tensors (an odometer over them).
            more = false;
            for (size_t k = 0; k < entries.size() && !more; ++k) {
                if (!entries[k].own) continue;
                if (++index[k] < entries[k].types.size()) more = true;
                else index[k] = 0;
            }
        }
        firstType = false;
        if (schema.type == DML_OPERATOR_CAST) break;  // CAST has no shared type: the pairs above are all
    }
}

}  // namespace

std::vector<CatalogEntry> elementwiseKernelCatalog() {
    std::vector<CatalogEntry> catalog;
    std::set<uint64_t> seen;
    for (uint32_t t = 0; t < operatorTypeCount(); ++t) {
        const auto op = static_cast<DML_OPERATOR_TYPE>(t);
        const OperatorSchema* schema = schemaOf(op);
        if (!schema) continue;
        if (isGeneralOperator(op)) {
            addGeneralKernels(*schema, seen, catalog);
            continue;
        }
        const SupportRow& newest = schema->support->rows[schema->support->rowCount - 1];
        for (uint32_t d = 0; d < 32; ++d) {
            if (!(newest.dataTypes & (1u << d) & kImplementedTypes)) continue;
            const auto dataType = static_cast<DML_TENSOR_DATA_TYPE>(d);
            for (const auto& attributes : kAttributeSets) {
                const OperatorInfo info = infoFor(*schema, dataType, attributes);
                const bool oneInput = info.inputs.size() == 1;
                const bool floatType = dataType == DML_TENSOR_DATA_TYPE_FLOAT32 || dataType == DML_TENSOR_DATA_TYPE_FLOAT16;
                std::vector<kernel::Walk> walks{kernel::Walk::Strided};
                if (oneInput && elementSizeInBits(dataType) < 64) walks.push_back(kernel::Walk::Flat);
                if (oneInput && floatType) walks.push_back(kernel::Walk::Rows);
                if (oneInput && dataType == DML_TENSOR_DATA_TYPE_FLOAT32) walks.push_back(kernel::Walk::Naive);
                for (kernel::Walk walk : walks)
                    for (int form = 0; form < 8; ++form) {
                        KernelTarget target;
                        target.deviceName = "catalog";
                        target.int64 = true;
                        target.float64Math = (form & 1) != 0;
                        target.storage16 = (form & 2) != 0;
                        // What llvmpipe asks for besides double math.
                        target.exactDivSqrt = target.nativeHalf = target.wideWords = target.fusedFma = (form & 4) != 0;
                        try {
                            LoweredKernel kernel = lowerElementwise(info, target, walk);
                            if (seen.insert(kernel.program.hash()).second)
                                catalog.push_back(CatalogEntry{op, dataType, std::move(kernel)});
                        } catch (const Error&) {
                            if (walk != kernel::Walk::Naive) throw;  // only the naive baselines may be missing
                        }
                    }
            }
        }
    }
    return catalog;
}

LoweredKernel packedKernel(const OperatorInfo& info, const KernelTarget& target) {
    if (!isGeneralOperator(info.schema->type)) return lowerElementwise(info, target, kernel::Walk::Flat);
    // As GeneralKernel sets it up for a plan without strided tensors.
    GeneralLowering lowered = lowerGeneral(info, target);
    LoweredKernel kernel;
    kernel.program = std::move(lowered.program);
    kernel.program.walk = kernel::Walk::Linear;
    kernel.program.access.assign(kernel.program.tensorCount(), kernel::Access::Packed);
    kernel.program.wideWords = kernel.program.wideWords && kernel::movesAnyVectors(kernel.program);
    return kernel;
}

}  // namespace vkdml::elementwise
