#include "dml/kernel_catalog.h"

#include <set>

#include "core/error.h"

namespace vkdml::dml {

namespace {

// Attribute pairs that select every form: the branch-free kernels ({1, 0.5}, {2, 1}), the general ones ({-1, 2},
// {2^21, 2^21}), the identities' plain copy ({1, 0}).
constexpr float kAttributeSets[][2] = {{1.0f, 0.5f}, {2.0f, 1.0f}, {-1.0f, 2.0f}, {0x1p21f, 0x1p21f}, {1.0f, 0.0f}};

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
            case FieldKind::Float: info.floats[info.floatCount] = attributes[info.floatCount % 2]; ++info.floatCount; break;
            case FieldKind::OptionalScaleBias:
                info.floats[info.floatCount++] = attributes[0];
                info.floats[info.floatCount++] = attributes[1];
                break;
        }
    }
    return info;
}

}  // namespace

std::vector<CatalogEntry> elementwiseKernelCatalog() {
    std::vector<CatalogEntry> catalog;
    std::set<uint64_t> seen;
    for (uint32_t t = 0; t < operatorTypeCount(); ++t) {
        const auto op = static_cast<DML_OPERATOR_TYPE>(t);
        const OperatorSchema* schema = findSchema(op);
        if (!schema) continue;
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
                    for (int form = 0; form < 4; ++form) {
                        KernelTarget target;
                        target.deviceName = "catalog";
                        target.int64 = true;
                        target.float64Math = (form & 1) != 0;
                        target.storage16 = (form & 2) != 0;
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

}  // namespace vkdml::dml
