/* tix_io: reading ONNX one-node models and TensorProto files (rules in onnx_model.h). */
#include "onnx_model.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_util.h"
#include "onnx.pb-c.h"

/* TensorProto.DataLocation.EXTERNAL */
#define ONNX_DATA_LOCATION_EXTERNAL 1

static char* onnx_strdup(const char* text) {
    if (text == NULL) {
        text = "";
    }
    size_t length = strlen(text);
    char* copy = malloc(length + 1);
    if (copy != NULL) {
        memcpy(copy, text, length + 1);
    }
    return copy;
}

static char* onnx_bytesdup(const uint8_t* bytes, size_t size) {
    char* copy = malloc(size + 1);
    if (copy != NULL) {
        if (size > 0) {
            memcpy(copy, bytes, size);
        }
        copy[size] = '\0';
    }
    return copy;
}

/* Names of the ONNX data types tix does not support, for messages. */
static const char* onnx_data_type_name(int32_t data_type) {
    if (data_type >= 1 && data_type < TIX_DTYPE_COUNT) {
        return tix_dtype_name((tix_dtype)data_type);
    }
    switch (data_type) {
        case 0:
            return "UNDEFINED";
        case 21:
            return "UINT4";
        case 22:
            return "INT4";
        case 23:
            return "FLOAT4E2M1";
        default:
            return "unknown";
    }
}

/* ---------------------------------------------------------------------------------------------
 * TensorProto -> tix_loaded_tensor
 */

/* The typed data fields, in the order of the table below. */
enum {
    FIELD_FLOAT,
    FIELD_INT32,
    FIELD_STRING,
    FIELD_INT64,
    FIELD_DOUBLE,
    FIELD_UINT64,
    FIELD_COUNT
};

static const char* const onnx_field_names[FIELD_COUNT] = {
    "float_data", "int32_data", "string_data", "int64_data", "double_data", "uint64_data"};

/* The typed field ONNX assigns to a dtype, and how many values make one element. */
static int onnx_field_for(int dtype, size_t* per_element) {
    *per_element = 1;
    switch (dtype) {
        case TIX_DTYPE_COMPLEX64:
            *per_element = 2;
            return FIELD_FLOAT;
        case TIX_DTYPE_FLOAT32:
            return FIELD_FLOAT;
        case TIX_DTYPE_STRING:
            return FIELD_STRING;
        case TIX_DTYPE_INT64:
            return FIELD_INT64;
        case TIX_DTYPE_COMPLEX128:
            *per_element = 2;
            return FIELD_DOUBLE;
        case TIX_DTYPE_FLOAT64:
            return FIELD_DOUBLE;
        case TIX_DTYPE_UINT32:
        case TIX_DTYPE_UINT64:
            return FIELD_UINT64;
        default: /* INT32, INT16, INT8, UINT16, UINT8, BOOL, FLOAT16, BFLOAT16, float8 */
            return FIELD_INT32;
    }
}

/* The inclusive range an int32_data value must be in for a dtype. */
static void onnx_int32_range(int dtype, int64_t* low, int64_t* high) {
    switch (dtype) {
        case TIX_DTYPE_INT8:
            *low = INT8_MIN;
            *high = INT8_MAX;
            return;
        case TIX_DTYPE_INT16:
            *low = INT16_MIN;
            *high = INT16_MAX;
            return;
        case TIX_DTYPE_UINT8:
        case TIX_DTYPE_FLOAT8E4M3FN:
        case TIX_DTYPE_FLOAT8E4M3FNUZ:
        case TIX_DTYPE_FLOAT8E5M2:
        case TIX_DTYPE_FLOAT8E5M2FNUZ:
            *low = 0;
            *high = UINT8_MAX;
            return;
        case TIX_DTYPE_UINT16:
        case TIX_DTYPE_FLOAT16:
        case TIX_DTYPE_BFLOAT16:
            *low = 0;
            *high = UINT16_MAX;
            return;
        default: /* INT32; BOOL (any value: nonzero is true) */
            *low = INT32_MIN;
            *high = INT32_MAX;
            return;
    }
}

static void onnx_store_little(unsigned char* to, uint64_t value, size_t size) {
    /* The element in this machine's byte order. */
    if (tix_io_host_is_little_endian()) {
        for (size_t b = 0; b < size; ++b) {
            to[b] = (unsigned char)(value >> (8 * b));
        }
    } else {
        for (size_t b = 0; b < size; ++b) {
            to[size - 1 - b] = (unsigned char)(value >> (8 * b));
        }
    }
}

static int onnx_convert_tensor(const Onnx__TensorProto* proto, const char* where,
                               tix_loaded_tensor* out, char* error, size_t error_size) {
    memset(out, 0, sizeof *out);
    char dims_text[160];
    size_t shown = proto->n_dims < TIX_MAX_RANK + 4 ? proto->n_dims : TIX_MAX_RANK + 4;
    tix_io_format_dims(dims_text, sizeof dims_text, proto->dims, shown);

    if ((proto->has_data_location && proto->data_location == ONNX_DATA_LOCATION_EXTERNAL) ||
        proto->n_external_data > 0) {
        tix_io_error(error, error_size, "%s: external data is not supported", where);
        return -1;
    }
    if (proto->n_dims > TIX_MAX_RANK) {
        tix_io_error(error, error_size, "%s: %zu dims: rank above %d is not supported", where,
                     proto->n_dims, TIX_MAX_RANK);
        return -1;
    }
    int rank = (int)proto->n_dims;
    for (int d = 0; d < rank; ++d) {
        if (proto->dims[d] < 0) {
            tix_io_error(error, error_size, "%s: dims %s: dimension %d is negative", where,
                         dims_text, d);
            return -1;
        }
    }
    int64_t count;
    if (!tix_io_count(proto->dims, rank, &count)) {
        tix_io_error(error, error_size, "%s: dims %s: the element count overflows int64", where,
                     dims_text);
        return -1;
    }
    int32_t data_type = proto->has_data_type ? proto->data_type : 0;
    if (data_type < 1 || data_type >= TIX_DTYPE_COUNT) {
        tix_io_error(error, error_size, "%s: data_type %d (%s) is not supported", where,
                     (int)data_type, onnx_data_type_name(data_type));
        return -1;
    }
    int dtype = data_type;
    size_t size = tix_dtype_size((tix_dtype)dtype);

    size_t lengths[FIELD_COUNT] = {proto->n_float_data, proto->n_int32_data,  proto->n_string_data,
                                   proto->n_int64_data, proto->n_double_data, proto->n_uint64_data};
    size_t per_element;
    int field = onnx_field_for(dtype, &per_element);
    for (int f = 0; f < FIELD_COUNT; ++f) {
        if (lengths[f] == 0) {
            continue;
        }
        if (proto->has_raw_data) {
            tix_io_error(error, error_size, "%s: both raw_data and %s are set", where,
                         onnx_field_names[f]);
            return -1;
        }
        if (f != field) {
            tix_io_error(error, error_size, "%s: a %s tensor cannot hold %s (it uses %s)", where,
                         tix_dtype_name((tix_dtype)dtype), onnx_field_names[f],
                         onnx_field_names[field]);
            return -1;
        }
    }

    /* Every size below is checked against the data actually present before allocating. */
    const uint64_t needed = (uint64_t)count;
    if (proto->has_raw_data) {
        if (dtype == TIX_DTYPE_STRING) {
            tix_io_error(error, error_size, "%s: a string tensor cannot use raw_data", where);
            return -1;
        }
        size_t have = proto->raw_data.len;
        if (have % size != 0 || have / size != needed) {
            tix_io_error(error, error_size,
                         "%s: dims %s need %lld elements of %zu bytes but raw_data has %zu bytes",
                         where, dims_text, (long long)count, size, have);
            return -1;
        }
    } else {
        size_t have = lengths[field];
        if (have / per_element != needed || have % per_element != 0) {
            if (have == 0) {
                tix_io_error(error, error_size,
                             "%s: dims %s need %lld elements but the tensor "
                             "has no data",
                             where, dims_text, (long long)count);
            } else if (per_element == 2) {
                tix_io_error(error, error_size,
                             "%s: dims %s need %lld complex elements (%llu values) but %s has %zu",
                             where, dims_text, (long long)count, (unsigned long long)needed * 2,
                             onnx_field_names[field], have);
            } else {
                tix_io_error(error, error_size, "%s: dims %s need %lld elements but %s has %zu",
                             where, dims_text, (long long)count, onnx_field_names[field], have);
            }
            return -1;
        }
    }

    out->name = onnx_strdup(proto->name);
    if (out->name == NULL) {
        tix_io_error(error, error_size, "%s: out of memory", where);
        return -1;
    }
    size_t elements = (size_t)count;
    unsigned char* data = malloc(elements > 0 ? elements * size : 1);
    if (data == NULL) {
        tix_loaded_tensor_free(out);
        tix_io_error(error, error_size, "%s: out of memory for %zu elements", where, elements);
        return -1;
    }
    out->buffer = data;

    if (proto->has_raw_data) {
        /* Little-endian in the file. */
        if (elements > 0) {
            memcpy(data, proto->raw_data.data, elements * size);
        }
        if (!tix_io_host_is_little_endian()) {
            size_t unit =
                (dtype == TIX_DTYPE_COMPLEX64 || dtype == TIX_DTYPE_COMPLEX128) ? size / 2 : size;
            for (size_t at = 0; unit > 1 && at < elements * size; at += unit) {
                for (size_t i = 0, j = unit - 1; i < j; ++i, --j) {
                    unsigned char t = data[at + i];
                    data[at + i] = data[at + j];
                    data[at + j] = t;
                }
            }
        }
        if (dtype == TIX_DTYPE_BOOL) {
            for (size_t e = 0; e < elements; ++e) {
                data[e] = data[e] != 0;
            }
        }
    } else {
        switch (field) {
            case FIELD_FLOAT:
                if (elements > 0) {
                    memcpy(data, proto->float_data, elements * size);
                }
                break;
            case FIELD_DOUBLE:
                if (elements > 0) {
                    memcpy(data, proto->double_data, elements * size);
                }
                break;
            case FIELD_INT64:
                if (elements > 0) {
                    memcpy(data, proto->int64_data, elements * size);
                }
                break;
            case FIELD_UINT64:
                for (size_t e = 0; e < elements; ++e) {
                    uint64_t value = proto->uint64_data[e];
                    if (dtype == TIX_DTYPE_UINT32 && value > UINT32_MAX) {
                        tix_loaded_tensor_free(out);
                        tix_io_error(error, error_size,
                                     "%s: uint64_data[%zu] = %llu is outside the range of uint32",
                                     where, e, (unsigned long long)value);
                        return -1;
                    }
                    if (dtype == TIX_DTYPE_UINT32) {
                        uint32_t narrow = (uint32_t)value;
                        memcpy(data + e * size, &narrow, size);
                    } else {
                        memcpy(data + e * size, &value, size);
                    }
                }
                break;
            case FIELD_INT32: {
                int64_t low, high;
                onnx_int32_range(dtype, &low, &high);
                for (size_t e = 0; e < elements; ++e) {
                    int64_t value = proto->int32_data[e];
                    if (value < low || value > high) {
                        tix_loaded_tensor_free(out);
                        tix_io_error(error, error_size,
                                     "%s: int32_data[%zu] = %lld is outside the range of %s", where,
                                     e, (long long)value, tix_dtype_name((tix_dtype)dtype));
                        return -1;
                    }
                    if (dtype == TIX_DTYPE_BOOL) {
                        value = value != 0;
                    }
                    /* The low `size` bytes of the two's-complement value. */
                    onnx_store_little(data + e * size, (uint64_t)value, size);
                }
                break;
            }
            case FIELD_STRING: {
                size_t total = 0;
                for (size_t e = 0; e < elements; ++e) {
                    size_t length = proto->string_data[e].len;
                    if (length > SIZE_MAX - 1 - total) {
                        tix_loaded_tensor_free(out);
                        tix_io_error(error, error_size, "%s: string_data too large", where);
                        return -1;
                    }
                    total += length + 1;
                }
                char* storage = malloc(total > 0 ? total : 1);
                if (storage == NULL) {
                    tix_loaded_tensor_free(out);
                    tix_io_error(error, error_size, "%s: out of memory for %zu bytes of strings",
                                 where, total);
                    return -1;
                }
                out->string_bytes = storage;
                const char** pointers = (const char**)(void*)data;
                size_t at = 0;
                for (size_t e = 0; e < elements; ++e) {
                    size_t length = proto->string_data[e].len;
                    if (length > 0) {
                        memcpy(storage + at, proto->string_data[e].data, length);
                    }
                    storage[at + length] = '\0';
                    pointers[e] = storage + at;
                    at += length + 1;
                }
                break;
            }
            default:
                break;
        }
    }
    tix_io_set_dense(&out->tensor, out->buffer, dtype, rank, proto->dims);
    return 0;
}

int tix_onnx_tensor_load_memory(const void* bytes, size_t size, const char* name,
                                tix_loaded_tensor* out, char* error, size_t error_size) {
    if (tix_io_begin_memory_load(bytes, size, &name, out, sizeof *out, "tensor", error,
                                 error_size) != 0) {
        return -1;
    }
    Onnx__TensorProto* proto = onnx__tensor_proto__unpack(NULL, size, bytes);
    if (proto == NULL) {
        tix_io_error(error, error_size,
                     "%s: not a valid TensorProto (malformed protobuf: truncated data, a bad "
                     "length or a field of the wrong wire type)",
                     name);
        return -1;
    }
    int result = onnx_convert_tensor(proto, name, out, error, error_size);
    onnx__tensor_proto__free_unpacked(proto, NULL);
    return result;
}

int tix_onnx_tensor_load(const char* path, tix_loaded_tensor* out, char* error, size_t error_size) {
    if (out != NULL) {
        memset(out, 0, sizeof *out);
    }
    if (path == NULL || out == NULL) {
        tix_io_error(error, error_size, "tix_onnx_tensor_load: NULL %s",
                     path == NULL ? "path" : "out");
        return -1;
    }
    unsigned char* bytes;
    size_t size;
    if (tix_io_read_file(path, &bytes, &size, error, error_size) != 0) {
        return -1;
    }
    int result = tix_onnx_tensor_load_memory(bytes, size, path, out, error, error_size);
    free(bytes);
    return result;
}

/* ---------------------------------------------------------------------------------------------
 * ModelProto -> tix_onnx_model
 */

static void onnx_attribute_free(tix_model_attribute* attribute) {
    free(attribute->name);
    free(attribute->s);
    if (attribute->t != NULL) {
        tix_loaded_tensor_free(attribute->t);
        free(attribute->t);
    }
    free(attribute->floats);
    free(attribute->ints);
    if (attribute->strings != NULL) {
        for (size_t k = 0; k < attribute->strings_count; ++k) {
            free(attribute->strings[k]);
        }
        free(attribute->strings);
    }
}

void tix_onnx_model_free(tix_onnx_model* model) {
    if (model == NULL) {
        return;
    }
    if (model->opsets != NULL) {
        for (size_t k = 0; k < model->opsets_count; ++k) {
            free(model->opsets[k].domain);
        }
        free(model->opsets);
    }
    free(model->graph_name);
    free(model->op_type);
    free(model->domain);
    free(model->node_name);
    if (model->node_inputs != NULL) {
        for (size_t k = 0; k < model->node_inputs_count; ++k) {
            free(model->node_inputs[k]);
        }
        free(model->node_inputs);
    }
    if (model->node_outputs != NULL) {
        for (size_t k = 0; k < model->node_outputs_count; ++k) {
            free(model->node_outputs[k]);
        }
        free(model->node_outputs);
    }
    if (model->attributes != NULL) {
        for (size_t k = 0; k < model->attributes_count; ++k) {
            onnx_attribute_free(&model->attributes[k]);
        }
        free(model->attributes);
    }
    if (model->inputs != NULL) {
        for (size_t k = 0; k < model->inputs_count; ++k) {
            free(model->inputs[k].name);
        }
        free(model->inputs);
    }
    if (model->outputs != NULL) {
        for (size_t k = 0; k < model->outputs_count; ++k) {
            free(model->outputs[k].name);
        }
        free(model->outputs);
    }
    if (model->initializers != NULL) {
        for (size_t k = 0; k < model->initializers_count; ++k) {
            tix_loaded_tensor_free(&model->initializers[k]);
        }
        free(model->initializers);
    }
    memset(model, 0, sizeof *model);
}

/* calloc for count elements (at least one, so that the result is never NULL on success). */
static void* onnx_array(size_t count, size_t size) {
    return calloc(count > 0 ? count : 1, size);
}

static int onnx_copy_names(char* const* names, size_t count, char*** out, size_t* out_count) {
    *out = onnx_array(count, sizeof **out);
    if (*out == NULL) {
        return -1;
    }
    for (size_t k = 0; k < count; ++k) {
        (*out)[k] = onnx_strdup(names[k]);
        if ((*out)[k] == NULL) {
            *out_count = k;
            return -1;
        }
    }
    *out_count = count;
    return 0;
}

static int onnx_convert_attribute(const Onnx__AttributeProto* proto, size_t position,
                                  const char* name, tix_model_attribute* out, char* error,
                                  size_t error_size) {
    if (proto->name == NULL || proto->name[0] == '\0') {
        tix_io_error(error, error_size, "%s: attribute %zu of the node has no name", name,
                     position);
        return -1;
    }
    out->name = onnx_strdup(proto->name);
    if (out->name == NULL) {
        goto out_of_memory;
    }
    int32_t type = proto->has_type ? proto->type : 0;
    if (type == 0) {
        /* Files older than IR version 3 may leave the type out: infer it from the value. */
        type = proto->has_f           ? TIX_MODEL_ATTRIBUTE_FLOAT
               : proto->has_i         ? TIX_MODEL_ATTRIBUTE_INT
               : proto->has_s         ? TIX_MODEL_ATTRIBUTE_STRING
               : proto->t != NULL     ? TIX_MODEL_ATTRIBUTE_TENSOR
               : proto->n_floats > 0  ? TIX_MODEL_ATTRIBUTE_FLOATS
               : proto->n_ints > 0    ? TIX_MODEL_ATTRIBUTE_INTS
               : proto->n_strings > 0 ? TIX_MODEL_ATTRIBUTE_STRINGS
               : proto->n_tensors > 0 ? TIX_MODEL_ATTRIBUTE_TENSORS
                                      : 0;
        if (type == 0) {
            tix_io_error(error, error_size, "%s: attribute '%s' has neither a type nor a value",
                         name, proto->name);
            return -1;
        }
    }
    if (type < 0 || type > TIX_MODEL_ATTRIBUTE_TYPE_PROTOS) {
        tix_io_error(error, error_size, "%s: attribute '%s' has unknown type %d", name, proto->name,
                     (int)type);
        return -1;
    }
    out->type = type;
    /* A scalar field left out (as proto3 writers do for zero values) reads as zero. */
    switch (out->type) {
        case TIX_MODEL_ATTRIBUTE_FLOAT:
            out->f = proto->f;
            break;
        case TIX_MODEL_ATTRIBUTE_INT:
            out->i = proto->i;
            break;
        case TIX_MODEL_ATTRIBUTE_STRING:
            out->s = onnx_bytesdup(proto->s.data, proto->has_s ? proto->s.len : 0);
            out->s_size = proto->has_s ? proto->s.len : 0;
            if (out->s == NULL) {
                goto out_of_memory;
            }
            break;
        case TIX_MODEL_ATTRIBUTE_TENSOR: {
            if (proto->t == NULL) {
                tix_io_error(error, error_size, "%s: attribute '%s' of type TENSOR has no tensor",
                             name, proto->name);
                return -1;
            }
            out->t = calloc(1, sizeof *out->t);
            if (out->t == NULL) {
                goto out_of_memory;
            }
            char where[512];
            snprintf(where, sizeof where, "%s: attribute '%s'", name, proto->name);
            if (onnx_convert_tensor(proto->t, where, out->t, error, error_size) != 0) {
                return -1;
            }
            break;
        }
        case TIX_MODEL_ATTRIBUTE_FLOATS:
            out->floats = onnx_array(proto->n_floats, sizeof *out->floats);
            if (out->floats == NULL) {
                goto out_of_memory;
            }
            if (proto->n_floats > 0) {
                memcpy(out->floats, proto->floats, proto->n_floats * sizeof *out->floats);
            }
            out->floats_count = proto->n_floats;
            break;
        case TIX_MODEL_ATTRIBUTE_INTS:
            out->ints = onnx_array(proto->n_ints, sizeof *out->ints);
            if (out->ints == NULL) {
                goto out_of_memory;
            }
            if (proto->n_ints > 0) {
                memcpy(out->ints, proto->ints, proto->n_ints * sizeof *out->ints);
            }
            out->ints_count = proto->n_ints;
            break;
        case TIX_MODEL_ATTRIBUTE_STRINGS:
            out->strings = onnx_array(proto->n_strings, sizeof *out->strings);
            if (out->strings == NULL) {
                goto out_of_memory;
            }
            for (size_t k = 0; k < proto->n_strings; ++k) {
                out->strings[k] = onnx_bytesdup(proto->strings[k].data, proto->strings[k].len);
                if (out->strings[k] == NULL) {
                    out->strings_count = k;
                    goto out_of_memory;
                }
            }
            out->strings_count = proto->n_strings;
            break;
        default:
            break; /* graphs, tensor lists, sparse tensors, types: no value kept */
    }
    return 0;
out_of_memory:
    tix_io_error(error, error_size, "%s: out of memory", name);
    return -1;
}

static void onnx_convert_value_info(const Onnx__ValueInfoProto* proto, tix_onnx_value_info* out) {
    out->elem_type = 0;
    out->rank = -1;
    for (int d = 0; d < TIX_MAX_RANK; ++d) {
        out->dims[d] = -1;
    }
    const Onnx__TypeProto__Tensor* tensor = proto->type != NULL ? proto->type->tensor_type : NULL;
    if (tensor == NULL) {
        return;
    }
    out->elem_type = tensor->has_elem_type ? tensor->elem_type : 0;
    if (tensor->shape == NULL || tensor->shape->n_dim > TIX_MAX_RANK) {
        return;
    }
    out->rank = (int32_t)tensor->shape->n_dim;
    for (size_t d = 0; d < tensor->shape->n_dim; ++d) {
        const Onnx__TensorShapeProto__Dimension* dim = tensor->shape->dim[d];
        out->dims[d] = (dim->has_dim_value && dim->dim_value >= 0) ? dim->dim_value : -1;
    }
}

static int onnx_convert_value_infos(Onnx__ValueInfoProto* const* protos, size_t count,
                                    tix_onnx_value_info** out, size_t* out_count) {
    *out = onnx_array(count, sizeof **out);
    if (*out == NULL) {
        return -1;
    }
    for (size_t k = 0; k < count; ++k) {
        (*out)[k].name = onnx_strdup(protos[k]->name);
        if ((*out)[k].name == NULL) {
            *out_count = k;
            return -1;
        }
        onnx_convert_value_info(protos[k], &(*out)[k]);
    }
    *out_count = count;
    return 0;
}

static bool onnx_is_default_domain(const char* domain) {
    return domain == NULL || domain[0] == '\0' || strcmp(domain, "ai.onnx") == 0;
}

static int onnx_convert_model(const Onnx__ModelProto* proto, const char* name, tix_onnx_model* out,
                              char* error, size_t error_size) {
    out->ir_version = proto->has_ir_version ? proto->ir_version : 0;
    out->opset_version = -1;
    out->opsets = onnx_array(proto->n_opset_import, sizeof *out->opsets);
    if (out->opsets == NULL) {
        goto out_of_memory;
    }
    for (size_t k = 0; k < proto->n_opset_import; ++k) {
        const Onnx__OperatorSetIdProto* opset = proto->opset_import[k];
        out->opsets[k].domain = onnx_strdup(opset->domain);
        if (out->opsets[k].domain == NULL) {
            goto out_of_memory;
        }
        out->opsets[k].version = opset->has_version ? opset->version : 0;
        out->opsets_count = k + 1;
        if (onnx_is_default_domain(opset->domain)) {
            if (out->opset_version != -1) {
                tix_io_error(error, error_size,
                             "%s: the model imports the default operator set twice", name);
                return -1;
            }
            if (!opset->has_version || opset->version < 1) {
                tix_io_error(error, error_size,
                             "%s: the default operator set import has no valid version", name);
                return -1;
            }
            out->opset_version = opset->version;
        }
    }

    const Onnx__GraphProto* graph = proto->graph;
    if (graph == NULL) {
        tix_io_error(error, error_size, "%s: the model has no graph", name);
        return -1;
    }
    out->graph_name = onnx_strdup(graph->name);
    if (out->graph_name == NULL) {
        goto out_of_memory;
    }
    if (graph->n_node != 1) {
        tix_io_error(error, error_size,
                     "%s: the graph has %zu nodes; only one-node models are supported", name,
                     graph->n_node);
        return -1;
    }
    const Onnx__NodeProto* node = graph->node[0];
    if (node->op_type == NULL || node->op_type[0] == '\0') {
        tix_io_error(error, error_size, "%s: the node has no op_type", name);
        return -1;
    }
    out->op_type = onnx_strdup(node->op_type);
    out->domain = onnx_strdup(node->domain);
    out->node_name = onnx_strdup(node->name);
    if (out->op_type == NULL || out->domain == NULL || out->node_name == NULL) {
        goto out_of_memory;
    }
    if (onnx_copy_names(node->input, node->n_input, &out->node_inputs, &out->node_inputs_count) !=
            0 ||
        onnx_copy_names(node->output, node->n_output, &out->node_outputs,
                        &out->node_outputs_count) != 0) {
        goto out_of_memory;
    }

    out->attributes = onnx_array(node->n_attribute, sizeof *out->attributes);
    if (out->attributes == NULL) {
        goto out_of_memory;
    }
    for (size_t k = 0; k < node->n_attribute; ++k) {
        /* Counted first, so that a failure frees what this attribute holds so far. */
        out->attributes_count = k + 1;
        if (onnx_convert_attribute(node->attribute[k], k, name, &out->attributes[k], error,
                                   error_size) != 0) {
            return -1;
        }
        for (size_t j = 0; j < k; ++j) {
            if (strcmp(out->attributes[j].name, out->attributes[k].name) == 0) {
                tix_io_error(error, error_size, "%s: attribute '%s' appears twice", name,
                             out->attributes[k].name);
                return -1;
            }
        }
    }

    if (onnx_convert_value_infos(graph->input, graph->n_input, &out->inputs, &out->inputs_count) !=
            0 ||
        onnx_convert_value_infos(graph->output, graph->n_output, &out->outputs,
                                 &out->outputs_count) != 0) {
        goto out_of_memory;
    }

    out->initializers = onnx_array(graph->n_initializer, sizeof *out->initializers);
    if (out->initializers == NULL) {
        goto out_of_memory;
    }
    for (size_t k = 0; k < graph->n_initializer; ++k) {
        const Onnx__TensorProto* tensor = graph->initializer[k];
        char where[512];
        snprintf(where, sizeof where, "%s: initializer '%s'", name,
                 tensor->name != NULL ? tensor->name : "");
        if (onnx_convert_tensor(tensor, where, &out->initializers[k], error, error_size) != 0) {
            return -1;
        }
        out->initializers_count = k + 1;
    }
    return 0;
out_of_memory:
    tix_io_error(error, error_size, "%s: out of memory", name);
    return -1;
}

int tix_onnx_model_load_memory(const void* bytes, size_t size, const char* name,
                               tix_onnx_model* out, char* error, size_t error_size) {
    if (tix_io_begin_memory_load(bytes, size, &name, out, sizeof *out, "model", error,
                                 error_size) != 0) {
        return -1;
    }
    Onnx__ModelProto* proto = onnx__model_proto__unpack(NULL, size, bytes);
    if (proto == NULL) {
        tix_io_error(error, error_size,
                     "%s: not a valid ONNX model (malformed protobuf: truncated data, a bad "
                     "length or a field of the wrong wire type)",
                     name);
        return -1;
    }
    int result = onnx_convert_model(proto, name, out, error, error_size);
    onnx__model_proto__free_unpacked(proto, NULL);
    if (result != 0) {
        tix_onnx_model_free(out);
    }
    return result;
}

int tix_onnx_model_load(const char* path, tix_onnx_model* out, char* error, size_t error_size) {
    if (out != NULL) {
        memset(out, 0, sizeof *out);
    }
    if (path == NULL || out == NULL) {
        tix_io_error(error, error_size, "tix_onnx_model_load: NULL %s",
                     path == NULL ? "path" : "out");
        return -1;
    }
    unsigned char* bytes;
    size_t size;
    if (tix_io_read_file(path, &bytes, &size, error, error_size) != 0) {
        return -1;
    }
    int result = tix_onnx_model_load_memory(bytes, size, path, out, error, error_size);
    free(bytes);
    return result;
}

const tix_model_attribute* tix_onnx_model_attribute(const tix_onnx_model* model, const char* name) {
    if (model == NULL || name == NULL) {
        return NULL;
    }
    for (size_t k = 0; k < model->attributes_count; ++k) {
        if (strcmp(model->attributes[k].name, name) == 0) {
            return &model->attributes[k];
        }
    }
    return NULL;
}

const tix_loaded_tensor* tix_onnx_model_initializer(const tix_onnx_model* model, const char* name) {
    if (model == NULL || name == NULL) {
        return NULL;
    }
    for (size_t k = 0; k < model->initializers_count; ++k) {
        if (model->initializers[k].name != NULL && strcmp(model->initializers[k].name, name) == 0) {
            return &model->initializers[k];
        }
    }
    return NULL;
}
