/* tix_io .npy layer (tools/tix/npy.h): header parsing (versions, key order, whitespace, Python
 * literal forms), every dtype in both byte orders, Fortran order, strings, writing from strided
 * views with numpy's exact header layout, file round trips, and hostile input: every error
 * gets its own message and nothing crashes (every truncation and many byte corruptions of a
 * valid file are tried). The .npy images are built here, byte by byte, as numpy writes them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npy.h"

#ifndef TIX_TEST_TMP_DIR
#define TIX_TEST_TMP_DIR "."
#endif

/* ---------------------------------------------------------------------------------------------
 * Building .npy images.
 */

typedef struct image {
    unsigned char bytes[8192];
    size_t size;
} image;

/* Magic, version major.0, header length, the dict text padded with spaces and a newline so
 * that the data starts at a multiple of 64 (as numpy does; pad = false: just the newline), then
 * the data bytes. */
static void make_npy_padded(image* im, int major, const char* dict, bool pad, const void* data,
                            size_t data_size)
{
    size_t preamble = major == 1 ? 10 : 12;
    size_t dict_length = strlen(dict);
    size_t total = preamble + dict_length + 1;
    if (pad) {
        total = (total + 63) / 64 * 64;
    }
    assert_true(total + data_size <= sizeof im->bytes);
    size_t header_length = total - preamble;
    memcpy(im->bytes, "\x93NUMPY", 6);
    im->bytes[6] = (unsigned char)major;
    im->bytes[7] = 0;
    im->bytes[8] = (unsigned char)(header_length & 0xff);
    im->bytes[9] = (unsigned char)(header_length >> 8);
    if (major != 1) {
        im->bytes[10] = (unsigned char)(header_length >> 16);
        im->bytes[11] = (unsigned char)(header_length >> 24);
    }
    memcpy(im->bytes + preamble, dict, dict_length);
    memset(im->bytes + preamble + dict_length, ' ', total - preamble - dict_length);
    im->bytes[total - 1] = '\n';
    if (data_size > 0) {
        memcpy(im->bytes + total, data, data_size);
    }
    im->size = total + data_size;
}

static void make_npy(image* im, const char* dict, const void* data, size_t data_size)
{
    make_npy_padded(im, 1, dict, true, data, data_size);
}

/* Reads an image that must load. */
static void read_ok(const image* im, tix_loaded_tensor* out)
{
    char error[256] = "";
    int result = tix_npy_read_memory(im->bytes, im->size, "t.npy", out, error, sizeof error);
    if (result != 0) {
        print_error("unexpected error: %s\n", error);
    }
    assert_int_equal(result, 0);
    assert_non_null(out->tensor.data);
    assert_ptr_equal(out->tensor.data, out->buffer);
}

/* Reads an image that must fail with exactly `expected` as the message. */
static void read_fails(const image* im, const char* expected)
{
    char error[256] = "";
    tix_loaded_tensor out;
    memset(&out, 0x5a, sizeof out);
    int result = tix_npy_read_memory(im->bytes, im->size, "t.npy", &out, error, sizeof error);
    assert_int_equal(result, -1);
    assert_string_equal(error, expected);
    assert_null(out.buffer);
    assert_null(out.string_bytes);
    assert_null(out.tensor.data);
}

static void expect_shape(const tix_loaded_tensor* t, tix_dtype dtype, int32_t rank,
                         const int64_t* shape)
{
    assert_int_equal(t->tensor.dtype, dtype);
    assert_int_equal(t->tensor.rank, rank);
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
        assert_int_equal(t->tensor.shape[d], shape[d]);
        assert_int_equal(t->tensor.strides[d], stride);
        stride *= shape[d];
    }
    for (int d = rank; d < TIX_MAX_RANK; ++d) {
        assert_int_equal(t->tensor.shape[d], 0);
        assert_int_equal(t->tensor.strides[d], 0);
    }
}

static const int64_t shape_2x3[] = {2, 3};

/* ---------------------------------------------------------------------------------------------
 * Reading.
 */

static void test_read_float32_2x3(void** state)
{
    (void)state;
    const float values[6] = {0.0f, 1.5f, -2.0f, 3.25f, 1e30f, -0.0f};
    image im;
    make_npy(&im, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", values,
             sizeof values);
    assert_int_equal(im.size, 128 + 24); /* numpy's layout: data at offset 128 */
    tix_loaded_tensor t;
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_FLOAT32, 2, shape_2x3);
    assert_memory_equal(t.buffer, values, sizeof values);
    assert_null(t.string_bytes);
    assert_null(t.name);
    tix_loaded_tensor_free(&t);
    assert_null(t.buffer);
    tix_loaded_tensor_free(&t); /* twice is fine */
    tix_loaded_tensor_free(NULL);
}

/* The dict in any key order, quoting, spacing, with or without the trailing comma, and
 * Python 2 long suffixes; versions 1.0, 2.0 and 3.0; with or without numpy's padding. */
static void test_read_header_variants(void** state)
{
    (void)state;
    const int32_t values[6] = {1, -2, 3, -4, 5, 2147483647};
    static const char* const dicts[] = {
        "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }",
        "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3)}",
        "{'shape': (2, 3), 'fortran_order': False, 'descr': '<i4'}",
        "{'fortran_order':False,'shape':(2,3),'descr':'<i4',}",
        "{\"descr\": \"<i4\", \"fortran_order\": False, \"shape\": (2, 3)}",
        "  {  'descr' :  '<i4' ,\n 'fortran_order'\t: False ,  'shape' : ( 2 , 3 , ) , }  ",
        "{'descr': '<i4', 'fortran_order': False, 'shape': (2L, 3L), }",
        "{'descr': 'i4', 'fortran_order': False, 'shape': (+2, 3), }",
        "{'descr': '=i4', 'fortran_order': False, 'shape': (2, 3), }",
    };
    for (size_t k = 0; k < sizeof dicts / sizeof dicts[0]; ++k) {
        for (int major = 1; major <= 3; ++major) {
            for (int pad = 0; pad < 2; ++pad) {
                image im;
                make_npy_padded(&im, major, dicts[k], pad != 0, values, sizeof values);
                tix_loaded_tensor t;
                read_ok(&im, &t);
                expect_shape(&t, TIX_DTYPE_INT32, 2, shape_2x3);
                assert_memory_equal(t.buffer, values, sizeof values);
                tix_loaded_tensor_free(&t);
            }
        }
    }
}

static void test_read_scalar_and_1d_and_empty(void** state)
{
    (void)state;
    const double scalar = 2.5;
    image im;
    make_npy(&im, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", &scalar,
             sizeof scalar);
    tix_loaded_tensor t;
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_FLOAT64, 0, NULL);
    assert_memory_equal(t.buffer, &scalar, sizeof scalar);
    tix_loaded_tensor_free(&t);

    const int64_t vector[3] = {7, -8, INT64_MIN};
    make_npy(&im, "{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }", vector,
             sizeof vector);
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_INT64, 1, (const int64_t[]){3});
    assert_memory_equal(t.buffer, vector, sizeof vector);
    tix_loaded_tensor_free(&t);

    /* Empty: no data bytes, but tensor.data is still a valid pointer. */
    make_npy(&im, "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 5), }", NULL, 0);
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_FLOAT32, 2, (const int64_t[]){0, 5});
    tix_loaded_tensor_free(&t);

    /* A zero dimension makes a huge other dimension harmless (0 elements). */
    make_npy(&im, "{'descr': '<f4', 'fortran_order': False, "
                  "'shape': (0, 9223372036854775807, 9223372036854775807), }",
             NULL, 0);
    read_ok(&im, &t);
    assert_int_equal(t.tensor.rank, 3);
    assert_int_equal(t.tensor.shape[0], 0);
    assert_int_equal(t.tensor.shape[1], INT64_MAX);
    tix_loaded_tensor_free(&t);

    /* Rank 16, the maximum. */
    make_npy(&im, "{'descr': '|u1', 'fortran_order': False, "
                  "'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2), }",
             "\x01\x02", 2);
    read_ok(&im, &t);
    assert_int_equal(t.tensor.rank, 16);
    assert_int_equal(t.tensor.shape[15], 2);
    assert_int_equal(t.tensor.strides[0], 2);
    assert_memory_equal(t.buffer, "\x01\x02", 2);
    tix_loaded_tensor_free(&t);
}

/* One dtype in one byte order: the file's bytes and the element values expected. */
typedef struct dtype_case {
    const char* descr;
    tix_dtype dtype;
    unsigned char file[32]; /* two elements as stored in the file */
    size_t file_size;
    const void* expected;   /* two elements in this machine's order */
} dtype_case;

static void test_read_every_dtype_both_orders(void** state)
{
    (void)state;
    static const unsigned char e_bool[2] = {1, 0};
    static const int8_t e_i1[2] = {-1, 127};
    static const uint8_t e_u1[2] = {255, 1};
    static const int16_t e_i2[2] = {-2, 0x1234};
    static const uint16_t e_u2[2] = {0xfffe, 0x1234};
    static const int32_t e_i4[2] = {1, 256};
    static const uint32_t e_u4[2] = {0xdeadbeefu, 2};
    static const int64_t e_i8[2] = {-1, 0x0102030405060708};
    static const uint64_t e_u8[2] = {0x8000000000000000u, 3};
    static const uint16_t e_f2[2] = {0x3c00, 0xc000}; /* 1.0 and -2.0 as float16 bits */
    static const float e_f4[2] = {1.0f, -2.0f};
    static const double e_f8[2] = {1.5, -0.25};
    static const float e_c8[4] = {1.0f, 2.0f, -1.0f, 0.5f};
    static const double e_c16[4] = {1.5, 2.0, -0.25, 0.0};
    const dtype_case cases[] = {
        {"|b1", TIX_DTYPE_BOOL, {1, 0}, 2, e_bool},
        {"?", TIX_DTYPE_BOOL, {7, 0}, 2, e_bool}, /* nonzero loads as 1 */
        {"|?", TIX_DTYPE_BOOL, {1, 0}, 2, e_bool},
        {"|i1", TIX_DTYPE_INT8, {0xff, 0x7f}, 2, e_i1},
        {"<i1", TIX_DTYPE_INT8, {0xff, 0x7f}, 2, e_i1},
        {"|u1", TIX_DTYPE_UINT8, {0xff, 0x01}, 2, e_u1},
        {"<i2", TIX_DTYPE_INT16, {0xfe, 0xff, 0x34, 0x12}, 4, e_i2},
        {">i2", TIX_DTYPE_INT16, {0xff, 0xfe, 0x12, 0x34}, 4, e_i2},
        {"<u2", TIX_DTYPE_UINT16, {0xfe, 0xff, 0x34, 0x12}, 4, e_u2},
        {">u2", TIX_DTYPE_UINT16, {0xff, 0xfe, 0x12, 0x34}, 4, e_u2},
        {"<i4", TIX_DTYPE_INT32, {1, 0, 0, 0, 0, 1, 0, 0}, 8, e_i4},
        {">i4", TIX_DTYPE_INT32, {0, 0, 0, 1, 0, 0, 1, 0}, 8, e_i4},
        {"<u4", TIX_DTYPE_UINT32, {0xef, 0xbe, 0xad, 0xde, 2, 0, 0, 0}, 8, e_u4},
        {">u4", TIX_DTYPE_UINT32, {0xde, 0xad, 0xbe, 0xef, 0, 0, 0, 2}, 8, e_u4},
        {"<i8", TIX_DTYPE_INT64, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 8, 7, 6, 5, 4,
                                  3, 2, 1}, 16, e_i8},
        {">i8", TIX_DTYPE_INT64, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4, 5,
                                  6, 7, 8}, 16, e_i8},
        {"<u8", TIX_DTYPE_UINT64, {0, 0, 0, 0, 0, 0, 0, 0x80, 3, 0, 0, 0, 0, 0, 0, 0}, 16, e_u8},
        {">u8", TIX_DTYPE_UINT64, {0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}, 16, e_u8},
        {"<f2", TIX_DTYPE_FLOAT16, {0x00, 0x3c, 0x00, 0xc0}, 4, e_f2},
        {">f2", TIX_DTYPE_FLOAT16, {0x3c, 0x00, 0xc0, 0x00}, 4, e_f2},
        {"<f4", TIX_DTYPE_FLOAT32, {0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0}, 8, e_f4},
        {">f4", TIX_DTYPE_FLOAT32, {0x3f, 0x80, 0, 0, 0xc0, 0, 0, 0}, 8, e_f4},
        {"<f8", TIX_DTYPE_FLOAT64, {0, 0, 0, 0, 0, 0, 0xf8, 0x3f, 0, 0, 0, 0, 0, 0, 0xd0, 0xbf},
         16, e_f8},
        {">f8", TIX_DTYPE_FLOAT64, {0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0xbf, 0xd0, 0, 0, 0, 0, 0, 0},
         16, e_f8},
        {"<c8", TIX_DTYPE_COMPLEX64, {0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x80, 0xbf, 0, 0,
                                      0, 0x3f}, 16, e_c8},
        /* Big-endian complex: each half swapped on its own, real part first. */
        {">c8", TIX_DTYPE_COMPLEX64, {0x3f, 0x80, 0, 0, 0x40, 0, 0, 0, 0xbf, 0x80, 0, 0, 0x3f, 0,
                                      0, 0}, 16, e_c8},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        char dict[128];
        snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (2,), }",
                 cases[k].descr);
        image im;
        make_npy(&im, dict, cases[k].file, cases[k].file_size);
        tix_loaded_tensor t;
        read_ok(&im, &t);
        expect_shape(&t, cases[k].dtype, 1, (const int64_t[]){2});
        assert_memory_equal(t.buffer, cases[k].expected, cases[k].file_size);
        tix_loaded_tensor_free(&t);
    }

    /* complex128, both orders (32 bytes of file data each). */
    unsigned char little[32], big[32];
    memcpy(little, e_c16, sizeof little); /* assumes nothing: rebuilt below per byte order */
    for (int v = 0; v < 4; ++v) {
        uint64_t bits;
        memcpy(&bits, &e_c16[v], 8);
        for (int b = 0; b < 8; ++b) {
            little[v * 8 + b] = (unsigned char)(bits >> (8 * b));
            big[v * 8 + b] = (unsigned char)(bits >> (8 * (7 - b)));
        }
    }
    const char* descrs[2] = {"<c16", ">c16"};
    const unsigned char* files[2] = {little, big};
    for (int k = 0; k < 2; ++k) {
        char dict[128];
        snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (2,), }",
                 descrs[k]);
        image im;
        make_npy(&im, dict, files[k], 32);
        tix_loaded_tensor t;
        read_ok(&im, &t);
        expect_shape(&t, TIX_DTYPE_COMPLEX128, 1, (const int64_t[]){2});
        assert_memory_equal(t.buffer, e_c16, sizeof e_c16);
        tix_loaded_tensor_free(&t);
    }
}

static void test_read_fortran_order(void** state)
{
    (void)state;
    /* The 2x3 matrix [[0, 1, 2], [3, 4, 5]] stored column by column. */
    const int16_t columns[6] = {0, 3, 1, 4, 2, 5};
    const int16_t rows[6] = {0, 1, 2, 3, 4, 5};
    image im;
    make_npy(&im, "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }", columns,
             sizeof columns);
    tix_loaded_tensor t;
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_INT16, 2, shape_2x3);
    assert_memory_equal(t.buffer, rows, sizeof rows);
    tix_loaded_tensor_free(&t);

    /* Rank 3, shape (2, 3, 4): element [i][j][k] = 100 i + 10 j + k, stored with i fastest,
     * in big-endian order (both conversions at once). */
    uint32_t expected[24];
    unsigned char file[96];
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 3; ++j) {
            for (int k = 0; k < 4; ++k) {
                uint32_t value = (uint32_t)(100 * i + 10 * j + k);
                expected[(i * 3 + j) * 4 + k] = value;
                int at = i + 2 * j + 6 * k;
                for (int b = 0; b < 4; ++b) {
                    file[at * 4 + b] = (unsigned char)(value >> (8 * (3 - b)));
                }
            }
        }
    }
    make_npy(&im, "{'descr': '>u4', 'fortran_order': True, 'shape': (2, 3, 4), }", file,
             sizeof file);
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_UINT32, 3, (const int64_t[]){2, 3, 4});
    assert_memory_equal(t.buffer, expected, sizeof expected);
    tix_loaded_tensor_free(&t);

    /* 1-D and scalar Fortran arrays are the same bytes as C order. */
    make_npy(&im, "{'descr': '<i2', 'fortran_order': True, 'shape': (6,), }", rows, sizeof rows);
    read_ok(&im, &t);
    assert_memory_equal(t.buffer, rows, sizeof rows);
    tix_loaded_tensor_free(&t);

    /* Strings in Fortran order. */
    make_npy(&im, "{'descr': '|S2', 'fortran_order': True, 'shape': (2, 2), }", "a\0c\0bbdd", 8);
    read_ok(&im, &t);
    const char* const* s = t.buffer;
    assert_string_equal(s[0], "a");
    assert_string_equal(s[1], "bb");
    assert_string_equal(s[2], "c");
    assert_string_equal(s[3], "dd");
    tix_loaded_tensor_free(&t);
}

static void test_read_strings(void** state)
{
    (void)state;
    image im;
    make_npy(&im, "{'descr': '|S5', 'fortran_order': False, 'shape': (2, 2), }",
             "ab\0\0\0hellox\0\0\0\0\0\0\0\0\0", 20);
    tix_loaded_tensor t;
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_STRING, 2, (const int64_t[]){2, 2});
    const char* const* s = t.buffer;
    assert_string_equal(s[0], "ab");
    assert_string_equal(s[1], "hello");
    assert_string_equal(s[2], "x");
    assert_string_equal(s[3], "");
    assert_non_null(t.string_bytes);
    /* The copies are owned by the tensor, not the image. */
    assert_true(s[1] >= t.string_bytes && s[1] < t.string_bytes + 24);
    tix_loaded_tensor_free(&t);

    /* No byte order character, and '<' (numpy writes '|' but either means the same). */
    make_npy(&im, "{'descr': 'S3', 'fortran_order': False, 'shape': (1,), }", "xyz", 3);
    read_ok(&im, &t);
    assert_string_equal(((const char* const*)t.buffer)[0], "xyz");
    tix_loaded_tensor_free(&t);

    /* An empty string array. */
    make_npy(&im, "{'descr': '|S4', 'fortran_order': False, 'shape': (0,), }", NULL, 0);
    read_ok(&im, &t);
    expect_shape(&t, TIX_DTYPE_STRING, 1, (const int64_t[]){0});
    tix_loaded_tensor_free(&t);
}

static void test_read_unsupported_dtypes(void** state)
{
    (void)state;
    static const char* const descrs[] = {"<U5", "|O", "<M8[ns]", "|V4", "<f16", "<c32",
                                         "|S0", "<i3", "", "S", "b", "<S5x", "<U"};
    for (size_t k = 0; k < sizeof descrs / sizeof descrs[0]; ++k) {
        char dict[128], expected[160];
        snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (2,), }",
                 descrs[k]);
        snprintf(expected, sizeof expected, "t.npy: unsupported dtype '%s'", descrs[k]);
        image im;
        make_npy(&im, dict, "0123456789", 10);
        read_fails(&im, expected);
    }
    image im;
    make_npy(&im, "{'descr': [('a', '<i4'), ('b', '<f4')], 'fortran_order': False, "
                  "'shape': (2,), }",
             "01234567", 8);
    read_fails(&im, "t.npy: unsupported dtype: structured (record) arrays are not supported");
}

/* ---------------------------------------------------------------------------------------------
 * Hostile input.
 */

static void test_read_bad_preamble(void** state)
{
    (void)state;
    image im;
    const float values[2] = {1, 2};
    make_npy(&im, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", values, 8);

    image bad = im;
    bad.bytes[1] = 'n';
    read_fails(&bad, "t.npy: not a .npy file (bad magic)");
    bad = im;
    bad.bytes[0] = 'P';
    bad.bytes[1] = 'K';
    read_fails(&bad, "t.npy: not a .npy file (bad magic)");

    bad.size = 3;
    memcpy(bad.bytes, "\x93NU", 3);
    read_fails(&bad, "t.npy: not a .npy file (3 bytes, too short for the magic)");
    bad.size = 0;
    read_fails(&bad, "t.npy: not a .npy file (0 bytes, too short for the magic)");

    bad = im;
    bad.size = 7;
    read_fails(&bad, "t.npy: truncated: the file ends inside the version");
    bad.size = 9;
    read_fails(&bad, "t.npy: truncated: the file ends inside the header length");

    bad = im;
    bad.bytes[6] = 4;
    read_fails(&bad,
               "t.npy: unsupported .npy format version 4.0 (1.0, 2.0 and 3.0 are supported)");
    bad = im;
    bad.bytes[7] = 1;
    read_fails(&bad,
               "t.npy: unsupported .npy format version 1.1 (1.0, 2.0 and 3.0 are supported)");
    bad = im;
    bad.bytes[6] = 0;
    read_fails(&bad,
               "t.npy: unsupported .npy format version 0.0 (1.0, 2.0 and 3.0 are supported)");

    /* Header lengths beyond the file: 65535 (v1) and 0xffffffff (v2). */
    bad = im;
    bad.bytes[8] = 0xff;
    bad.bytes[9] = 0xff;
    read_fails(&bad, "t.npy: truncated: header length is 65535 bytes but only 126 bytes follow it");
    make_npy_padded(&bad, 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", true,
                    values, 8);
    memset(bad.bytes + 8, 0xff, 4);
    read_fails(&bad,
               "t.npy: truncated: header length is 4294967295 bytes but only 124 bytes follow it");
}

static void test_read_bad_header(void** state)
{
    (void)state;
    static const struct {
        const char* dict;
        const char* message;
    } cases[] = {
        {"", "t.npy: malformed header: expected '{' starting the header dict, but the header "
             "ends"},
        {"\x01", "t.npy: malformed header: expected '{' starting the header dict, found 0x01 at "
                 "offset 0 of the header"},
        {"['descr']", "t.npy: malformed header: expected '{' starting the header dict, found '[' "
                      "at offset 0 of the header"},
        {"{'descr': '<f4', 'fortran_order': False}", "t.npy: malformed header: no 'shape' key"},
        {"{'shape': (2,), 'fortran_order': False}", "t.npy: malformed header: no 'descr' key"},
        {"{'shape': (2,), 'descr': '<f4'}", "t.npy: malformed header: no 'fortran_order' key"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'extra': 1}",
         "t.npy: malformed header: unexpected key 'extra'"},
        {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2,)}",
         "t.npy: malformed header: key 'descr' appears twice"},
        {"{'descr': '<f4, 'fortran_order': False, 'shape': (2,)}",
         "t.npy: unsupported dtype '<f4, '"},
        {"{'descr': '<f4', 'fortran_order': 0, 'shape': (2,)}",
         "t.npy: malformed header: expected True or False for 'fortran_order', found '0' at "
         "offset 34 of the header"},
        {"{'descr': '<f4', 'fortran_order': Falsey, 'shape': (2,)}",
         "t.npy: malformed header: expected True or False for 'fortran_order', found 'F' at "
         "offset 34 of the header"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,)} x",
         "t.npy: malformed header: unexpected text after the header dict, found 'x' at offset 56 "
         "of the header"},
        {"{'descr': '<f4' 'fortran_order': False, 'shape': (2,)}",
         "t.npy: malformed header: expected ',' or '}' after a value, found ''' at offset 16 of "
         "the header"},
        {"{descr: '<f4', 'fortran_order': False, 'shape': (2,)}",
         "t.npy: malformed header: expected a quoted string, found 'd' at offset 1 of the "
         "header"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2)}",
         "t.npy: malformed header: 'shape' is not a tuple (write (n,) for one dimension)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': 2}",
         "t.npy: malformed header: 'shape' is not a tuple (write (n,) for one dimension)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': [2]}",
         "t.npy: malformed header: expected a tuple for 'shape', found '[' at offset 50 of the "
         "header"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,,)}",
         "t.npy: bad shape: dimension 1 is not a non-negative integer"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2 3)}",
         "t.npy: malformed header: expected ',' or ')' in 'shape', found '3' at offset 53 of the "
         "header"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3)}",
         "t.npy: bad shape: dimension 1 is negative (-3)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, x)}",
         "t.npy: bad shape: dimension 1 is not a non-negative integer"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2.0,)}",
         "t.npy: bad shape: dimension 0 is not a non-negative integer"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1e3,)}",
         "t.npy: bad shape: dimension 0 is not a non-negative integer"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (None,)}",
         "t.npy: bad shape: dimension 0 is not a non-negative integer"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,)}",
         "t.npy: bad shape: dimension 0 is larger than 2^63 - 1"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (-99999999999999999999,)}",
         "t.npy: bad shape: dimension 0 is negative"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296)}",
         "t.npy: bad shape: [4294967296, 4294967296] has more elements than fit in 64 bits"},
        {"{'descr': '<f4', 'fortran_order': False, "
         "'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)}",
         "t.npy: bad shape: more than 16 dimensions"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,",
         "t.npy: malformed header: expected a dimension in 'shape', but the header ends"},
        {"{'descr': '<f4", "t.npy: malformed header: unterminated string, but the header ends"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,)",
         "t.npy: malformed header: expected ',' or '}' after a value, but the header ends"},
    };
    const float values[2] = {1, 2};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        image im;
        make_npy(&im, cases[k].dict, values, sizeof values);
        read_fails(&im, cases[k].message);
    }
}

static void test_read_bad_sizes(void** state)
{
    (void)state;
    unsigned char data[100];
    memset(data, 0, sizeof data);
    image im;
    /* The message of the task description, word for word. */
    make_npy(&im, "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3, 4), }", data, 40);
    char error[256];
    tix_loaded_tensor t;
    assert_int_equal(tix_npy_read_memory(im.bytes, im.size, "data.npy", &t, error, sizeof error),
                     -1);
    assert_string_equal(error, "data.npy: truncated: header says 24 elements of 4 bytes (96 "
                               "bytes) but only 40 bytes follow the header");

    make_npy(&im, "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }", data, 28);
    read_fails(&im, "t.npy: size mismatch: header says 6 elements of 4 bytes (24 bytes) but 28 "
                    "bytes follow the header");
    make_npy(&im, "{'descr': '<i4', 'fortran_order': False, 'shape': (), }", data, 0);
    read_fails(&im, "t.npy: truncated: header says 1 elements of 4 bytes (4 bytes) but only 0 "
                    "bytes follow the header");
    make_npy(&im, "{'descr': '|S7', 'fortran_order': False, 'shape': (3,), }", data, 20);
    read_fails(&im, "t.npy: truncated: header says 3 elements of 7 bytes (21 bytes) but only 20 "
                    "bytes follow the header");

    /* Huge declared sizes in a small file: refused before any allocation. */
    make_npy(&im, "{'descr': '<f8', 'fortran_order': False, "
                  "'shape': (2000000000000, 2000000), }",
             data, 8);
    read_fails(&im, "t.npy: bad shape: 4000000000000000000 elements of 8 bytes do not fit in "
                    "memory");
    make_npy(&im, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }", data,
             8);
    read_fails(&im, "t.npy: truncated: header says 1000000000000 elements of 8 bytes "
                    "(8000000000000 bytes) but only 8 bytes follow the header");
    make_npy(&im, "{'descr': '|S1000000000', 'fortran_order': False, 'shape': (1000,), }", data,
             8);
    read_fails(&im, "t.npy: truncated: header says 1000 elements of 1000000000 bytes "
                    "(1000000000000 bytes) but only 8 bytes follow the header");
    make_npy(&im, "{'descr': '|S99999999999999999999', 'fortran_order': False, 'shape': (1,), }",
             data, 8);
    read_fails(&im, "t.npy: unsupported dtype '|S99999999999999999999'");
}

static void test_read_null_arguments(void** state)
{
    (void)state;
    char error[128];
    tix_loaded_tensor t;
    assert_int_equal(tix_npy_read_memory(NULL, 10, "n.npy", &t, error, sizeof error), -1);
    assert_string_equal(error, "n.npy: no bytes given");
    assert_int_equal(tix_npy_read_memory("x", 1, NULL, NULL, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: no output tensor given");
    assert_int_equal(tix_npy_read_memory(NULL, 0, NULL, &t, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: not a .npy file (0 bytes, too short for the magic)");
    /* No error buffer: still fails cleanly. */
    assert_int_equal(tix_npy_read_memory("abc", 3, NULL, &t, NULL, 0), -1);
    /* A small error buffer is truncated, not overrun. */
    char small[8];
    memset(small, 'z', sizeof small);
    assert_int_equal(tix_npy_read_memory("abcdefgh", 8, "x.npy", &t, small, 6), -1);
    assert_string_equal(small, "x.npy");
    assert_int_equal(small[6], 'z');
    assert_int_equal(tix_npy_read(NULL, &t, error, sizeof error), -1);
    assert_string_equal(error, "tix_npy_read: NULL path");
}

/* Every truncation of a valid image fails; corrupting each header byte in turn either fails
 * with a message or loads a consistent tensor; nothing crashes or leaks (under sanitizers). */
static void test_read_truncations_and_corruptions(void** state)
{
    (void)state;
    const int32_t values[6] = {1, 2, 3, 4, 5, 6};
    static const char* const dicts[] = {
        "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }",
        "{'descr': '|S4', 'fortran_order': False, 'shape': (3, 2), }",
        "{'descr': '>i4', 'fortran_order': False, 'shape': (6,), }",
    };
    static const unsigned char replacements[] = {0x00, 0xff, '9', '(', ')', ',', '\'', '-', 'L',
                                                 ' ', '}', 'T', 0x93};
    for (size_t d = 0; d < sizeof dicts / sizeof dicts[0]; ++d) {
        image im;
        make_npy(&im, dicts[d], values, sizeof values);
        for (size_t length = 0; length < im.size; ++length) {
            char error[256] = "";
            tix_loaded_tensor t;
            assert_int_equal(tix_npy_read_memory(im.bytes, length, "c.npy", &t, error,
                                                 sizeof error),
                             -1);
            assert_true(strncmp(error, "c.npy: ", 7) == 0);
            assert_null(t.buffer);
        }
        for (size_t at = 0; at < 128; ++at) {
            for (size_t r = 0; r < sizeof replacements; ++r) {
                image bad = im;
                bad.bytes[at] = replacements[r];
                char error[256] = "";
                tix_loaded_tensor t;
                int result =
                    tix_npy_read_memory(bad.bytes, bad.size, "c.npy", &t, error, sizeof error);
                if (result == 0) {
                    int64_t count = 1;
                    for (int k = 0; k < t.tensor.rank; ++k) {
                        count *= t.tensor.shape[k];
                    }
                    assert_true(count <= 24);
                    tix_loaded_tensor_free(&t);
                } else {
                    assert_int_equal(result, -1);
                    assert_true(strncmp(error, "c.npy: ", 7) == 0);
                    assert_null(t.buffer);
                }
            }
        }
    }
}

/* ---------------------------------------------------------------------------------------------
 * Writing.
 */

static tix_tensor view(void* data, tix_dtype dtype, int32_t rank, const int64_t* shape,
                       const int64_t* strides)
{
    tix_tensor t;
    memset(&t, 0, sizeof t);
    t.data = data;
    t.dtype = dtype;
    t.rank = rank;
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
        t.shape[d] = shape[d];
        t.strides[d] = strides != NULL ? strides[d] : stride;
        stride *= shape[d];
    }
    return t;
}

/* Writes to memory; the image must be exactly the header numpy writes for `dict` followed by
 * `data`. */
static void write_expect(const tix_tensor* t, const char* dict, const void* data,
                         size_t data_size)
{
    void* bytes = NULL;
    size_t size = 0;
    char error[256] = "";
    int result = tix_npy_write_memory(t, &bytes, &size, error, sizeof error);
    if (result != 0) {
        print_error("unexpected error: %s\n", error);
    }
    assert_int_equal(result, 0);
    image expected;
    make_npy(&expected, dict, data, data_size);
    assert_int_equal(size, expected.size);
    assert_memory_equal(bytes, expected.bytes, size);
    assert_int_equal((size - data_size) % 64, 0);
    free(bytes);
}

static void test_write_header_layout(void** state)
{
    (void)state;
    float values[6] = {1, 2, 3, 4, 5, 6};
    tix_tensor t = view(values, TIX_DTYPE_FLOAT32, 2, shape_2x3, NULL);
    write_expect(&t, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", values,
                 sizeof values);
    t = view(values, TIX_DTYPE_FLOAT32, 1, (const int64_t[]){6}, NULL);
    write_expect(&t, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }", values,
                 sizeof values);
    t = view(values, TIX_DTYPE_FLOAT32, 0, NULL, NULL);
    write_expect(&t, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }", values, 4);
    t = view(NULL, TIX_DTYPE_FLOAT32, 3, (const int64_t[]){2, 0, 3}, NULL);
    write_expect(&t, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 0, 3), }", NULL, 0);

    /* The exact first bytes numpy 1.x+ writes for this header (version 1.0, length 118). */
    void* bytes;
    size_t size;
    t = view(values, TIX_DTYPE_FLOAT32, 2, shape_2x3, NULL);
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, NULL, 0), 0);
    assert_memory_equal(bytes, "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', ", 26);
    assert_int_equal(((unsigned char*)bytes)[127], '\n');
    assert_int_equal(((unsigned char*)bytes)[126], ' ');
    free(bytes);

    /* Rank 16: still version 1.0. */
    unsigned char one = 1;
    int64_t ones[16];
    for (int d = 0; d < 16; ++d) {
        ones[d] = 1;
    }
    t = view(&one, TIX_DTYPE_UINT8, 16, ones, NULL);
    write_expect(&t, "{'descr': '|u1', 'fortran_order': False, "
                     "'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), }",
                 &one, 1);
}

static void test_write_every_dtype(void** state)
{
    (void)state;
    unsigned char raw[32];
    for (int k = 0; k < 32; ++k) {
        raw[k] = (unsigned char)(k * 37 + 1);
    }
    static const struct {
        tix_dtype dtype;
        const char* descr;
        size_t size;
    } cases[] = {
        {TIX_DTYPE_INT8, "|i1", 1},       {TIX_DTYPE_UINT8, "|u1", 1},
        {TIX_DTYPE_INT16, "<i2", 2},      {TIX_DTYPE_UINT16, "<u2", 2},
        {TIX_DTYPE_INT32, "<i4", 4},      {TIX_DTYPE_UINT32, "<u4", 4},
        {TIX_DTYPE_INT64, "<i8", 8},      {TIX_DTYPE_UINT64, "<u8", 8},
        {TIX_DTYPE_FLOAT16, "<f2", 2},    {TIX_DTYPE_FLOAT32, "<f4", 4},
        {TIX_DTYPE_FLOAT64, "<f8", 8},    {TIX_DTYPE_COMPLEX64, "<c8", 8},
        {TIX_DTYPE_COMPLEX128, "<c16", 16},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        tix_tensor t = view(raw, cases[k].dtype, 1, (const int64_t[]){2}, NULL);
        char dict[128];
        snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (2,), }",
                 cases[k].descr);
        write_expect(&t, dict, raw, 2 * cases[k].size);

        /* And back: the same dtype, shape and bytes. */
        void* bytes;
        size_t size;
        assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, NULL, 0), 0);
        tix_loaded_tensor back;
        assert_int_equal(tix_npy_read_memory(bytes, size, NULL, &back, NULL, 0), 0);
        assert_int_equal(back.tensor.dtype, cases[k].dtype);
        assert_int_equal(back.tensor.rank, 1);
        assert_int_equal(back.tensor.shape[0], 2);
        assert_memory_equal(back.buffer, raw, 2 * cases[k].size);
        tix_loaded_tensor_free(&back);
        free(bytes);
    }

    /* Bool: written as 0/1. */
    unsigned char flags[3] = {0, 1, 9};
    tix_tensor t = view(flags, TIX_DTYPE_BOOL, 1, (const int64_t[]){3}, NULL);
    write_expect(&t, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", "\0\1\1", 3);
}

static void test_write_strided_views(void** state)
{
    (void)state;
    int32_t values[12];
    for (int k = 0; k < 12; ++k) {
        values[k] = k;
    }
    /* The transpose of a 3x4 matrix: shape (4, 3), strides (1, 4). */
    tix_tensor t = view(values, TIX_DTYPE_INT32, 2, (const int64_t[]){4, 3},
                        (const int64_t[]){1, 4});
    const int32_t transposed[12] = {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11};
    write_expect(&t, "{'descr': '<i4', 'fortran_order': False, 'shape': (4, 3), }", transposed,
                 sizeof transposed);

    /* Negative strides: the last row first, reversed. */
    t = view(values + 11, TIX_DTYPE_INT32, 2, (const int64_t[]){3, 4}, (const int64_t[]){-4, -1});
    const int32_t reversed[12] = {11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
    write_expect(&t, "{'descr': '<i4', 'fortran_order': False, 'shape': (3, 4), }", reversed,
                 sizeof reversed);

    /* Broadcast (stride 0) and padding (every other element). */
    t = view(values, TIX_DTYPE_INT32, 2, (const int64_t[]){2, 3}, (const int64_t[]){0, 2});
    const int32_t broadcast[6] = {0, 2, 4, 0, 2, 4};
    write_expect(&t, "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }", broadcast,
                 sizeof broadcast);
}

static void test_write_strings(void** state)
{
    (void)state;
    const char* strings[4] = {"ab", "hello", "", "x"};
    tix_tensor t = view(strings, TIX_DTYPE_STRING, 2, (const int64_t[]){2, 2}, NULL);
    write_expect(&t, "{'descr': '|S5', 'fortran_order': False, 'shape': (2, 2), }",
                 "ab\0\0\0hello\0\0\0\0\0x\0\0\0\0", 20);

    /* All empty: width 1. */
    const char* empty[2] = {"", ""};
    t = view(empty, TIX_DTYPE_STRING, 1, (const int64_t[]){2}, NULL);
    write_expect(&t, "{'descr': '|S1', 'fortran_order': False, 'shape': (2,), }", "\0\0", 2);

    /* A strided string view, then a round trip. */
    t = view(strings, TIX_DTYPE_STRING, 1, (const int64_t[]){2}, (const int64_t[]){3});
    write_expect(&t, "{'descr': '|S2', 'fortran_order': False, 'shape': (2,), }", "abx\0", 4);
    void* bytes;
    size_t size;
    t = view(strings, TIX_DTYPE_STRING, 2, (const int64_t[]){2, 2}, NULL);
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, NULL, 0), 0);
    tix_loaded_tensor back;
    assert_int_equal(tix_npy_read_memory(bytes, size, NULL, &back, NULL, 0), 0);
    assert_int_equal(back.tensor.dtype, TIX_DTYPE_STRING);
    for (int k = 0; k < 4; ++k) {
        assert_string_equal(((const char* const*)back.buffer)[k], strings[k]);
    }
    tix_loaded_tensor_free(&back);
    free(bytes);
}

static void test_write_errors(void** state)
{
    (void)state;
    char error[256];
    void* bytes = (void*)&error;
    size_t size = 99;
    uint16_t halves[2] = {0, 0};
    tix_tensor t = view(halves, TIX_DTYPE_BFLOAT16, 1, (const int64_t[]){2}, NULL);
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: cannot write bfloat16: .npy has no such dtype");
    assert_null(bytes);
    assert_int_equal(size, 0);
    t.dtype = TIX_DTYPE_FLOAT8E5M2;
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: cannot write float8e5m2: .npy has no such dtype");
    t.dtype = (tix_dtype)99;
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: cannot write undefined: .npy has no such dtype");

    const char* strings[2] = {"a", NULL};
    t = view(strings, TIX_DTYPE_STRING, 1, (const int64_t[]){2}, NULL);
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: 1 string elements are NULL");

    t = view(NULL, TIX_DTYPE_FLOAT32, 1, (const int64_t[]){2}, NULL);
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: the tensor has 2 elements but its data is NULL");

    t = view(halves, TIX_DTYPE_FLOAT32, 2, (const int64_t[]){2, 1}, NULL);
    t.shape[1] = -1;
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error,
                        "<memory>: cannot write shape [2, -1]: a negative dimension or too many "
                        "elements");
    t.rank = 17;
    assert_int_equal(tix_npy_write_memory(&t, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: cannot write a tensor of rank 17 (0 to 16 allowed)");
    assert_int_equal(tix_npy_write_memory(NULL, &bytes, &size, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: no tensor given");

    t = view(halves, TIX_DTYPE_INT16, 1, (const int64_t[]){2}, NULL);
    assert_int_equal(tix_npy_write(TIX_TEST_TMP_DIR "/no/such/dir/x.npy", &t, error,
                                   sizeof error),
                     -1);
    assert_string_equal(error, TIX_TEST_TMP_DIR "/no/such/dir/x.npy: cannot create: No such file "
                                                "or directory");
}

/* ---------------------------------------------------------------------------------------------
 * Files.
 */

static void write_file(const char* path, const void* bytes, size_t size)
{
    FILE* file = fopen(path, "wb");
    assert_non_null(file);
    assert_int_equal(fwrite(bytes, 1, size, file), size);
    assert_int_equal(fclose(file), 0);
}

static void test_file_round_trip(void** state)
{
    (void)state;
    const char* path = TIX_TEST_TMP_DIR "/test_npy_round_trip.npy";
    double values[6] = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5};
    /* Written through a column view: the file holds the transpose, row-major. */
    tix_tensor t = view(values, TIX_DTYPE_FLOAT64, 2, (const int64_t[]){3, 2},
                        (const int64_t[]){1, 3});
    char error[256] = "";
    assert_int_equal(tix_npy_write(path, &t, error, sizeof error), 0);
    tix_loaded_tensor back;
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), 0);
    expect_shape(&back, TIX_DTYPE_FLOAT64, 2, (const int64_t[]){3, 2});
    const double expected[6] = {0.5, 3.5, 1.5, 4.5, 2.5, 5.5};
    assert_memory_equal(back.buffer, expected, sizeof expected);
    tix_loaded_tensor_free(&back);

    /* The file reader's other paths: byte swapping, Fortran order, strings, bool. */
    image im;
    make_npy(&im, "{'descr': '>i2', 'fortran_order': True, 'shape': (2, 2), }",
             "\x00\x01\x00\x03\x00\x02\x00\x04", 8);
    write_file(path, im.bytes, im.size);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), 0);
    const int16_t rows[4] = {1, 2, 3, 4};
    expect_shape(&back, TIX_DTYPE_INT16, 2, (const int64_t[]){2, 2});
    assert_memory_equal(back.buffer, rows, sizeof rows);
    tix_loaded_tensor_free(&back);

    make_npy(&im, "{'descr': '>i2', 'fortran_order': False, 'shape': (2,), }", "\x01\x02\xff\xfe",
             4);
    write_file(path, im.bytes, im.size);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), 0);
    const int16_t swapped[2] = {0x0102, -2};
    assert_memory_equal(back.buffer, swapped, sizeof swapped);
    tix_loaded_tensor_free(&back);

    make_npy(&im, "{'descr': '|S3', 'fortran_order': False, 'shape': (2,), }", "abcd\0\0", 6);
    write_file(path, im.bytes, im.size);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), 0);
    assert_string_equal(((const char* const*)back.buffer)[0], "abc");
    assert_string_equal(((const char* const*)back.buffer)[1], "d");
    tix_loaded_tensor_free(&back);

    make_npy(&im, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", "\0\2\1", 3);
    write_file(path, im.bytes, im.size);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), 0);
    assert_memory_equal(back.buffer, "\0\1\1", 3);
    tix_loaded_tensor_free(&back);

    /* Errors through files name the path. */
    make_npy(&im, "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3, 4), }", rows, 8);
    write_file(path, im.bytes, im.size);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), -1);
    assert_string_equal(error, TIX_TEST_TMP_DIR "/test_npy_round_trip.npy: truncated: header "
                                                "says 24 elements of 4 bytes (96 bytes) but only "
                                                "8 bytes follow the header");
    assert_null(back.buffer);
    write_file(path, "\x93NUMPY\x01\x00\xff\xff{", 11);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), -1);
    assert_string_equal(error, TIX_TEST_TMP_DIR "/test_npy_round_trip.npy: truncated: header "
                                                "length is 65535 bytes but only 1 bytes follow it");
    write_file(path, "GIF89a", 6);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), -1);
    assert_string_equal(error,
                        TIX_TEST_TMP_DIR "/test_npy_round_trip.npy: not a .npy file (bad magic)");
    write_file(path, "", 0);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), -1);
    assert_string_equal(error, TIX_TEST_TMP_DIR "/test_npy_round_trip.npy: not a .npy file (0 "
                                                "bytes, too short for the magic)");
    remove(path);
    assert_int_equal(tix_npy_read(path, &back, error, sizeof error), -1);
    assert_string_equal(error, TIX_TEST_TMP_DIR "/test_npy_round_trip.npy: cannot open: No such "
                                                "file or directory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_float32_2x3),
        cmocka_unit_test(test_read_header_variants),
        cmocka_unit_test(test_read_scalar_and_1d_and_empty),
        cmocka_unit_test(test_read_every_dtype_both_orders),
        cmocka_unit_test(test_read_fortran_order),
        cmocka_unit_test(test_read_strings),
        cmocka_unit_test(test_read_unsupported_dtypes),
        cmocka_unit_test(test_read_bad_preamble),
        cmocka_unit_test(test_read_bad_header),
        cmocka_unit_test(test_read_bad_sizes),
        cmocka_unit_test(test_read_null_arguments),
        cmocka_unit_test(test_read_truncations_and_corruptions),
        cmocka_unit_test(test_write_header_layout),
        cmocka_unit_test(test_write_every_dtype),
        cmocka_unit_test(test_write_strided_views),
        cmocka_unit_test(test_write_strings),
        cmocka_unit_test(test_write_errors),
        cmocka_unit_test(test_file_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
