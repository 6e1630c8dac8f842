/* The fixed cost of a call: each of the six operations on tensors of a few KiB, where the
 * checks, the plan and the allocations of a call weigh as much as its copies. data [40, 64]
 * float32 (10 KiB); 8 rows of it (gather, gather_nd, and the scatters of rows into it), or an
 * [8, 64] block of elements along axis 0 (gather_elements; scatter_elements with add). Prints
 * the median time per call over RUNS batches of CALLS calls; every op's result is checked once
 * against a plain loop first.
 *
 *   cc -O2 -std=c11 -Iinclude bench/small_calls.c build-bench/src/libtix.a -lpthread -lm \
 *       -o small_calls
 *   ./small_calls [-n RUNS] [-c CALLS] [OP...]
 *   valgrind --tool=callgrind ./small_calls -n 1 -c 10000 gather   # instructions: total / 10000
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tix.h>

#include "timing.h"

enum { ROWS = 40, COLUMNS = 64, PICKED = 8, MAX_RUNS = 101 };

static float data[ROWS * COLUMNS], rows_out[PICKED * COLUMNS], updates[PICKED * COLUMNS];
static float scattered[ROWS * COLUMNS], expected[ROWS * COLUMNS];
static int64_t row_indices[PICKED] = {1, 3, 5, 7, 9, 2, 4, 6}; /* distinct: scatter's order */
static int64_t element_indices[PICKED * COLUMNS];
static tix_tensor data_view, row_view, tuple_view, rows_view, updates_view, elements_view,
    scattered_view;
static tix_options add;

static tix_status gather(void) {
    return tix_gather(&data_view, &row_view, 0, 0, &rows_view, NULL);
}
static tix_status gather_elements(void) {
    return tix_gather_elements(&data_view, &elements_view, 0, &rows_view, NULL);
}
static tix_status gather_nd(void) {
    return tix_gather_nd(&data_view, &tuple_view, 0, &rows_view, NULL);
}
static tix_status scatter(void) {
    return tix_scatter(&data_view, &row_view, &updates_view, 0, 0, &scattered_view, NULL);
}
static tix_status scatter_elements(void) {
    return tix_scatter_elements(&data_view, &elements_view, &updates_view, 0, &scattered_view,
                                &add);
}
static tix_status scatter_nd(void) {
    return tix_scatter_nd(&data_view, &tuple_view, &updates_view, 0, &scattered_view, NULL);
}

/* The plain results: rows (gathers of rows), elements (gather_elements), scatter of rows,
 * scatter-add of elements. */
static void plain(int op, float* out) {
    bool gathers = op < 3, elements = op == 1 || op == 4;
    if (!gathers) memcpy(out, data, sizeof data);
    for (int r = 0; r < PICKED; r++) {
        for (int c = 0; c < COLUMNS; c++) {
            int64_t row = elements ? element_indices[r * COLUMNS + c] : row_indices[r];
            if (gathers) {
                out[r * COLUMNS + c] = data[row * COLUMNS + c];
            } else if (elements) {
                out[row * COLUMNS + c] += updates[r * COLUMNS + c];
            } else {
                out[row * COLUMNS + c] = updates[r * COLUMNS + c];
            }
        }
    }
}

int main(int argc, char** argv) {
    static const struct {
        const char* name;
        tix_status (*call)(void);
    } ops[] = {{"gather", gather},   {"gather_elements", gather_elements},
               {"gather_nd", gather_nd}, {"scatter", scatter},
               {"scatter_elements", scatter_elements}, {"scatter_nd", scatter_nd}};
    enum { OPS = sizeof ops / sizeof ops[0] };
    int runs = 21, calls = 2000, first = 1;
    for (; first < argc && argv[first][0] == '-'; first += 2) {
        int value = first + 1 < argc ? atoi(argv[first + 1]) : 0;
        if (strcmp(argv[first], "-n") == 0 && value >= 1 && value <= MAX_RUNS) {
            runs = value;
        } else if (strcmp(argv[first], "-c") == 0 && value >= 1) {
            calls = value;
        } else {
            fprintf(stderr, "usage: small_calls [-n RUNS] [-c CALLS] [OP...]\n");
            return 2;
        }
    }
    for (int e = 0; e < ROWS * COLUMNS; e++) data[e] = (float)e * 0.5f;
    for (int e = 0; e < PICKED * COLUMNS; e++) {
        updates[e] = (float)e * -0.25f;
        element_indices[e] = (int64_t)((unsigned)e * 2654435761u % ROWS);
    }
    int64_t data_shape[] = {ROWS, COLUMNS}, rows_shape[] = {PICKED, COLUMNS};
    int64_t picked = PICKED, tuples_shape[] = {PICKED, 1};
    tix_tensor_init(&data_view, data, TIX_DTYPE_FLOAT32, 2, data_shape);
    tix_tensor_init(&row_view, row_indices, TIX_DTYPE_INT64, 1, &picked);
    tix_tensor_init(&tuple_view, row_indices, TIX_DTYPE_INT64, 2, tuples_shape);
    tix_tensor_init(&rows_view, rows_out, TIX_DTYPE_FLOAT32, 2, rows_shape);
    tix_tensor_init(&updates_view, updates, TIX_DTYPE_FLOAT32, 2, rows_shape);
    tix_tensor_init(&elements_view, element_indices, TIX_DTYPE_INT64, 2, rows_shape);
    tix_tensor_init(&scattered_view, scattered, TIX_DTYPE_FLOAT32, 2, data_shape);
    memset(&add, 0, sizeof add);
    add.reduction = TIX_REDUCTION_ADD;

    int status = 0;
    for (int op = 0; op < OPS; op++) {
        bool named = first == argc;
        for (int k = first; k < argc; k++) named = named || strcmp(argv[k], ops[op].name) == 0;
        if (!named) continue;
        float* result = op < 3 ? rows_out : scattered;
        size_t bytes = op < 3 ? sizeof rows_out : sizeof scattered;
        plain(op, expected);
        if (ops[op].call() != TIX_STATUS_OK || memcmp(result, expected, bytes) != 0) {
            fprintf(stderr, "small_calls: %s gave a wrong result\n", ops[op].name);
            status = 1;
            continue;
        }
        double per_call[MAX_RUNS];
        for (int r = 0; r < runs; r++) {
            double start = bench_seconds();
            for (int c = 0; c < calls; c++) status |= ops[op].call() != TIX_STATUS_OK;
            per_call[r] = (bench_seconds() - start) / calls;
        }
        bench_sort(per_call, (size_t)runs);
        printf("%-18s %8.0f ns a call (median of %d runs of %d calls)\n", ops[op].name,
               per_call[runs / 2] * 1e9, runs, calls);
    }
    return status;
}
