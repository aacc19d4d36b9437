// IDMLDevice1::CompileGraph: operator nodes given as IDMLOperator*, an OWNED_BY_DML graph input and a constant node.
#include <cmath>

#include <doctest/doctest.h>

#include "dml_program.h"

using namespace dmltest;

TEST_CASE("CompileGraph: out = x * constant + owned weight") {
    D3D12Context& ctx = D3D12Context::shared();
    ctx.resetList();
    ComPtr<IDMLDevice> dml = createDmlDevice(ctx.device.Get());
    ComPtr<IDMLDevice1> dml1;
    REQUIRE(dml.As(&dml1) == S_OK);

    const size_t count = 3 * 41;
    FloatTensor plain({1, 1, 3, 41}), owned({1, 1, 3, 41}, DML_TENSOR_FLAG_OWNED_BY_DML);
    DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC multiply{&plain.desc, &plain.desc, &plain.desc};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC add{&plain.desc, &owned.desc, &plain.desc};
    ComPtr<IDMLOperator> multiplyOp, addOp;
    DML_OPERATOR_DESC multiplyDesc{DML_OPERATOR_ELEMENT_WISE_MULTIPLY, &multiply};
    DML_OPERATOR_DESC addDesc{DML_OPERATOR_ELEMENT_WISE_ADD, &add};
    REQUIRE(dml->CreateOperator(&multiplyDesc, IID_PPV_ARGS(&multiplyOp)) == S_OK);
    REQUIRE(dml->CreateOperator(&addDesc, IID_PPV_ARGS(&addOp)) == S_OK);

    const std::vector<float> x = sequence(count, -2.0f, 0.375f), weight = sequence(count, 0.25f, 0.5f),
                             constant = sequence(count, 1.5f, -0.125f);
    DML_OPERATOR_GRAPH_NODE_DESC multiplyNode{multiplyOp.Get(), "multiply"};
    DML_OPERATOR_GRAPH_NODE_DESC addNode{addOp.Get(), "add"};
    DML_CONSTANT_DATA_GRAPH_NODE_DESC constantNode{constant.data(), constant.size() * sizeof(float), "constant"};
    const DML_GRAPH_NODE_DESC nodes[] = {{DML_GRAPH_NODE_TYPE_OPERATOR, &multiplyNode},
                                         {DML_GRAPH_NODE_TYPE_OPERATOR, &addNode},
                                         {DML_GRAPH_NODE_TYPE_CONSTANT, &constantNode}};
    DML_INPUT_GRAPH_EDGE_DESC xEdge{0, 0, 0, "x"}, weightEdge{1, 1, 1, "weight"};
    DML_INTERMEDIATE_GRAPH_EDGE_DESC constantEdge{2, 0, 0, 1, nullptr}, productEdge{0, 0, 1, 0, nullptr};
    DML_OUTPUT_GRAPH_EDGE_DESC outEdge{1, 0, 0, "out"};
    const DML_GRAPH_EDGE_DESC inputEdges[] = {{DML_GRAPH_EDGE_TYPE_INPUT, &xEdge},
                                              {DML_GRAPH_EDGE_TYPE_INPUT, &weightEdge}};
    const DML_GRAPH_EDGE_DESC intermediateEdges[] = {{DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &constantEdge},
                                                     {DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &productEdge}};
    const DML_GRAPH_EDGE_DESC outputEdges[] = {{DML_GRAPH_EDGE_TYPE_OUTPUT, &outEdge}};
    DML_GRAPH_DESC graph{2, 1, 3, nodes, 2, inputEdges, 1, outputEdges, 2, intermediateEdges};

    ComPtr<IDMLCompiledOperator> compiled;
    REQUIRE(dml1->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)) == S_OK);
    const DML_BINDING_PROPERTIES props = compiled->GetBindingProperties();
    CHECK(props.PersistentResourceSize >= 2 * count * sizeof(float));  // the owned weight and the constant

    const auto outputs = runCompiled(dml.Get(), compiled.Get(), {{x, weight}, {false, true}}, {count});
    for (size_t i = 0; i < count; ++i) {
        INFO("element " << i);
        const double expected = double(x[i]) * double(constant[i]) + double(weight[i]);
        CHECK(std::fabs(outputs[0][i] - expected) <= 1e-6 * (1.0 + std::fabs(expected)));
    }

    SUBCASE("an operator node of another DML device is refused") {
        ComPtr<IDMLDevice> other = createDmlDevice(ctx.device.Get());
        ComPtr<IDMLOperator> foreign;
        REQUIRE(other->CreateOperator(&multiplyDesc, IID_PPV_ARGS(&foreign)) == S_OK);
        multiplyNode.Operator = foreign.Get();
        compiled.Reset();
        CHECK(dml1->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(&compiled)) == E_INVALIDARG);
        CHECK(compiled.Get() == nullptr);
    }
}
