/* tix_io: reading and writing NumPy .npy files (format described in npy.h). */
#include "npy.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_util.h"

#define NPY_MAGIC "\x93NUMPY"
#define NPY_MAGIC_SIZE 6
#define NPY_PREAMBLE_MAX 12 /* magic, version, 4-byte header length */
#define NPY_ALIGN 64        /* numpy pads the header so the data starts at a multiple of this */

/* What the preamble and header of a file say. */
typedef struct npy_header {
    tix_dtype dtype;
    size_t item_size; /* bytes per element in the file (string width for 'S<n>') */
    size_t swap_unit; /* 0: keep the bytes; else reverse each group of this many bytes */
    bool fortran_order;
    int rank;
    int64_t shape[TIX_MAX_RANK];
    int64_t count;
    size_t data_offset; /* preamble + header */
    size_t data_bytes;  /* count * item_size */
    char descr[64];     /* as written in the file, for messages (printable characters only) */
} npy_header;

/* ---------------------------------------------------------------------------------------------
 * Preamble: magic, version, header length.
 */

static int npy_parse_preamble(const unsigned char* bytes, size_t available, size_t total,
                              const char* name, size_t* header_offset, size_t* header_length,
                              char* error, size_t error_size) {
    if (total < NPY_MAGIC_SIZE) {
        tix_io_error(error, error_size, "%s: not a .npy file (%zu bytes, too short for the magic)",
                     name, total);
        return -1;
    }
    if (memcmp(bytes, NPY_MAGIC, NPY_MAGIC_SIZE) != 0) {
        tix_io_error(error, error_size, "%s: not a .npy file (bad magic)", name);
        return -1;
    }
    if (available < NPY_MAGIC_SIZE + 2) {
        tix_io_error(error, error_size, "%s: truncated: the file ends inside the version", name);
        return -1;
    }
    unsigned major = bytes[6];
    unsigned minor = bytes[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0) {
        tix_io_error(error, error_size,
                     "%s: unsupported .npy format version %u.%u (1.0, 2.0 and 3.0 are supported)",
                     name, major, minor);
        return -1;
    }
    size_t field = major == 1 ? 2 : 4;
    if (available < 8 + field) {
        tix_io_error(error, error_size, "%s: truncated: the file ends inside the header length",
                     name);
        return -1;
    }
    size_t length = (size_t)bytes[8] | (size_t)bytes[9] << 8;
    if (field == 4) {
        length |= (size_t)bytes[10] << 16 | (size_t)bytes[11] << 24;
    }
    *header_offset = 8 + field;
    if (length > total - *header_offset) {
        tix_io_error(error, error_size,
                     "%s: truncated: header length is %zu bytes but only %zu bytes follow it", name,
                     length, total - *header_offset);
        return -1;
    }
    *header_length = length;
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Header: a Python dict literal such as
 *   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
 */

typedef struct npy_parser {
    const char* start;
    const char* at;
    const char* end;
    const char* name;
    char* error;
    size_t error_size;
} npy_parser;

static void npy_skip_space(npy_parser* parser) {
    while (parser->at < parser->end &&
           (*parser->at == ' ' || *parser->at == '\t' || *parser->at == '\n' ||
            *parser->at == '\r' || *parser->at == '\f' || *parser->at == '\v')) {
        ++parser->at;
    }
}

static int npy_syntax_error(npy_parser* parser, const char* what) {
    if (parser->at >= parser->end) {
        tix_io_error(parser->error, parser->error_size,
                     "%s: malformed header: %s, but the header ends", parser->name, what);
    } else {
        unsigned char c = (unsigned char)*parser->at;
        char shown[8];
        if (c >= 0x20 && c < 0x7f) {
            snprintf(shown, sizeof shown, "'%c'", (char)c);
        } else {
            snprintf(shown, sizeof shown, "0x%02x", c);
        }
        tix_io_error(parser->error, parser->error_size,
                     "%s: malformed header: %s, found %s at offset %zu of the header", parser->name,
                     what, shown, (size_t)(parser->at - parser->start));
    }
    return -1;
}

/* Parses a quoted string (single or double quotes; a backslash takes the next character as it
 * is) into out, printable ASCII only (others become '?'), truncated to out_size - 1. */
static int npy_parse_string(npy_parser* parser, char* out, size_t out_size, bool* truncated) {
    if (parser->at >= parser->end || (*parser->at != '\'' && *parser->at != '"')) {
        return npy_syntax_error(parser, "expected a quoted string");
    }
    char quote = *parser->at++;
    size_t used = 0;
    *truncated = false;
    for (;;) {
        if (parser->at >= parser->end) {
            return npy_syntax_error(parser, "unterminated string");
        }
        char c = *parser->at++;
        if (c == quote) {
            break;
        }
        if (c == '\\') {
            if (parser->at >= parser->end) {
                return npy_syntax_error(parser, "unterminated string");
            }
            c = *parser->at++;
        }
        if (used + 1 < out_size) {
            unsigned char u = (unsigned char)c;
            out[used++] = (u >= 0x20 && u < 0x7f) ? c : '?';
        } else {
            *truncated = true;
        }
    }
    out[used] = '\0';
    return 0;
}

static bool npy_match_word(npy_parser* parser, const char* word) {
    size_t length = strlen(word);
    if ((size_t)(parser->end - parser->at) < length || memcmp(parser->at, word, length) != 0) {
        return false;
    }
    const char* after = parser->at + length;
    if (after < parser->end) {
        char c = *after;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '_') {
            return false;
        }
    }
    parser->at = after;
    return true;
}

static int npy_parse_shape(npy_parser* parser, npy_header* header) {
    if (parser->at >= parser->end || *parser->at != '(') {
        if (parser->at < parser->end && *parser->at >= '0' && *parser->at <= '9') {
            tix_io_error(parser->error, parser->error_size,
                         "%s: malformed header: 'shape' is not a tuple (write (n,) for one "
                         "dimension)",
                         parser->name);
            return -1;
        }
        return npy_syntax_error(parser, "expected a tuple for 'shape'");
    }
    ++parser->at;
    int rank = 0;
    for (;;) {
        npy_skip_space(parser);
        if (parser->at < parser->end && *parser->at == ')') {
            ++parser->at;
            break;
        }
        /* One dimension: [+-]digits[L]. */
        bool negative = false;
        if (parser->at < parser->end && (*parser->at == '-' || *parser->at == '+')) {
            negative = *parser->at == '-';
            ++parser->at;
            npy_skip_space(parser);
        }
        if (parser->at >= parser->end || *parser->at < '0' || *parser->at > '9') {
            if (parser->at >= parser->end) {
                return npy_syntax_error(parser, "expected a dimension in 'shape'");
            }
            tix_io_error(parser->error, parser->error_size,
                         "%s: bad shape: dimension %d is not a non-negative integer", parser->name,
                         rank);
            return -1;
        }
        uint64_t value = 0;
        bool too_large = false;
        while (parser->at < parser->end && *parser->at >= '0' && *parser->at <= '9') {
            unsigned digit = (unsigned)(*parser->at - '0');
            if (value > ((uint64_t)INT64_MAX - digit) / 10) {
                too_large = true;
            } else {
                value = value * 10 + digit;
            }
            ++parser->at;
        }
        if (parser->at < parser->end && (*parser->at == 'L' || *parser->at == 'l')) {
            ++parser->at;
        }
        if (parser->at < parser->end &&
            (*parser->at == '.' || *parser->at == 'e' || *parser->at == 'E' || *parser->at == 'x' ||
             *parser->at == 'j' || *parser->at == '_')) {
            tix_io_error(parser->error, parser->error_size,
                         "%s: bad shape: dimension %d is not a non-negative integer", parser->name,
                         rank);
            return -1;
        }
        if (negative && (value != 0 || too_large)) {
            if (too_large) {
                tix_io_error(parser->error, parser->error_size,
                             "%s: bad shape: dimension %d is negative", parser->name, rank);
            } else {
                tix_io_error(parser->error, parser->error_size,
                             "%s: bad shape: dimension %d is negative (-%llu)", parser->name, rank,
                             (unsigned long long)value);
            }
            return -1;
        }
        if (too_large) {
            tix_io_error(parser->error, parser->error_size,
                         "%s: bad shape: dimension %d is larger than 2^63 - 1", parser->name, rank);
            return -1;
        }
        if (rank == TIX_MAX_RANK) {
            tix_io_error(parser->error, parser->error_size,
                         "%s: bad shape: more than %d dimensions", parser->name, TIX_MAX_RANK);
            return -1;
        }
        header->shape[rank++] = (int64_t)value;
        npy_skip_space(parser);
        if (parser->at < parser->end && *parser->at == ',') {
            ++parser->at;
            continue;
        }
        if (parser->at < parser->end && *parser->at == ')') {
            ++parser->at;
            if (rank == 1) {
                /* "(3)" is the integer 3 in Python, not a tuple; numpy rejects it too. */
                tix_io_error(parser->error, parser->error_size,
                             "%s: malformed header: 'shape' is not a tuple (write (n,) for one "
                             "dimension)",
                             parser->name);
                return -1;
            }
            break;
        }
        return npy_syntax_error(parser, "expected ',' or ')' in 'shape'");
    }
    header->rank = rank;
    return 0;
}

/* Maps a descr string to the dtype, element size and byte swapping. */
static bool npy_descr_to_dtype(const char* descr, npy_header* header) {
    char order = '=';
    const char* type = descr;
    if (*type == '<' || *type == '>' || *type == '|' || *type == '=') {
        order = *type++;
    }
    static const struct {
        const char* code;
        tix_dtype dtype;
        size_t size;
        size_t swap_unit;
    } table[] = {
        {"?", TIX_DTYPE_BOOL, 1, 1},          {"b1", TIX_DTYPE_BOOL, 1, 1},
        {"i1", TIX_DTYPE_INT8, 1, 1},         {"u1", TIX_DTYPE_UINT8, 1, 1},
        {"i2", TIX_DTYPE_INT16, 2, 2},        {"u2", TIX_DTYPE_UINT16, 2, 2},
        {"i4", TIX_DTYPE_INT32, 4, 4},        {"u4", TIX_DTYPE_UINT32, 4, 4},
        {"i8", TIX_DTYPE_INT64, 8, 8},        {"u8", TIX_DTYPE_UINT64, 8, 8},
        {"f2", TIX_DTYPE_FLOAT16, 2, 2},      {"f4", TIX_DTYPE_FLOAT32, 4, 4},
        {"f8", TIX_DTYPE_FLOAT64, 8, 8},      {"c8", TIX_DTYPE_COMPLEX64, 8, 4},
        {"c16", TIX_DTYPE_COMPLEX128, 16, 8},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i) {
        if (strcmp(type, table[i].code) == 0) {
            header->dtype = table[i].dtype;
            header->item_size = table[i].size;
            bool little = tix_io_host_is_little_endian();
            bool swap = (order == '<' && !little) || (order == '>' && little);
            header->swap_unit = (swap && table[i].swap_unit > 1) ? table[i].swap_unit : 0;
            return true;
        }
    }
    if (type[0] == 'S' && type[1] >= '1' && type[1] <= '9') {
        size_t width = 0;
        for (const char* c = type + 1; *c != '\0'; ++c) {
            if (*c < '0' || *c > '9' || width > (SIZE_MAX / 4 - 9) / 10) {
                return false;
            }
            width = width * 10 + (size_t)(*c - '0');
        }
        header->dtype = TIX_DTYPE_STRING;
        header->item_size = width;
        header->swap_unit = 0;
        return true;
    }
    return false;
}

static int npy_parse_header(const char* text, size_t length, const char* name, npy_header* header,
                            char* error, size_t error_size) {
    npy_parser parser = {text, text, text + length, name, error, error_size};
    bool have_descr = false, have_order = false, have_shape = false;
    npy_skip_space(&parser);
    if (parser.at >= parser.end || *parser.at != '{') {
        return npy_syntax_error(&parser, "expected '{' starting the header dict");
    }
    ++parser.at;
    for (;;) {
        npy_skip_space(&parser);
        if (parser.at < parser.end && *parser.at == '}') {
            ++parser.at;
            break;
        }
        char key[32];
        bool truncated;
        if (npy_parse_string(&parser, key, sizeof key, &truncated) != 0) {
            return -1;
        }
        npy_skip_space(&parser);
        if (parser.at >= parser.end || *parser.at != ':') {
            return npy_syntax_error(&parser, "expected ':' after a key");
        }
        ++parser.at;
        npy_skip_space(&parser);
        bool* seen;
        if (!truncated && strcmp(key, "descr") == 0) {
            seen = &have_descr;
        } else if (!truncated && strcmp(key, "fortran_order") == 0) {
            seen = &have_order;
        } else if (!truncated && strcmp(key, "shape") == 0) {
            seen = &have_shape;
        } else {
            tix_io_error(error, error_size, "%s: malformed header: unexpected key '%s%s'", name,
                         key, truncated ? "..." : "");
            return -1;
        }
        if (*seen) {
            tix_io_error(error, error_size, "%s: malformed header: key '%s' appears twice", name,
                         key);
            return -1;
        }
        *seen = true;
        if (seen == &have_descr) {
            if (parser.at < parser.end && (*parser.at == '[' || *parser.at == '{')) {
                tix_io_error(error, error_size,
                             "%s: unsupported dtype: structured (record) arrays are not supported",
                             name);
                return -1;
            }
            if (npy_parse_string(&parser, header->descr, sizeof header->descr, &truncated) != 0) {
                return -1;
            }
            if (truncated || !npy_descr_to_dtype(header->descr, header)) {
                tix_io_error(error, error_size, "%s: unsupported dtype '%s%s'", name, header->descr,
                             truncated ? "..." : "");
                return -1;
            }
        } else if (seen == &have_order) {
            if (npy_match_word(&parser, "True")) {
                header->fortran_order = true;
            } else if (npy_match_word(&parser, "False")) {
                header->fortran_order = false;
            } else {
                return npy_syntax_error(&parser, "expected True or False for 'fortran_order'");
            }
        } else {
            if (npy_parse_shape(&parser, header) != 0) {
                return -1;
            }
        }
        npy_skip_space(&parser);
        if (parser.at < parser.end && *parser.at == ',') {
            ++parser.at;
            continue;
        }
        if (parser.at < parser.end && *parser.at == '}') {
            ++parser.at;
            break;
        }
        return npy_syntax_error(&parser, "expected ',' or '}' after a value");
    }
    npy_skip_space(&parser);
    if (parser.at != parser.end) {
        return npy_syntax_error(&parser, "unexpected text after the header dict");
    }
    if (!have_descr || !have_order || !have_shape) {
        tix_io_error(error, error_size, "%s: malformed header: no '%s' key", name,
                     !have_descr   ? "descr"
                     : !have_order ? "fortran_order"
                                   : "shape");
        return -1;
    }
    if (!tix_io_count(header->shape, header->rank, &header->count)) {
        char dims[128];
        tix_io_format_dims(dims, sizeof dims, header->shape, (size_t)header->rank);
        tix_io_error(error, error_size, "%s: bad shape: %s has more elements than fit in 64 bits",
                     name, dims);
        return -1;
    }
    /* Element storage after loading is at most item_size + 1 (strings: the NUL) or
     * sizeof(char *) per element more than the file's bytes; keep every product in range. */
    size_t per_element = header->item_size + 1 + sizeof(char*);
    if ((uint64_t)header->count > SIZE_MAX / per_element) {
        tix_io_error(error, error_size,
                     "%s: bad shape: %lld elements of %zu bytes do not fit in memory", name,
                     (long long)header->count, header->item_size);
        return -1;
    }
    header->data_bytes = (size_t)header->count * header->item_size;
    return 0;
}

/* Parses the header at bytes[header_offset..+header_length) of a `total`-byte image and checks
 * that exactly the data it describes follows. */
static int npy_read_header(const unsigned char* bytes, size_t total, size_t header_offset,
                           size_t header_length, const char* name, npy_header* header, char* error,
                           size_t error_size) {
    memset(header, 0, sizeof *header);
    if (npy_parse_header((const char*)bytes + header_offset, header_length, name, header, error,
                         error_size) != 0) {
        return -1;
    }
    header->data_offset = header_offset + header_length;
    size_t follow = total - header->data_offset;
    if (follow != header->data_bytes) {
        tix_io_error(error, error_size,
                     "%s: %s: header says %lld elements of %zu bytes (%zu bytes) but %s%zu bytes "
                     "follow the header",
                     name, follow < header->data_bytes ? "truncated" : "size mismatch",
                     (long long)header->count, header->item_size, header->data_bytes,
                     follow < header->data_bytes ? "only " : "", follow);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Data.
 */

/* Byte swapping and bool normalization, in place. */
static void npy_fix_in_place(const npy_header* header, unsigned char* data) {
    size_t bytes = header->data_bytes;
    if (header->swap_unit > 1) {
        size_t unit = header->swap_unit;
        for (size_t at = 0; at + unit <= bytes; at += unit) {
            for (size_t i = 0, j = unit - 1; i < j; ++i, --j) {
                unsigned char t = data[at + i];
                data[at + i] = data[at + j];
                data[at + j] = t;
            }
        }
    }
    if (header->dtype == TIX_DTYPE_BOOL) {
        for (size_t i = 0; i < bytes; ++i) {
            data[i] = data[i] != 0;
        }
    }
}

/* The file position of each row-major element in turn, for a Fortran-order file. */
typedef struct npy_fortran_walk {
    int rank;
    int64_t index[TIX_MAX_RANK];
    int64_t stride[TIX_MAX_RANK];
    int64_t shape[TIX_MAX_RANK];
    int64_t offset;
} npy_fortran_walk;

static void npy_fortran_start(npy_fortran_walk* walk, const npy_header* header) {
    memset(walk, 0, sizeof *walk);
    walk->rank = header->rank;
    int64_t stride = 1;
    for (int d = 0; d < header->rank; ++d) {
        walk->shape[d] = header->shape[d];
        walk->stride[d] = stride;
        /* Used only when count > 0, where it cannot overflow; an empty array's dimensions may
         * multiply past int64, hence unsigned (wrapping) arithmetic. */
        stride = (int64_t)((uint64_t)stride * (uint64_t)header->shape[d]);
    }
}

static void npy_fortran_next(npy_fortran_walk* walk) {
    for (int d = walk->rank - 1; d >= 0; --d) {
        walk->offset += walk->stride[d];
        if (++walk->index[d] < walk->shape[d]) {
            return;
        }
        walk->offset -= walk->stride[d] * walk->shape[d];
        walk->index[d] = 0;
    }
}

/* Builds the loaded tensor from the file's data bytes `raw` (header->data_bytes of them). */
static int npy_decode(const npy_header* header, const unsigned char* raw, const char* name,
                      tix_loaded_tensor* out, char* error, size_t error_size) {
    size_t count = (size_t)header->count;
    npy_fortran_walk walk;
    npy_fortran_start(&walk, header);
    bool fortran = header->fortran_order && header->rank > 1;
    if (header->dtype == TIX_DTYPE_STRING) {
        size_t width = header->item_size;
        const char** pointers = malloc(count > 0 ? count * sizeof *pointers : 1);
        char* storage = malloc(count > 0 ? count * (width + 1) : 1);
        if (pointers == NULL || storage == NULL) {
            free(pointers);
            free(storage);
            tix_io_error(error, error_size, "%s: out of memory for %zu strings", name, count);
            return -1;
        }
        for (size_t p = 0; p < count; ++p) {
            size_t source = fortran ? (size_t)walk.offset : p;
            char* target = storage + p * (width + 1);
            memcpy(target, raw + source * width, width);
            target[width] = '\0';
            pointers[p] = target;
            if (fortran) {
                npy_fortran_next(&walk);
            }
        }
        out->buffer = (void*)pointers;
        out->string_bytes = storage;
    } else {
        unsigned char* data = malloc(header->data_bytes > 0 ? header->data_bytes : 1);
        if (data == NULL) {
            tix_io_error(error, error_size, "%s: out of memory for %zu bytes of data", name,
                         header->data_bytes);
            return -1;
        }
        if (fortran) {
            size_t size = header->item_size;
            for (size_t p = 0; p < count; ++p) {
                memcpy(data + p * size, raw + (size_t)walk.offset * size, size);
                npy_fortran_next(&walk);
            }
        } else if (header->data_bytes > 0) {
            memcpy(data, raw, header->data_bytes);
        }
        npy_fix_in_place(header, data);
        out->buffer = data;
    }
    tix_io_set_dense(&out->tensor, out->buffer, header->dtype, header->rank, header->shape);
    return 0;
}

int tix_npy_read_memory(const void* bytes, size_t size, const char* name, tix_loaded_tensor* out,
                        char* error, size_t error_size) {
    if (tix_io_begin_memory_load(bytes, size, &name, out, sizeof *out, "tensor", error,
                                 error_size) != 0) {
        return -1;
    }
    const unsigned char* image = bytes;
    size_t header_offset, header_length;
    if (npy_parse_preamble(image, size, size, name, &header_offset, &header_length, error,
                           error_size) != 0) {
        return -1;
    }
    npy_header header;
    if (npy_read_header(image, size, header_offset, header_length, name, &header, error,
                        error_size) != 0) {
        return -1;
    }
    return npy_decode(&header, image + header.data_offset, name, out, error, error_size);
}

static int npy_read_exact(FILE* file, void* buffer, size_t size, const char* name, char* error,
                          size_t error_size) {
    if (size > 0 && fread(buffer, 1, size, file) != size) {
        if (ferror(file)) {
            tix_io_error(error, error_size, "%s: read error: %s", name, strerror(errno));
        } else {
            tix_io_error(error, error_size, "%s: the file shrank while being read", name);
        }
        return -1;
    }
    return 0;
}

int tix_npy_read(const char* path, tix_loaded_tensor* out, char* error, size_t error_size) {
    if (path == NULL || out == NULL) {
        tix_io_error(error, error_size, "tix_npy_read: NULL %s", path == NULL ? "path" : "out");
        if (out != NULL) {
            memset(out, 0, sizeof *out);
        }
        return -1;
    }
    memset(out, 0, sizeof *out);
    FILE* file = fopen(path, "rb");
    if (file == NULL) {
        tix_io_error(error, error_size, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    long end = -1;
    if (fseek(file, 0, SEEK_END) == 0) {
        end = ftell(file);
    }
    if (end < 0 || fseek(file, 0, SEEK_SET) != 0) {
        /* Not seekable (a pipe): read it all, then decode from memory. */
        fclose(file);
        unsigned char* bytes;
        size_t size;
        if (tix_io_read_file(path, &bytes, &size, error, error_size) != 0) {
            return -1;
        }
        int result = tix_npy_read_memory(bytes, size, path, out, error, error_size);
        free(bytes);
        return result;
    }
    size_t total = (size_t)end;

    /* Preamble, then the header (its length checked against the file size first). */
    unsigned char preamble[NPY_PREAMBLE_MAX];
    size_t available = total < sizeof preamble ? total : sizeof preamble;
    size_t header_offset, header_length;
    if (npy_read_exact(file, preamble, available, path, error, error_size) != 0 ||
        npy_parse_preamble(preamble, available, total, path, &header_offset, &header_length, error,
                           error_size) != 0) {
        fclose(file);
        return -1;
    }
    unsigned char* head = malloc(header_offset + header_length);
    if (head == NULL) {
        fclose(file);
        tix_io_error(error, error_size, "%s: out of memory for a %zu-byte header", path,
                     header_length);
        return -1;
    }
    memcpy(head, preamble, header_offset);
    npy_header header;
    /* The preamble read may have taken bytes of the header (version 1.0: 10-byte preamble). */
    if (fseek(file, (long)header_offset, SEEK_SET) != 0) {
        free(head);
        fclose(file);
        tix_io_error(error, error_size, "%s: cannot seek: %s", path, strerror(errno));
        return -1;
    }
    if (npy_read_exact(file, head + header_offset, header_length, path, error, error_size) != 0 ||
        npy_read_header(head, total, header_offset, header_length, path, &header, error,
                        error_size) != 0) {
        free(head);
        fclose(file);
        return -1;
    }
    free(head);

    /* The data: its size equals what is left of the file (checked above). */
    bool direct = header.dtype != TIX_DTYPE_STRING && !(header.fortran_order && header.rank > 1);
    unsigned char* data = malloc(header.data_bytes > 0 ? header.data_bytes : 1);
    if (data == NULL) {
        fclose(file);
        tix_io_error(error, error_size, "%s: out of memory for %zu bytes of data", path,
                     header.data_bytes);
        return -1;
    }
    if (npy_read_exact(file, data, header.data_bytes, path, error, error_size) != 0) {
        free(data);
        fclose(file);
        return -1;
    }
    fclose(file);
    if (direct) {
        npy_fix_in_place(&header, data);
        out->buffer = data;
        tix_io_set_dense(&out->tensor, data, header.dtype, header.rank, header.shape);
        return 0;
    }
    int result = npy_decode(&header, data, path, out, error, error_size);
    free(data);
    return result;
}

/* ---------------------------------------------------------------------------------------------
 * Writing.
 */

typedef struct npy_sink {
    FILE* file;            /* a file, through `chunk`; or NULL: memory */
    unsigned char* memory; /* the whole image, sized in advance */
    size_t used;           /* bytes in chunk (file) or memory */
    size_t capacity;       /* of memory */
    bool failed;
    unsigned char chunk[1 << 16];
} npy_sink;

static void npy_sink_flush(npy_sink* sink) {
    if (sink->file != NULL && sink->used > 0 && !sink->failed) {
        if (fwrite(sink->chunk, 1, sink->used, sink->file) != sink->used) {
            sink->failed = true;
        }
    }
    if (sink->file != NULL) {
        sink->used = 0;
    }
}

static void npy_sink_write(npy_sink* sink, const void* bytes, size_t size) {
    const unsigned char* from = bytes;
    if (sink->failed) {
        return;
    }
    if (sink->file == NULL) {
        if (size > sink->capacity - sink->used) {
            sink->failed = true; /* cannot happen: the image was sized exactly */
            return;
        }
        memcpy(sink->memory + sink->used, from, size);
        sink->used += size;
        return;
    }
    while (size > 0) {
        size_t room = sizeof sink->chunk - sink->used;
        size_t take = size < room ? size : room;
        memcpy(sink->chunk + sink->used, from, take);
        sink->used += take;
        from += take;
        size -= take;
        if (sink->used == sizeof sink->chunk) {
            npy_sink_flush(sink);
            if (sink->failed) {
                return;
            }
        }
    }
}

static void npy_sink_zeros(npy_sink* sink, size_t size) {
    static const unsigned char zeros[256];
    while (size > 0) {
        size_t take = size < sizeof zeros ? size : sizeof zeros;
        npy_sink_write(sink, zeros, take);
        size -= take;
    }
}

/* Everything known about a tensor to write before its elements. */
typedef struct npy_plan {
    const char* type;    /* descr without byte order: "f4", "S" */
    char order;          /* '<' or '|' */
    size_t element_size; /* of the view's elements */
    size_t item_size;    /* in the file */
    size_t swap_unit;    /* > 1: reverse groups of this many bytes (big-endian host) */
    int64_t count;
    char header[1024]; /* preamble + header dict + padding + newline */
    size_t header_size;
    size_t total; /* header_size + count * item_size */
} npy_plan;

/* Calls visit(element address) for each element of the view in row-major order. */
typedef void (*npy_visit_fn)(void* context, const unsigned char* element);

static void npy_walk_view(const tix_tensor* tensor, size_t element_size, int64_t count,
                          npy_visit_fn visit, void* context) {
    int64_t index[TIX_MAX_RANK] = {0};
    int64_t offset = 0; /* in elements */
    const unsigned char* base = tensor->data;
    for (int64_t p = 0; p < count; ++p) {
        visit(context, base + (ptrdiff_t)offset * (ptrdiff_t)element_size);
        for (int d = tensor->rank - 1; d >= 0; --d) {
            offset += tensor->strides[d];
            if (++index[d] < tensor->shape[d]) {
                break;
            }
            offset -= tensor->strides[d] * tensor->shape[d];
            index[d] = 0;
        }
    }
}

static void npy_visit_longest(void* context, const unsigned char* element) {
    size_t* longest = context;
    const char* text;
    memcpy(&text, element, sizeof text);
    if (text == NULL) {
        longest[1] += 1; /* counts NULL elements */
        return;
    }
    size_t length = strlen(text);
    if (length > longest[0]) {
        longest[0] = length;
    }
}

typedef struct npy_emit {
    npy_sink* sink;
    const npy_plan* plan;
} npy_emit;

static void npy_visit_emit(void* context, const unsigned char* element) {
    npy_emit* emit = context;
    const npy_plan* plan = emit->plan;
    if (plan->type[0] == 'S') {
        const char* text;
        memcpy(&text, element, sizeof text);
        size_t length = strlen(text);
        npy_sink_write(emit->sink, text, length);
        npy_sink_zeros(emit->sink, plan->item_size - length);
        return;
    }
    if (plan->type[0] == 'b') {
        unsigned char value = element[0] != 0;
        npy_sink_write(emit->sink, &value, 1);
        return;
    }
    if (plan->swap_unit > 1) {
        unsigned char swapped[16];
        size_t unit = plan->swap_unit;
        for (size_t at = 0; at < plan->item_size; at += unit) {
            for (size_t i = 0; i < unit; ++i) {
                swapped[at + i] = element[at + unit - 1 - i];
            }
        }
        npy_sink_write(emit->sink, swapped, plan->item_size);
        return;
    }
    npy_sink_write(emit->sink, element, plan->item_size);
}

static int npy_plan_write(const tix_tensor* tensor, const char* name, npy_plan* plan, char* error,
                          size_t error_size) {
    memset(plan, 0, sizeof *plan);
    if (tensor == NULL) {
        tix_io_error(error, error_size, "%s: no tensor given", name);
        return -1;
    }
    if (tensor->rank < 0 || tensor->rank > TIX_MAX_RANK) {
        tix_io_error(error, error_size, "%s: cannot write a tensor of rank %d (0 to %d allowed)",
                     name, (int)tensor->rank, TIX_MAX_RANK);
        return -1;
    }
    if (!tix_io_count(tensor->shape, tensor->rank, &plan->count)) {
        char dims[128];
        tix_io_format_dims(dims, sizeof dims, tensor->shape, (size_t)tensor->rank);
        tix_io_error(error, error_size,
                     "%s: cannot write shape %s: a negative dimension or too many elements", name,
                     dims);
        return -1;
    }
    static const struct {
        tix_dtype dtype;
        const char* type;
        size_t swap_unit;
    } table[] = {
        {TIX_DTYPE_BOOL, "b1", 1},      {TIX_DTYPE_INT8, "i1", 1},
        {TIX_DTYPE_UINT8, "u1", 1},     {TIX_DTYPE_INT16, "i2", 2},
        {TIX_DTYPE_UINT16, "u2", 2},    {TIX_DTYPE_INT32, "i4", 4},
        {TIX_DTYPE_UINT32, "u4", 4},    {TIX_DTYPE_INT64, "i8", 8},
        {TIX_DTYPE_UINT64, "u8", 8},    {TIX_DTYPE_FLOAT16, "f2", 2},
        {TIX_DTYPE_FLOAT32, "f4", 4},   {TIX_DTYPE_FLOAT64, "f8", 8},
        {TIX_DTYPE_COMPLEX64, "c8", 4}, {TIX_DTYPE_COMPLEX128, "c16", 8},
        {TIX_DTYPE_STRING, "S", 1},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i) {
        if (table[i].dtype == tensor->dtype) {
            plan->type = table[i].type;
            plan->swap_unit = tix_io_host_is_little_endian() ? 0 : table[i].swap_unit;
        }
    }
    if (plan->type == NULL) {
        tix_io_error(error, error_size, "%s: cannot write %s: .npy has no such dtype", name,
                     tix_dtype_name(tensor->dtype));
        return -1;
    }
    plan->element_size = tix_dtype_size(tensor->dtype);
    if (plan->count > 0 && tensor->data == NULL) {
        tix_io_error(error, error_size, "%s: the tensor has %lld elements but its data is NULL",
                     name, (long long)plan->count);
        return -1;
    }
    if (tensor->dtype == TIX_DTYPE_STRING) {
        size_t longest[2] = {0, 0};
        npy_walk_view(tensor, plan->element_size, plan->count, npy_visit_longest, longest);
        if (longest[1] > 0) {
            tix_io_error(error, error_size, "%s: %zu string elements are NULL", name, longest[1]);
            return -1;
        }
        plan->item_size = longest[0] > 0 ? longest[0] : 1;
        plan->order = '|';
    } else {
        plan->item_size = plan->element_size;
        plan->order = plan->element_size == 1 ? '|' : '<';
    }
    if ((uint64_t)plan->count > (SIZE_MAX - sizeof plan->header) / plan->item_size) {
        tix_io_error(error, error_size, "%s: %lld elements of %zu bytes are too many to write",
                     name, (long long)plan->count, plan->item_size);
        return -1;
    }

    /* The header dict, as numpy writes it. */
    char dict[900];
    char shape[600];
    size_t used = 0;
    shape[used++] = '(';
    for (int d = 0; d < tensor->rank; ++d) {
        used += (size_t)snprintf(shape + used, sizeof shape - used, "%s%lld", d == 0 ? "" : ", ",
                                 (long long)tensor->shape[d]);
    }
    snprintf(shape + used, sizeof shape - used, "%s)", tensor->rank == 1 ? "," : "");
    char descr[40];
    if (plan->type[0] == 'S') {
        snprintf(descr, sizeof descr, "|S%zu", plan->item_size);
    } else {
        snprintf(descr, sizeof descr, "%c%s", plan->order, plan->type);
    }
    int dict_length = snprintf(
        dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape);
    /* Version 1.0 has a 2-byte header length; 2.0 a 4-byte one. */
    size_t preamble = 10;
    size_t unpadded = preamble + (size_t)dict_length + 1;
    size_t total = (unpadded + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
    if (total - preamble > 0xffff) {
        preamble = 12;
        unpadded = preamble + (size_t)dict_length + 1;
        total = (unpadded + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
    }
    if (total > sizeof plan->header) {
        tix_io_error(error, error_size, "%s: the .npy header would be too long", name);
        return -1;
    }
    size_t header_length = total - preamble;
    memcpy(plan->header, NPY_MAGIC, NPY_MAGIC_SIZE);
    plan->header[6] = preamble == 10 ? 1 : 2;
    plan->header[7] = 0;
    plan->header[8] = (char)(header_length & 0xff);
    plan->header[9] = (char)(header_length >> 8 & 0xff);
    if (preamble == 12) {
        plan->header[10] = (char)(header_length >> 16 & 0xff);
        plan->header[11] = (char)(header_length >> 24 & 0xff);
    }
    memcpy(plan->header + preamble, dict, (size_t)dict_length);
    memset(plan->header + preamble + dict_length, ' ', total - unpadded);
    plan->header[total - 1] = '\n';
    plan->header_size = total;
    plan->total = total + (size_t)plan->count * plan->item_size;
    return 0;
}

static void npy_emit_all(const tix_tensor* tensor, const npy_plan* plan, npy_sink* sink) {
    npy_sink_write(sink, plan->header, plan->header_size);
    npy_emit emit = {sink, plan};
    npy_walk_view(tensor, plan->element_size, plan->count, npy_visit_emit, &emit);
    npy_sink_flush(sink);
}

int tix_npy_write_memory(const tix_tensor* tensor, void** bytes, size_t* size, char* error,
                         size_t error_size) {
    const char* name = "<memory>";
    if (bytes == NULL || size == NULL) {
        tix_io_error(error, error_size, "%s: NULL output pointer", name);
        return -1;
    }
    *bytes = NULL;
    *size = 0;
    npy_plan* plan = malloc(sizeof *plan);
    npy_sink* sink = malloc(sizeof *sink);
    if (plan == NULL || sink == NULL) {
        free(plan);
        free(sink);
        tix_io_error(error, error_size, "%s: out of memory", name);
        return -1;
    }
    if (npy_plan_write(tensor, name, plan, error, error_size) != 0) {
        free(plan);
        free(sink);
        return -1;
    }
    memset(sink, 0, offsetof(npy_sink, chunk));
    sink->memory = malloc(plan->total);
    sink->capacity = plan->total;
    if (sink->memory == NULL) {
        tix_io_error(error, error_size, "%s: out of memory for %zu bytes", name, plan->total);
        free(plan);
        free(sink);
        return -1;
    }
    npy_emit_all(tensor, plan, sink);
    int result = 0;
    if (sink->failed || sink->used != plan->total) {
        tix_io_error(error, error_size, "%s: internal error: wrote %zu of %zu bytes", name,
                     sink->used, plan->total);
        free(sink->memory);
        result = -1;
    } else {
        *bytes = sink->memory;
        *size = sink->used;
    }
    free(plan);
    free(sink);
    return result;
}

int tix_npy_write(const char* path, const tix_tensor* tensor, char* error, size_t error_size) {
    if (path == NULL) {
        tix_io_error(error, error_size, "tix_npy_write: NULL path");
        return -1;
    }
    npy_plan* plan = malloc(sizeof *plan);
    npy_sink* sink = malloc(sizeof *sink);
    if (plan == NULL || sink == NULL) {
        free(plan);
        free(sink);
        tix_io_error(error, error_size, "%s: out of memory", path);
        return -1;
    }
    if (npy_plan_write(tensor, path, plan, error, error_size) != 0) {
        free(plan);
        free(sink);
        return -1;
    }
    memset(sink, 0, offsetof(npy_sink, chunk));
    sink->file = fopen(path, "wb");
    if (sink->file == NULL) {
        tix_io_error(error, error_size, "%s: cannot create: %s", path, strerror(errno));
        free(plan);
        free(sink);
        return -1;
    }
    npy_emit_all(tensor, plan, sink);
    int saved_errno = errno;
    bool failed = sink->failed;
    if (fclose(sink->file) != 0 && !failed) {
        failed = true;
        saved_errno = errno;
    }
    free(plan);
    free(sink);
    if (failed) {
        remove(path);
        tix_io_error(error, error_size, "%s: write error: %s", path, strerror(saved_errno));
        return -1;
    }
    return 0;
}
