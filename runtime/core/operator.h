// The object behind VkdmlOperator: a validated copy of an operator desc.
#pragma once

#include "core/device.h"
#include "dml/operator_desc.h"

namespace vkdml {

class Operator final : public Object {
public:
    Operator(Device& device, dml::OperatorInfo info)
        : Object(ObjectKind::Operator), device_(&device), info_(std::move(info)) {}
    Device& owningDevice() override { return *device_; }
    const dml::OperatorInfo& info() const { return info_; }

private:
    Ref<Device> device_;
    dml::OperatorInfo info_;
};

}  // namespace vkdml
