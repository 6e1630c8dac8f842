/* The clock and the order of timings shared by the benchmark programs of bench/ (each compiled
 * on its own, with this header beside it). Define _POSIX_C_SOURCE before including it. */
#ifndef TIX_BENCH_TIMING_H
#define TIX_BENCH_TIMING_H

#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double bench_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* qsort's order of two timings: the shorter first. */
static inline int bench_by_value(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

/* Sorts n timings in place, shortest first (the median is then times[n / 2]). */
static inline void bench_sort(double* times, size_t n) {
    qsort(times, n, sizeof *times, bench_by_value);
}

#endif /* TIX_BENCH_TIMING_H */
