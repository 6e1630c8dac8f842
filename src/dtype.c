/* The element types: size, name and kind, one table indexed by the ONNX numbering. */
#include <assert.h>

#include "internal.h"

typedef struct dtype_info {
    const char* name;
    size_t size;
    tix__kind kind;
} dtype_info;

static const dtype_info dtypes[TIX_DTYPE_COUNT] = {
    [TIX_DTYPE_UNDEFINED] = {"undefined", 0, TIX__KIND_INVALID},
    [TIX_DTYPE_FLOAT32] = {"float32", 4, TIX__KIND_FLOAT},
    [TIX_DTYPE_UINT8] = {"uint8", 1, TIX__KIND_UNSIGNED},
    [TIX_DTYPE_INT8] = {"int8", 1, TIX__KIND_SIGNED},
    [TIX_DTYPE_UINT16] = {"uint16", 2, TIX__KIND_UNSIGNED},
    [TIX_DTYPE_INT16] = {"int16", 2, TIX__KIND_SIGNED},
    [TIX_DTYPE_INT32] = {"int32", 4, TIX__KIND_SIGNED},
    [TIX_DTYPE_INT64] = {"int64", 8, TIX__KIND_SIGNED},
    [TIX_DTYPE_STRING] = {"string", sizeof(const char*), TIX__KIND_STRING},
    [TIX_DTYPE_BOOL] = {"bool", 1, TIX__KIND_BOOL},
    [TIX_DTYPE_FLOAT16] = {"float16", 2, TIX__KIND_FLOAT},
    [TIX_DTYPE_FLOAT64] = {"float64", 8, TIX__KIND_FLOAT},
    [TIX_DTYPE_UINT32] = {"uint32", 4, TIX__KIND_UNSIGNED},
    [TIX_DTYPE_UINT64] = {"uint64", 8, TIX__KIND_UNSIGNED},
    [TIX_DTYPE_COMPLEX64] = {"complex64", 8, TIX__KIND_COMPLEX},
    [TIX_DTYPE_COMPLEX128] = {"complex128", 16, TIX__KIND_COMPLEX},
    [TIX_DTYPE_BFLOAT16] = {"bfloat16", 2, TIX__KIND_FLOAT},
    [TIX_DTYPE_FLOAT8E4M3FN] = {"float8e4m3fn", 1, TIX__KIND_FLOAT8},
    [TIX_DTYPE_FLOAT8E4M3FNUZ] = {"float8e4m3fnuz", 1, TIX__KIND_FLOAT8},
    [TIX_DTYPE_FLOAT8E5M2] = {"float8e5m2", 1, TIX__KIND_FLOAT8},
    [TIX_DTYPE_FLOAT8E5M2FNUZ] = {"float8e5m2fnuz", 1, TIX__KIND_FLOAT8},
};
static_assert(sizeof dtypes / sizeof dtypes[0] == TIX_DTYPE_COUNT, "one entry per dtype");

static const dtype_info* lookup(tix_dtype dtype) {
    return (unsigned)dtype < TIX_DTYPE_COUNT ? &dtypes[dtype] : &dtypes[TIX_DTYPE_UNDEFINED];
}

size_t tix_dtype_size(tix_dtype dtype) {
    return lookup(dtype)->size;
}

const char* tix_dtype_name(tix_dtype dtype) {
    return lookup(dtype)->name;
}

tix__kind tix__dtype_kind(tix_dtype dtype) {
    return lookup(dtype)->kind;
}

bool tix_dtype_is_index(tix_dtype dtype) {
    tix__kind kind = tix__dtype_kind(dtype);
    return kind == TIX__KIND_SIGNED || kind == TIX__KIND_UNSIGNED;
}
