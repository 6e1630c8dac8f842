/* The interleaved A/B comparison of two builds on scatters along an outer axis, which the ten
 * workloads do not take, and on gathers along it of other widths than the benchmark's (bench/ab.sh
 * builds and links it in place of bench/ab.c):
 *
 *   AB_MAIN=bench/outer_axis.c bench/ab.sh BASE [HEAD] -- [-t THREADS] [-n CALLS] [-i]
 *       [-r none|add|max|mean] [-x] [-c COLUMNS] [-R ROWS] [-v int8|float32|float64] [-g]
 *
 * tix_scatter_elements along axis 0 on gather_elements_first's shape: data [1024, 4096] float32,
 * indices (int64, uniform in [0, 1024) from a fixed seed) and updates [1024, 4096], reduction add
 * (-r: that one), with exclude_self (-x), out of place (-i: in place, each call on data as the
 * call before left it); -c: COLUMNS columns instead of 4096 (a row that divides into no tiles of
 * the width the CPU's cache gives, such as 4000); -R: ROWS rows instead of 1024, the indices in
 * [0, ROWS) (few rows a multiple of 4 KiB apart, such as 64 of 4096 int8); -v: that dtype of
 * data and updates instead of float32; -g: tix_gather_elements on the same data and
 * indices instead (-r, -x and -i then ignored).
 * Both builds' outputs are compared byte for byte once, then the calls alternate (A B, B A, ...)
 * after one untimed call each. Prints the median and minimum of each build and B / A. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tix.h>

#include "timing.h"

#define BUILD(p)                                                                            \
    tix_status p##_tix_tensor_init(tix_tensor* tensor, void* data, tix_dtype dtype,          \
                                   int32_t rank, const int64_t* shape);                      \
    tix_status p##_tix_scatter_elements(const tix_tensor* data, const tix_tensor* indices,   \
                                        const tix_tensor* updates, int64_t axis,             \
                                        const tix_tensor* output, const tix_options* options); \
    tix_status p##_tix_gather_elements(const tix_tensor* data, const tix_tensor* indices,    \
                                       int64_t axis, const tix_tensor* output,               \
                                       const tix_options* options);                          \
    tix_threadpool* p##_tix_threadpool_create(size_t threads);                               \
    void p##_tix_threadpool_destroy(tix_threadpool* pool);                                   \
    tix_executor p##_tix_threadpool_executor(tix_threadpool* pool);
BUILD(a)
BUILD(b)
#undef BUILD

typedef tix_status (*scatter_fn)(const tix_tensor*, const tix_tensor*, const tix_tensor*,
                                 int64_t, const tix_tensor*, const tix_options*);

typedef tix_status (*gather_fn)(const tix_tensor*, const tix_tensor*, int64_t,
                                const tix_tensor*, const tix_options*);

enum { MAX_ROWS = 1 << 16, MAX_COLUMNS = 1 << 16, MAX_ELEMENTS = 1 << 26, MAX_CALLS = 1000 };

/* The reduction `name` names, into *reduction; false for none of those -r takes. */
static bool reduction_named(const char* name, tix_reduction* reduction) {
    static const char* const names[] = {"none", "add", "max", "mean"};
    static const tix_reduction reductions[] = {TIX_REDUCTION_NONE, TIX_REDUCTION_ADD,
                                               TIX_REDUCTION_MAX, TIX_REDUCTION_MEAN};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (strcmp(name, names[k]) == 0) {
            *reduction = reductions[k];
            return true;
        }
    }
    return false;
}

/* The dtype `name` names among those -v takes, into *dtype and its bytes into *size (the
 * builds' tix_dtype_size goes by their prefixes); false for none of them. */
static bool dtype_named(const char* name, tix_dtype* dtype, size_t* size) {
    static const char* const names[] = {"int8", "float32", "float64"};
    static const tix_dtype dtypes[] = {TIX_DTYPE_INT8, TIX_DTYPE_FLOAT32, TIX_DTYPE_FLOAT64};
    static const size_t sizes[] = {1, 4, 8};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (strcmp(name, names[k]) == 0) {
            *dtype = dtypes[k];
            *size = sizes[k];
            return true;
        }
    }
    return false;
}

/* Element k of `dtype` at `to`, set to `value` (a small whole number). */
static void put_value(void* to, tix_dtype dtype, size_t k, int value) {
    if (dtype == TIX_DTYPE_INT8)
        ((int8_t*)to)[k] = (int8_t)value;
    else if (dtype == TIX_DTYPE_FLOAT64)
        ((double*)to)[k] = value;
    else
        ((float*)to)[k] = (float)value;
}

int main(int argc, char** argv) {
    int threads = 1, calls = 21, columns = 4096, rows = 1024;
    tix_dtype dtype = TIX_DTYPE_FLOAT32;
    size_t size = sizeof(float);
    const char* dtype_name = "float32";
    bool in_place = false, exclude_self = false, gather = false;
    const char* reduction_name = "add";
    tix_reduction reduction = TIX_REDUCTION_ADD;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-i") == 0) {
            in_place = true;
        } else if (strcmp(argv[k], "-x") == 0) {
            exclude_self = true;
        } else if (strcmp(argv[k], "-g") == 0) {
            gather = true;
        } else if (strcmp(argv[k], "-c") == 0 && k + 1 < argc && atoi(argv[k + 1]) >= 1 &&
                   atoi(argv[k + 1]) <= MAX_COLUMNS) {
            columns = atoi(argv[++k]);
        } else if (strcmp(argv[k], "-R") == 0 && k + 1 < argc && atoi(argv[k + 1]) >= 1 &&
                   atoi(argv[k + 1]) <= MAX_ROWS) {
            rows = atoi(argv[++k]);
        } else if (strcmp(argv[k], "-v") == 0 && k + 1 < argc &&
                   dtype_named(argv[k + 1], &dtype, &size)) {
            dtype_name = argv[++k];
        } else if (strcmp(argv[k], "-r") == 0 && k + 1 < argc &&
                   reduction_named(argv[k + 1], &reduction)) {
            reduction_name = argv[++k];
        } else if ((strcmp(argv[k], "-t") == 0 || strcmp(argv[k], "-n") == 0) && k + 1 < argc &&
                   atoi(argv[k + 1]) >= 1 && atoi(argv[k + 1]) <= MAX_CALLS) {
            *(argv[k][1] == 't' ? &threads : &calls) = atoi(argv[k + 1]);
            k++;
        } else {
            fprintf(stderr,
                    "usage: outer_axis [-t THREADS] [-n CALLS] [-i] [-r none|add|max|mean] [-x]"
                    " [-c COLUMNS] [-R ROWS] [-v int8|float32|float64] [-g]\n");
            return 2;
        }
    }
    if (gather) { /* (a gather takes no reduction, and writes no data in place) */
        in_place = exclude_self = false;
        reduction = TIX_REDUCTION_NONE;
    }
    size_t elements = (size_t)rows * (size_t)columns;
    if (elements > MAX_ELEMENTS) {
        fprintf(stderr, "outer_axis: [%d, %d] is more than %d elements\n", rows, columns,
                MAX_ELEMENTS);
        return 2;
    }
    char* data = malloc(elements * size);
    char* updates = malloc(elements * size);
    int64_t* indices = malloc(elements * sizeof(int64_t));
    char* outputs[2] = {malloc(elements * size), malloc(elements * size)};
    double* times[2] = {malloc((size_t)calls * sizeof(double)),
                        malloc((size_t)calls * sizeof(double))};
    if (!data || !updates || !indices || !outputs[0] || !outputs[1] || !times[0] || !times[1]) {
        fprintf(stderr, "outer_axis: no memory\n");
        return 1;
    }
    uint64_t state = 1;
    for (size_t k = 0; k < elements; k++) {
        state = state * 6364136223846793005u + 1442695040888963407u;
        indices[k] = (int64_t)((state >> 33) % (uint64_t)rows);
        put_value(data, dtype, k, (int)(k % 100));
        put_value(updates, dtype, k, (int)(k % 77));
    }
    memset(outputs[0], 0, elements * size);
    memset(outputs[1], 0, elements * size);
    static const scatter_fn scatters[2] = {a_tix_scatter_elements, b_tix_scatter_elements};
    static const gather_fn gathers[2] = {a_tix_gather_elements, b_tix_gather_elements};
    tix_threadpool* pools[2] = {NULL, NULL};
    tix_executor executors[2];
    tix_options options[2];
    tix_tensor d[2], o[2], i, u;
    const int64_t shape[2] = {rows, columns};
    a_tix_tensor_init(&i, indices, TIX_DTYPE_INT64, 2, shape);
    a_tix_tensor_init(&u, updates, dtype, 2, shape);
    for (int side = 0; side < 2; side++) {
        if (in_place) /* (each build on its own copy of data) */
            memcpy(outputs[side], data, elements * size);
        a_tix_tensor_init(&d[side], in_place ? outputs[side] : data, dtype, 2, shape);
        a_tix_tensor_init(&o[side], outputs[side], dtype, 2, shape);
        memset(&options[side], 0, sizeof options[side]);
        options[side].reduction = reduction;
        options[side].exclude_self = exclude_self;
        if (threads > 1) {
            pools[side] = side == 0 ? a_tix_threadpool_create((size_t)threads)
                                    : b_tix_threadpool_create((size_t)threads);
            if (pools[side] == NULL) {
                fprintf(stderr, "outer_axis: no pool of %d threads\n", threads);
                return 1;
            }
            executors[side] = side == 0 ? a_tix_threadpool_executor(pools[side])
                                        : b_tix_threadpool_executor(pools[side]);
            options[side].executor = &executors[side];
        }
    }
    for (int call = -1; call < calls; call++) { /* (call -1: untimed, then compared) */
        for (int turn = 0; turn < 2; turn++) {
            int side = (call + turn) & 1;
            double start = bench_seconds();
            tix_status status =
                gather ? gathers[side](&d[side], &i, 0, &o[side], &options[side])
                       : scatters[side](&d[side], &i, &u, 0, &o[side], &options[side]);
            double seconds = bench_seconds() - start;
            if (status != TIX_STATUS_OK) {
                fprintf(stderr, "outer_axis: build %c failed (%d)\n", "AB"[side], (int)status);
                return 1;
            }
            if (call >= 0)
                times[side][call] = seconds;
        }
        if (call == -1 && memcmp(outputs[0], outputs[1], elements * size) != 0) {
            fprintf(stderr, "outer_axis: the builds' outputs differ\n");
            return 1;
        }
    }
    bench_sort(times[0], (size_t)calls);
    bench_sort(times[1], (size_t)calls);
    double a = times[0][calls / 2], b = times[1][calls / 2];
    printf("%s axis 0 [%d, %d] %s %s%s%s %dT  A median %8.3f min %8.3f  B median %8.3f min %8.3f"
           "  B/A %.3f (min %.3f)\n",
           gather ? "gather_elements" : "scatter_elements", rows, columns, dtype_name,
           gather ? "" : reduction_name, exclude_self ? " exclude_self" : "",
           in_place ? " in place" : "", threads, a * 1e3, times[0][0] * 1e3, b * 1e3,
           times[1][0] * 1e3, b / a, times[1][0] / times[0][0]);
    if (threads > 1) {
        a_tix_threadpool_destroy(pools[0]);
        b_tix_threadpool_destroy(pools[1]);
    }
    return 0;
}
