/* The public headers as a C99 translation unit (built with -std=c99 -pedantic -Wall -Wextra -Werror): both must
 * compile, and the layouts a C compiler gives the structs must be DirectML's (64-bit values, reference §3).
 * vkdml_abi_c99_check() is called by abi_layout_test.cpp; it returns 0, or the line of the first check that failed. */
#include <vkdml/DirectML.h>
#include <vkdml/vkdml.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>

int vkdml_abi_c99_check(void);

/* Compile-time checks without C11's _Static_assert: an array type of size -1 does not compile. */
#define VKDML_C99_ASSERT(name, cond) typedef char vkdml_c99_assert_##name[(cond) ? 1 : -1]

VKDML_C99_ASSERT(enum_size, sizeof(DML_OPERATOR_TYPE) == 4);
VKDML_C99_ASSERT(bool_size, sizeof(BOOL) == 4);
VKDML_C99_ASSERT(hresult_size, sizeof(HRESULT) == 4);
VKDML_C99_ASSERT(scalar_union_size, sizeof(DML_SCALAR_UNION) == 8);
VKDML_C99_ASSERT(scale_bias_size, sizeof(DML_SCALE_BIAS) == 8);
VKDML_C99_ASSERT(operator_values, DML_OPERATOR_ACTIVATION_CELU == 128 && DML_OPERATOR_UNFOLD == 177 &&
                                      DML_OPERATOR_SCATTER == DML_OPERATOR_SCATTER_ELEMENTS);
VKDML_C99_ASSERT(feature_level_6_4, DML_FEATURE_LEVEL_6_4 == 0x6400);
VKDML_C99_ASSERT(failed_macro, FAILED(E_INVALIDARG) && SUCCEEDED(S_FALSE));

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
#define VKDML_C99_64BIT 1
VKDML_C99_ASSERT(buffer_tensor_desc_size, sizeof(DML_BUFFER_TENSOR_DESC) == 48);
VKDML_C99_ASSERT(buffer_tensor_desc_total, offsetof(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes) == 32);
VKDML_C99_ASSERT(buffer_tensor_desc_align, offsetof(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment) == 40);
VKDML_C99_ASSERT(tensor_desc_size, sizeof(DML_TENSOR_DESC) == 16 && offsetof(DML_TENSOR_DESC, Desc) == 8);
VKDML_C99_ASSERT(operator_desc_size, sizeof(DML_OPERATOR_DESC) == 16 && offsetof(DML_OPERATOR_DESC, Desc) == 8);
VKDML_C99_ASSERT(binding_properties, sizeof(DML_BINDING_PROPERTIES) == 24 &&
                                         offsetof(DML_BINDING_PROPERTIES, TemporaryResourceSize) == 8);
VKDML_C99_ASSERT(binding_table_desc, sizeof(DML_BINDING_TABLE_DESC) == 32 &&
                                         offsetof(DML_BINDING_TABLE_DESC, SizeInDescriptors) == 24);
VKDML_C99_ASSERT(buffer_binding, sizeof(DML_BUFFER_BINDING) == 24 && offsetof(DML_BUFFER_BINDING, SizeInBytes) == 16);
VKDML_C99_ASSERT(graph_desc, sizeof(DML_GRAPH_DESC) == 72 && offsetof(DML_GRAPH_DESC, IntermediateEdges) == 64);
VKDML_C99_ASSERT(linear_desc, sizeof(DML_ACTIVATION_LINEAR_OPERATOR_DESC) == 24 &&
                                  offsetof(DML_ACTIVATION_LINEAR_OPERATOR_DESC, Beta) == 20);
VKDML_C99_ASSERT(celu_desc, sizeof(DML_ACTIVATION_CELU_OPERATOR_DESC) == 24 &&
                                offsetof(DML_ACTIVATION_CELU_OPERATOR_DESC, Alpha) == 16);
VKDML_C99_ASSERT(clip1_desc, sizeof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC) == 48 &&
                                 offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, Max) == 40);
#endif

#define VKDML_C99_EXPECT(cond)  \
    do {                        \
        if (!(cond)) {          \
            return __LINE__;    \
        }                       \
    } while (0)

int vkdml_abi_c99_check(void) {
    static const UINT sizes[4] = {1, 2, 3, 4};
    DML_BUFFER_TENSOR_DESC buffer;
    DML_TENSOR_DESC tensor;
    DML_ACTIVATION_CELU_OPERATOR_DESC celu;
    DML_OPERATOR_DESC op;
    DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC clip;
    DML_BUFFER_BINDING binding;
    DML_BINDING_DESC bindingDesc;
    DML_FEATURE_QUERY_FEATURE_LEVELS query;
    DML_FEATURE_LEVEL levels[2];
    VKDML_DEVICE_DESC deviceDesc;
    unsigned char bytes[64];
    UINT64 u64;
    UINT u32;
    FLOAT f32;
    const void* ptr;

    memset(&buffer, 0, sizeof(buffer));
    buffer.DataType = DML_TENSOR_DATA_TYPE_FLOAT16;
    buffer.Flags = DML_TENSOR_FLAG_NONE;
    buffer.DimensionCount = 4;
    buffer.Sizes = sizes;
    buffer.Strides = NULL;
    buffer.TotalTensorSizeInBytes = 0x1122334455667788u;
    buffer.GuaranteedBaseOffsetAlignment = 16;
    tensor.Type = DML_TENSOR_TYPE_BUFFER;
    tensor.Desc = &buffer;

    celu.InputTensor = &tensor;
    celu.OutputTensor = &tensor;
    celu.Alpha = 1.5f;
    op.Type = DML_OPERATOR_ACTIVATION_CELU;
    op.Desc = &celu;

    /* The bytes of the structs, read at DirectML's offsets. */
#ifdef VKDML_C99_64BIT
    memcpy(bytes, &buffer, sizeof(buffer));
    memcpy(&u32, bytes + 0, 4);
    VKDML_C99_EXPECT(u32 == 2);
    memcpy(&u32, bytes + 8, 4);
    VKDML_C99_EXPECT(u32 == 4);
    memcpy(&ptr, bytes + 16, 8);
    VKDML_C99_EXPECT(ptr == (const void*)sizes);
    memcpy(&u64, bytes + 32, 8);
    VKDML_C99_EXPECT(u64 == 0x1122334455667788u);
    memcpy(&u32, bytes + 40, 4);
    VKDML_C99_EXPECT(u32 == 16);

    memcpy(bytes, &celu, sizeof(celu));
    memcpy(&ptr, bytes + 8, 8);
    VKDML_C99_EXPECT(ptr == (const void*)&tensor);
    memcpy(&f32, bytes + 16, 4);
    VKDML_C99_EXPECT(f32 == 1.5f);

    memcpy(bytes, &op, sizeof(op));
    memcpy(&u32, bytes + 0, 4);
    VKDML_C99_EXPECT(u32 == 128);
    memcpy(&ptr, bytes + 8, 8);
    VKDML_C99_EXPECT(ptr == (const void*)&celu);

    memset(&clip, 0, sizeof(clip));
    clip.MinMaxDataType = DML_TENSOR_DATA_TYPE_FLOAT64;
    clip.Min.Float64 = -2.5;
    clip.Max.UInt64 = 0x0102030405060708u;
    memcpy(bytes, &clip, sizeof(clip));
    memcpy(&u32, bytes + 24, 4);
    VKDML_C99_EXPECT(u32 == 9);
    memcpy(&u64, bytes + 40, 8);
    VKDML_C99_EXPECT(u64 == 0x0102030405060708u);

    binding.Buffer = NULL;
    binding.Offset = 256;
    binding.SizeInBytes = 0xABCDEF012345u;
    memcpy(bytes, &binding, sizeof(binding));
    memcpy(&u64, bytes + 8, 8);
    VKDML_C99_EXPECT(u64 == 256);
    memcpy(&u64, bytes + 16, 8);
    VKDML_C99_EXPECT(u64 == 0xABCDEF012345u);

    levels[0] = DML_FEATURE_LEVEL_3_0;
    levels[1] = DML_FEATURE_LEVEL_6_4;
    query.RequestedFeatureLevelCount = 2;
    query.RequestedFeatureLevels = levels;
    memcpy(bytes, &query, sizeof(query));
    memcpy(&ptr, bytes + 8, 8);
    VKDML_C99_EXPECT(ptr == (const void*)levels);
#endif

    /* DML_SCALAR_UNION members share their first bytes (little-endian hosts). */
    {
        DML_SCALAR_UNION scalar;
        const uint16_t probe = 1;
        memset(&scalar, 0, sizeof(scalar));
        scalar.UInt32 = 0x01020304u;
        if (*(const unsigned char*)&probe == 1) {
            VKDML_C99_EXPECT(scalar.Bytes[0] == 0x04 && scalar.UInt8 == 0x04 && scalar.UInt16 == 0x0304);
        }
        scalar.Float32 = 1.0f;
        VKDML_C99_EXPECT(scalar.UInt32 == 0x3F800000u);
    }

    /* Designated initializers (C99) and the binding structs. */
    {
        const DML_BUFFER_BINDING b = {.Buffer = NULL, .Offset = 16, .SizeInBytes = 64};
        const DML_BUFFER_ARRAY_BINDING array = {.BindingCount = 1, .Bindings = &b};
        bindingDesc.Type = DML_BINDING_TYPE_BUFFER_ARRAY;
        bindingDesc.Desc = &array;
        VKDML_C99_EXPECT(((const DML_BUFFER_ARRAY_BINDING*)bindingDesc.Desc)->Bindings->Offset == 16);
    }

    /* Values and macros. */
    VKDML_C99_EXPECT(DML_OPERATOR_ELEMENT_WISE_IDENTITY == 1);
    VKDML_C99_EXPECT(DML_OPERATOR_ACTIVATION_SOFTPLUS == 49);
    VKDML_C99_EXPECT(DML_OPERATOR_ACTIVATION_GELU == 157);
    VKDML_C99_EXPECT(DML_TENSOR_DATA_TYPE_INT4 == 13);
    VKDML_C99_EXPECT(DML_TENSOR_DIMENSION_COUNT_MAX1 == 8);
    VKDML_C99_EXPECT(DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT == 16);
    VKDML_C99_EXPECT((uint32_t)E_INVALIDARG == 0x80070057u);
    VKDML_C99_EXPECT((uint32_t)DXGI_ERROR_WAIT_TIMEOUT == 0x887A0027u);
    VKDML_C99_EXPECT(FAILED(DXGI_ERROR_UNSUPPORTED) && !FAILED(S_OK));
    VKDML_C99_EXPECT((DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION | DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE) ==
                     5);

    /* vkdml.h's own structs are usable from C. */
    memset(&deviceDesc, 0, sizeof(deviceDesc));
    deviceDesc.Flags = DML_CREATE_DEVICE_FLAG_DEBUG;
    deviceDesc.MinimumFeatureLevel = DML_FEATURE_LEVEL_1_0;
    deviceDesc.AdapterIndex = VKDML_ADAPTER_INDEX_DEFAULT;
    VKDML_C99_EXPECT(deviceDesc.AdapterIndex == -1 && deviceDesc.Device == VK_NULL_HANDLE);
    VKDML_C99_EXPECT(VKDML_HEAP_TYPE_DEFAULT == 1 && VKDML_HEAP_TYPE_UPLOAD == 2 && VKDML_HEAP_TYPE_READBACK == 3);

    return 0;
}
