/* Hostile files for the tix tool's readers (docs/TESTING.md, "hostile" tier), beyond
 * tests/tools: every failure names the file, and no load allocates memory sized from a length
 * the file declares but does not hold.
 *
 * The program is linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc: every allocation
 * tix_io makes itself goes through the wrappers below, which record the largest request while a
 * load is watched. (protobuf-c's own allocations, in its shared library, are not seen here; the
 * ONNX fuzz targets watch those too, through the sanitizer's allocation hooks.)
 */
#include <stdint.h>
#include <stdio.h>

#include "hostile.h"
#include "npy.h"
#include "onnx_model.h"

/* ---------------------------------------------------------------------------------------------
 * Allocation watch.
 */
void* __real_malloc(size_t size);
void* __real_calloc(size_t count, size_t size);
void* __real_realloc(void* pointer, size_t size);
void* __wrap_malloc(size_t size);
void* __wrap_calloc(size_t count, size_t size);
void* __wrap_realloc(void* pointer, size_t size);

static bool watching;
static size_t largest, total;

static void note(size_t size) {
    if (!watching)
        return;
    if (size > largest)
        largest = size;
    total += size;
}

void* __wrap_malloc(size_t size) {
    note(size);
    return __real_malloc(size);
}

void* __wrap_calloc(size_t count, size_t size) {
    note(count != 0 && size > SIZE_MAX / count ? SIZE_MAX : count * size);
    return __real_calloc(count, size);
}

void* __wrap_realloc(void* pointer, size_t size) {
    note(size);
    return __real_realloc(pointer, size);
}

static void watch(void) {
    watching = true;
    largest = total = 0;
}

/* What a load may allocate per byte of input: a .npy string element is a pointer and a copy
 * (16 bytes per byte at most); in ONNX every message of 2 bytes or more may become a struct of a
 * few hundred bytes (an initializer is a tix_loaded_tensor). Anything sized from a declared
 * length instead of the bytes present is orders of magnitude beyond these. */
static size_t per_byte = 16;

static void expect_bounded_(size_t input, const char* what, const char* file, int line) {
    watching = false;
    if (largest > per_byte * input + 4096 || total > 4 * per_byte * input + 65536) {
        print_error("%s:%d: %s: %zu input bytes, largest allocation %zu, %zu in all\n", file, line,
                    what, input, largest, total);
        _fail(file, line);
    }
}
#define EXPECT_BOUNDED(input, what) expect_bounded_((input), (what), __FILE__, __LINE__)

/* ---------------------------------------------------------------------------------------------
 * .npy images.
 */
typedef struct image {
    unsigned char bytes[70000];
    size_t size;
} image;

/* Magic, version, header length (the dict's, plus `extra` bytes of spaces), then data. */
static void npy_image(image* im, int major, const char* dict, size_t extra, const void* data,
                      size_t data_size) {
    size_t preamble = major == 1 ? 10 : 12;
    size_t header = strlen(dict) + extra + 1;
    assert_true(preamble + header + data_size <= sizeof im->bytes);
    memcpy(im->bytes, "\x93NUMPY", 6);
    im->bytes[6] = (unsigned char)major;
    im->bytes[7] = 0;
    for (size_t b = 0; b < (major == 1 ? 2u : 4u); b++) {
        im->bytes[8 + b] = (unsigned char)(header >> (8 * b));
    }
    memcpy(im->bytes + preamble, dict, strlen(dict));
    memset(im->bytes + preamble + strlen(dict), ' ', extra);
    im->bytes[preamble + header - 1] = '\n';
    if (data_size > 0)
        memcpy(im->bytes + preamble + header, data, data_size);
    im->size = preamble + header + data_size;
}

/* The image fails to load with a message starting "h.npy: " and containing `fragment`, the
 * output left zeroed, and allocations bounded by its size. */
static void npy_fails_(const image* im, const char* fragment, const char* file, int line) {
    char error[512] = "";
    tix_loaded_tensor t;
    memset(&t, 0x5a, sizeof t);
    watch();
    int result = tix_npy_read_memory(im->bytes, im->size, "h.npy", &t, error, sizeof error);
    expect_bounded_(im->size, fragment, file, line);
    if (result != -1 || strncmp(error, "h.npy: ", 7) != 0 || strstr(error, fragment) == NULL) {
        print_error("%s:%d: result %d, message \"%s\", expected one with \"%s\"\n", file, line,
                    result, error, fragment);
        _fail(file, line);
    }
    assert_null(t.buffer);
    assert_null(t.string_bytes);
    assert_null(t.tensor.data);
}
#define NPY_FAILS(im, fragment) npy_fails_((im), (fragment), __FILE__, __LINE__)

/* Declared sizes far beyond the bytes present: every one refused before allocating for it. */
static void test_npy_declared_sizes(void** state) {
    (void)state;
    static image im;
    const unsigned char data[16] = {0};
    npy_image(&im, 1,
              "{'descr': '<f8', 'fortran_order': False, 'shape': (2147483648, 2147483648), }", 0,
              data, 16);
    NPY_FAILS(&im, "do not fit in memory");
    npy_image(&im, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,), }", 0,
              data, 16);
    NPY_FAILS(&im, "truncated: header says 1099511627776 elements");
    npy_image(&im, 3, "{'descr': '|S1', 'fortran_order': False, 'shape': (1099511627776,), }", 0,
              data, 16);
    NPY_FAILS(&im, "truncated");
    npy_image(&im, 2, "{'descr': '|S4294967296', 'fortran_order': False, 'shape': (2,), }", 0, data,
              16);
    NPY_FAILS(&im, "truncated");
    npy_image(&im, 1, "{'descr': '|u1', 'fortran_order': True, 'shape': (1048576, 1048576), }", 0,
              data, 16);
    NPY_FAILS(&im, "truncated");
    npy_image(&im, 1,
              "{'descr': '<i2', 'fortran_order': False, 'shape': (8, 8, 8, 8, 8, 8, 8, 8, 8, 8, "
              "8, 8, 8, 8, 8, 8), }",
              0, data, 16);
    NPY_FAILS(&im, "truncated: header says 281474976710656 elements");
    /* a header length beyond the file (version 2: 4 bytes), and one that stops short */
    npy_image(&im, 2, "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", 0, data, 16);
    im.bytes[8] = im.bytes[9] = im.bytes[10] = im.bytes[11] = 0xff;
    NPY_FAILS(&im, "truncated: header length is 4294967295 bytes");
    npy_image(&im, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", 0, data, 16);
    im.bytes[8] = 20;
    im.bytes[9] = 0;
    NPY_FAILS(&im, "malformed header");
    /* mismatched sizes: one byte short, one byte over */
    npy_image(&im, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", 0, data, 15);
    NPY_FAILS(&im, "truncated: header says 2 elements of 8 bytes (16 bytes) but only 15");
    npy_image(&im, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", 0, data, 9);
    NPY_FAILS(&im, "size mismatch");
    /* wrong magic: one byte off, and a zip (.npz) */
    npy_image(&im, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", 0, data, 8);
    im.bytes[5] = 'Z';
    NPY_FAILS(&im, "bad magic");
    memcpy(im.bytes, "PK\x03\x04", 4);
    NPY_FAILS(&im, "bad magic");
}

/* Big but honest files load, and what they allocate follows what they hold: a 60000-byte header
 * of spaces, 4096 one-byte strings (a pointer and a 2-byte copy each), a Fortran-order copy. */
static void test_npy_honest_sizes(void** state) {
    (void)state;
    static image im;
    static unsigned char data[4096 * 2];
    for (size_t k = 0; k < sizeof data; k++)
        data[k] = (unsigned char)('a' + k % 26);
    const char* cases[3] = {"{'descr': '<u2', 'fortran_order': False, 'shape': (4096,), }",
                            "{'descr': '|S1', 'fortran_order': False, 'shape': (4096,), }",
                            "{'descr': '<u2', 'fortran_order': True, 'shape': (64, 64), }"};
    size_t extras[3] = {60000, 0, 0};
    size_t sizes[3] = {8192, 4096, 8192};
    for (int k = 0; k < 3; k++) {
        npy_image(&im, k == 0 ? 2 : 1, cases[k], extras[k], data, sizes[k]);
        char error[256] = "";
        tix_loaded_tensor t;
        watch();
        int result = tix_npy_read_memory(im.bytes, im.size, "h.npy", &t, error, sizeof error);
        EXPECT_BOUNDED(im.size, cases[k]);
        if (result != 0)
            fail_msg("%s: %s", cases[k], error);
        assert_int_equal(tix_tensor_count(&t.tensor), 4096);
        if (k == 1) {
            const char* const* strings = t.buffer;
            assert_string_equal(strings[0], "a");
            assert_string_equal(strings[4095], "n"); /* 4095 % 26 = 13 */
        }
        if (k == 2) {
            /* Fortran order: element [0][1] is the file's element 64 */
            uint16_t e01, want;
            memcpy(&e01, (const unsigned char*)t.buffer + 2, 2);
            memcpy(&want, data + 2 * 64, 2);
            assert_int_equal(e01, want);
        }
        tix_loaded_tensor_free(&t);
    }
}

/* An empty array whose leading dimensions multiply past int64 before the zero: it loads, empty
 * (found by fuzz_npy: the reader multiplied the dimensions for a Fortran-order walk first). */
static void test_npy_empty_with_huge_dimensions(void** state) {
    (void)state;
    static image im;
    npy_image(&im, 1,
              "{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4, 0), }", 0,
              NULL, 0);
    char error[256] = "";
    tix_loaded_tensor t;
    watch();
    int result = tix_npy_read_memory(im.bytes, im.size, "h.npy", &t, error, sizeof error);
    EXPECT_BOUNDED(im.size, "empty (2^62, 4, 0)");
    if (result != 0)
        fail_msg("%s", error);
    assert_int_equal(t.tensor.rank, 3);
    assert_true(t.tensor.shape[0] == (int64_t)1 << 62 && t.tensor.shape[1] == 4 &&
                t.tensor.shape[2] == 0);
    assert_int_equal(tix_tensor_count(&t.tensor), 0);
    tix_loaded_tensor_free(&t);
    /* the same in Fortran order */
    npy_image(&im, 1,
              "{'descr': '<f4', 'fortran_order': True, 'shape': (4611686018427387904, 4, 0), }", 0,
              NULL, 0);
    result = tix_npy_read_memory(im.bytes, im.size, "h.npy", &t, error, sizeof error);
    if (result != 0)
        fail_msg("%s", error);
    assert_int_equal(tix_tensor_count(&t.tensor), 0);
    tix_loaded_tensor_free(&t);
}

/* ---------------------------------------------------------------------------------------------
 * ONNX protobuf.
 */
typedef struct pb {
    unsigned char bytes[70000];
    size_t size;
} pb;

static void pb_raw(pb* m, const void* bytes, size_t size) {
    assert_true(m->size + size <= sizeof m->bytes);
    if (size > 0)
        memcpy(m->bytes + m->size, bytes, size);
    m->size += size;
}

static void pb_varint(pb* m, uint64_t value) {
    do {
        unsigned char byte = (unsigned char)(value & 0x7f);
        value >>= 7;
        if (value != 0)
            byte |= 0x80;
        pb_raw(m, &byte, 1);
    } while (value != 0);
}

static void pb_key(pb* m, unsigned field, unsigned wire) {
    pb_varint(m, (uint64_t)field << 3 | wire);
}

static void pb_int(pb* m, unsigned field, uint64_t value) {
    pb_key(m, field, 0);
    pb_varint(m, value);
}

static void pb_bytes(pb* m, unsigned field, const void* bytes, size_t size) {
    pb_key(m, field, 2);
    pb_varint(m, size);
    pb_raw(m, bytes, size);
}

static void pb_message(pb* m, unsigned field, const pb* sub) {
    pb_bytes(m, field, sub->bytes, sub->size);
}

/* TensorProto, NodeProto, GraphProto, ModelProto, AttributeProto, ValueInfoProto fields */
enum { T_DIMS = 1, T_TYPE = 2, T_INT32 = 5, T_STRING = 6, T_INT64 = 7, T_NAME = 8, T_RAW = 9 };
enum { N_INPUT = 1, N_OUTPUT = 2, N_OP = 4, N_ATTRIBUTE = 5 };
enum { G_NODE = 1, G_INITIALIZER = 5, G_INPUT = 11 };
enum { M_IR = 1, M_GRAPH = 7, M_OPSET = 8 };
enum { A_NAME = 1, A_I = 3, A_INTS = 8, A_TYPE = 20 };

/* Loads m as a tensor ("h.pb") or a model ("h.onnx"): 0 when it loads (and frees it), -1 when
 * it fails with a message starting with the name; allocations bounded by its size. */
static int load_(const pb* m, bool model, const char* fragment, const char* file, int line) {
    char error[512] = "";
    const char* name = model ? "h.onnx" : "h.pb";
    int result;
    per_byte = 256;
    watch();
    if (model) {
        tix_onnx_model mo;
        result = tix_onnx_model_load_memory(m->bytes, m->size, name, &mo, error, sizeof error);
        if (result == 0)
            tix_onnx_model_free(&mo);
    } else {
        tix_loaded_tensor t;
        result = tix_onnx_tensor_load_memory(m->bytes, m->size, name, &t, error, sizeof error);
        if (result == 0)
            tix_loaded_tensor_free(&t);
    }
    expect_bounded_(m->size, fragment != NULL ? fragment : name, file, line);
    per_byte = 16;
    if (fragment != NULL) {
        size_t n = strlen(name);
        if (result != -1 || strncmp(error, name, n) != 0 || error[n] != ':' ||
            strstr(error, fragment) == NULL) {
            print_error("%s:%d: result %d, message \"%s\", expected one with \"%s\"\n", file, line,
                        result, error, fragment);
            _fail(file, line);
        }
    }
    return result;
}
#define TENSOR_FAILS(m, fragment) load_((m), false, (fragment), __FILE__, __LINE__)
#define MODEL_FAILS(m, fragment) load_((m), true, (fragment), __FILE__, __LINE__)

static const char* const malformed = "malformed protobuf";

/* Lengths declared beyond the message, dims that promise more than the data, counts that
 * overflow: refused, and nothing allocated for them. */
static void test_onnx_declared_lengths(void** state) {
    (void)state;
    static pb m;
    /* raw_data declaring 2^62 bytes */
    m.size = 0;
    pb_int(&m, T_DIMS, 4);
    pb_int(&m, T_TYPE, TIX_DTYPE_FLOAT32);
    pb_key(&m, T_RAW, 2);
    pb_varint(&m, (uint64_t)1 << 62);
    pb_raw(&m, "abcdabcdabcdabcd", 16);
    TENSOR_FAILS(&m, malformed);
    /* a string element declaring 2^31 bytes */
    m.size = 0;
    pb_int(&m, T_DIMS, 1);
    pb_int(&m, T_TYPE, TIX_DTYPE_STRING);
    pb_key(&m, T_STRING, 2);
    pb_varint(&m, (uint64_t)1 << 31);
    pb_raw(&m, "xyz", 3);
    TENSOR_FAILS(&m, malformed);
    /* packed int64_data declaring 2^40 bytes */
    m.size = 0;
    pb_int(&m, T_DIMS, 2);
    pb_int(&m, T_TYPE, TIX_DTYPE_INT64);
    pb_key(&m, T_INT64, 2);
    pb_varint(&m, (uint64_t)1 << 40);
    pb_raw(&m, "\x01\x02", 2);
    TENSOR_FAILS(&m, malformed);
    /* dims of 2^40 elements over 8 bytes of raw data, and of 2^40 strings over one */
    m.size = 0;
    pb_int(&m, T_DIMS, (uint64_t)1 << 40);
    pb_int(&m, T_TYPE, TIX_DTYPE_FLOAT64);
    pb_bytes(&m, T_RAW, "abcdefgh", 8);
    TENSOR_FAILS(&m, "need 1099511627776 elements");
    m.size = 0;
    pb_int(&m, T_DIMS, (uint64_t)1 << 40);
    pb_int(&m, T_TYPE, TIX_DTYPE_STRING);
    pb_bytes(&m, T_STRING, "s", 1);
    TENSOR_FAILS(&m, "1099511627776");
    /* float16 held in int32_data: 2^40 declared, 3 present */
    m.size = 0;
    pb_int(&m, T_DIMS, (uint64_t)1 << 40);
    pb_int(&m, T_TYPE, TIX_DTYPE_FLOAT16);
    pb_bytes(&m, T_INT32, "\x01\x02\x03", 3);
    TENSOR_FAILS(&m, "1099511627776");
    /* dims whose product overflows, with a negative one among many */
    m.size = 0;
    for (int k = 0; k < 3; k++)
        pb_int(&m, T_DIMS, (uint64_t)1 << 30);
    pb_int(&m, T_TYPE, TIX_DTYPE_UINT8);
    TENSOR_FAILS(&m, "overflows");
    m.size = 0;
    pb_int(&m, T_DIMS, 0);
    pb_int(&m, T_DIMS, (uint64_t)-7);
    pb_int(&m, T_TYPE, TIX_DTYPE_UINT8);
    TENSOR_FAILS(&m, "negative");
    /* 20000 dims fields: more than rank 16, refused without a per-dimension allocation */
    m.size = 0;
    for (int k = 0; k < 20000; k++)
        pb_int(&m, T_DIMS, 1);
    pb_int(&m, T_TYPE, TIX_DTYPE_UINT8);
    pb_bytes(&m, T_RAW, "x", 1);
    TENSOR_FAILS(&m, "rank above 16");
    /* a model whose graph declares more bytes than follow */
    m.size = 0;
    pb_int(&m, M_IR, 8);
    pb_key(&m, M_GRAPH, 2);
    pb_varint(&m, (uint64_t)1 << 33);
    pb_raw(&m, "\x0a\x00", 2);
    MODEL_FAILS(&m, malformed);
    /* an attribute's packed ints declaring 2^35 bytes */
    static pb node, graph, attribute;
    node.size = graph.size = attribute.size = 0;
    pb_bytes(&attribute, A_NAME, "ints", 4);
    pb_key(&attribute, A_INTS, 2);
    pb_varint(&attribute, (uint64_t)1 << 35);
    pb_raw(&attribute, "\x01\x02", 2);
    pb_bytes(&node, N_OP, "Gather", 6);
    pb_message(&node, N_ATTRIBUTE, &attribute);
    pb_message(&graph, G_NODE, &node);
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    MODEL_FAILS(&m, malformed);
}

/* Fields of the wrong wire type at each level, and missing fields. */
static void test_onnx_wire_types_and_missing_fields(void** state) {
    (void)state;
    static pb m, node, graph, opset, attribute, info;
    /* data_type as fixed64; dims as fixed32; name as varint */
    m.size = 0;
    pb_key(&m, T_TYPE, 1);
    pb_raw(&m, "\x01\0\0\0\0\0\0\0", 8);
    TENSOR_FAILS(&m, malformed);
    m.size = 0;
    pb_key(&m, T_DIMS, 5);
    pb_raw(&m, "\x01\0\0\0", 4);
    TENSOR_FAILS(&m, malformed);
    /* the model's ir_version as a string, opset_import as a varint */
    m.size = 0;
    pb_bytes(&m, M_IR, "8", 1);
    MODEL_FAILS(&m, malformed);
    m.size = 0;
    pb_int(&m, M_OPSET, 13);
    MODEL_FAILS(&m, malformed);
    /* an attribute's i as a length-delimited field */
    node.size = graph.size = attribute.size = 0;
    pb_bytes(&attribute, A_NAME, "axis", 4);
    pb_bytes(&attribute, A_I, "\x01", 1);
    pb_bytes(&node, N_OP, "Gather", 6);
    pb_message(&node, N_ATTRIBUTE, &attribute);
    pb_message(&graph, G_NODE, &node);
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    MODEL_FAILS(&m, malformed);

    /* missing: the node's op_type; the graph's node; the model's graph */
    node.size = graph.size = 0;
    pb_bytes(&node, N_INPUT, "x", 1);
    pb_message(&graph, G_NODE, &node);
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    MODEL_FAILS(&m, "no op_type");
    graph.size = 0;
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    MODEL_FAILS(&m, "0 nodes");
    m.size = 0;
    pb_int(&m, M_IR, 8);
    MODEL_FAILS(&m, "no graph");
    /* an initializer without data_type; a graph input without a type loads, undeclared */
    node.size = graph.size = 0;
    pb_bytes(&node, N_OP, "Gather", 6);
    pb_message(&graph, G_NODE, &node);
    static pb tensor;
    tensor.size = 0;
    pb_int(&tensor, T_DIMS, 1);
    pb_bytes(&tensor, T_NAME, "w", 1);
    pb_message(&graph, G_INITIALIZER, &tensor);
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    MODEL_FAILS(&m, "UNDEFINED");
    node.size = graph.size = info.size = opset.size = 0;
    pb_bytes(&node, N_OP, "Gather", 6);
    pb_message(&graph, G_NODE, &node);
    pb_bytes(&info, 1, "data", 4);
    pb_message(&graph, G_INPUT, &info);
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    char error[256] = "";
    tix_onnx_model model;
    assert_int_equal(
        tix_onnx_model_load_memory(m.bytes, m.size, "h.onnx", &model, error, sizeof error), 0);
    assert_int_equal(model.inputs_count, 1);
    assert_string_equal(model.inputs[0].name, "data");
    assert_int_equal(model.inputs[0].elem_type, 0);
    assert_int_equal(model.inputs[0].rank, -1);
    assert_int_equal(model.opset_version, -1);
    tix_onnx_model_free(&model);
}

/* Many small messages: what tix_io allocates grows with the file, never faster. */
static void test_onnx_many_small_messages(void** state) {
    (void)state;
    static pb m, node, graph, tensor;
    node.size = graph.size = 0;
    pb_bytes(&node, N_OP, "Gather", 6);
    for (int k = 0; k < 4000; k++)
        pb_bytes(&node, N_INPUT, "", 0);
    pb_message(&graph, G_NODE, &node);
    for (int k = 0; k < 1000; k++) {
        tensor.size = 0;
        pb_int(&tensor, T_TYPE, TIX_DTYPE_UINT8);
        pb_bytes(&tensor, T_RAW, "x", 1);
        pb_message(&graph, G_INITIALIZER, &tensor);
    }
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    assert_int_equal(load_(&m, true, NULL, __FILE__, __LINE__), 0);
    /* 10000 empty strings */
    m.size = 0;
    pb_int(&m, T_DIMS, 10000);
    pb_int(&m, T_TYPE, TIX_DTYPE_STRING);
    for (int k = 0; k < 10000; k++)
        pb_bytes(&m, T_STRING, "", 0);
    assert_int_equal(load_(&m, false, NULL, __FILE__, __LINE__), 0);
}

/* ---------------------------------------------------------------------------------------------
 * Files on disk: an empty file, a directory, a truncated file, a missing one; each message
 * starts with the path.
 */
static void write_file(const char* path, const void* bytes, size_t size) {
    FILE* f = fopen(path, "wb");
    assert_non_null(f);
    if (size > 0)
        assert_int_equal(fwrite(bytes, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

static void expect_path_error(int result, const char* error, const char* path,
                              const char* fragment) {
    assert_int_equal(result, -1);
    size_t n = strlen(path);
    if (strncmp(error, path, n) != 0 || error[n] != ':' || strstr(error, fragment) == NULL) {
        fail_msg("message \"%s\": expected \"%s: ...%s...\"", error, path, fragment);
    }
}

static void test_files_on_disk(void** state) {
    (void)state;
    char error[1024];
    const char* dir = TIX_TEST_TMP_DIR;
    char empty[512], truncated[512], missing[512];
    snprintf(empty, sizeof empty, "%s/hostile_empty.npy", dir);
    snprintf(truncated, sizeof truncated, "%s/hostile_truncated.pb", dir);
    snprintf(missing, sizeof missing, "%s/hostile_missing.npy", dir);
    write_file(empty, "", 0);
    static pb m;
    m.size = 0;
    pb_int(&m, T_DIMS, 4);
    pb_int(&m, T_TYPE, TIX_DTYPE_FLOAT32);
    pb_bytes(&m, T_RAW, "0123456789abcdef", 16);
    write_file(truncated, m.bytes, m.size - 5);

    tix_loaded_tensor t;
    tix_onnx_model model;
    expect_path_error(tix_npy_read(empty, &t, error, sizeof error), error, empty,
                      "too short for the magic");
    expect_path_error(tix_onnx_tensor_load(empty, &t, error, sizeof error), error, empty,
                      "UNDEFINED");
    expect_path_error(tix_onnx_model_load(empty, &model, error, sizeof error), error, empty,
                      "no graph");
    expect_path_error(tix_onnx_tensor_load(truncated, &t, error, sizeof error), error, truncated,
                      malformed);
    expect_path_error(tix_npy_read(truncated, &t, error, sizeof error), error, truncated,
                      "bad magic");
    expect_path_error(tix_npy_read(dir, &t, error, sizeof error), error, dir, "");
    expect_path_error(tix_onnx_model_load(dir, &model, error, sizeof error), error, dir, "");
    expect_path_error(tix_npy_read(missing, &t, error, sizeof error), error, missing,
                      "cannot open");
    remove(empty);
    remove(truncated);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_npy_declared_sizes),
        cmocka_unit_test(test_npy_honest_sizes),
        cmocka_unit_test(test_npy_empty_with_huge_dimensions),
        cmocka_unit_test(test_onnx_declared_lengths),
        cmocka_unit_test(test_onnx_wire_types_and_missing_fields),
        cmocka_unit_test(test_onnx_many_small_messages),
        cmocka_unit_test(test_files_on_disk),
    };
    /* TIX_TEST_FILTER=test_name (a pattern with * and ?) runs only the matching tests */
    if (getenv("TIX_TEST_FILTER") != NULL)
        cmocka_set_test_filter(getenv("TIX_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
