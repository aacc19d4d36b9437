#include "graph_translation.h"

#include <cstdint>
#include <cstring>

#include "dml_operator.h"

namespace vkdml::dropin {

HRESULT TranslatedGraph::translate(DmlDevice& device, const DML_GRAPH_DESC& desc, std::string& error) {
    desc_ = desc;
    nodes_.clear();
    operatorNodes_.clear();
    if (desc.NodeCount == 0 || !desc.Nodes) return S_OK;  // vkdml reports the empty graph
    nodes_.assign(desc.Nodes, desc.Nodes + desc.NodeCount);
    operatorNodes_.reserve(desc.NodeCount);  // no reallocation: nodes_ point into it
    for (UINT i = 0; i < desc.NodeCount; ++i) {
        DML_GRAPH_NODE_DESC& node = nodes_[i];
        uint32_t type = 0;  // read as a number: a value outside the enum is vkdml's to refuse, naming the field
        std::memcpy(&type, &node.Type, sizeof(type));
        if (type != DML_GRAPH_NODE_TYPE_OPERATOR || !node.Desc) continue;
        DML_OPERATOR_GRAPH_NODE_DESC translated = *static_cast<const DML_OPERATOR_GRAPH_NODE_DESC*>(node.Desc);
        auto* op = implementationOf<DmlOperator>(translated.Operator);
        const std::string name = "desc->Nodes[" + std::to_string(i) + "].Desc->Operator";
        if (!op) {
            error = name + " is NULL or not a vkdml IDMLOperator";
            return E_INVALIDARG;
        }
        if (&op->device() != &device) {
            error = name + " was created by another IDMLDevice";
            return E_INVALIDARG;
        }
        translated.Operator = handleAsField<IDMLOperator>(op->vkdmlOperator());
        operatorNodes_.push_back(translated);
        node.Desc = &operatorNodes_.back();
    }
    desc_.Nodes = nodes_.data();
    return S_OK;
}

}  // namespace vkdml::dropin
