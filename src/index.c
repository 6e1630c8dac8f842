/* Reading indices of any integer dtype and resolving them under the caller's rules; and the
 * validation pass that finds the first index the rules reject, before anything is written. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* Reads the index at p. Returns false for a uint64 above INT64_MAX (left in *huge). */
static bool read_index(const char* p, tix_dtype dtype, int64_t* value, uint64_t* huge) {
    switch (dtype) {
        case TIX_DTYPE_INT8: {
            int8_t v;
            memcpy(&v, p, sizeof v);
            *value = v;
            return true;
        }
        case TIX_DTYPE_UINT8: {
            uint8_t v;
            memcpy(&v, p, sizeof v);
            *value = v;
            return true;
        }
        case TIX_DTYPE_INT16: {
            int16_t v;
            memcpy(&v, p, sizeof v);
            *value = v;
            return true;
        }
        case TIX_DTYPE_UINT16: {
            uint16_t v;
            memcpy(&v, p, sizeof v);
            *value = v;
            return true;
        }
        case TIX_DTYPE_INT32: {
            int32_t v;
            memcpy(&v, p, sizeof v);
            *value = v;
            return true;
        }
        case TIX_DTYPE_UINT32: {
            uint32_t v;
            memcpy(&v, p, sizeof v);
            *value = v;
            return true;
        }
        case TIX_DTYPE_UINT64: {
            uint64_t v;
            memcpy(&v, p, sizeof v);
            if (v > (uint64_t)INT64_MAX) {
                *huge = v;
                return false;
            }
            *value = (int64_t)v;
            return true;
        }
        default: { /* int64: the dtype was checked to be an index type */
            int64_t v;
            memcpy(&v, p, sizeof v);
            *value = v;
            return true;
        }
    }
}

int64_t tix__resolve_index(const char* p, int64_t size, const tix__index_rule* rule) {
    int64_t i = 0;
    uint64_t huge = 0;
    bool fits = read_index(p, rule->dtype, &i, &huge);
    if (fits) {
        if (i >= 0 && i < size) return i;
        if (i < 0 && rule->negative == TIX_NEGATIVE_WRAP && i >= -size) return i + size;
    }
    switch (rule->out_of_range) {
        case TIX_OUT_OF_RANGE_IGNORE:
            return TIX__INDEX_SKIP;
        case TIX_OUT_OF_RANGE_CLAMP:
            if (size == 0) return TIX__INDEX_BAD;
            return fits && i < 0 ? 0 : size - 1;
        case TIX_OUT_OF_RANGE_WRAP: {
            if (size == 0) return TIX__INDEX_BAD;
            if (!fits) return (int64_t)(huge % (uint64_t)size);
            int64_t r = i % size;
            return r < 0 ? r + size : r;
        }
        default:
            return TIX__INDEX_BAD;
    }
}

/* The general case: any dtype, any rule, any number of components. Returns whether every tuple
 * resolved to an offset. */
static bool resolve_general(const tix__tuples* t, const char* indices, int64_t stride, int64_t n,
                            int64_t* offsets) {
    bool all = true;
    for (int64_t i = 0; i < n; i++) {
        int64_t offset = 0;
        for (int32_t c = 0; c < t->components && offset != TIX__SKIP; c++) {
            int64_t position = tix__resolve_index(indices + i * stride + c * t->component_stride,
                                                  t->size[c], &t->rule);
            offset = position < 0 ? TIX__SKIP : tix__add_offset(offset, position, t->step[c]);
        }
        offsets[i] = offset;
        all = all && offset != TIX__SKIP;
    }
    return all;
}

/* int64 or int32 tuples: in-range values take a branch-light path; the rest go through the
 * general rules. Called with a constant `width`, so each use compiles to its own loops. */
TIX__TEMPLATE bool resolve_fast(const tix__tuples* t, const char* indices, int64_t stride,
                                int64_t n, int64_t* offsets, size_t width) {
    bool wrap = t->rule.negative == TIX_NEGATIVE_WRAP, all = true;
    if (t->components == 1) {
        int64_t size = t->size[0], step = t->step[0], add = wrap ? size : 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t v = tix__load_index(indices + i * stride, width);
            v += v < 0 ? add : 0;
            if ((uint64_t)v < (uint64_t)size) {
                offsets[i] = tix__add_offset(0, v, step);
            } else {
                all = resolve_general(t, indices + i * stride, 0, 1, &offsets[i]) && all;
            }
        }
        return all;
    }
    for (int64_t i = 0; i < n; i++) {
        const char* p = indices + i * stride;
        int64_t offset = 0;
        for (int32_t c = 0; c < t->components; c++) {
            int64_t v = tix__load_index(p + c * t->component_stride, width);
            v += v < 0 && wrap ? t->size[c] : 0;
            if ((uint64_t)v >= (uint64_t)t->size[c]) { /* out of range: the rules decide */
                all = resolve_general(t, p, 0, 1, &offset) && all;
                break;
            }
            offset = tix__add_offset(offset, v, t->step[c]);
        }
        offsets[i] = offset;
    }
    return all;
}

int64_t tix__resolve_one(const tix__tuples* t, const char* tuple) {
    int64_t offset;
    resolve_general(t, tuple, 0, 1, &offset);
    return offset;
}

bool tix__resolve_tuples(const tix__tuples* t, const char* indices, int64_t stride, int64_t n,
                         int64_t* offsets) {
    if (t->rule.dtype == TIX_DTYPE_INT64) return resolve_fast(t, indices, stride, n, offsets, 8);
    if (t->rule.dtype == TIX_DTYPE_INT32) return resolve_fast(t, indices, stride, n, offsets, 4);
    return resolve_general(t, indices, stride, n, offsets);
}

/* Explains why the index at p (at row-major position `position`, coordinates `coord`) failed. */
static tix_status report(const tix__call* call, const char* p, const int64_t* coord,
                         int64_t position, int32_t dim, const tix_tensor* indexed) {
    const tix__index_rule rule = {call->indices->dtype, call->options.negative_indices,
                                  call->options.out_of_range};
    int64_t value = 0;
    uint64_t huge = 0;
    char text[24];
    if (read_index(p, rule.dtype, &value, &huge)) {
        snprintf(text, sizeof text, "%lld", (long long)value);
    } else {
        snprintf(text, sizeof text, "%llu", (unsigned long long)huge);
        value = (int64_t)huge; /* the bit pattern, as the header documents */
    }
    char where[TIX_MESSAGE_CAPACITY / 2] = "", shape[TIX_MESSAGE_CAPACITY / 4];
    size_t used = 0;
    for (int32_t d = 0; d < call->indices->rank && used + 24 < sizeof where; d++) {
        used += (size_t)snprintf(where + used, sizeof where - used, "[%lld]", (long long)coord[d]);
    }
    tix__format_shape(shape, sizeof shape, indexed->rank, indexed->shape);
    int64_t size = indexed->shape[dim];
    const char* verb = rule.out_of_range == TIX_OUT_OF_RANGE_CLAMP ? "clamped" : "wrapped";
    if (size == 0 && rule.out_of_range != TIX_OUT_OF_RANGE_ERROR) {
        return tix__fail(call->diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices", dim, position,
                         value, "indices%s = %s cannot be %s into axis %d of data with shape %s, "
                         "which is empty", where, text, verb, (int)dim, shape);
    }
    int64_t low = rule.negative == TIX_NEGATIVE_WRAP ? -size : 0;
    return tix__fail(call->diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices", dim, position, value,
                     "indices%s = %s is outside [%lld, %lld] for axis %d of data with shape %s",
                     where, text, (long long)low, (long long)(size - 1), (int)dim, shape);
}

/* The index at row-major position `position` of the indices tensor, with its coordinates. */
static const char* element_at(const tix_tensor* indices, int64_t position, int64_t* coord) {
    int64_t offset = 0;
    for (int32_t d = indices->rank - 1; d >= 0; d--) {
        coord[d] = position % indices->shape[d];
        position /= indices->shape[d];
        offset += coord[d] * indices->strides[d];
    }
    return (const char*)indices->data + offset * (int64_t)tix_dtype_size(indices->dtype);
}

/* Whether all n int64/int32 indices at p + i * stride are in [-size, size) (negatives wrapping)
 * or [0, size): the usual case of a validation, without branches. */
TIX__TEMPLATE bool in_range(const char* p, int64_t stride, int64_t n, int64_t size, bool wrap,
                            size_t width) {
    uint64_t bad = 0;
    int64_t add = wrap ? size : 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t v = tix__load_index(p + i * stride, width);
        v += v < 0 ? add : 0;
        bad |= (uint64_t)v >= (uint64_t)size;
    }
    return bad == 0;
}

/* The same for contiguous indices: the bulk of a scatter's validation, a streaming pass that is
 * worth vector instructions. Where the compiler can, it builds an AVX2 copy as well and the
 * loader picks one by the processor (a GNU ifunc). */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define TIX__SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define TIX__SANITIZED 1
#endif
/* Not under sanitizers: their runtimes start after ifunc resolvers run, which then crash. */
#if defined(__x86_64__) && defined(__has_attribute) && !defined(TIX__SANITIZED)
#if __has_attribute(target_clones)
#define TIX__VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef TIX__VECTOR_CLONES
#define TIX__VECTOR_CLONES
#endif

TIX__VECTOR_CLONES static bool in_range_8(const char* p, int64_t n, int64_t size, bool wrap) {
    return in_range(p, 8, n, size, wrap, 8);
}

TIX__VECTOR_CLONES static bool in_range_4(const char* p, int64_t n, int64_t size, bool wrap) {
    return in_range(p, 4, n, size, wrap, 4);
}

/* Whether every tuple of `indices` (the call's, or a part of them) resolves under the rule: the
 * tuple dimension (or none) is read as a tuple, every other dimension walked, the innermost a
 * chunk at a time. */
bool tix__indices_resolve(const tix__call* call, const tix__map* map, const tix_tensor* indexed,
                          const tix_tensor* indices) {
    int64_t size[TIX_MAX_RANK], step[TIX_MAX_RANK] = {0}, element = (int64_t)tix_dtype_size(indices->dtype);
    for (int32_t t = 0; t < map->components; t++) size[t] = indexed->shape[map->component_dim[t]];
    tix__tuples tuples = {
        .rule = {indices->dtype, call->options.negative_indices, call->options.out_of_range},
        .components = map->components,
        .component_stride = map->tuple_dim >= 0 && indices->shape[map->tuple_dim] > 1
                                ? indices->strides[map->tuple_dim] * element
                                : 0,
        .size = size,
        .step = step,
    };
    int64_t shape[TIX_MAX_RANK], stride[TIX_MAX_RANK], coord[TIX_MAX_RANK] = {0};
    int32_t rank = 0;
    for (int32_t d = 0; d < indices->rank; d++) {
        if (d == map->tuple_dim) continue;
        if (indices->shape[d] == 0) return true;
        shape[rank] = indices->shape[d];
        stride[rank++] = indices->shape[d] > 1 ? indices->strides[d] * element : 0;
    }
    int64_t n = rank > 0 ? shape[rank - 1] : 1, inner = rank > 0 ? stride[rank - 1] : 0;
    int64_t offsets[256], offset = 0;
    /* One component under the error rule: a plain range check decides (it never resolves). */
    bool single = tuples.components == 1 && tuples.rule.out_of_range == TIX_OUT_OF_RANGE_ERROR;
    bool wrap = tuples.rule.negative == TIX_NEGATIVE_WRAP;
    const char* base = indices->data;
    for (;;) {
        const char* row = base + offset;
        if (single && indices->dtype == TIX_DTYPE_INT64) {
            if (!(inner == 8 ? in_range_8(row, n, size[0], wrap)
                             : in_range(row, inner, n, size[0], wrap, 8))) {
                return false;
            }
        } else if (single && indices->dtype == TIX_DTYPE_INT32) {
            if (!(inner == 4 ? in_range_4(row, n, size[0], wrap)
                             : in_range(row, inner, n, size[0], wrap, 4))) {
                return false;
            }
        } else {
            for (int64_t i = 0; i < n; i += 256) {
                int64_t c = n - i < 256 ? n - i : 256;
                if (!tix__resolve_tuples(&tuples, row + i * inner, inner, c, offsets)) {
                    return false;
                }
            }
        }
        int32_t d = rank - 2; /* next row, row-major */
        for (; d >= 0; d--) {
            offset += stride[d];
            if (++coord[d] < shape[d]) break;
            offset -= stride[d] * shape[d];
            coord[d] = 0;
        }
        if (d < 0) return true;
    }
}

tix_status tix__check_indices(const tix__call* call, const tix__map* map,
                              const tix_tensor* indexed) {
    const tix_tensor* indices = call->indices;
    tix_out_of_range rule_of_range = call->options.out_of_range;
    if (map->components == 0 || rule_of_range == TIX_OUT_OF_RANGE_IGNORE) return TIX_STATUS_OK;
    if (rule_of_range == TIX_OUT_OF_RANGE_CLAMP || rule_of_range == TIX_OUT_OF_RANGE_WRAP) {
        /* every index lands somewhere, unless it addresses an empty dimension */
        bool empty = false;
        for (int32_t t = 0; t < map->components; t++)
            empty = empty || indexed->shape[map->component_dim[t]] == 0;
        if (!empty) return TIX_STATUS_OK;
    }
    if (tix_tensor_count(indices) == 0 || tix__indices_resolve(call, map, indexed, indices))
        return TIX_STATUS_OK;
    /* Something failed: find the first failing index in row-major order, for the report. */
    const tix__index_rule rule = {indices->dtype, call->options.negative_indices,
                                  call->options.out_of_range};
    int64_t count = tix_tensor_count(indices), coord[TIX_MAX_RANK];
    for (int64_t position = 0; position < count; position++) {
        const char* p = element_at(indices, position, coord);
        int32_t component = map->tuple_dim >= 0 ? (int32_t)coord[map->tuple_dim] : 0;
        int32_t dim = map->component_dim[component];
        if (tix__resolve_index(p, indexed->shape[dim], &rule) == TIX__INDEX_BAD) {
            return report(call, p, coord, position, dim, indexed);
        }
    }
    return tix__fail(call->diag, TIX_STATUS_INDEX_OUT_OF_RANGE, "indices", -1, -1, 0,
                     "indices: an index changed while the call was reading them");
}
