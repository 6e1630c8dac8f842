/* The six operations by number, shared by the unit, hostile and differential tests and the fuzz
 * targets (whose seed files store the number, so the order is fixed): their names, and one
 * dispatcher each for the library's calls and its *_shape calls. reference.h adds the
 * reference's (ref_call). Header only. */
#ifndef TIX_TEST_OPS_H
#define TIX_TEST_OPS_H

#include <stdbool.h>

#include <tix.h>

typedef enum op_id {
    OP_GATHER,
    OP_SCATTER,
    OP_GATHER_ELEMENTS,
    OP_SCATTER_ELEMENTS,
    OP_GATHER_ND,
    OP_SCATTER_ND,
    OP_COUNT
} op_id;

static inline const char* op_name(op_id op) {
    static const char* const names[OP_COUNT] = {"gather",           "scatter",
                                                "gather_elements",  "scatter_elements",
                                                "gather_nd",        "scatter_nd"};
    return (unsigned)op < OP_COUNT ? names[op] : "?";
}

static inline bool op_is_scatter(op_id op) {
    return op == OP_SCATTER || op == OP_SCATTER_ELEMENTS || op == OP_SCATTER_ND;
}

/* The library's call of `op`: u is ignored by gathers, axis by the ND pair, batch by the
 * elements pair. */
static inline tix_status op_call(op_id op, const tix_tensor* d, const tix_tensor* i,
                                 const tix_tensor* u, int64_t axis, int64_t batch,
                                 const tix_tensor* out, const tix_options* o) {
    switch (op) {
        case OP_GATHER:
            return tix_gather(d, i, axis, batch, out, o);
        case OP_SCATTER:
            return tix_scatter(d, i, u, axis, batch, out, o);
        case OP_GATHER_ELEMENTS:
            return tix_gather_elements(d, i, axis, out, o);
        case OP_SCATTER_ELEMENTS:
            return tix_scatter_elements(d, i, u, axis, out, o);
        case OP_GATHER_ND:
            return tix_gather_nd(d, i, batch, out, o);
        default:
            return tix_scatter_nd(d, i, u, batch, out, o);
    }
}

/* The same for the *_shape call; the result goes to *result. */
static inline tix_status op_call_shape(op_id op, const tix_tensor* d, const tix_tensor* i,
                                       const tix_tensor* u, int64_t axis, int64_t batch,
                                       tix_tensor* result, const tix_options* o) {
    switch (op) {
        case OP_GATHER:
            return tix_gather_shape(d, i, axis, batch, result, o);
        case OP_SCATTER:
            return tix_scatter_shape(d, i, u, axis, batch, result, o);
        case OP_GATHER_ELEMENTS:
            return tix_gather_elements_shape(d, i, axis, result, o);
        case OP_SCATTER_ELEMENTS:
            return tix_scatter_elements_shape(d, i, u, axis, result, o);
        case OP_GATHER_ND:
            return tix_gather_nd_shape(d, i, batch, result, o);
        default:
            return tix_scatter_nd_shape(d, i, u, batch, result, o);
    }
}

#endif /* TIX_TEST_OPS_H */
