/* Shared by the file-reader fuzz targets (fuzz_npy.c, fuzz_onnx_model.c, fuzz_onnx_tensor.c):
 * the properties every loaded tensor and every failure must have, and a watch on allocations.
 *
 * "Never an allocation sized from an unchecked length": under AddressSanitizer the targets
 * install a malloc hook that records the largest single allocation and the total allocated
 * during one load; both must stay within a small multiple of the input's size. (libFuzzer's
 * -malloc_limit_mb, set by fuzz/fuzz.sh, catches the huge ones even without the hook.)
 */
#ifndef TIX_FUZZ_IO_H
#define TIX_FUZZ_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_common.h"
#include "io_tensor.h"
#include "tix.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_IO_HOOKS 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_IO_HOOKS 1
#endif

typedef struct fuzz_allocations {
    bool watching;
    size_t largest, total;
} fuzz_allocations;

static fuzz_allocations fuzz_io_allocations;

#ifdef FUZZ_IO_HOOKS
/* From the sanitizer runtime (sanitizer/allocator_interface.h). */
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, size_t),
                                              void (*free_hook)(const volatile void*));

static void fuzz_io_malloc_hook(const volatile void* pointer, size_t size) {
    (void)pointer;
    if (!fuzz_io_allocations.watching)
        return;
    if (size > fuzz_io_allocations.largest)
        fuzz_io_allocations.largest = size;
    fuzz_io_allocations.total += size;
}

static void fuzz_io_free_hook(const volatile void* pointer) {
    (void)pointer;
}
#endif

/* Starts recording allocations (hooks installed on first use). */
static inline void fuzz_io_watch(void) {
#ifdef FUZZ_IO_HOOKS
    static bool installed;
    if (!installed) {
        installed = true;
        __sanitizer_install_malloc_and_free_hooks(fuzz_io_malloc_hook, fuzz_io_free_hook);
    }
#endif
    fuzz_io_allocations.watching = true;
    fuzz_io_allocations.largest = 0;
    fuzz_io_allocations.total = 0;
}

/* Stops recording and checks the allocations of a load of `size` input bytes: none larger than
 * `per_byte` times the input (plus a constant for fixed structures), and not too many in all. */
static inline void fuzz_io_unwatch(size_t size, size_t per_byte, size_t total_per_byte) {
    fuzz_io_allocations.watching = false;
    FUZZ_CHECK(fuzz_io_allocations.largest <= per_byte * size + 65536,
               "a load of %zu bytes made an allocation of %zu bytes", size,
               fuzz_io_allocations.largest);
    FUZZ_CHECK(fuzz_io_allocations.total <= total_per_byte * size + (1u << 20),
               "a load of %zu bytes allocated %zu bytes in all", size, fuzz_io_allocations.total);
}

/* A failed load: -1, a message that starts with the name, and the output left zeroed. */
static inline void fuzz_io_check_failure(int result, const char* error, const char* name,
                                         const void* out, size_t out_size) {
    FUZZ_CHECK(result == -1, "a load returned %d", result);
    size_t n = strlen(name);
    FUZZ_CHECK(strncmp(error, name, n) == 0 && error[n] == ':' && error[n + 1] == ' ' &&
                   error[n + 2] != '\0',
               "the message \"%s\" does not start with the file's name", error);
    const unsigned char* bytes = out;
    for (size_t k = 0; k < out_size; k++) {
        FUZZ_CHECK(bytes[k] == 0, "byte %zu of the output of a failed load is not zero", k);
    }
}

/* A loaded tensor: a dense row-major view of its buffer, every element readable; strings point
 * at NUL-terminated copies inside string_bytes. Returns the element count. */
static inline int64_t fuzz_io_check_tensor(const tix_loaded_tensor* t) {
    const tix_tensor* v = &t->tensor;
    FUZZ_CHECK(v->data != NULL && v->data == t->buffer, "the view is not of the buffer");
    FUZZ_CHECK(v->rank >= 0 && v->rank <= TIX_MAX_RANK, "rank %d", (int)v->rank);
    size_t size = tix_dtype_size(v->dtype);
    FUZZ_CHECK(size > 0, "dtype %d", (int)v->dtype);
    int64_t count = tix_tensor_count(v);
    FUZZ_CHECK(count >= 0, "the element count overflows");
    int64_t dense = 1;
    for (int32_t d = v->rank - 1; d >= 0 && count > 0; d--) { /* empty: strides never used */
        FUZZ_CHECK(v->strides[d] == dense, "stride %d is %lld, not dense", (int)d,
                   (long long)v->strides[d]);
        dense *= v->shape[d];
    }
    /* read every byte: AddressSanitizer checks the buffer is that large */
    volatile unsigned char sink = 0;
    const unsigned char* bytes = t->buffer;
    for (int64_t k = 0; k < count * (int64_t)size; k++)
        sink ^= bytes[k];
    if (v->dtype == TIX_DTYPE_STRING) {
        FUZZ_CHECK(count == 0 || t->string_bytes != NULL, "strings without string_bytes");
        for (int64_t k = 0; k < count; k++) {
            const char* s;
            memcpy(&s, bytes + k * (int64_t)size, sizeof s);
            FUZZ_CHECK(s != NULL, "string element %lld is NULL", (long long)k);
            for (const char* p = s; *p != '\0'; p++)
                sink ^= (unsigned char)*p;
        }
    } else {
        FUZZ_CHECK(t->string_bytes == NULL, "string_bytes set for dtype %d", (int)v->dtype);
    }
    (void)sink;
    return count;
}

#endif /* TIX_FUZZ_IO_H */
