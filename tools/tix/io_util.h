/* Internal helpers shared by npy.c and onnx_model.c. Not part of the tix_io interface. */
#ifndef TIX_IO_UTIL_H
#define TIX_IO_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tix.h"

#if defined(__GNUC__)
#define TIX_IO_PRINTF(format_index, first_arg) \
    __attribute__((format(printf, format_index, first_arg)))
#else
#define TIX_IO_PRINTF(format_index, first_arg)
#endif

/* Writes a formatted message to error[0..error_size) (always NUL-terminated when error_size >
 * 0). error may be NULL or error_size 0: nothing is written. */
void tix_io_error(char* error, size_t error_size, const char* format, ...) TIX_IO_PRINTF(3, 4);


bool tix_io_host_is_little_endian(void);

/* Product of dims[0..rank) into *count; false when a dim is negative or the product overflows
 * int64. */
bool tix_io_count(const int64_t* dims, int rank, int64_t* count);

/* Makes *tensor a dense row-major view: data, dtype, rank, shape[0..rank) and the row-major
 * strides; the unused entries are zeroed. For an empty shape whose stride products would
 * overflow, the overflowing strides are 0 (no element is ever reached through them). */
void tix_io_set_dense(tix_tensor* tensor, void* data, int dtype, int rank, const int64_t* shape);

/* Writes "[2, 3]" into out (truncated with "..." when too long). */
void tix_io_format_dims(char* out, size_t out_size, const int64_t* dims, size_t rank);

/* The common start of the *_load_memory readers: *name becomes "<memory>" when NULL; out (of
 * out_size bytes, named `what` in the message) must be given and is zeroed; bytes may be NULL
 * only when size is 0. Returns 0, or -1 with "NAME: reason" in error. */
int tix_io_begin_memory_load(const void* bytes, size_t size, const char** name, void* out,
                             size_t out_size, const char* what, char* error, size_t error_size);

/* Reads a whole regular file into a malloc'd buffer (at least 1 byte allocated, so *bytes is
 * never NULL on success). Returns 0, or -1 with "PATH: reason" in error. */
int tix_io_read_file(const char* path, unsigned char** bytes, size_t* size, char* error,
                     size_t error_size);

#endif /* TIX_IO_UTIL_H */
