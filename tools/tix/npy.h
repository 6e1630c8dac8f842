/* tix_io: reading and writing NumPy .npy files.
 *
 * Reading
 * - Format versions 1.0, 2.0 and 3.0. The header dict may list its keys in any order, with any
 *   whitespace and a trailing comma; it must hold exactly 'descr', 'fortran_order' and 'shape'
 *   (as numpy.load requires). Dimensions may carry Python 2's 'L' suffix.
 * - dtypes: '?'/'b1' bool; 'i1' 'u1' 'i2' 'u2' 'i4' 'u4' 'i8' 'u8'; 'f2' 'f4' 'f8'; 'c8' 'c16';
 *   with byte order '<', '>', '|', '=' or none ('=' and none mean this machine's order). Both
 *   byte orders load; the result is always in this machine's order (complex: each half swapped).
 *   Bool bytes other than 0 load as 1.
 * - 'S<n>' (n >= 1) fixed-width byte strings load as TIX_DTYPE_STRING: one `const char *` per
 *   element, pointing at a NUL-terminated copy (numpy's trailing NUL padding removed) owned by
 *   the loaded tensor.
 * - fortran_order: True is converted to a row-major copy: the loaded tensor is always dense
 *   row-major, whatever the file's order.
 * - Rejected with a message naming the file: bad magic, unknown versions, malformed headers,
 *   unsupported dtypes ('<U5', '|O', structured, 'S0', ...), negative, non-integer or too many
 *   dimensions (more than TIX_MAX_RANK), element counts that overflow, and data whose length is
 *   not exactly what the header describes (short or with bytes left over). Sizes are checked
 *   against the bytes actually present before anything is allocated for the data.
 *
 * Writing
 * - Version 1.0 (2.0 if the header would not fit), numpy's layout: the header padded with
 *   spaces and a newline so the data starts at a multiple of 64 bytes. Little-endian,
 *   fortran_order False; the elements of the view (any strides) in row-major order.
 * - STRING is written as '|S<n>', n the byte length of the longest element (at least 1); a NULL
 *   element is an error. Bool is written as 0/1 bytes.
 * - bfloat16 and the float8 types have no .npy dtype: an error.
 *
 * Every function returns 0 on success, or -1 with a message in error[0..error_size) (error may
 * be NULL). On failure *out is left zeroed (nothing to free).
 */
#ifndef TIX_NPY_H
#define TIX_NPY_H

#include <stddef.h>

#include "io_tensor.h"
#include "tix.h"

/* Loads the .npy file at path. Messages start with the path. */
int tix_npy_read(const char* path, tix_loaded_tensor* out, char* error, size_t error_size);

/* Loads a .npy image held in memory; name (may be NULL: "<memory>") starts the messages. The
 * bytes are not kept. */
int tix_npy_read_memory(const void* bytes, size_t size, const char* name,
                        tix_loaded_tensor* out, char* error, size_t error_size);

/* Writes the elements of the view to a new .npy file at path (replacing any file there; a
 * partial file is removed on failure). */
int tix_npy_write(const char* path, const tix_tensor* tensor, char* error, size_t error_size);

/* Writes the .npy image of the view into a new malloc'd buffer: *bytes (free with free()) and
 * *size. */
int tix_npy_write_memory(const tix_tensor* tensor, void** bytes, size_t* size, char* error,
                         size_t error_size);

#endif /* TIX_NPY_H */
