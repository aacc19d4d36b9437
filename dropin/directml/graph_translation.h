// IDMLDevice1::CompileGraph's DML_GRAPH_DESC with each operator node's IDMLOperator* replaced by its VkdmlOperator,
// everything else (edges, constant nodes, names) passed on as it is.
#pragma once

#include <string>
#include <vector>

#include "dml_includes.h"

namespace vkdml::dropin {

class DmlDevice;

class TranslatedGraph {
public:
    // E_INVALIDARG with `error` naming the node at fault when an operator node's Operator is not one of this
    // library's operators of `device`.
    HRESULT translate(DmlDevice& device, const DML_GRAPH_DESC& desc, std::string& error);
    const DML_GRAPH_DESC& desc() const { return desc_; }

private:
    DML_GRAPH_DESC desc_{};
    std::vector<DML_GRAPH_NODE_DESC> nodes_;
    std::vector<DML_OPERATOR_GRAPH_NODE_DESC> operatorNodes_;
};

}  // namespace vkdml::dropin
