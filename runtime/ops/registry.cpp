#include "ops/registry.h"

#include <iterator>

#include "ops/elementwise/family.h"
#include "ops/elementwise/pipelines.h"
#include "ops/gemm/family.h"
#include "ops/reduce/family.h"

namespace vkdml::ops {

namespace {

const Family* const kFamilies[] = {
    &elementwise::family(),
    &reduce::family(),
    &gemm::family(),
};

}  // namespace

const Family* familyOf(DML_OPERATOR_TYPE type) {
    for (const Family* family : kFamilies)
        if (family->schema(type)) return family;
    return nullptr;
}

namespace {

class RegisteredSchemas final : public dml::SchemaSource {
public:
    const dml::OperatorSchema* schema(DML_OPERATOR_TYPE type) const override {
        const Family* family = familyOf(type);
        return family ? family->schema(type) : nullptr;
    }
    void checkShapes(dml::OperatorInfo& info, const std::string& prefix, DML_FEATURE_LEVEL level) const override {
        familyOf(info.schema->type)->checkShapes(info, prefix, level);
    }
};

}  // namespace

const dml::SchemaSource& schemas() {
    static const RegisteredSchemas instance;
    return instance;
}

uint32_t fusedRunTensorLimit(Device& device) { return elementwise::bindingLimit(device); }

std::unique_ptr<CompiledKernel> compileFusedProgram(Device& device, const std::vector<dml::TensorLayout>& tensors,
                                                    kernel::ElementwiseProgram program) {
    return elementwise::compileFused(device, tensors, std::move(program));
}

}  // namespace vkdml::ops
