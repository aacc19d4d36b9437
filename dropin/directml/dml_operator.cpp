#include "dml_operator.h"

namespace vkdml::dropin {

DmlOperator::DmlOperator(DmlDevice& device, VkdmlOperator op) : DmlDeviceChild(device), operator_(op) {}

DmlOperator::~DmlOperator() { vkdmlRelease(operator_); }

void* DmlOperator::findInterface(REFIID riid) {
    return answer<IDMLOperator, IDMLDeviceChild, IDMLObject, IVkdmlDmlImplementation>(riid);
}

}  // namespace vkdml::dropin
