/* libFuzzer target for the .npy reader of tix_io (tools/tix/npy.h): any bytes either load into a
 * consistent tensor or fail with a message naming the file, with the output zeroed; no load
 * allocates more than a small multiple of the file's size (fuzz_io.h). A tensor that loads is
 * written back with tix_npy_write_memory and read again: the same dtype, shape and bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_io.h"
#include "npy.h"

/* Bytes of the elements, strings compared as text. */
static void check_same(const tix_loaded_tensor* a, const tix_loaded_tensor* b) {
    FUZZ_CHECK(a->tensor.dtype == b->tensor.dtype && a->tensor.rank == b->tensor.rank,
               "the written file reads back as dtype %d rank %d, not %d %d", (int)b->tensor.dtype,
               (int)b->tensor.rank, (int)a->tensor.dtype, (int)a->tensor.rank);
    for (int32_t d = 0; d < a->tensor.rank; d++) {
        FUZZ_CHECK(a->tensor.shape[d] == b->tensor.shape[d], "dimension %d differs", (int)d);
    }
    int64_t count = tix_tensor_count(&a->tensor);
    size_t size = tix_dtype_size(a->tensor.dtype);
    if (a->tensor.dtype == TIX_DTYPE_STRING) {
        for (int64_t k = 0; k < count; k++) {
            const char *x, *y;
            memcpy(&x, (const char*)a->buffer + k * (int64_t)size, sizeof x);
            memcpy(&y, (const char*)b->buffer + k * (int64_t)size, sizeof y);
            FUZZ_CHECK(strcmp(x, y) == 0, "string %lld reads back as \"%s\", not \"%s\"",
                       (long long)k, y, x);
        }
    } else {
        FUZZ_CHECK(memcmp(a->buffer, b->buffer, (size_t)count * size) == 0,
                   "the elements read back differ");
    }
}

/* TIX_FUZZ_KNOWN=npy_empty_shape: whether the header's shape has a zero dimension and others
 * whose product overflows int64 (a finding already reported: docs/TESTING.md). */
static bool empty_shape_overflows(const uint8_t* bytes, size_t size) {
    const char* key = "'shape'";
    size_t n = strlen(key);
    for (size_t at = 0; at + n < size && at < 70000; at++) {
        if (memcmp(bytes + at, key, n) != 0)
            continue;
        bool zero = false, overflow = false;
        int64_t product = 1;
        for (size_t k = at + n; k < size && bytes[k] != ')'; k++) {
            if (bytes[k] < '0' || bytes[k] > '9')
                continue;
            int64_t value = 0;
            while (k < size && bytes[k] >= '0' && bytes[k] <= '9') {
                if (__builtin_mul_overflow(value, 10, &value) ||
                    __builtin_add_overflow(value, bytes[k] - '0', &value)) {
                    value = INT64_MAX;
                }
                k++;
            }
            k--;
            zero = zero || value == 0;
            if (value > 0 && __builtin_mul_overflow(product, value, &product))
                overflow = true;
        }
        return zero && overflow;
    }
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
    static const char* const name = "fuzz.npy";
    if (fuzz_known("npy_empty_shape") && empty_shape_overflows(bytes, size))
        return 0;
    char error[512];
    memset(error, 0, sizeof error);
    tix_loaded_tensor t;
    memset(&t, 0x5a, sizeof t);
    fuzz_io_watch();
    int result = tix_npy_read_memory(bytes, size, name, &t, error, sizeof error);
    /* strings: a pointer and a copy per element, one byte wide at least; fortran_order: a copy */
    fuzz_io_unwatch(size, 16, 48);
    if (result != 0) {
        fuzz_io_check_failure(result, error, name, &t, sizeof t);
        return 0;
    }
    FUZZ_CHECK(t.name == NULL, "a .npy tensor has a name");
    fuzz_io_check_tensor(&t);

    void* image = NULL;
    size_t image_size = 0;
    if (tix_npy_write_memory(&t.tensor, &image, &image_size, error, sizeof error) == 0) {
        tix_loaded_tensor back;
        int again = tix_npy_read_memory(image, image_size, "back.npy", &back, error, sizeof error);
        FUZZ_CHECK(again == 0, "the image written for a loaded tensor does not load: %s", error);
        check_same(&t, &back);
        tix_loaded_tensor_free(&back);
        free(image);
    } else {
        /* every dtype the reader produces can be written */
        FUZZ_CHECK(false, "a loaded tensor cannot be written: %s", error);
    }
    tix_loaded_tensor_free(&t);
    tix_loaded_tensor_free(&t); /* freeing twice is fine */
    return 0;
}
