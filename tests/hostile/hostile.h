/* Helpers of the hostile tests (tests/hostile): one call of any of the six operations, or of its
 * *_shape call, with the arguments in a struct; views copied into allocations of their own, so
 * that AddressSanitizer catches a read past a view whose rank is out of range. Built on the unit
 * tests' helpers (tests/unit/unit.h). */
#ifndef TIX_HOSTILE_H
#define TIX_HOSTILE_H

#include "ops.h"
#include "unit.h"

/* The arguments of one call; u is ignored by gathers, axis by the ND pair, batch by elements. */
typedef struct op_args {
    tix_tensor d, i, u, o;
    int64_t axis, batch;
} op_args;

/* A heap copy of a view (freed by the caller). */
static inline tix_tensor* heap_view(const tix_tensor* t) {
    tix_tensor* copy = malloc(sizeof *copy);
    assert_non_null(copy);
    *copy = *t;
    return copy;
}

/* Runs the operation (execution) on heap copies of the views. */
static inline tix_status op_run(op_id op, const op_args* a, const tix_options* options) {
    tix_tensor *d = heap_view(&a->d), *i = heap_view(&a->i), *u = heap_view(&a->u),
               *o = heap_view(&a->o);
    tix_status s = op_call(op, d, i, u, a->axis, a->batch, o, options);
    free(d);
    free(i);
    free(u);
    free(o);
    return s;
}

/* Runs the *_shape call; the result goes to *result. */
static inline tix_status op_shape(op_id op, const op_args* a, tix_tensor* result,
                                  const tix_options* options) {
    tix_tensor *d = heap_view(&a->d), *i = heap_view(&a->i), *u = heap_view(&a->u);
    tix_status s = op_call_shape(op, d, i, u, a->axis, a->batch, result, options);
    free(d);
    free(i);
    free(u);
    return s;
}

/* Expects `status` from the call (and, with `shape_too`, from its *_shape call), with a
 * diagnostic naming `argument` (one of '|'-separated names). */
static inline void expect_op_status_(op_id op, const op_args* a, bool shape_too, tix_status status,
                                     const char* argument, const char* file, int line) {
    tix_diagnostic diag;
    ut_dirty_diag(&diag);
    tix_options options = ut_opts_diag(&diag);
    tix_status got = op_run(op, a, &options);
    if (got != status) {
        print_error("%s:%d: %s returned %s, expected %s\n", file, line, op_name(op),
                    tix_status_name(got), tix_status_name(status));
        _fail(file, line);
    }
    if (status != TIX_STATUS_OK) {
        ut_expect_diag_(&diag, status, argument, file, line);
    } else {
        ut_expect_diag_reset_(&diag, file, line);
    }
    if (!shape_too)
        return;
    tix_tensor result = ut_garbage_tensor();
    ut_dirty_diag(&diag);
    got = op_shape(op, a, &result, &options);
    if (got != status) {
        print_error("%s:%d: %s_shape returned %s, expected %s\n", file, line, op_name(op),
                    tix_status_name(got), tix_status_name(status));
        _fail(file, line);
    }
    if (status != TIX_STATUS_OK)
        ut_expect_diag_(&diag, status, argument, file, line);
}
#define EXPECT_OP(op, a, status, argument) \
    expect_op_status_((op), (a), false, (status), (argument), __FILE__, __LINE__)
#define EXPECT_OP_AND_SHAPE(op, a, status, argument) \
    expect_op_status_((op), (a), true, (status), (argument), __FILE__, __LINE__)

#endif /* TIX_HOSTILE_H */
