/* The workloads of `tix bench` (tools/tix/bench_workloads.c): every buffer starts on a 64-byte
 * boundary and is written before timing (a size that cannot be rounded up gets none), each
 * workload at its --quick size runs and matches the plain reference, and the reference check
 * catches an output that is one element off. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_workloads.h"

static bool aligned(const void* p) {
    return (uintptr_t)p % BENCH_ALIGNMENT == 0;
}

static void test_alloc_is_aligned_and_written(void** state) {
    (void)state;
    static const size_t sizes[] = {0, 1, 63, 64, 65, 1000, (size_t)3 << 20};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        unsigned char* p = bench_alloc(sizes[k]);
        assert_non_null(p);
        assert_true(aligned(p));
        for (size_t b = 0; b < sizes[k]; b++) assert_int_equal(p[b], 0x3c);
        free(p);
    }
    assert_null(bench_alloc(SIZE_MAX)); /* (rounding it up would wrap) */
}

static void test_every_workload_runs_aligned_and_checks(void** state) {
    (void)state;
    for (size_t which = 0; which < BENCH_WORKLOAD_COUNT; which++) {
        bench_case c;
        assert_true(bench_case_setup(&c, which, true));
        assert_ptr_equal(c.spec, &bench_specs[which]);
        assert_true(aligned(c.data.data));
        assert_true(aligned(c.indices.data));
        assert_true(aligned(c.output.data));
        assert_true(c.scatter == (c.updates.data != NULL));
        if (c.scatter) assert_true(aligned(c.updates.data));
        assert_true(c.bytes > 0);
        char why[256] = "";
        assert_int_equal(bench_case_run(&c, false), TIX_STATUS_OK);
        assert_true(bench_case_check(&c, why, sizeof why));
        /* one element changed: the check names it */
        int64_t last = tix_tensor_count(&c.output) - 1;
        float* out = c.output.data;
        out[last] = out[last] + 1.0f;
        assert_false(bench_case_check(&c, why, sizeof why));
        char expected[64];
        snprintf(expected, sizeof expected, "output element %lld is", (long long)last);
        assert_non_null(strstr(why, expected));
        bench_case_free(&c);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alloc_is_aligned_and_written),
        cmocka_unit_test(test_every_workload_runs_aligned_and_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
