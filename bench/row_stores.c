/* How a row gather's output is best written: random rows of data [ROWS, COLUMNS] float32
 * gathered into an output of MIB MiB (huge pages, like `tix bench`'s buffers), with ordinary
 * stores and with streaming stores in turns (tix__stores_choose, an internal hook, so it links
 * the static library), on the calling thread or a pool of THREADS. Prints the median of RUNS
 * calls of each and their ratio. The rows of 4 to 128 bytes take the fused loop (put_bytes,
 * src/kernels/move.c), longer ones the row copies (stream_copy).
 *
 *   cc -O2 -std=c11 -Iinclude bench/row_stores.c build-bench/src/libtix.a -lpthread -lm \
 *       -o row_stores
 *   ./row_stores [-t THREADS] [-n RUNS] [-r ROWS (default 100000)] COLUMNS MIB
 *   ./row_stores 64 16              # rows of 256 bytes into 16 MiB
 *   ./row_stores -r 1000000 4 15.3  # gather_rows_small's shape */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#define _DEFAULT_SOURCE         /* madvise's MADV_HUGEPAGE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <tix.h>

#include "timing.h"

void tix__stores_choose(int mode); /* 0 streaming stores, 1 ordinary ones, -1 the CPU's */

enum { MAX_RUNS = 101, HUGE_PAGE = 2 << 20 };

/* `bytes` on huge pages where the kernel allows, touched. */
static void* buffer(size_t bytes) {
    size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void* memory = aligned_alloc(HUGE_PAGE, rounded);
    if (memory == NULL) return NULL;
    (void)madvise(memory, rounded, MADV_HUGEPAGE);
    memset(memory, 1, rounded);
    return memory;
}

int main(int argc, char** argv) {
    int threads = 1, runs = 31, k = 1;
    int64_t rows = 100000; /* of the data */
    for (; k + 1 < argc && argv[k][0] == '-'; k += 2) {
        if (strcmp(argv[k], "-t") == 0) threads = atoi(argv[k + 1]);
        if (strcmp(argv[k], "-n") == 0) runs = atoi(argv[k + 1]);
        if (strcmp(argv[k], "-r") == 0) rows = atoll(argv[k + 1]);
    }
    if (k + 2 != argc || threads < 1 || runs < 1 || runs > MAX_RUNS || rows < 1) {
        fprintf(stderr, "usage: row_stores [-t THREADS] [-n RUNS (1-%d)] [-r ROWS] COLUMNS MIB\n",
                MAX_RUNS);
        return 2;
    }
    int64_t columns = atoll(argv[k]), elements = (int64_t)(atof(argv[k + 1]) * 1048576) / 4;
    int64_t picks = columns > 0 ? elements / columns : 0; /* (rows of the output) */
    if (picks < 1) {
        fprintf(stderr, "row_stores: COLUMNS and MIB must be positive\n");
        return 2;
    }
    float* data = buffer(sizeof(float) * (size_t)rows * (size_t)columns);
    float* out = buffer(sizeof(float) * (size_t)(picks * columns));
    int64_t* indices = buffer(sizeof(int64_t) * (size_t)picks);
    if (data == NULL || out == NULL || indices == NULL) return 1;
    srand(3);
    for (int64_t r = 0; r < picks; r++) /* (two draws: tables past RAND_MAX rows) */
        indices[r] = (int64_t)(((uint64_t)rand() << 31 ^ (uint64_t)rand()) % (uint64_t)rows);
    tix_tensor d, i, o;
    tix_tensor_init(&d, data, TIX_DTYPE_FLOAT32, 2, (int64_t[]){rows, columns});
    tix_tensor_init(&i, indices, TIX_DTYPE_INT64, 1, (int64_t[]){picks});
    tix_tensor_init(&o, out, TIX_DTYPE_FLOAT32, 2, (int64_t[]){picks, columns});
    tix_options options;
    memset(&options, 0, sizeof options);
    tix_threadpool* pool = threads > 1 ? tix_threadpool_create((size_t)threads) : NULL;
    tix_executor executor;
    if (pool != NULL) {
        executor = tix_threadpool_executor(pool);
        options.executor = &executor;
    }
    static double times[2][MAX_RUNS]; /* ordinary, streaming */
    for (int r = 0; r < runs; r++) {
        for (int way = 0; way < 2; way++) {
            tix__stores_choose(way == 0 ? 1 : 0);
            if (tix_gather(&d, &i, 0, 0, &o, &options) != TIX_STATUS_OK) return 1; /* warm */
            double start = bench_seconds();
            (void)tix_gather(&d, &i, 0, 0, &o, &options);
            times[way][r] = (bench_seconds() - start) * 1e3;
        }
    }
    bench_sort(times[0], (size_t)runs);
    bench_sort(times[1], (size_t)runs);
    printf("rows of %lld bytes into %.1f MiB, %d thread%s: ordinary %.3f ms, streaming %.3f ms, "
           "%.2fx\n",
           (long long)(columns * 4), (double)(picks * columns * 4) / 1048576, threads,
           threads > 1 ? "s" : "", times[0][runs / 2], times[1][runs / 2],
           times[1][runs / 2] / times[0][runs / 2]);
    tix__stores_choose(-1);
    tix_threadpool_destroy(pool);
    free(data);
    free(out);
    free(indices);
    return 0;
}
