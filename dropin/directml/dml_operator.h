// IDMLOperator over a VkdmlOperator.
#pragma once

#include "dml_device_child.h"

namespace vkdml::dropin {

class DmlOperator final : public DmlDeviceChild<IDMLOperator> {
public:
    // Takes over the reference `op` holds.
    DmlOperator(DmlDevice& device, VkdmlOperator op);
    ~DmlOperator() override;

    VkdmlOperator vkdmlOperator() const { return operator_; }

protected:
    void* findInterface(REFIID riid) override;
    void* vkdmlObject() override { return operator_; }

private:
    VkdmlOperator operator_;
};

}  // namespace vkdml::dropin
