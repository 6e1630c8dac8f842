/* Shared by the executor examples: runs a gather and a mean scatter large enough to be split into
 * tasks, serially and through `executor`, and reports whether the results are bitwise equal (tix
 * promises they are, for any executor). */
#ifndef TIX_EXAMPLE_EXECUTOR_CHECK_H
#define TIX_EXAMPLE_EXECUTOR_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tix.h>

enum { ROWS = 4096, COLS = 64, PICKS = 3000 };

static int run_both(const tix_executor* executor, float* gathered, float* scattered) {
    static float data[ROWS * COLS];
    static int64_t indices[PICKS];
    for (int i = 0; i < ROWS * COLS; i++) data[i] = (float)(i % 1013) * 0.1f;
    for (int i = 0; i < PICKS; i++) indices[i] = (int64_t)((i * 2654435761u) % ROWS);
    tix_tensor d, idx, g, s;
    tix_tensor_init(&d, data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){ROWS, COLS});
    tix_tensor_init(&idx, indices, TIX_DTYPE_INT64, 1, (int64_t[]){PICKS});
    tix_tensor_init(&g, gathered, TIX_DTYPE_FLOAT32, 2, (int64_t[]){PICKS, COLS});
    tix_tensor_init(&s, scattered, TIX_DTYPE_FLOAT32, 2, (int64_t[]){ROWS, COLS});
    tix_options options = {.executor = executor};
    if (tix_gather(&d, &idx, 0, 0, &g, &options) != TIX_STATUS_OK) return 1;
    options.reduction = TIX_REDUCTION_MEAN; /* duplicates in the indices: a fixed order matters */
    return tix_scatter(&d, &idx, &g, 0, 0, &s, &options) != TIX_STATUS_OK;
}

/* 0 when `executor` gives the serial bytes, 1 otherwise (with a message). */
static int check_executor(const char* name, const tix_executor* executor) {
    float* serial = calloc(2 * (PICKS + ROWS) * COLS, sizeof(float));
    if (serial == NULL) return 1;
    float* pooled = serial + (PICKS + ROWS) * COLS;
    int failed = run_both(NULL, serial, serial + PICKS * COLS) ||
                 run_both(executor, pooled, pooled + PICKS * COLS) ||
                 memcmp(serial, pooled, (PICKS + ROWS) * COLS * sizeof(float)) != 0;
    printf("%s executor: %s\n", name, failed ? "results differ from the serial run" : "same bytes as serial");
    free(serial);
    return failed;
}

#endif
