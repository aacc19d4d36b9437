// The object behind VkdmlOperator: a validated copy of an operator desc.
#pragma once

#include "core/device.h"
#include "dml/operator_desc.h"

namespace vkdml {

class Operator final : public Object {
public:
    // Reads and validates `desc` through its family's schema row and shape rule (runtime/ops).
    static Operator* create(Device& device, const DML_OPERATOR_DESC* desc);

    Operator(Device& device, dml::OperatorInfo info)
        : Object(ObjectKind::Operator), device_(&device), info_(std::move(info)) {}
    Device& owningDevice() override { return *device_; }
    const dml::OperatorInfo& info() const { return info_; }

private:
    Ref<Device> device_;
    dml::OperatorInfo info_;
};

}  // namespace vkdml
