/* tix_io: a tensor loaded from a file, owning its memory.
 *
 * Both file-format layers of the tix tool (npy.h, onnx_model.h) produce this one type, so the
 * tool handles every loaded tensor the same way whatever file it came from.
 */
#ifndef TIX_IO_TENSOR_H
#define TIX_IO_TENSOR_H

#include <stddef.h>

#include "tix.h"

typedef struct tix_loaded_tensor {
    /* A dense row-major view of `buffer` (data == buffer). tensor.data is never NULL after a
     * successful load, not even for an empty tensor. */
    tix_tensor tensor;
    /* The elements. For TIX_DTYPE_STRING an array of `const char *`, one per element, each
     * pointing into `string_bytes`. */
    void* buffer;
    /* STRING tensors only: the NUL-terminated copies of every element, back to back; NULL for
     * other dtypes. A string holding a NUL byte reads, through its `const char *`, as the part
     * before that byte. */
    char* string_bytes;
    /* The TensorProto name (ONNX; "" when the file has none) or NULL (.npy). */
    char* name;
} tix_loaded_tensor;

/* Frees what `tensor` owns and zeroes it. NULL and an all-zero struct are fine; freeing twice
 * is fine. */
void tix_loaded_tensor_free(tix_loaded_tensor* tensor);

#endif /* TIX_IO_TENSOR_H */
