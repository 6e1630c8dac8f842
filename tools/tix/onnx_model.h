/* tix_io: reading ONNX one-node models (model.onnx) and tensors (TensorProto .pb files), as in
 * the ONNX node-test directories.
 *
 * The protobuf parsing is protobuf-c's, with tix's own subset of onnx.proto (onnx.proto in this
 * directory); the result is converted to the plain structs below, which own all their memory
 * and need nothing from protobuf-c.
 *
 * Tensors (TensorProto)
 * - dims: rank 0 (no dims: a scalar) to TIX_MAX_RANK, each >= 0, element count within int64.
 * - data_type: any tix dtype (ONNX numbers 1 to 20); others (UNDEFINED, INT4, ...) are errors.
 * - The data comes from raw_data (little-endian, exactly count * element size bytes; not for
 *   STRING) or from the typed field ONNX assigns to the dtype, holding exactly count values
 *   (2 * count for the complex types):
 *     float_data   FLOAT, COMPLEX64 (real, imaginary pairs)
 *     int32_data   INT32, INT16, INT8, UINT16, UINT8, BOOL, FLOAT16, BFLOAT16 and the four float8
 *                  types (the bit patterns in the low bits); values must fit the type (BOOL:
 *                  nonzero loads as 1)
 *     int64_data   INT64
 *     double_data  DOUBLE, COMPLEX128
 *     uint64_data  UINT32 (values must fit), UINT64
 *     string_data  STRING (each element a NUL-terminated copy owned by the loaded tensor)
 *   No data at all is valid only for an empty tensor. raw_data together with a typed field, a
 *   typed field that does not belong to the dtype, and external data (data_location EXTERNAL)
 *   are errors.
 * - The loaded tensor is dense row-major; tensor.data is never NULL.
 *
 * Every function returns 0 on success, or -1 with a message naming the file in
 * error[0..error_size) (error may be NULL), e.g.
 *   "output_0.pb: dims [2, 3] need 6 elements but float_data has 5".
 * On failure the output struct is left zeroed (nothing to free).
 */
#ifndef TIX_ONNX_MODEL_H
#define TIX_ONNX_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "io_tensor.h"
#include "tix.h"

/* AttributeProto.AttributeType values: the same numbers as tix_onnx_attribute_type of the ONNX
 * front end (tix_onnx.h), under names of their own so that both headers can be included
 * together. */
enum {
    TIX_MODEL_ATTRIBUTE_UNDEFINED = 0,
    TIX_MODEL_ATTRIBUTE_FLOAT = 1,
    TIX_MODEL_ATTRIBUTE_INT = 2,
    TIX_MODEL_ATTRIBUTE_STRING = 3,
    TIX_MODEL_ATTRIBUTE_TENSOR = 4,
    TIX_MODEL_ATTRIBUTE_GRAPH = 5,
    TIX_MODEL_ATTRIBUTE_FLOATS = 6,
    TIX_MODEL_ATTRIBUTE_INTS = 7,
    TIX_MODEL_ATTRIBUTE_STRINGS = 8,
    TIX_MODEL_ATTRIBUTE_TENSORS = 9,
    TIX_MODEL_ATTRIBUTE_GRAPHS = 10,
    TIX_MODEL_ATTRIBUTE_SPARSE_TENSOR = 11,
    TIX_MODEL_ATTRIBUTE_SPARSE_TENSORS = 12,
    TIX_MODEL_ATTRIBUTE_TYPE_PROTO = 13,
    TIX_MODEL_ATTRIBUTE_TYPE_PROTOS = 14
};

/* One node attribute. `type` is the AttributeProto's type field, or, when a (pre-IR-3) file
 * has none, inferred from the one value field present. Only the member for `type` is set:
 * FLOAT f; INT i; STRING s (s_size bytes, plus a NUL); TENSOR t; FLOATS floats; INTS ints;
 * STRINGS strings. Other types (graphs, sparse tensors, ...) carry no value here. */
typedef struct tix_model_attribute {
    char* name;
    int32_t type; /* TIX_MODEL_ATTRIBUTE_*; an int, so it converts to any enum of these values */
    float f;
    int64_t i;
    char* s; /* NULL unless STRING */
    size_t s_size;
    tix_loaded_tensor* t; /* NULL unless TENSOR */
    float* floats;
    size_t floats_count;
    int64_t* ints;
    size_t ints_count;
    char** strings; /* NUL-terminated copies */
    size_t strings_count;
} tix_model_attribute;

/* A graph input or output: its name and, when the model declares it, the tensor type. */
typedef struct tix_onnx_value_info {
    char* name;
    int32_t elem_type; /* TensorProto.DataType (== tix_dtype for 1..20); 0 if not declared */
    int32_t rank;      /* -1 when no shape is declared (or more than TIX_MAX_RANK dims) */
    int64_t dims[TIX_MAX_RANK]; /* -1 for a symbolic or unknown dimension */
} tix_onnx_value_info;

typedef struct tix_onnx_opset {
    char* domain; /* as in the file; "" for the default domain */
    int64_t version;
} tix_onnx_opset;

typedef struct tix_onnx_model {
    int64_t ir_version;  /* 0 when absent */
    /* Version of the default operator set (domain "" or "ai.onnx"); -1 when the model imports
     * none. */
    int64_t opset_version;
    tix_onnx_opset* opsets; /* every opset_import entry */
    size_t opsets_count;
    char* graph_name;

    /* The graph's single node. Absent optional inputs appear as "". */
    char* op_type;
    char* domain; /* "" for the default domain */
    char* node_name;
    char** node_inputs;
    size_t node_inputs_count;
    char** node_outputs;
    size_t node_outputs_count;
    tix_model_attribute* attributes;
    size_t attributes_count;

    tix_onnx_value_info* inputs; /* graph inputs, in order (may include initializers) */
    size_t inputs_count;
    tix_onnx_value_info* outputs;
    size_t outputs_count;
    tix_loaded_tensor* initializers; /* name set from TensorProto.name */
    size_t initializers_count;
} tix_onnx_model;

/* Loads a model file holding a graph of exactly one node. */
int tix_onnx_model_load(const char* path, tix_onnx_model* out, char* error, size_t error_size);
/* The same from bytes in memory; name (NULL: "<memory>") starts the messages. */
int tix_onnx_model_load_memory(const void* bytes, size_t size, const char* name,
                               tix_onnx_model* out, char* error, size_t error_size);
/* Frees what the model owns and zeroes it; NULL, zeroed and already freed structs are fine. */
void tix_onnx_model_free(tix_onnx_model* model);

/* The node's attribute called name, or NULL. */
const tix_model_attribute* tix_onnx_model_attribute(const tix_onnx_model* model,
                                                    const char* name);
/* The initializer called name, or NULL. */
const tix_loaded_tensor* tix_onnx_model_initializer(const tix_onnx_model* model,
                                                    const char* name);

/* Loads a serialized TensorProto (input_0.pb, output_0.pb, ...). out->name is its name. Free
 * with tix_loaded_tensor_free. */
int tix_onnx_tensor_load(const char* path, tix_loaded_tensor* out, char* error,
                         size_t error_size);
int tix_onnx_tensor_load_memory(const void* bytes, size_t size, const char* name,
                                tix_loaded_tensor* out, char* error, size_t error_size);

#endif /* TIX_ONNX_MODEL_H */
