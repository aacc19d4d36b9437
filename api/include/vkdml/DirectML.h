/* vkdml: DirectML.h for Vulkan.
 *
 * The DirectML data structures with the names, values and 64-bit layouts of Microsoft's DirectML.h at
 * DML_TARGET_VERSION 0x6400 (DML_FEATURE_LEVEL_6_4, DirectML 1.15.x), written as plain C: it compiles as C99 and as
 * C++17 and needs no Windows or COM headers. The differences from DirectML.h are in the object types only:
 *
 *   - COM interfaces are replaced by opaque handles (VkdmlDevice, VkdmlOperator, VkdmlDispatchable, ...), so
 *     DML_BINDING_TABLE_DESC::Dispatchable is a VkdmlDispatchable, DML_BUFFER_BINDING::Buffer is a VkdmlBuffer and
 *     DML_OPERATOR_GRAPH_NODE_DESC::Operator is a VkdmlOperator. Every handle is a pointer, so layouts do not change.
 *   - The Windows scalar types, HRESULT codes and the two D3D12 descriptor-handle structs used by the structs here are
 *     defined when the Windows headers have not defined them already.
 *   - Constants are macros with unsigned (UINT) values instead of `static const UINT`.
 *
 * Declarations are guarded by DML_TARGET_VERSION like DirectML.h's; the default here is always 0x6400 (the newest).
 * The entry points that use these structures are in vkdml.h. */
#ifndef VKDML_DIRECTML_H_
#define VKDML_DIRECTML_H_

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------------------------------------------------
 * Windows types (basetsd.h, windef.h, winerror.h). The sizes match Windows: BOOL, INT, UINT and HRESULT are 4 bytes.
 * ------------------------------------------------------------------------------------------------------------- */

/* DirectX-Headers' winadapter.h (Linux) defines the same types with the same sizes (its BOOL is unsigned). */
#if !defined(VKDML_HAVE_WIN_TYPES) && !defined(_WINDEF_) && !defined(_MINWINDEF_) && !defined(MIDL_INTERFACE)
#define VKDML_HAVE_WIN_TYPES 1
typedef int BOOL;
typedef int32_t INT;
typedef uint32_t UINT;
typedef int8_t INT8;
typedef uint8_t UINT8;
typedef int16_t INT16;
typedef uint16_t UINT16;
typedef int32_t INT32;
typedef uint32_t UINT32;
typedef int64_t INT64;
typedef uint64_t UINT64;
typedef float FLOAT;
typedef double DOUBLE;
typedef uint8_t BYTE;
typedef size_t SIZE_T;
typedef int32_t HRESULT;
#endif

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

#ifndef SUCCEEDED
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#endif
#ifndef FAILED
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#endif

#ifndef S_OK
#define S_OK ((HRESULT)0x00000000)
#endif
#ifndef S_FALSE
#define S_FALSE ((HRESULT)0x00000001)
#endif
#ifndef E_NOTIMPL
#define E_NOTIMPL ((HRESULT)0x80004001)
#endif
#ifndef E_NOINTERFACE
#define E_NOINTERFACE ((HRESULT)0x80004002)
#endif
#ifndef E_POINTER
#define E_POINTER ((HRESULT)0x80004003)
#endif
#ifndef E_FAIL
#define E_FAIL ((HRESULT)0x80004005)
#endif
#ifndef E_OUTOFMEMORY
#define E_OUTOFMEMORY ((HRESULT)0x8007000E)
#endif
#ifndef E_INVALIDARG
#define E_INVALIDARG ((HRESULT)0x80070057)
#endif
#ifndef DXGI_ERROR_NOT_FOUND
#define DXGI_ERROR_NOT_FOUND ((HRESULT)0x887A0002)
#endif
#ifndef DXGI_ERROR_UNSUPPORTED
#define DXGI_ERROR_UNSUPPORTED ((HRESULT)0x887A0004)
#endif
#ifndef DXGI_ERROR_DEVICE_REMOVED
#define DXGI_ERROR_DEVICE_REMOVED ((HRESULT)0x887A0005)
#endif
#ifndef DXGI_ERROR_DEVICE_HUNG
#define DXGI_ERROR_DEVICE_HUNG ((HRESULT)0x887A0006)
#endif
#ifndef DXGI_ERROR_DEVICE_RESET
#define DXGI_ERROR_DEVICE_RESET ((HRESULT)0x887A0007)
#endif
#ifndef DXGI_ERROR_WAIT_TIMEOUT
#define DXGI_ERROR_WAIT_TIMEOUT ((HRESULT)0x887A0027)
#endif
#ifndef DXGI_ERROR_SDK_COMPONENT_MISSING
#define DXGI_ERROR_SDK_COMPONENT_MISSING ((HRESULT)0x887A002D)
#endif

/* The D3D12 descriptor handles embedded in DML_BINDING_TABLE_DESC (d3d12.h). vkdml ignores their values. */
#if !defined(VKDML_HAVE_D3D12_DESCRIPTOR_HANDLES) && !defined(__d3d12_h__)
#define VKDML_HAVE_D3D12_DESCRIPTOR_HANDLES 1
typedef struct D3D12_CPU_DESCRIPTOR_HANDLE {
    SIZE_T ptr;
} D3D12_CPU_DESCRIPTOR_HANDLE;
typedef struct D3D12_GPU_DESCRIPTOR_HANDLE {
    UINT64 ptr;
} D3D12_GPU_DESCRIPTOR_HANDLE;
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * Target version
 * ------------------------------------------------------------------------------------------------------------- */

#ifndef DML_TARGET_VERSION
#define DML_TARGET_VERSION 0x6400
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * vkdml object handles (the COM interfaces of DirectML). The runtime defines the structs.
 * ------------------------------------------------------------------------------------------------------------- */

#ifndef VKDML_HANDLES_DEFINED
#define VKDML_HANDLES_DEFINED 1
typedef struct VkdmlDevice_T* VkdmlDevice;             /* IDMLDevice */
typedef struct VkdmlOperator_T* VkdmlOperator;         /* IDMLOperator */
typedef struct VkdmlDispatchable_T* VkdmlDispatchable; /* IDMLDispatchable: compiled operators and initializers */
typedef struct VkdmlBindingTable_T* VkdmlBindingTable; /* IDMLBindingTable */
typedef struct VkdmlBuffer_T* VkdmlBuffer;             /* ID3D12Resource (buffers only) */
typedef struct VkdmlCommandList_T* VkdmlCommandList;   /* ID3D12GraphicsCommandList + IDMLCommandRecorder */
#endif

/* The types of the three struct fields that hold objects. The COM header (directml/DirectML.h of the drop-in) sets
 * them to IDMLOperator*, IDMLDispatchable* and ID3D12Resource* before including this file; all are pointers, so the
 * layouts are the same either way. */
#ifndef VKDML_DML_OPERATOR_FIELD
#define VKDML_DML_OPERATOR_FIELD VkdmlOperator
#endif
#ifndef VKDML_DML_DISPATCHABLE_FIELD
#define VKDML_DML_DISPATCHABLE_FIELD VkdmlDispatchable
#endif
#ifndef VKDML_DML_BUFFER_FIELD
#define VKDML_DML_BUFFER_FIELD VkdmlBuffer
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * Constants
 * ------------------------------------------------------------------------------------------------------------- */

#define DML_TENSOR_DIMENSION_COUNT_MAX 5u
#if DML_TARGET_VERSION >= 0x3000
#define DML_TENSOR_DIMENSION_COUNT_MAX1 8u
#endif
#define DML_TEMPORARY_BUFFER_ALIGNMENT 256u
#define DML_PERSISTENT_BUFFER_ALIGNMENT 256u
#define DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT 16u

/* ---------------------------------------------------------------------------------------------------------------
 * Tensors
 * ------------------------------------------------------------------------------------------------------------- */

typedef enum DML_TENSOR_DATA_TYPE {
    DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
    DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    DML_TENSOR_DATA_TYPE_UINT32 = 3,
    DML_TENSOR_DATA_TYPE_UINT16 = 4,
    DML_TENSOR_DATA_TYPE_UINT8 = 5,
    DML_TENSOR_DATA_TYPE_INT32 = 6,
    DML_TENSOR_DATA_TYPE_INT16 = 7,
    DML_TENSOR_DATA_TYPE_INT8 = 8,
    DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    DML_TENSOR_DATA_TYPE_UINT64 = 10,
    DML_TENSOR_DATA_TYPE_INT64 = 11,
#if DML_TARGET_VERSION >= 0x6300
    DML_TENSOR_DATA_TYPE_UINT4 = 12, /* two elements per byte, the first in the low nibble */
    DML_TENSOR_DATA_TYPE_INT4 = 13,
#endif
} DML_TENSOR_DATA_TYPE;

typedef enum DML_TENSOR_TYPE {
    DML_TENSOR_TYPE_INVALID = 0,
    DML_TENSOR_TYPE_BUFFER = 1,
} DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS {
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1, /* inputs only: copied into the persistent resource at initialization */
} DML_TENSOR_FLAGS;

/* Strides are in elements; NULL means packed. TotalTensorSizeInBytes must be at least DMLCalcBufferTensorSize. */
typedef struct DML_BUFFER_TENSOR_DESC {
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    UINT DimensionCount;
    const UINT* Sizes;   /* DimensionCount entries */
    const UINT* Strides; /* DimensionCount entries, or NULL */
    UINT64 TotalTensorSizeInBytes;
    UINT GuaranteedBaseOffsetAlignment; /* 0 or a power of two >= the element size */
} DML_BUFFER_TENSOR_DESC;

typedef struct DML_TENSOR_DESC {
    DML_TENSOR_TYPE Type;
    const void* Desc; /* DML_TENSOR_TYPE_BUFFER: const DML_BUFFER_TENSOR_DESC* */
} DML_TENSOR_DESC;

/* ---------------------------------------------------------------------------------------------------------------
 * Operator enums
 * ------------------------------------------------------------------------------------------------------------- */

typedef enum DML_OPERATOR_TYPE {
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_ELEMENT_WISE_IDENTITY = 1,
    DML_OPERATOR_ELEMENT_WISE_ABS = 2,
    DML_OPERATOR_ELEMENT_WISE_ACOS = 3,
    DML_OPERATOR_ELEMENT_WISE_ADD = 4,
    DML_OPERATOR_ELEMENT_WISE_ASIN = 5,
    DML_OPERATOR_ELEMENT_WISE_ATAN = 6,
    DML_OPERATOR_ELEMENT_WISE_CEIL = 7,
    DML_OPERATOR_ELEMENT_WISE_CLIP = 8,
    DML_OPERATOR_ELEMENT_WISE_COS = 9,
    DML_OPERATOR_ELEMENT_WISE_DIVIDE = 10,
    DML_OPERATOR_ELEMENT_WISE_EXP = 11,
    DML_OPERATOR_ELEMENT_WISE_FLOOR = 12,
    DML_OPERATOR_ELEMENT_WISE_LOG = 13,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND = 14,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS = 15,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN = 16,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN = 17,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT = 18,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR = 19,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR = 20,
    DML_OPERATOR_ELEMENT_WISE_MAX = 21,
    DML_OPERATOR_ELEMENT_WISE_MEAN = 22,
    DML_OPERATOR_ELEMENT_WISE_MIN = 23,
    DML_OPERATOR_ELEMENT_WISE_MULTIPLY = 24,
    DML_OPERATOR_ELEMENT_WISE_POW = 25,
    DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW = 26,
    DML_OPERATOR_ELEMENT_WISE_RECIP = 27,
    DML_OPERATOR_ELEMENT_WISE_SIN = 28,
    DML_OPERATOR_ELEMENT_WISE_SQRT = 29,
    DML_OPERATOR_ELEMENT_WISE_SUBTRACT = 30,
    DML_OPERATOR_ELEMENT_WISE_TAN = 31,
    DML_OPERATOR_ELEMENT_WISE_THRESHOLD = 32,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR = 33,
    DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR = 34,
    DML_OPERATOR_ACTIVATION_ELU = 35,
    DML_OPERATOR_ACTIVATION_HARDMAX = 36,
    DML_OPERATOR_ACTIVATION_HARD_SIGMOID = 37,
    DML_OPERATOR_ACTIVATION_IDENTITY = 38,
    DML_OPERATOR_ACTIVATION_LEAKY_RELU = 39,
    DML_OPERATOR_ACTIVATION_LINEAR = 40,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX = 41,
    DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU = 42,
    DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS = 43,
    DML_OPERATOR_ACTIVATION_RELU = 44,
    DML_OPERATOR_ACTIVATION_SCALED_ELU = 45,
    DML_OPERATOR_ACTIVATION_SCALED_TANH = 46,
    DML_OPERATOR_ACTIVATION_SIGMOID = 47,
    DML_OPERATOR_ACTIVATION_SOFTMAX = 48,
    DML_OPERATOR_ACTIVATION_SOFTPLUS = 49,
    DML_OPERATOR_ACTIVATION_SOFTSIGN = 50,
    DML_OPERATOR_ACTIVATION_TANH = 51,
    DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU = 52,
    DML_OPERATOR_CONVOLUTION = 53,
    DML_OPERATOR_GEMM = 54,
    DML_OPERATOR_REDUCE = 55,
    DML_OPERATOR_AVERAGE_POOLING = 56,
    DML_OPERATOR_LP_POOLING = 57,
    DML_OPERATOR_MAX_POOLING = 58,
    DML_OPERATOR_ROI_POOLING = 59,
    DML_OPERATOR_SLICE = 60,
    DML_OPERATOR_CAST = 61,
    DML_OPERATOR_SPLIT = 62,
    DML_OPERATOR_JOIN = 63,
    DML_OPERATOR_PADDING = 64,
    DML_OPERATOR_VALUE_SCALE_2D = 65,
    DML_OPERATOR_UPSAMPLE_2D = 66,
    DML_OPERATOR_GATHER = 67,
    DML_OPERATOR_SPACE_TO_DEPTH = 68,
    DML_OPERATOR_DEPTH_TO_SPACE = 69,
    DML_OPERATOR_TILE = 70,
    DML_OPERATOR_TOP_K = 71,
    DML_OPERATOR_BATCH_NORMALIZATION = 72,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION = 73,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION = 74,
    DML_OPERATOR_LP_NORMALIZATION = 75,
    DML_OPERATOR_RNN = 76,
    DML_OPERATOR_LSTM = 77,
    DML_OPERATOR_GRU = 78,
#if DML_TARGET_VERSION >= 0x2000
    DML_OPERATOR_ELEMENT_WISE_SIGN = 79,
    DML_OPERATOR_ELEMENT_WISE_IS_NAN = 80,
    DML_OPERATOR_ELEMENT_WISE_ERF = 81,
    DML_OPERATOR_ELEMENT_WISE_SINH = 82,
    DML_OPERATOR_ELEMENT_WISE_COSH = 83,
    DML_OPERATOR_ELEMENT_WISE_TANH = 84,
    DML_OPERATOR_ELEMENT_WISE_ASINH = 85,
    DML_OPERATOR_ELEMENT_WISE_ACOSH = 86,
    DML_OPERATOR_ELEMENT_WISE_ATANH = 87,
    DML_OPERATOR_ELEMENT_WISE_IF = 88,
    DML_OPERATOR_ELEMENT_WISE_ADD1 = 89,
    DML_OPERATOR_ACTIVATION_SHRINK = 90,
    DML_OPERATOR_MAX_POOLING1 = 91,
    DML_OPERATOR_MAX_UNPOOLING = 92,
    DML_OPERATOR_DIAGONAL_MATRIX = 93,
    DML_OPERATOR_SCATTER_ELEMENTS = 94,
    DML_OPERATOR_SCATTER = DML_OPERATOR_SCATTER_ELEMENTS,
    DML_OPERATOR_ONE_HOT = 95,
    DML_OPERATOR_RESAMPLE = 96,
#endif
#if DML_TARGET_VERSION >= 0x2100
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT = 97,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT = 98,
    DML_OPERATOR_ELEMENT_WISE_ROUND = 99,
    DML_OPERATOR_ELEMENT_WISE_IS_INFINITY = 100,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE = 101,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR = 102,
    DML_OPERATOR_FILL_VALUE_CONSTANT = 103,
    DML_OPERATOR_FILL_VALUE_SEQUENCE = 104,
    DML_OPERATOR_CUMULATIVE_SUMMATION = 105,
    DML_OPERATOR_REVERSE_SUBSEQUENCES = 106,
    DML_OPERATOR_GATHER_ELEMENTS = 107,
    DML_OPERATOR_GATHER_ND = 108,
    DML_OPERATOR_SCATTER_ND = 109,
    DML_OPERATOR_MAX_POOLING2 = 110,
    DML_OPERATOR_SLICE1 = 111,
    DML_OPERATOR_TOP_K1 = 112,
    DML_OPERATOR_DEPTH_TO_SPACE1 = 113,
    DML_OPERATOR_SPACE_TO_DEPTH1 = 114,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 = 115,
    DML_OPERATOR_RESAMPLE1 = 116,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER = 117,
    DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY = 118,
    DML_OPERATOR_CONVOLUTION_INTEGER = 119,
    DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION = 120,
#endif
#if DML_TARGET_VERSION >= 0x3000
    DML_OPERATOR_ELEMENT_WISE_BIT_AND = 121,
    DML_OPERATOR_ELEMENT_WISE_BIT_OR = 122,
    DML_OPERATOR_ELEMENT_WISE_BIT_XOR = 123,
    DML_OPERATOR_ELEMENT_WISE_BIT_NOT = 124,
    DML_OPERATOR_ELEMENT_WISE_BIT_COUNT = 125,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL = 126,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL = 127,
    DML_OPERATOR_ACTIVATION_CELU = 128,
    DML_OPERATOR_ACTIVATION_RELU_GRAD = 129,
    DML_OPERATOR_AVERAGE_POOLING_GRAD = 130,
    DML_OPERATOR_MAX_POOLING_GRAD = 131,
    DML_OPERATOR_RANDOM_GENERATOR = 132,
    DML_OPERATOR_NONZERO_COORDINATES = 133,
    DML_OPERATOR_RESAMPLE_GRAD = 134,
    DML_OPERATOR_SLICE_GRAD = 135,
    DML_OPERATOR_ADAM_OPTIMIZER = 136,
    DML_OPERATOR_ARGMIN = 137,
    DML_OPERATOR_ARGMAX = 138,
    DML_OPERATOR_ROI_ALIGN = 139,
    DML_OPERATOR_GATHER_ND1 = 140,
#endif
#if DML_TARGET_VERSION >= 0x3100
    DML_OPERATOR_ELEMENT_WISE_ATAN_YX = 141,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD = 142,
    DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE = 143,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD = 144,
    DML_OPERATOR_CUMULATIVE_PRODUCT = 145,
    DML_OPERATOR_BATCH_NORMALIZATION_GRAD = 146,
#endif
#if DML_TARGET_VERSION >= 0x4000
    DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD = 147,
    DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR = 148,
    DML_OPERATOR_ROI_ALIGN1 = 149,
#endif
#if DML_TARGET_VERSION >= 0x4100
    DML_OPERATOR_ROI_ALIGN_GRAD = 150,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING = 151,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD = 152,
#endif
#if DML_TARGET_VERSION >= 0x5000
    DML_OPERATOR_ELEMENT_WISE_CLIP1 = 153,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 = 154,
    DML_OPERATOR_PADDING1 = 155,
    DML_OPERATOR_ELEMENT_WISE_NEGATE = 156,
#endif
#if DML_TARGET_VERSION >= 0x5100
    DML_OPERATOR_ACTIVATION_GELU = 157,
    DML_OPERATOR_ACTIVATION_SOFTMAX1 = 158,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 = 159,
    DML_OPERATOR_ACTIVATION_HARDMAX1 = 160,
    DML_OPERATOR_RESAMPLE2 = 161,
    DML_OPERATOR_RESAMPLE_GRAD1 = 162,
    DML_OPERATOR_DIAGONAL_MATRIX1 = 163,
#endif
#if DML_TARGET_VERSION >= 0x6100
    DML_OPERATOR_MULTIHEAD_ATTENTION = 164,
#endif
#if DML_TARGET_VERSION >= 0x6200
    DML_OPERATOR_LP_POOLING1 = 165,
    DML_OPERATOR_AVERAGE_POOLING1 = 166,
    DML_OPERATOR_ACTIVATION_SWISH = 167,
    DML_OPERATOR_ACTIVATION_HARD_SWISH = 168,
    DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING = 169,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT = 170,
#endif
#if DML_TARGET_VERSION >= 0x6300
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2 = 171,
    DML_OPERATOR_MULTIHEAD_ATTENTION1 = 172,
    DML_OPERATOR_QUANTIZE = 173,
    DML_OPERATOR_DEQUANTIZE = 174,
#endif
#if DML_TARGET_VERSION >= 0x6400
    DML_OPERATOR_RESAMPLE3 = 175,
    DML_OPERATOR_FOLD = 176,
    DML_OPERATOR_UNFOLD = 177,
#endif
} DML_OPERATOR_TYPE;

typedef enum DML_REDUCE_FUNCTION {
    DML_REDUCE_FUNCTION_ARGMAX = 0,
    DML_REDUCE_FUNCTION_ARGMIN = 1,
    DML_REDUCE_FUNCTION_AVERAGE = 2,
    DML_REDUCE_FUNCTION_L1 = 3,
    DML_REDUCE_FUNCTION_L2 = 4,
    DML_REDUCE_FUNCTION_LOG_SUM = 5,
    DML_REDUCE_FUNCTION_LOG_SUM_EXP = 6,
    DML_REDUCE_FUNCTION_MAX = 7,
    DML_REDUCE_FUNCTION_MIN = 8,
    DML_REDUCE_FUNCTION_MULTIPLY = 9,
    DML_REDUCE_FUNCTION_SUM = 10,
    DML_REDUCE_FUNCTION_SUM_SQUARE = 11,
} DML_REDUCE_FUNCTION;

typedef enum DML_MATRIX_TRANSFORM {
    DML_MATRIX_TRANSFORM_NONE = 0,
    DML_MATRIX_TRANSFORM_TRANSPOSE = 1,
} DML_MATRIX_TRANSFORM;

typedef enum DML_CONVOLUTION_MODE {
    DML_CONVOLUTION_MODE_CONVOLUTION = 0,
    DML_CONVOLUTION_MODE_CROSS_CORRELATION = 1,
} DML_CONVOLUTION_MODE;

typedef enum DML_CONVOLUTION_DIRECTION {
    DML_CONVOLUTION_DIRECTION_FORWARD = 0,
    DML_CONVOLUTION_DIRECTION_BACKWARD = 1,
} DML_CONVOLUTION_DIRECTION;

typedef enum DML_PADDING_MODE {
    DML_PADDING_MODE_CONSTANT = 0,
    DML_PADDING_MODE_EDGE = 1,
    DML_PADDING_MODE_REFLECTION = 2,
#if DML_TARGET_VERSION >= 0x3000
    DML_PADDING_MODE_SYMMETRIC = 3,
#endif
#if DML_TARGET_VERSION >= 0x6400
    DML_PADDING_MODE_WRAP = 4,
#endif
} DML_PADDING_MODE;

typedef enum DML_INTERPOLATION_MODE {
    DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR = 0,
    DML_INTERPOLATION_MODE_LINEAR = 1,
} DML_INTERPOLATION_MODE;

/* Applied to every input element before the operator: x * Scale + Bias. */
typedef struct DML_SCALE_BIAS {
    FLOAT Scale;
    FLOAT Bias;
} DML_SCALE_BIAS;

typedef struct DML_SIZE_2D {
    UINT Width;
    UINT Height;
} DML_SIZE_2D;

typedef enum DML_RECURRENT_NETWORK_DIRECTION {
    DML_RECURRENT_NETWORK_DIRECTION_FORWARD = 0,
    DML_RECURRENT_NETWORK_DIRECTION_BACKWARD = 1,
    DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL = 2,
} DML_RECURRENT_NETWORK_DIRECTION;

#if DML_TARGET_VERSION >= 0x2100

typedef enum DML_ROUNDING_MODE {
    DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN = 0,
    DML_ROUNDING_MODE_TOWARD_ZERO = 1,
    DML_ROUNDING_MODE_TOWARD_INFINITY = 2,
} DML_ROUNDING_MODE;

typedef enum DML_IS_INFINITY_MODE {
    DML_IS_INFINITY_MODE_EITHER = 0,
    DML_IS_INFINITY_MODE_POSITIVE = 1,
    DML_IS_INFINITY_MODE_NEGATIVE = 2,
} DML_IS_INFINITY_MODE;

typedef enum DML_AXIS_DIRECTION {
    DML_AXIS_DIRECTION_INCREASING = 0,
    DML_AXIS_DIRECTION_DECREASING = 1,
} DML_AXIS_DIRECTION;

typedef enum DML_DEPTH_SPACE_ORDER {
    DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW = 0,
    DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH = 1,
} DML_DEPTH_SPACE_ORDER;

/* An 8-byte scalar whose type is given by a DML_TENSOR_DATA_TYPE field next to it. */
typedef union DML_SCALAR_UNION {
    BYTE Bytes[8];
    INT8 Int8;
    UINT8 UInt8;
    INT16 Int16;
    UINT16 UInt16;
    INT32 Int32;
    UINT32 UInt32;
    INT64 Int64;
    UINT64 UInt64;
    FLOAT Float32;
    DOUBLE Float64;
} DML_SCALAR_UNION;

#endif /* DML_TARGET_VERSION >= 0x2100 */

#if DML_TARGET_VERSION >= 0x3000
typedef enum DML_RANDOM_GENERATOR_TYPE {
    DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10 = 0,
} DML_RANDOM_GENERATOR_TYPE;
#endif

#if DML_TARGET_VERSION >= 0x6100
typedef enum DML_MULTIHEAD_ATTENTION_MASK_TYPE {
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE = 0,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH = 1,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_END_START = 2,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_QUERY_SEQUENCE_LENGTH_START_END = 3,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN = 4,
} DML_MULTIHEAD_ATTENTION_MASK_TYPE;
#endif

#if DML_TARGET_VERSION >= 0x6300
typedef enum DML_QUANTIZATION_TYPE {
    DML_QUANTIZATION_TYPE_NONE = 0,
    DML_QUANTIZATION_TYPE_SCALE = 1,
    DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT = 2,
} DML_QUANTIZATION_TYPE;
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * Operator descs
 * ------------------------------------------------------------------------------------------------------------- */

/* Desc points to the DML_<NAME>_OPERATOR_DESC of the operator named by Type. */
typedef struct DML_OPERATOR_DESC {
    DML_OPERATOR_TYPE Type;
    const void* Desc;
} DML_OPERATOR_DESC;

/* One struct per operator, fields in DirectML's order. Tensor fields point to one DML_TENSOR_DESC, or, for the
 * arrays (JOIN InputTensors, SPLIT OutputTensors, QUANTIZE/DEQUANTIZE QuantizationTensors), to the count given by the
 * field before. Input tensors bind in field order through BindInputs, output tensors through BindOutputs; optional
 * tensors may be NULL. A FusedActivation desc has NULL InputTensor and OutputTensor. ActivationDescs (RNN, LSTM,
 * GRU) is an array of ActivationDescCount DML_OPERATOR_DESC structs. */

typedef struct DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ABS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ABS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ACOS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ACOS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ADD_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_ADD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ASIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ASIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ATAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ATAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CEIL_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_CEIL_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
    FLOAT Min;
    FLOAT Max;
} DML_ELEMENT_WISE_CLIP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_COS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_COS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_DIVIDE_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_EXP_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_EXP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_FLOOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOG_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_LOG_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_AND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_EQUALS_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_NOT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_OR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_XOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MAX_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MEAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MEAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MULTIPLY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_POW_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ExponentTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_POW_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
    FLOAT Exponent;
} DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_RECIP_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_RECIP_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_SIN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SQRT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_SQRT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_SUBTRACT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_TAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_TAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
    FLOAT Min;
} DML_ELEMENT_WISE_THRESHOLD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* ZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* ZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC;

typedef struct DML_ACTIVATION_ELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_ELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARDMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_HARDMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_HARD_SIGMOID_OPERATOR_DESC;

typedef struct DML_ACTIVATION_IDENTITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_IDENTITY_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_LEAKY_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_LINEAR_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_LOG_SOFTMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* SlopeTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_PARAMETRIC_SOFTPLUS_OPERATOR_DESC;

typedef struct DML_ACTIVATION_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_RELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Gamma;
} DML_ACTIVATION_SCALED_ELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_SCALED_TANH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SIGMOID_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_SIGMOID_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_SOFTMAX_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Steepness;
} DML_ACTIVATION_SOFTPLUS_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC;

typedef struct DML_ACTIVATION_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_TANH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_THRESHOLDED_RELU_OPERATOR_DESC;

typedef struct DML_CONVOLUTION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* FilterTensor;
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    DML_CONVOLUTION_MODE Mode;
    DML_CONVOLUTION_DIRECTION Direction;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* Dilations;
    const UINT* StartPadding;
    const UINT* EndPadding;
    const UINT* OutputPadding;
    UINT GroupCount;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_CONVOLUTION_OPERATOR_DESC;

typedef struct DML_GEMM_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* CTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    DML_MATRIX_TRANSFORM TransA;
    DML_MATRIX_TRANSFORM TransB;
    FLOAT Alpha;
    FLOAT Beta;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_GEMM_OPERATOR_DESC;

typedef struct DML_REDUCE_OPERATOR_DESC {
    DML_REDUCE_FUNCTION Function;
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
} DML_REDUCE_OPERATOR_DESC;

typedef struct DML_AVERAGE_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    BOOL IncludePadding;
} DML_AVERAGE_POOLING_OPERATOR_DESC;

typedef struct DML_LP_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    UINT P;
} DML_LP_POOLING_OPERATOR_DESC;

typedef struct DML_MAX_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_MAX_POOLING_OPERATOR_DESC;

typedef struct DML_ROI_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT SpatialScale;
    DML_SIZE_2D PooledSize;
} DML_ROI_POOLING_OPERATOR_DESC;

typedef struct DML_SLICE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Offsets;
    const UINT* Sizes;
    const UINT* Strides;
} DML_SLICE_OPERATOR_DESC;

typedef struct DML_CAST_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_CAST_OPERATOR_DESC;

typedef struct DML_SPLIT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    UINT OutputCount;
    const DML_TENSOR_DESC* OutputTensors; /* array of output tensor descs */
    UINT Axis;
} DML_SPLIT_OPERATOR_DESC;

typedef struct DML_JOIN_OPERATOR_DESC {
    UINT InputCount;
    const DML_TENSOR_DESC* InputTensors; /* array of input tensor descs */
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_JOIN_OPERATOR_DESC;

typedef struct DML_PADDING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_PADDING_MODE PaddingMode;
    FLOAT PaddingValue;
    UINT DimensionCount;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_PADDING_OPERATOR_DESC;

typedef struct DML_VALUE_SCALE_2D_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Scale;
    UINT ChannelCount;
    const FLOAT* Bias;
} DML_VALUE_SCALE_2D_OPERATOR_DESC;

typedef struct DML_UPSAMPLE_2D_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_SIZE_2D ScaleSize;
    DML_INTERPOLATION_MODE InterpolationMode;
} DML_UPSAMPLE_2D_OPERATOR_DESC;

typedef struct DML_GATHER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    UINT IndexDimensions;
} DML_GATHER_OPERATOR_DESC;

typedef struct DML_SPACE_TO_DEPTH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
} DML_SPACE_TO_DEPTH_OPERATOR_DESC;

typedef struct DML_DEPTH_TO_SPACE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
} DML_DEPTH_TO_SPACE_OPERATOR_DESC;

typedef struct DML_TILE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT RepeatsCount;
    const UINT* Repeats;
} DML_TILE_OPERATOR_DESC;

typedef struct DML_TOP_K_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputValueTensor;
    const DML_TENSOR_DESC* OutputIndexTensor;
    UINT Axis;
    UINT K;
} DML_TOP_K_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* MeanTensor;
    const DML_TENSOR_DESC* VarianceTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* OutputTensor;
    BOOL Spatial;
    FLOAT Epsilon;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_BATCH_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor; /* optional */
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    BOOL CrossChannel;
    BOOL NormalizeVariance;
    FLOAT Epsilon;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_MEAN_VARIANCE_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    BOOL CrossChannel;
    UINT LocalSize;
    FLOAT Alpha;
    FLOAT Beta;
    FLOAT Bias;
} DML_LOCAL_RESPONSE_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_LP_NORMALIZATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    FLOAT Epsilon;
    UINT P;
} DML_LP_NORMALIZATION_OPERATOR_DESC;

typedef struct DML_RNN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* WeightTensor;
    const DML_TENSOR_DESC* RecurrenceTensor;
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* HiddenInitTensor; /* optional */
    const DML_TENSOR_DESC* SequenceLengthsTensor; /* optional */
    const DML_TENSOR_DESC* OutputSequenceTensor; /* optional */
    const DML_TENSOR_DESC* OutputSingleTensor; /* optional */
    UINT ActivationDescCount;
    const DML_OPERATOR_DESC* ActivationDescs;
    DML_RECURRENT_NETWORK_DIRECTION Direction;
} DML_RNN_OPERATOR_DESC;

typedef struct DML_LSTM_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* WeightTensor;
    const DML_TENSOR_DESC* RecurrenceTensor;
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* HiddenInitTensor; /* optional */
    const DML_TENSOR_DESC* CellMemInitTensor; /* optional */
    const DML_TENSOR_DESC* SequenceLengthsTensor; /* optional */
    const DML_TENSOR_DESC* PeepholeTensor; /* optional */
    const DML_TENSOR_DESC* OutputSequenceTensor; /* optional */
    const DML_TENSOR_DESC* OutputSingleTensor; /* optional */
    const DML_TENSOR_DESC* OutputCellSingleTensor; /* optional */
    UINT ActivationDescCount;
    const DML_OPERATOR_DESC* ActivationDescs;
    DML_RECURRENT_NETWORK_DIRECTION Direction;
    FLOAT ClipThreshold;
    BOOL UseClipThreshold;
    BOOL CoupleInputForget;
} DML_LSTM_OPERATOR_DESC;

typedef struct DML_GRU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* WeightTensor;
    const DML_TENSOR_DESC* RecurrenceTensor;
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* HiddenInitTensor; /* optional */
    const DML_TENSOR_DESC* SequenceLengthsTensor; /* optional */
    const DML_TENSOR_DESC* OutputSequenceTensor; /* optional */
    const DML_TENSOR_DESC* OutputSingleTensor; /* optional */
    UINT ActivationDescCount;
    const DML_OPERATOR_DESC* ActivationDescs;
    DML_RECURRENT_NETWORK_DIRECTION Direction;
    BOOL LinearBeforeReset;
} DML_GRU_OPERATOR_DESC;

#if DML_TARGET_VERSION >= 0x2000
typedef struct DML_ELEMENT_WISE_SIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_SIGN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_IS_NAN_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ERF_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ERF_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_SINH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_SINH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_COSH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_COSH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_TANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_TANH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ASINH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ASINH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ACOSH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ATANH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
} DML_ELEMENT_WISE_ATANH_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IF_OPERATOR_DESC {
    const DML_TENSOR_DESC* ConditionTensor;
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_IF_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ADD1_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_ELEMENT_WISE_ADD1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SHRINK_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Bias;
    FLOAT Threshold;
} DML_ACTIVATION_SHRINK_OPERATOR_DESC;

typedef struct DML_MAX_POOLING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputIndicesTensor; /* optional */
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_MAX_POOLING1_OPERATOR_DESC;

typedef struct DML_MAX_UNPOOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_MAX_UNPOOLING_OPERATOR_DESC;

typedef struct DML_DIAGONAL_MATRIX_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    INT Offset;
    FLOAT Value;
} DML_DIAGONAL_MATRIX_OPERATOR_DESC;

typedef struct DML_SCATTER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_SCATTER_OPERATOR_DESC;
#if DML_TARGET_VERSION >= 0x2100
typedef DML_SCATTER_OPERATOR_DESC DML_SCATTER_ELEMENTS_OPERATOR_DESC;
#endif

typedef struct DML_ONE_HOT_OPERATOR_DESC {
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* ValuesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_ONE_HOT_OPERATOR_DESC;

typedef struct DML_RESAMPLE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    UINT ScaleCount;
    const FLOAT* Scales;
} DML_RESAMPLE_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x2100
typedef struct DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_SHIFT_LEFT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_SHIFT_RIGHT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_ROUND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_ROUNDING_MODE RoundingMode;
} DML_ELEMENT_WISE_ROUND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_IS_INFINITY_MODE InfinityMode;
} DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MODULUS_TRUNCATE_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_MODULUS_FLOOR_OPERATOR_DESC;

typedef struct DML_FILL_VALUE_CONSTANT_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION Value;
} DML_FILL_VALUE_CONSTANT_OPERATOR_DESC;

typedef struct DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC {
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION ValueStart;
    DML_SCALAR_UNION ValueDelta;
} DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC;

typedef struct DML_CUMULATIVE_SUMMATION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveSum;
} DML_CUMULATIVE_SUMMATION_OPERATOR_DESC;

typedef struct DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* SequenceLengthsTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC;

typedef struct DML_GATHER_ELEMENTS_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
} DML_GATHER_ELEMENTS_OPERATOR_DESC;

typedef struct DML_GATHER_ND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
} DML_GATHER_ND_OPERATOR_DESC;

typedef struct DML_SCATTER_ND_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* UpdatesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
} DML_SCATTER_ND_OPERATOR_DESC;

typedef struct DML_MAX_POOLING2_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputIndicesTensor; /* optional */
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    const UINT* Dilations;
} DML_MAX_POOLING2_OPERATOR_DESC;

typedef struct DML_SLICE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* InputWindowOffsets;
    const UINT* InputWindowSizes;
    const INT* InputWindowStrides;
} DML_SLICE1_OPERATOR_DESC;

typedef struct DML_TOP_K1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputValueTensor;
    const DML_TENSOR_DESC* OutputIndexTensor;
    UINT Axis;
    UINT K;
    DML_AXIS_DIRECTION AxisDirection;
} DML_TOP_K1_OPERATOR_DESC;

typedef struct DML_DEPTH_TO_SPACE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
    DML_DEPTH_SPACE_ORDER Order;
} DML_DEPTH_TO_SPACE1_OPERATOR_DESC;

typedef struct DML_SPACE_TO_DEPTH1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT BlockSize;
    DML_DEPTH_SPACE_ORDER Order;
} DML_SPACE_TO_DEPTH1_OPERATOR_DESC;

typedef struct DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor; /* optional */
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
    BOOL NormalizeVariance;
    FLOAT Epsilon;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_MEAN_VARIANCE_NORMALIZATION1_OPERATOR_DESC;

typedef struct DML_RESAMPLE1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    UINT DimensionCount;
    const FLOAT* Scales;
    const FLOAT* InputPixelOffsets;
    const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE1_OPERATOR_DESC;

typedef struct DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* AZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* BZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
} DML_MATRIX_MULTIPLY_INTEGER_OPERATOR_DESC;

typedef struct DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* AScaleTensor;
    const DML_TENSOR_DESC* AZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* BScaleTensor;
    const DML_TENSOR_DESC* BZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputScaleTensor;
    const DML_TENSOR_DESC* OutputZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
} DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY_OPERATOR_DESC;

typedef struct DML_CONVOLUTION_INTEGER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* FilterTensor;
    const DML_TENSOR_DESC* FilterZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* Dilations;
    const UINT* StartPadding;
    const UINT* EndPadding;
    UINT GroupCount;
} DML_CONVOLUTION_INTEGER_OPERATOR_DESC;

typedef struct DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputScaleTensor;
    const DML_TENSOR_DESC* InputZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* FilterTensor;
    const DML_TENSOR_DESC* FilterScaleTensor;
    const DML_TENSOR_DESC* FilterZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* OutputScaleTensor;
    const DML_TENSOR_DESC* OutputZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* Dilations;
    const UINT* StartPadding;
    const UINT* EndPadding;
    UINT GroupCount;
} DML_QUANTIZED_LINEAR_CONVOLUTION_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x3000
typedef struct DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_AND_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_OR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_XOR_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_NOT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_BIT_COUNT_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL_OPERATOR_DESC;

typedef struct DML_ACTIVATION_CELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
} DML_ACTIVATION_CELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
} DML_ACTIVATION_RELU_GRAD_OPERATOR_DESC;

typedef struct DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    BOOL IncludePadding;
} DML_AVERAGE_POOLING_GRAD_OPERATOR_DESC;

typedef struct DML_MAX_POOLING_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    const UINT* Dilations;
} DML_MAX_POOLING_GRAD_OPERATOR_DESC;

typedef struct DML_RANDOM_GENERATOR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputStateTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputStateTensor; /* optional */
    DML_RANDOM_GENERATOR_TYPE Type;
} DML_RANDOM_GENERATOR_OPERATOR_DESC;

typedef struct DML_NONZERO_COORDINATES_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputCountTensor;
    const DML_TENSOR_DESC* OutputCoordinatesTensor;
} DML_NONZERO_COORDINATES_OPERATOR_DESC;

typedef struct DML_RESAMPLE_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    UINT DimensionCount;
    const FLOAT* Scales;
    const FLOAT* InputPixelOffsets;
    const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE_GRAD_OPERATOR_DESC;

typedef struct DML_SLICE_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    UINT DimensionCount;
    const UINT* InputWindowOffsets;
    const UINT* InputWindowSizes;
    const INT* InputWindowStrides;
} DML_SLICE_GRAD_OPERATOR_DESC;

typedef struct DML_ADAM_OPTIMIZER_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputParametersTensor;
    const DML_TENSOR_DESC* InputFirstMomentTensor;
    const DML_TENSOR_DESC* InputSecondMomentTensor;
    const DML_TENSOR_DESC* GradientTensor;
    const DML_TENSOR_DESC* TrainingStepTensor;
    const DML_TENSOR_DESC* OutputParametersTensor;
    const DML_TENSOR_DESC* OutputFirstMomentTensor;
    const DML_TENSOR_DESC* OutputSecondMomentTensor;
    FLOAT LearningRate;
    FLOAT Beta1;
    FLOAT Beta2;
    FLOAT Epsilon;
} DML_ADAM_OPTIMIZER_OPERATOR_DESC;

typedef struct DML_ARGMIN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
    DML_AXIS_DIRECTION AxisDirection;
} DML_ARGMIN_OPERATOR_DESC;

typedef struct DML_ARGMAX_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
    DML_AXIS_DIRECTION AxisDirection;
} DML_ARGMAX_OPERATOR_DESC;

typedef struct DML_ROI_ALIGN_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* BatchIndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_REDUCE_FUNCTION ReductionFunction;
    DML_INTERPOLATION_MODE InterpolationMode;
    FLOAT SpatialScaleX;
    FLOAT SpatialScaleY;
    FLOAT OutOfBoundsInputValue;
    UINT MinimumSamplesPerOutput;
    UINT MaximumSamplesPerOutput;
} DML_ROI_ALIGN_OPERATOR_DESC;

typedef struct DML_GATHER_ND1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* IndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT InputDimensionCount;
    UINT IndicesDimensionCount;
    UINT BatchDimensionCount;
} DML_GATHER_ND1_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x3100
typedef struct DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_ATAN_YX_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    FLOAT Min;
    FLOAT Max;
} DML_ELEMENT_WISE_CLIP_GRAD_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_DIFFERENCE_SQUARE_OPERATOR_DESC;

typedef struct DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    BOOL CrossChannel;
    UINT LocalSize;
    FLOAT Alpha;
    FLOAT Beta;
    FLOAT Bias;
} DML_LOCAL_RESPONSE_NORMALIZATION_GRAD_OPERATOR_DESC;

typedef struct DML_CUMULATIVE_PRODUCT_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT Axis;
    DML_AXIS_DIRECTION AxisDirection;
    BOOL HasExclusiveProduct;
} DML_CUMULATIVE_PRODUCT_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* MeanTensor;
    const DML_TENSOR_DESC* VarianceTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    const DML_TENSOR_DESC* OutputScaleGradientTensor;
    const DML_TENSOR_DESC* OutputBiasGradientTensor;
    FLOAT Epsilon;
} DML_BATCH_NORMALIZATION_GRAD_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x4000
typedef struct DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* AScaleTensor;
    const DML_TENSOR_DESC* AZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* BScaleTensor;
    const DML_TENSOR_DESC* BZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputScaleTensor;
    const DML_TENSOR_DESC* OutputZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC;

typedef struct DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputScaleTensor;
    const DML_TENSOR_DESC* OutputZeroPointTensor;
} DML_DYNAMIC_QUANTIZE_LINEAR_OPERATOR_DESC;

typedef struct DML_ROI_ALIGN1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* BatchIndicesTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_REDUCE_FUNCTION ReductionFunction;
    DML_INTERPOLATION_MODE InterpolationMode;
    FLOAT SpatialScaleX;
    FLOAT SpatialScaleY;
    FLOAT InputPixelOffset;
    FLOAT OutputPixelOffset;
    FLOAT OutOfBoundsInputValue;
    UINT MinimumSamplesPerOutput;
    UINT MaximumSamplesPerOutput;
    BOOL AlignRegionsToCorners;
} DML_ROI_ALIGN1_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x4100
typedef struct DML_ROI_ALIGN_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor; /* optional */
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* ROITensor;
    const DML_TENSOR_DESC* BatchIndicesTensor;
    const DML_TENSOR_DESC* OutputGradientTensor; /* optional */
    const DML_TENSOR_DESC* OutputROIGradientTensor; /* optional */
    DML_REDUCE_FUNCTION ReductionFunction;
    DML_INTERPOLATION_MODE InterpolationMode;
    FLOAT SpatialScaleX;
    FLOAT SpatialScaleY;
    FLOAT InputPixelOffset;
    FLOAT OutputPixelOffset;
    UINT MinimumSamplesPerOutput;
    UINT MaximumSamplesPerOutput;
    BOOL AlignRegionsToCorners;
} DML_ROI_ALIGN_GRAD_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* BiasTensor;
    const DML_TENSOR_DESC* FusedAddTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputMeanTensor;
    const DML_TENSOR_DESC* OutputVarianceTensor;
    FLOAT Epsilon;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_BATCH_NORMALIZATION_TRAINING_OPERATOR_DESC;

typedef struct DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* MeanTensor;
    const DML_TENSOR_DESC* VarianceTensor;
    const DML_TENSOR_DESC* ScaleTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    const DML_TENSOR_DESC* OutputScaleGradientTensor;
    const DML_TENSOR_DESC* OutputBiasGradientTensor;
    FLOAT Epsilon;
} DML_BATCH_NORMALIZATION_TRAINING_GRAD_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x5000
typedef struct DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    const DML_SCALE_BIAS* ScaleBias; /* optional */
    DML_TENSOR_DATA_TYPE MinMaxDataType;
    DML_SCALAR_UNION Min;
    DML_SCALAR_UNION Max;
} DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    DML_TENSOR_DATA_TYPE MinMaxDataType;
    DML_SCALAR_UNION Min;
    DML_SCALAR_UNION Max;
} DML_ELEMENT_WISE_CLIP_GRAD1_OPERATOR_DESC;

typedef struct DML_PADDING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_PADDING_MODE PaddingMode;
    DML_TENSOR_DATA_TYPE PaddingValueDataType;
    DML_SCALAR_UNION PaddingValue;
    UINT DimensionCount;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_PADDING1_OPERATOR_DESC;

typedef struct DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ELEMENT_WISE_NEGATE_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x5100
typedef struct DML_ACTIVATION_GELU_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
} DML_ACTIVATION_GELU_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
} DML_ACTIVATION_SOFTMAX1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
} DML_ACTIVATION_LOG_SOFTMAX1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARDMAX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
} DML_ACTIVATION_HARDMAX1_OPERATOR_DESC;

typedef struct DML_RESAMPLE2_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    DML_AXIS_DIRECTION RoundingDirection;
    UINT DimensionCount;
    const FLOAT* Scales;
    const FLOAT* InputPixelOffsets;
    const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE2_OPERATOR_DESC;

typedef struct DML_RESAMPLE_GRAD1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputGradientTensor;
    const DML_TENSOR_DESC* OutputGradientTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    DML_AXIS_DIRECTION RoundingDirection;
    UINT DimensionCount;
    const FLOAT* Scales;
    const FLOAT* InputPixelOffsets;
    const FLOAT* OutputPixelOffsets;
} DML_RESAMPLE_GRAD1_OPERATOR_DESC;

typedef struct DML_DIAGONAL_MATRIX1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    DML_TENSOR_DATA_TYPE ValueDataType;
    DML_SCALAR_UNION Value;
    INT DiagonalFillBegin;
    INT DiagonalFillEnd;
} DML_DIAGONAL_MATRIX1_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x6100
typedef struct DML_MULTIHEAD_ATTENTION_OPERATOR_DESC {
    const DML_TENSOR_DESC* QueryTensor; /* optional */
    const DML_TENSOR_DESC* KeyTensor; /* optional */
    const DML_TENSOR_DESC* ValueTensor; /* optional */
    const DML_TENSOR_DESC* StackedQueryKeyTensor; /* optional */
    const DML_TENSOR_DESC* StackedKeyValueTensor; /* optional */
    const DML_TENSOR_DESC* StackedQueryKeyValueTensor; /* optional */
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* MaskTensor; /* optional */
    const DML_TENSOR_DESC* RelativePositionBiasTensor; /* optional */
    const DML_TENSOR_DESC* PastKeyTensor; /* optional */
    const DML_TENSOR_DESC* PastValueTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputPresentKeyTensor; /* optional */
    const DML_TENSOR_DESC* OutputPresentValueTensor; /* optional */
    FLOAT Scale;
    FLOAT MaskFilterValue;
    UINT HeadCount;
    DML_MULTIHEAD_ATTENTION_MASK_TYPE MaskType;
} DML_MULTIHEAD_ATTENTION_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x6200
typedef struct DML_LP_POOLING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    const UINT* Dilations;
    UINT P;
} DML_LP_POOLING1_OPERATOR_DESC;

typedef struct DML_AVERAGE_POOLING1_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    const UINT* Dilations;
    BOOL IncludePadding;
} DML_AVERAGE_POOLING1_OPERATOR_DESC;

typedef struct DML_ACTIVATION_SWISH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT SigmoidInputScale;
} DML_ACTIVATION_SWISH_OPERATOR_DESC;

typedef struct DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    FLOAT Alpha;
    FLOAT Beta;
} DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC;

typedef struct DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* InputScaleTensor;
    const DML_TENSOR_DESC* InputZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputScaleTensor;
    const DML_TENSOR_DESC* OutputZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* Strides;
    const UINT* WindowSize;
    const UINT* StartPadding;
    const UINT* EndPadding;
    const UINT* Dilations;
    BOOL IncludePadding;
} DML_QUANTIZED_LINEAR_AVERAGE_POOLING_OPERATOR_DESC;

typedef struct DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC {
    const DML_TENSOR_DESC* ATensor;
    const DML_TENSOR_DESC* AScaleTensor;
    const DML_TENSOR_DESC* AZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* BTensor;
    const DML_TENSOR_DESC* BScaleTensor;
    const DML_TENSOR_DESC* BZeroPointTensor; /* optional */
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
} DML_MATRIX_MULTIPLY_INTEGER_TO_FLOAT_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x6300
typedef struct DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* ScaleTensor; /* optional */
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    UINT AxisCount;
    const UINT* Axes;
    BOOL UseMean;
    BOOL UseVariance;
    FLOAT Epsilon;
    const DML_OPERATOR_DESC* FusedActivation; /* optional */
} DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC;

typedef struct DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC {
    const DML_TENSOR_DESC* QueryTensor; /* optional */
    const DML_TENSOR_DESC* KeyTensor; /* optional */
    const DML_TENSOR_DESC* ValueTensor; /* optional */
    const DML_TENSOR_DESC* StackedQueryKeyTensor; /* optional */
    const DML_TENSOR_DESC* StackedKeyValueTensor; /* optional */
    const DML_TENSOR_DESC* StackedQueryKeyValueTensor; /* optional */
    const DML_TENSOR_DESC* BiasTensor; /* optional */
    const DML_TENSOR_DESC* MaskTensor; /* optional */
    const DML_TENSOR_DESC* RelativePositionBiasTensor; /* optional */
    const DML_TENSOR_DESC* PastKeyTensor; /* optional */
    const DML_TENSOR_DESC* PastValueTensor; /* optional */
    const DML_TENSOR_DESC* PastSequenceLengthsTensor; /* optional */
    const DML_TENSOR_DESC* OutputTensor;
    const DML_TENSOR_DESC* OutputPresentKeyTensor; /* optional */
    const DML_TENSOR_DESC* OutputPresentValueTensor; /* optional */
    FLOAT Scale;
    FLOAT MaskFilterValue;
    UINT QueryHeadCount;
    UINT KeyValueHeadCount;
    DML_MULTIHEAD_ATTENTION_MASK_TYPE MaskType;
} DML_MULTIHEAD_ATTENTION1_OPERATOR_DESC;

typedef struct DML_QUANTIZE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    DML_QUANTIZATION_TYPE QuantizationType;
    UINT QuantizationTensorCount;
    const DML_TENSOR_DESC* QuantizationTensors; /* array of input tensor descs */
    const DML_TENSOR_DESC* OutputTensor;
} DML_QUANTIZE_OPERATOR_DESC;

typedef struct DML_DEQUANTIZE_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    DML_QUANTIZATION_TYPE QuantizationType;
    UINT QuantizationTensorCount;
    const DML_TENSOR_DESC* QuantizationTensors; /* array of input tensor descs */
    const DML_TENSOR_DESC* OutputTensor;
} DML_DEQUANTIZE_OPERATOR_DESC;

#endif
#if DML_TARGET_VERSION >= 0x6400
typedef struct DML_RESAMPLE3_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    DML_INTERPOLATION_MODE InterpolationMode;
    DML_AXIS_DIRECTION RoundingDirection;
    UINT DimensionCount;
    const FLOAT* Scales;
    const FLOAT* InputPixelOffsets;
    const FLOAT* OutputPixelOffsets;
    BOOL Antialiased;
} DML_RESAMPLE3_OPERATOR_DESC;

typedef struct DML_FOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* WindowSizes;
    const UINT* Strides;
    const UINT* Dilations;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_FOLD_OPERATOR_DESC;

typedef struct DML_UNFOLD_OPERATOR_DESC {
    const DML_TENSOR_DESC* InputTensor;
    const DML_TENSOR_DESC* OutputTensor;
    UINT DimensionCount;
    const UINT* WindowSizes;
    const UINT* Strides;
    const UINT* Dilations;
    const UINT* StartPadding;
    const UINT* EndPadding;
} DML_UNFOLD_OPERATOR_DESC;

#endif
/* ---------------------------------------------------------------------------------------------------------------
 * Feature support
 * ------------------------------------------------------------------------------------------------------------- */

#if DML_TARGET_VERSION >= 0x2000
typedef enum DML_FEATURE_LEVEL {
    DML_FEATURE_LEVEL_1_0 = 0x1000,
    DML_FEATURE_LEVEL_2_0 = 0x2000,
    DML_FEATURE_LEVEL_2_1 = 0x2100,
    DML_FEATURE_LEVEL_3_0 = 0x3000,
    DML_FEATURE_LEVEL_3_1 = 0x3100,
    DML_FEATURE_LEVEL_4_0 = 0x4000,
    DML_FEATURE_LEVEL_4_1 = 0x4100,
    DML_FEATURE_LEVEL_5_0 = 0x5000,
    DML_FEATURE_LEVEL_5_1 = 0x5100,
    DML_FEATURE_LEVEL_5_2 = 0x5200,
    DML_FEATURE_LEVEL_6_0 = 0x6000,
    DML_FEATURE_LEVEL_6_1 = 0x6100,
    DML_FEATURE_LEVEL_6_2 = 0x6200,
    DML_FEATURE_LEVEL_6_3 = 0x6300,
    DML_FEATURE_LEVEL_6_4 = 0x6400,
} DML_FEATURE_LEVEL;
#endif

typedef enum DML_FEATURE {
    DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT = 0,
#if DML_TARGET_VERSION >= 0x2000
    DML_FEATURE_FEATURE_LEVELS = 1,
#endif
} DML_FEATURE;

typedef struct DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT {
    DML_TENSOR_DATA_TYPE DataType;
} DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT;

typedef struct DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT {
    BOOL IsSupported;
} DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT;

#if DML_TARGET_VERSION >= 0x2000
typedef struct DML_FEATURE_QUERY_FEATURE_LEVELS {
    UINT RequestedFeatureLevelCount;
    const DML_FEATURE_LEVEL* RequestedFeatureLevels;
} DML_FEATURE_QUERY_FEATURE_LEVELS;

/* The highest of the requested levels that the device supports. */
typedef struct DML_FEATURE_DATA_FEATURE_LEVELS {
    DML_FEATURE_LEVEL MaxSupportedFeatureLevel;
} DML_FEATURE_DATA_FEATURE_LEVELS;
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * Graphs
 * ------------------------------------------------------------------------------------------------------------- */

#if DML_TARGET_VERSION >= 0x2100

typedef enum DML_GRAPH_EDGE_TYPE {
    DML_GRAPH_EDGE_TYPE_INVALID = 0,
    DML_GRAPH_EDGE_TYPE_INPUT = 1,
    DML_GRAPH_EDGE_TYPE_OUTPUT = 2,
    DML_GRAPH_EDGE_TYPE_INTERMEDIATE = 3,
} DML_GRAPH_EDGE_TYPE;

typedef struct DML_GRAPH_EDGE_DESC {
    DML_GRAPH_EDGE_TYPE Type;
    const void* Desc; /* DML_INPUT_, DML_OUTPUT_ or DML_INTERMEDIATE_GRAPH_EDGE_DESC */
} DML_GRAPH_EDGE_DESC;

typedef struct DML_INPUT_GRAPH_EDGE_DESC {
    UINT GraphInputIndex;
    UINT ToNodeIndex;
    UINT ToNodeInputIndex;
    const char* Name; /* optional */
} DML_INPUT_GRAPH_EDGE_DESC;

typedef struct DML_OUTPUT_GRAPH_EDGE_DESC {
    UINT FromNodeIndex;
    UINT FromNodeOutputIndex;
    UINT GraphOutputIndex;
    const char* Name; /* optional */
} DML_OUTPUT_GRAPH_EDGE_DESC;

typedef struct DML_INTERMEDIATE_GRAPH_EDGE_DESC {
    UINT FromNodeIndex;
    UINT FromNodeOutputIndex;
    UINT ToNodeIndex;
    UINT ToNodeInputIndex;
    const char* Name; /* optional */
} DML_INTERMEDIATE_GRAPH_EDGE_DESC;

typedef enum DML_GRAPH_NODE_TYPE {
    DML_GRAPH_NODE_TYPE_INVALID = 0,
    DML_GRAPH_NODE_TYPE_OPERATOR = 1,
#if DML_TARGET_VERSION >= 0x6200
    DML_GRAPH_NODE_TYPE_CONSTANT = 2,
#endif
} DML_GRAPH_NODE_TYPE;

typedef struct DML_GRAPH_NODE_DESC {
    DML_GRAPH_NODE_TYPE Type;
    const void* Desc; /* DML_OPERATOR_GRAPH_NODE_DESC or DML_CONSTANT_DATA_GRAPH_NODE_DESC */
} DML_GRAPH_NODE_DESC;

typedef struct DML_OPERATOR_GRAPH_NODE_DESC {
    VKDML_DML_OPERATOR_FIELD Operator; /* IDMLOperator* in DirectML */
    const char* Name;       /* optional */
} DML_OPERATOR_GRAPH_NODE_DESC;

#if DML_TARGET_VERSION >= 0x6200
typedef struct DML_CONSTANT_DATA_GRAPH_NODE_DESC {
    const void* Data;
    SIZE_T DataSize;
    const char* Name; /* optional */
} DML_CONSTANT_DATA_GRAPH_NODE_DESC;
#endif

typedef struct DML_GRAPH_DESC {
    UINT InputCount;
    UINT OutputCount;
    UINT NodeCount;
    const DML_GRAPH_NODE_DESC* Nodes;
    UINT InputEdgeCount;
    const DML_GRAPH_EDGE_DESC* InputEdges; /* optional */
    UINT OutputEdgeCount;
    const DML_GRAPH_EDGE_DESC* OutputEdges;
    UINT IntermediateEdgeCount;
    const DML_GRAPH_EDGE_DESC* IntermediateEdges; /* optional */
} DML_GRAPH_DESC;

#endif /* DML_TARGET_VERSION >= 0x2100 */

/* ---------------------------------------------------------------------------------------------------------------
 * Devices, compilation, binding
 * ------------------------------------------------------------------------------------------------------------- */

typedef enum DML_EXECUTION_FLAGS {
    DML_EXECUTION_FLAG_NONE = 0,
    DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION = 0x1,
    DML_EXECUTION_FLAG_DISABLE_META_COMMANDS = 0x2,
    DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE = 0x4,
} DML_EXECUTION_FLAGS;

typedef enum DML_CREATE_DEVICE_FLAGS {
    DML_CREATE_DEVICE_FLAG_NONE = 0,
    DML_CREATE_DEVICE_FLAG_DEBUG = 0x1,
} DML_CREATE_DEVICE_FLAGS;

/* What a dispatchable needs bound (IDMLDispatchable::GetBindingProperties). Sizes of 0 mean "not needed". */
typedef struct DML_BINDING_PROPERTIES {
    UINT RequiredDescriptorCount;
    UINT64 TemporaryResourceSize;
    UINT64 PersistentResourceSize;
} DML_BINDING_PROPERTIES;

typedef struct DML_BINDING_TABLE_DESC {
    VKDML_DML_DISPATCHABLE_FIELD Dispatchable; /* IDMLDispatchable* in DirectML */
    D3D12_CPU_DESCRIPTOR_HANDLE CPUDescriptorHandle;
    D3D12_GPU_DESCRIPTOR_HANDLE GPUDescriptorHandle;
    UINT SizeInDescriptors;
} DML_BINDING_TABLE_DESC;

typedef enum DML_BINDING_TYPE {
    DML_BINDING_TYPE_NONE = 0,
    DML_BINDING_TYPE_BUFFER = 1,       /* Desc: const DML_BUFFER_BINDING* */
    DML_BINDING_TYPE_BUFFER_ARRAY = 2, /* Desc: const DML_BUFFER_ARRAY_BINDING* */
} DML_BINDING_TYPE;

typedef struct DML_BINDING_DESC {
    DML_BINDING_TYPE Type;
    const void* Desc; /* may be NULL for DML_BINDING_TYPE_NONE */
} DML_BINDING_DESC;

/* A byte range of a buffer. Offset must be a multiple of DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT for tensors and of
 * 256 for temporary and persistent resources. */
typedef struct DML_BUFFER_BINDING {
    VKDML_DML_BUFFER_FIELD Buffer; /* ID3D12Resource* in DirectML; may be NULL */
    UINT64 Offset;
    UINT64 SizeInBytes;
} DML_BUFFER_BINDING;

typedef struct DML_BUFFER_ARRAY_BINDING {
    UINT BindingCount;
    const DML_BUFFER_BINDING* Bindings;
} DML_BUFFER_ARRAY_BINDING;

#ifdef __cplusplus
} /* extern "C" */

/* C++: bitwise operators for the flag enums, as DirectML.h gets them from DEFINE_ENUM_FLAG_OPERATORS. */
#if defined(DEFINE_ENUM_FLAG_OPERATORS)
DEFINE_ENUM_FLAG_OPERATORS(DML_TENSOR_FLAGS)
DEFINE_ENUM_FLAG_OPERATORS(DML_EXECUTION_FLAGS)
DEFINE_ENUM_FLAG_OPERATORS(DML_CREATE_DEVICE_FLAGS)
#else
#define VKDML_ENUM_FLAG_OPERATORS_(T)                                                          \
    inline constexpr T operator|(T a, T b) noexcept {                                          \
        return static_cast<T>(static_cast<int>(a) | static_cast<int>(b));                      \
    }                                                                                          \
    inline constexpr T operator&(T a, T b) noexcept {                                          \
        return static_cast<T>(static_cast<int>(a) & static_cast<int>(b));                      \
    }                                                                                          \
    inline constexpr T operator^(T a, T b) noexcept {                                          \
        return static_cast<T>(static_cast<int>(a) ^ static_cast<int>(b));                      \
    }                                                                                          \
    inline constexpr T operator~(T a) noexcept { return static_cast<T>(~static_cast<int>(a)); } \
    inline constexpr T& operator|=(T& a, T b) noexcept { return a = a | b; }                   \
    inline constexpr T& operator&=(T& a, T b) noexcept { return a = a & b; }                   \
    inline constexpr T& operator^=(T& a, T b) noexcept { return a = a ^ b; }
VKDML_ENUM_FLAG_OPERATORS_(DML_TENSOR_FLAGS)
VKDML_ENUM_FLAG_OPERATORS_(DML_EXECUTION_FLAGS)
VKDML_ENUM_FLAG_OPERATORS_(DML_CREATE_DEVICE_FLAGS)
#undef VKDML_ENUM_FLAG_OPERATORS_
#endif

#endif /* __cplusplus */

#endif /* VKDML_DIRECTML_H_ */
