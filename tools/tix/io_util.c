/* Internal helpers shared by npy.c and onnx_model.c. */
#include "io_util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_tensor.h"

void tix_io_error(char* error, size_t error_size, const char* format, ...)
{
    if (error == NULL || error_size == 0) {
        return;
    }
    va_list args;
    va_start(args, format);
    int written = vsnprintf(error, error_size, format, args);
    va_end(args);
    if (written < 0) {
        error[0] = '\0';
    }
}

bool tix_io_host_is_little_endian(void)
{
    const uint16_t probe = 1;
    unsigned char first;
    memcpy(&first, &probe, 1);
    return first == 1;
}

bool tix_io_count(const int64_t* dims, int rank, int64_t* count)
{
    int64_t product = 1;
    bool zero = false;
    for (int d = 0; d < rank; ++d) {
        if (dims[d] < 0) {
            return false;
        }
        if (dims[d] == 0) {
            zero = true;
        }
    }
    if (zero) {
        /* An empty tensor: its other dims need not multiply within range. */
        *count = 0;
        return true;
    }
    for (int d = 0; d < rank; ++d) {
        if (product > INT64_MAX / dims[d]) {
            return false;
        }
        product *= dims[d];
    }
    *count = product;
    return true;
}

void tix_io_set_dense(tix_tensor* tensor, void* data, int dtype, int rank, const int64_t* shape)
{
    memset(tensor, 0, sizeof *tensor);
    tensor->data = data;
    tensor->dtype = (tix_dtype)dtype;
    tensor->rank = rank;
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
        tensor->shape[d] = shape[d];
        tensor->strides[d] = stride;
        if (shape[d] == 0 || stride > INT64_MAX / shape[d]) {
            stride = 0;
        } else {
            stride *= shape[d];
        }
    }
}

void tix_io_format_dims(char* out, size_t out_size, const int64_t* dims, size_t rank)
{
    if (out_size < 8) {
        if (out_size > 0) {
            out[0] = '\0';
        }
        return;
    }
    /* Invariant: used + 5 <= out_size, room for "...]" and the NUL. */
    size_t used = 0;
    out[used++] = '[';
    for (size_t d = 0; d < rank; ++d) {
        char piece[32];
        int length = snprintf(piece, sizeof piece, "%s%lld", d == 0 ? "" : ", ",
                              (long long)dims[d]);
        if (length < 0 || used + (size_t)length + 5 > out_size) {
            memcpy(out + used, "...", 3);
            used += 3;
            break;
        }
        memcpy(out + used, piece, (size_t)length);
        used += (size_t)length;
    }
    out[used++] = ']';
    out[used] = '\0';
}

int tix_io_begin_memory_load(const void* bytes, size_t size, const char** name, void* out,
                             size_t out_size, const char* what, char* error, size_t error_size)
{
    if (*name == NULL) {
        *name = "<memory>";
    }
    if (out == NULL) {
        tix_io_error(error, error_size, "%s: no output %s given", *name, what);
        return -1;
    }
    memset(out, 0, out_size);
    if (bytes == NULL && size > 0) {
        tix_io_error(error, error_size, "%s: no bytes given", *name);
        return -1;
    }
    return 0;
}

int tix_io_read_file(const char* path, unsigned char** bytes, size_t* size, char* error,
                     size_t error_size)
{
    *bytes = NULL;
    *size = 0;
    FILE* file = fopen(path, "rb");
    if (file == NULL) {
        tix_io_error(error, error_size, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    /* Grow with the bytes actually read: works for pipes too, and never allocates more than
     * twice what the file holds. */
    size_t capacity = 4096;
    size_t used = 0;
    unsigned char* buffer = malloc(capacity);
    if (buffer == NULL) {
        fclose(file);
        tix_io_error(error, error_size, "%s: out of memory", path);
        return -1;
    }
    for (;;) {
        if (used == capacity) {
            if (capacity > SIZE_MAX / 2) {
                free(buffer);
                fclose(file);
                tix_io_error(error, error_size, "%s: file too large", path);
                return -1;
            }
            unsigned char* grown = realloc(buffer, capacity * 2);
            if (grown == NULL) {
                free(buffer);
                fclose(file);
                tix_io_error(error, error_size, "%s: out of memory reading the file", path);
                return -1;
            }
            buffer = grown;
            capacity *= 2;
        }
        size_t got = fread(buffer + used, 1, capacity - used, file);
        used += got;
        if (got == 0) {
            break;
        }
    }
    bool failed = ferror(file) != 0;
    int saved_errno = errno;
    fclose(file);
    if (failed) {
        free(buffer);
        tix_io_error(error, error_size, "%s: read error: %s", path, strerror(saved_errno));
        return -1;
    }
    *bytes = buffer;
    *size = used;
    return 0;
}

void tix_loaded_tensor_free(tix_loaded_tensor* tensor)
{
    if (tensor == NULL) {
        return;
    }
    free(tensor->buffer);
    free(tensor->string_bytes);
    free(tensor->name);
    memset(tensor, 0, sizeof *tensor);
}
