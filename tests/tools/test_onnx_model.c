/* tix_io ONNX layer (tools/tix/onnx_model.h): the 28 ONNX node-test directories (every model
 * and every tensor file, checked against the facts of their manifest.json), TensorProto data
 * in raw_data and in every typed field for every tix dtype, hand-built models with every
 * attribute type, and hostile protobuf bytes (wrong wire types, truncated varints, huge
 * declared lengths, dims that do not match the data): each gets its specific message, and no
 * truncation or corruption of a real file crashes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "onnx_model.h"

#ifndef TIX_ONNX_NODE_TESTS_DIR
#error "TIX_ONNX_NODE_TESTS_DIR must name the ONNX node-test directory"
#endif
#ifndef TIX_TEST_TMP_DIR
#define TIX_TEST_TMP_DIR "."
#endif

#define F32 TIX_DTYPE_FLOAT32
#define I32 TIX_DTYPE_INT32
#define I64 TIX_DTYPE_INT64
#define NONE INT64_MIN /* attribute not in the model */

/* ---------------------------------------------------------------------------------------------
 * The node tests, as manifest.json describes them.
 */

typedef struct tensor_fact {
    tix_dtype dtype;
    int32_t rank;
    int64_t shape[4];
} tensor_fact;

typedef struct node_test {
    const char* name;
    const char* op;
    int64_t opset;
    int64_t ir_version;
    int64_t axis;          /* NONE when absent */
    int64_t batch_dims;    /* NONE when absent */
    const char* reduction; /* NULL when absent */
    size_t attribute_count;
    const char* node_inputs[3];
    size_t node_input_count;
    const char* output;
    size_t file_count;         /* input_N.pb files */
    tensor_fact files[3];
    tensor_fact output_fact;   /* output_0.pb */
    const char* initializer;   /* the one initializer (data), or NULL */
} node_test;

static const node_test node_tests[] = {
    {"test_Embedding", "Gather", 6, 3, NONE, NONE, NULL, 0,
     {"1", "0"}, 2, "2",
     1, {{I64, 2, {1, 4}}},
     {F32, 3, {1, 4, 3}}, "1"},
    {"test_Embedding_sparse", "Gather", 6, 3, NONE, NONE, NULL, 0,
     {"1", "0"}, 2, "2",
     1, {{I64, 2, {1, 4}}},
     {F32, 3, {1, 4, 3}}, "1"},
    {"test_gather_0", "Gather", 13, 7, 0, NONE, NULL, 1,
     {"data", "indices"}, 2, "y",
     2, {{F32, 4, {5, 4, 3, 2}}, {I64, 1, {3}}},
     {F32, 4, {3, 4, 3, 2}}, NULL},
    {"test_gather_1", "Gather", 13, 7, 1, NONE, NULL, 1,
     {"data", "indices"}, 2, "y",
     2, {{F32, 4, {5, 4, 3, 2}}, {I64, 1, {3}}},
     {F32, 4, {5, 3, 3, 2}}, NULL},
    {"test_gather_2d_indices", "Gather", 13, 7, 1, NONE, NULL, 1,
     {"data", "indices"}, 2, "y",
     2, {{F32, 2, {3, 3}}, {I64, 2, {1, 2}}},
     {F32, 3, {3, 1, 2}}, NULL},
    {"test_gather_elements_0", "GatherElements", 13, 7, 1, NONE, NULL, 1,
     {"data", "indices"}, 2, "y",
     2, {{F32, 2, {2, 2}}, {I64, 2, {2, 2}}},
     {F32, 2, {2, 2}}, NULL},
    {"test_gather_elements_1", "GatherElements", 13, 7, 0, NONE, NULL, 1,
     {"data", "indices"}, 2, "y",
     2, {{F32, 2, {3, 3}}, {I64, 2, {2, 3}}},
     {F32, 2, {2, 3}}, NULL},
    {"test_gather_elements_negative_indices", "GatherElements", 13, 7, 0, NONE, NULL, 1,
     {"data", "indices"}, 2, "y",
     2, {{F32, 2, {3, 3}}, {I64, 2, {2, 3}}},
     {F32, 2, {2, 3}}, NULL},
    {"test_gather_negative_indices", "Gather", 13, 7, 0, NONE, NULL, 1,
     {"data", "indices"}, 2, "y",
     2, {{F32, 1, {10}}, {I64, 1, {3}}},
     {F32, 1, {3}}, NULL},
    {"test_gathernd_example_float32", "GatherND", 13, 7, NONE, NONE, NULL, 0,
     {"data", "indices"}, 2, "output",
     2, {{F32, 3, {2, 2, 2}}, {I64, 3, {2, 1, 2}}},
     {F32, 3, {2, 1, 2}}, NULL},
    {"test_gathernd_example_int32", "GatherND", 13, 7, NONE, NONE, NULL, 0,
     {"data", "indices"}, 2, "output",
     2, {{I32, 2, {2, 2}}, {I64, 2, {2, 2}}},
     {I32, 1, {2}}, NULL},
    {"test_gathernd_example_int32_batch_dim1", "GatherND", 13, 7, NONE, 1, NULL, 1,
     {"data", "indices"}, 2, "output",
     2, {{I32, 3, {2, 2, 2}}, {I64, 2, {2, 1}}},
     {I32, 2, {2, 2}}, NULL},
    {"test_scatter_elements_with_axis", "ScatterElements", 18, 8, 1, NONE, NULL, 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {1, 5}}, {I64, 2, {1, 2}}, {F32, 2, {1, 2}}},
     {F32, 2, {1, 5}}, NULL},
    {"test_scatter_elements_with_duplicate_indices", "ScatterElements", 18, 8, 1, NONE, "add", 2,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {1, 5}}, {I64, 2, {1, 2}}, {F32, 2, {1, 2}}},
     {F32, 2, {1, 5}}, NULL},
    {"test_scatter_elements_with_negative_indices", "ScatterElements", 18, 8, 1, NONE, NULL, 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {1, 5}}, {I64, 2, {1, 2}}, {F32, 2, {1, 2}}},
     {F32, 2, {1, 5}}, NULL},
    {"test_scatter_elements_with_reduction_max", "ScatterElements", 18, 8, 1, NONE, "max", 2,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {1, 5}}, {I64, 2, {1, 2}}, {F32, 2, {1, 2}}},
     {F32, 2, {1, 5}}, NULL},
    {"test_scatter_elements_with_reduction_min", "ScatterElements", 18, 8, 1, NONE, "min", 2,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {1, 5}}, {I64, 2, {1, 2}}, {F32, 2, {1, 2}}},
     {F32, 2, {1, 5}}, NULL},
    {"test_scatter_elements_with_reduction_mul", "ScatterElements", 18, 8, 1, NONE, "mul", 2,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {1, 5}}, {I64, 2, {1, 2}}, {F32, 2, {1, 2}}},
     {F32, 2, {1, 5}}, NULL},
    {"test_scatter_elements_without_axis", "ScatterElements", 18, 8, NONE, NONE, NULL, 0,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {3, 3}}, {I64, 2, {2, 3}}, {F32, 2, {2, 3}}},
     {F32, 2, {3, 3}}, NULL},
    {"test_scatter_with_axis", "Scatter", 10, 5, 1, NONE, NULL, 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {1, 5}}, {I64, 2, {1, 2}}, {F32, 2, {1, 2}}},
     {F32, 2, {1, 5}}, NULL},
    {"test_scatter_without_axis", "Scatter", 10, 5, NONE, NONE, NULL, 0,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {3, 3}}, {I64, 2, {2, 3}}, {F32, 2, {2, 3}}},
     {F32, 2, {3, 3}}, NULL},
    {"test_scatternd", "ScatterND", 18, 8, NONE, NONE, NULL, 0,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 3, {4, 4, 4}}, {I64, 2, {2, 1}}, {F32, 3, {2, 4, 4}}},
     {F32, 3, {4, 4, 4}}, NULL},
    {"test_scatternd_add", "ScatterND", 18, 8, NONE, NONE, "add", 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 3, {4, 4, 4}}, {I64, 2, {2, 1}}, {F32, 3, {2, 4, 4}}},
     {F32, 3, {4, 4, 4}}, NULL},
    {"test_scatternd_max", "ScatterND", 18, 8, NONE, NONE, "max", 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 3, {4, 4, 4}}, {I64, 2, {2, 1}}, {F32, 3, {2, 4, 4}}},
     {F32, 3, {4, 4, 4}}, NULL},
    {"test_scatternd_max_with_element_indices", "ScatterND", 18, 8, NONE, NONE, "max", 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {2, 2}}, {I64, 2, {2, 2}}, {F32, 1, {2}}},
     {F32, 2, {2, 2}}, NULL},
    {"test_scatternd_min", "ScatterND", 18, 8, NONE, NONE, "min", 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 3, {4, 4, 4}}, {I64, 2, {2, 1}}, {F32, 3, {2, 4, 4}}},
     {F32, 3, {4, 4, 4}}, NULL},
    {"test_scatternd_min_with_element_indices", "ScatterND", 18, 8, NONE, NONE, "min", 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 2, {2, 2}}, {I64, 2, {2, 2}}, {F32, 1, {2}}},
     {F32, 2, {2, 2}}, NULL},
    {"test_scatternd_multiply", "ScatterND", 18, 8, NONE, NONE, "mul", 1,
     {"data", "indices", "updates"}, 3, "y",
     3, {{F32, 3, {4, 4, 4}}, {I64, 2, {2, 1}}, {F32, 3, {2, 4, 4}}},
     {F32, 3, {4, 4, 4}}, NULL},
};

#define NODE_TEST_COUNT (sizeof node_tests / sizeof node_tests[0])

static void path_of(char* out, size_t size, const char* test, const char* file)
{
    int written = snprintf(out, size, "%s/%s/%s", TIX_ONNX_NODE_TESTS_DIR, test, file);
    assert_true(written > 0 && (size_t)written < size);
}

static void expect_fact(const tix_loaded_tensor* t, const tensor_fact* fact)
{
    assert_int_equal(t->tensor.dtype, fact->dtype);
    assert_int_equal(t->tensor.rank, fact->rank);
    int64_t stride = 1;
    for (int d = fact->rank - 1; d >= 0; --d) {
        assert_int_equal(t->tensor.shape[d], fact->shape[d]);
        assert_int_equal(t->tensor.strides[d], stride);
        stride *= fact->shape[d];
    }
    assert_non_null(t->tensor.data);
    assert_ptr_equal(t->tensor.data, t->buffer);
}

static void expect_value_info(const tix_onnx_value_info* info, const tensor_fact* fact)
{
    assert_int_equal(info->elem_type, (int32_t)fact->dtype);
    assert_int_equal(info->rank, fact->rank);
    for (int d = 0; d < fact->rank; ++d) {
        assert_int_equal(info->dims[d], fact->shape[d]);
    }
}

static bool file_exists(const char* path)
{
    FILE* file = fopen(path, "rb");
    if (file != NULL) {
        fclose(file);
    }
    return file != NULL;
}

/* Every model: op, opsets, attributes, node and graph inputs and outputs, initializers. */
static void test_node_test_models(void** state)
{
    (void)state;
    for (size_t k = 0; k < NODE_TEST_COUNT; ++k) {
        const node_test* nt = &node_tests[k];
        char path[1024], error[512] = "";
        path_of(path, sizeof path, nt->name, "model.onnx");
        tix_onnx_model model;
        int result = tix_onnx_model_load(path, &model, error, sizeof error);
        if (result != 0) {
            print_error("%s\n", error);
        }
        assert_int_equal(result, 0);
        assert_string_equal(model.op_type, nt->op);
        assert_string_equal(model.domain, "");
        assert_int_equal(model.opset_version, nt->opset);
        assert_int_equal(model.ir_version, nt->ir_version);
        assert_int_equal(model.opsets_count, 1);
        assert_int_equal(model.opsets[0].version, nt->opset);
        assert_string_equal(model.opsets[0].domain, "");

        assert_int_equal(model.attributes_count, nt->attribute_count);
        const tix_model_attribute* axis = tix_onnx_model_attribute(&model, "axis");
        if (nt->axis == NONE) {
            assert_null(axis);
        } else {
            assert_non_null(axis);
            assert_int_equal(axis->type, TIX_MODEL_ATTRIBUTE_INT);
            assert_int_equal(axis->i, nt->axis);
        }
        const tix_model_attribute* batch_dims = tix_onnx_model_attribute(&model, "batch_dims");
        if (nt->batch_dims == NONE) {
            assert_null(batch_dims);
        } else {
            assert_non_null(batch_dims);
            assert_int_equal(batch_dims->type, TIX_MODEL_ATTRIBUTE_INT);
            assert_int_equal(batch_dims->i, nt->batch_dims);
        }
        const tix_model_attribute* reduction = tix_onnx_model_attribute(&model, "reduction");
        if (nt->reduction == NULL) {
            assert_null(reduction);
        } else {
            assert_non_null(reduction);
            assert_int_equal(reduction->type, TIX_MODEL_ATTRIBUTE_STRING);
            assert_string_equal(reduction->s, nt->reduction);
            assert_int_equal(reduction->s_size, strlen(nt->reduction));
        }
        assert_null(tix_onnx_model_attribute(&model, "no_such_attribute"));

        assert_int_equal(model.node_inputs_count, nt->node_input_count);
        for (size_t i = 0; i < nt->node_input_count; ++i) {
            assert_string_equal(model.node_inputs[i], nt->node_inputs[i]);
        }
        assert_int_equal(model.node_outputs_count, 1);
        assert_string_equal(model.node_outputs[0], nt->output);
        assert_int_equal(model.outputs_count, 1);
        assert_string_equal(model.outputs[0].name, nt->output);
        expect_value_info(&model.outputs[0], &nt->output_fact);

        assert_int_equal(model.inputs_count, nt->node_input_count);
        if (nt->initializer == NULL) {
            assert_string_equal(model.graph_name, nt->name);
            assert_int_equal(model.initializers_count, 0);
            assert_null(tix_onnx_model_initializer(&model, "data"));
            for (size_t i = 0; i < nt->node_input_count; ++i) {
                assert_string_equal(model.inputs[i].name, nt->node_inputs[i]);
                expect_value_info(&model.inputs[i], &nt->files[i]);
            }
        } else {
            /* The pytorch-converted Embedding models: data "1" is an initializer and also a
             * graph input (listed after the indices "0"). */
            assert_string_equal(model.graph_name, "torch-jit-export");
            assert_int_equal(model.initializers_count, 1);
            assert_string_equal(model.inputs[0].name, "0");
            assert_string_equal(model.inputs[1].name, "1");
            expect_value_info(&model.inputs[0], &nt->files[0]);
            const tix_loaded_tensor* data = tix_onnx_model_initializer(&model, nt->initializer);
            assert_non_null(data);
            assert_ptr_equal(data, &model.initializers[0]);
            assert_string_equal(data->name, "1");
            const tensor_fact data_fact = {F32, 2, {4, 3}};
            expect_fact(data, &data_fact);
            expect_value_info(&model.inputs[1], &data_fact);
            if (strcmp(nt->name, "test_Embedding") == 0) {
                const float first[3] = {0.34161806106567383f, -0.38997122645378113f,
                                        -2.278081178665161f};
                assert_memory_equal(data->buffer, first, sizeof first);
            }
        }
        tix_onnx_model_free(&model);
        assert_null(model.op_type);
        tix_onnx_model_free(&model); /* twice is fine */
    }
}

/* Every tensor file: dtype, shape, name; and no input file beyond those expected. */
static void test_node_test_tensors(void** state)
{
    (void)state;
    size_t loaded = 0;
    for (size_t k = 0; k < NODE_TEST_COUNT; ++k) {
        const node_test* nt = &node_tests[k];
        char path[1024], file[64], error[512] = "";
        for (size_t i = 0; i <= nt->file_count; ++i) {
            snprintf(file, sizeof file, "test_data_set_0/input_%zu.pb", i);
            path_of(path, sizeof path, nt->name, file);
            if (i == nt->file_count) {
                assert_false(file_exists(path));
                break;
            }
            tix_loaded_tensor t;
            int result = tix_onnx_tensor_load(path, &t, error, sizeof error);
            if (result != 0) {
                print_error("%s\n", error);
            }
            assert_int_equal(result, 0);
            expect_fact(&t, &nt->files[i]);
            assert_non_null(t.name);
            /* The node-test generator names each tensor after its graph input; the
             * pytorch-converted ones have no names. */
            if (nt->initializer == NULL) {
                assert_string_equal(t.name, nt->node_inputs[i]);
            } else {
                assert_string_equal(t.name, "");
            }
            tix_loaded_tensor_free(&t);
            ++loaded;
        }
        path_of(path, sizeof path, nt->name, "test_data_set_0/output_0.pb");
        tix_loaded_tensor t;
        int result = tix_onnx_tensor_load(path, &t, error, sizeof error);
        if (result != 0) {
            print_error("%s\n", error);
        }
        assert_int_equal(result, 0);
        expect_fact(&t, &nt->output_fact);
        assert_string_equal(t.name, nt->initializer == NULL ? nt->output : "");
        tix_loaded_tensor_free(&t);
        ++loaded;
        path_of(path, sizeof path, nt->name, "test_data_set_0/output_1.pb");
        assert_false(file_exists(path));
        path_of(path, sizeof path, nt->name, "test_data_set_1");
        assert_false(file_exists(path));
    }
    assert_int_equal(NODE_TEST_COUNT, 28);
    /* 28 outputs; inputs: 2 Embedding tests x 1, 10 gathers x 2, 16 scatters x 3. */
    assert_int_equal(loaded, 28 + 2 * 1 + 10 * 2 + 16 * 3);
}

static tix_loaded_tensor load_node_tensor(const char* test, const char* file)
{
    char path[1024], error[512] = "";
    path_of(path, sizeof path, test, file);
    tix_loaded_tensor t;
    int result = tix_onnx_tensor_load(path, &t, error, sizeof error);
    if (result != 0) {
        print_error("%s\n", error);
    }
    assert_int_equal(result, 0);
    return t;
}

/* Element values of a few files. */
static void test_node_test_values(void** state)
{
    (void)state;
    tix_loaded_tensor t =
        load_node_tensor("test_gathernd_example_int32", "test_data_set_0/input_0.pb");
    const int32_t data[4] = {0, 1, 2, 3};
    assert_memory_equal(t.buffer, data, sizeof data);
    tix_loaded_tensor_free(&t);
    t = load_node_tensor("test_gathernd_example_int32", "test_data_set_0/input_1.pb");
    const int64_t indices[4] = {0, 0, 1, 1};
    assert_memory_equal(t.buffer, indices, sizeof indices);
    tix_loaded_tensor_free(&t);
    t = load_node_tensor("test_gathernd_example_int32", "test_data_set_0/output_0.pb");
    const int32_t output[2] = {0, 3};
    assert_memory_equal(t.buffer, output, sizeof output);
    tix_loaded_tensor_free(&t);

    t = load_node_tensor("test_gather_negative_indices", "test_data_set_0/input_0.pb");
    for (int k = 0; k < 10; ++k) {
        assert_true(((const float*)t.buffer)[k] == (float)k);
    }
    tix_loaded_tensor_free(&t);
    t = load_node_tensor("test_gather_negative_indices", "test_data_set_0/input_1.pb");
    const int64_t negative[3] = {0, -9, -10};
    assert_memory_equal(t.buffer, negative, sizeof negative);
    tix_loaded_tensor_free(&t);

    /* 2 + 1.1 + 2.1 in float32 (README: the one non-integer result of that test). */
    t = load_node_tensor("test_scatter_elements_with_duplicate_indices",
                         "test_data_set_0/output_0.pb");
    const float reduced[5] = {1.0f, 5.2f, 3.0f, 4.0f, 5.0f};
    assert_memory_equal(t.buffer, reduced, sizeof reduced);
    tix_loaded_tensor_free(&t);

    /* Embedding: output rows are the initializer's rows picked by the indices [0, 1, 0, 1]. */
    char path[1024];
    path_of(path, sizeof path, "test_Embedding", "model.onnx");
    tix_onnx_model model;
    assert_int_equal(tix_onnx_model_load(path, &model, NULL, 0), 0);
    tix_loaded_tensor ids = load_node_tensor("test_Embedding", "test_data_set_0/input_0.pb");
    tix_loaded_tensor rows = load_node_tensor("test_Embedding", "test_data_set_0/output_0.pb");
    const int64_t picked[4] = {0, 1, 0, 1};
    assert_memory_equal(ids.buffer, picked, sizeof picked);
    for (int r = 0; r < 4; ++r) {
        assert_memory_equal((const float*)rows.buffer + 3 * r,
                            (const float*)model.initializers[0].buffer + 3 * picked[r],
                            3 * sizeof(float));
    }
    tix_loaded_tensor_free(&ids);
    tix_loaded_tensor_free(&rows);
    tix_onnx_model_free(&model);
}

/* ---------------------------------------------------------------------------------------------
 * Hand-built protobuf.
 */

typedef struct pb {
    unsigned char bytes[4096];
    size_t size;
} pb;

static void pb_raw(pb* m, const void* bytes, size_t size)
{
    assert_true(m->size + size <= sizeof m->bytes);
    if (size > 0) {
        memcpy(m->bytes + m->size, bytes, size);
    }
    m->size += size;
}

static void pb_varint(pb* m, uint64_t value)
{
    do {
        unsigned char byte = (unsigned char)(value & 0x7f);
        value >>= 7;
        if (value != 0) {
            byte |= 0x80;
        }
        pb_raw(m, &byte, 1);
    } while (value != 0);
}

static void pb_key(pb* m, unsigned field, unsigned wire)
{
    pb_varint(m, (uint64_t)field << 3 | wire);
}

static void pb_int(pb* m, unsigned field, int64_t value)
{
    pb_key(m, field, 0);
    pb_varint(m, (uint64_t)value);
}

static void pb_bytes(pb* m, unsigned field, const void* bytes, size_t size)
{
    pb_key(m, field, 2);
    pb_varint(m, size);
    pb_raw(m, bytes, size);
}

static void pb_string(pb* m, unsigned field, const char* text)
{
    pb_bytes(m, field, text, strlen(text));
}

static void pb_message(pb* m, unsigned field, const pb* sub)
{
    pb_bytes(m, field, sub->bytes, sub->size);
}

static void pb_float(pb* m, unsigned field, float value)
{
    uint32_t bits;
    memcpy(&bits, &value, 4);
    pb_key(m, field, 5);
    for (int b = 0; b < 4; ++b) {
        unsigned char byte = (unsigned char)(bits >> (8 * b));
        pb_raw(m, &byte, 1);
    }
}

static void pb_double(pb* m, unsigned field, double value)
{
    uint64_t bits;
    memcpy(&bits, &value, 8);
    pb_key(m, field, 1);
    for (int b = 0; b < 8; ++b) {
        unsigned char byte = (unsigned char)(bits >> (8 * b));
        pb_raw(m, &byte, 1);
    }
}

/* Packed repeated varints (int32/int64/uint64 fields). */
static void pb_packed(pb* m, unsigned field, const int64_t* values, size_t count)
{
    pb body = {{0}, 0};
    for (size_t k = 0; k < count; ++k) {
        pb_varint(&body, (uint64_t)values[k]);
    }
    pb_message(m, field, &body);
}

/* TensorProto fields. */
enum {
    T_DIMS = 1, T_DATA_TYPE = 2, T_FLOAT = 4, T_INT32 = 5, T_STRING = 6, T_INT64 = 7,
    T_NAME = 8, T_RAW = 9, T_DOUBLE = 10, T_UINT64 = 11, T_EXTERNAL = 13, T_LOCATION = 14
};

static void pb_dims(pb* m, const int64_t* dims, size_t rank)
{
    for (size_t d = 0; d < rank; ++d) {
        pb_int(m, T_DIMS, dims[d]); /* unpacked, as ONNX writes them */
    }
}

static int load_tensor(const pb* m, tix_loaded_tensor* t, char* error, size_t error_size)
{
    return tix_onnx_tensor_load_memory(m->bytes, m->size, "t.pb", t, error, error_size);
}

static void tensor_ok(const pb* m, tix_loaded_tensor* t)
{
    char error[512] = "";
    int result = load_tensor(m, t, error, sizeof error);
    if (result != 0) {
        print_error("unexpected error: %s\n", error);
    }
    assert_int_equal(result, 0);
    assert_non_null(t->tensor.data);
    assert_ptr_equal(t->tensor.data, t->buffer);
}

static void tensor_fails(const pb* m, const char* expected)
{
    char error[512] = "";
    tix_loaded_tensor t;
    memset(&t, 0x5a, sizeof t);
    assert_int_equal(load_tensor(m, &t, error, sizeof error), -1);
    assert_string_equal(error, expected);
    assert_null(t.buffer);
    assert_null(t.name);
    assert_null(t.string_bytes);
}

/* raw_data for every tix dtype: the little-endian bytes come back as elements. */
static void test_tensor_raw_data_every_dtype(void** state)
{
    (void)state;
    unsigned char raw[96];
    for (int k = 0; k < 96; ++k) {
        raw[k] = (unsigned char)(k * 13 + 5);
    }
    for (int dtype = 1; dtype < TIX_DTYPE_COUNT; ++dtype) {
        if (dtype == TIX_DTYPE_STRING) {
            continue;
        }
        size_t size = dtype == TIX_DTYPE_COMPLEX128                          ? 16
                      : (dtype == TIX_DTYPE_INT64 || dtype == TIX_DTYPE_FLOAT64 ||
                         dtype == TIX_DTYPE_UINT64 || dtype == TIX_DTYPE_COMPLEX64) ? 8
                      : (dtype == TIX_DTYPE_FLOAT32 || dtype == TIX_DTYPE_INT32 ||
                         dtype == TIX_DTYPE_UINT32)                              ? 4
                      : (dtype == TIX_DTYPE_UINT16 || dtype == TIX_DTYPE_INT16 ||
                         dtype == TIX_DTYPE_FLOAT16 || dtype == TIX_DTYPE_BFLOAT16) ? 2
                                                                                   : 1;
        pb m = {{0}, 0};
        pb_dims(&m, (const int64_t[]){2, 3}, 2);
        pb_int(&m, T_DATA_TYPE, dtype);
        pb_string(&m, T_NAME, "x");
        pb_bytes(&m, T_RAW, raw, 6 * size);
        tix_loaded_tensor t;
        tensor_ok(&m, &t);
        const tensor_fact fact = {(tix_dtype)dtype, 2, {2, 3}};
        expect_fact(&t, &fact);
        assert_string_equal(t.name, "x");
        if (dtype == TIX_DTYPE_BOOL) {
            for (int k = 0; k < 6; ++k) {
                assert_int_equal(((const unsigned char*)t.buffer)[k], 1); /* all nonzero */
            }
        } else {
            assert_memory_equal(t.buffer, raw, 6 * size);
        }
        tix_loaded_tensor_free(&t);

        /* One element too few. */
        m.size = 0;
        pb_dims(&m, (const int64_t[]){2, 3}, 2);
        pb_int(&m, T_DATA_TYPE, dtype);
        pb_bytes(&m, T_RAW, raw, 5 * size);
        char expected[256];
        snprintf(expected, sizeof expected,
                 "t.pb: dims [2, 3] need 6 elements of %zu bytes but raw_data has %zu bytes", size,
                 5 * size);
        tensor_fails(&m, expected);
    }
}

static void test_tensor_typed_fields(void** state)
{
    (void)state;
    tix_loaded_tensor t;
    pb m = {{0}, 0};

    /* float_data, packed (as ONNX writes it) and unpacked (also valid protobuf). */
    pb body = {{0}, 0};
    const float floats[3] = {1.5f, -2.0f, 3.25f};
    pb_raw(&body, floats, sizeof floats); /* little-endian host: the wire bytes */
    pb_dims(&m, (const int64_t[]){3}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_message(&m, T_FLOAT, &body);
    tensor_ok(&m, &t);
    assert_memory_equal(t.buffer, floats, sizeof floats);
    assert_string_equal(t.name, "");
    tix_loaded_tensor_free(&t);
    m.size = 0;
    pb_dims(&m, (const int64_t[]){3}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    for (int k = 0; k < 3; ++k) {
        pb_float(&m, T_FLOAT, floats[k]);
    }
    tensor_ok(&m, &t);
    assert_memory_equal(t.buffer, floats, sizeof floats);
    tix_loaded_tensor_free(&t);

    /* complex64 in float_data: pairs. */
    m.size = 0;
    pb_dims(&m, (const int64_t[]){2}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_COMPLEX64);
    const float pairs[4] = {1.0f, 2.0f, -3.0f, 0.5f};
    for (int k = 0; k < 4; ++k) {
        pb_float(&m, T_FLOAT, pairs[k]);
    }
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.dtype, TIX_DTYPE_COMPLEX64);
    assert_memory_equal(t.buffer, pairs, sizeof pairs);
    tix_loaded_tensor_free(&t);

    /* double_data: float64 and complex128. */
    const double doubles[4] = {0.1, -1e300, 2.5, 0.0};
    m.size = 0;
    pb_dims(&m, (const int64_t[]){2, 2}, 2);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT64);
    for (int k = 0; k < 4; ++k) {
        pb_double(&m, T_DOUBLE, doubles[k]);
    }
    tensor_ok(&m, &t);
    assert_memory_equal(t.buffer, doubles, sizeof doubles);
    tix_loaded_tensor_free(&t);
    m.size = 0;
    pb_dims(&m, (const int64_t[]){2}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_COMPLEX128);
    for (int k = 0; k < 4; ++k) {
        pb_double(&m, T_DOUBLE, doubles[k]);
    }
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.dtype, TIX_DTYPE_COMPLEX128);
    assert_memory_equal(t.buffer, doubles, sizeof doubles);
    tix_loaded_tensor_free(&t);

    /* int64_data. */
    const int64_t longs[3] = {INT64_MIN, -1, INT64_MAX};
    m.size = 0;
    pb_dims(&m, (const int64_t[]){3}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_INT64);
    pb_packed(&m, T_INT64, longs, 3);
    tensor_ok(&m, &t);
    assert_memory_equal(t.buffer, longs, sizeof longs);
    tix_loaded_tensor_free(&t);

    /* uint64_data: uint64 and uint32. */
    const int64_t unsigned_bits[2] = {-1 /* 2^64 - 1 */, 7};
    m.size = 0;
    pb_dims(&m, (const int64_t[]){2}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_UINT64);
    pb_packed(&m, T_UINT64, unsigned_bits, 2);
    tensor_ok(&m, &t);
    const uint64_t u64[2] = {UINT64_MAX, 7};
    assert_memory_equal(t.buffer, u64, sizeof u64);
    tix_loaded_tensor_free(&t);
    m.size = 0;
    pb_dims(&m, (const int64_t[]){2}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_UINT32);
    pb_packed(&m, T_UINT64, (const int64_t[]){4294967295, 0}, 2);
    tensor_ok(&m, &t);
    const uint32_t u32[2] = {UINT32_MAX, 0};
    assert_memory_equal(t.buffer, u32, sizeof u32);
    tix_loaded_tensor_free(&t);

    /* string_data: NUL-terminated copies, an empty one included; scalar (no dims). */
    m.size = 0;
    pb_dims(&m, (const int64_t[]){3}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_STRING);
    pb_string(&m, T_STRING, "alpha");
    pb_string(&m, T_STRING, "");
    pb_string(&m, T_STRING, "gamma ray");
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.dtype, TIX_DTYPE_STRING);
    const char* const* s = t.buffer;
    assert_string_equal(s[0], "alpha");
    assert_string_equal(s[1], "");
    assert_string_equal(s[2], "gamma ray");
    assert_non_null(t.string_bytes);
    assert_ptr_equal(s[0], t.string_bytes);
    tix_loaded_tensor_free(&t);
    m.size = 0;
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_STRING);
    pb_string(&m, T_STRING, "scalar");
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.rank, 0);
    assert_string_equal(((const char* const*)t.buffer)[0], "scalar");
    tix_loaded_tensor_free(&t);
}

/* int32_data for every dtype that ONNX stores there: values, bit patterns, range checks. */
static void test_tensor_int32_data(void** state)
{
    (void)state;
    static const struct {
        tix_dtype dtype;
        int64_t values[2];
        unsigned char expected[8]; /* little-endian host */
        size_t size;
        int64_t bad; /* a value outside the type, or 0 for none */
    } cases[] = {
        {TIX_DTYPE_INT32, {-2147483648, 2147483647}, {0, 0, 0, 0x80, 0xff, 0xff, 0xff, 0x7f}, 4, 0},
        {TIX_DTYPE_INT16, {-32768, 300}, {0x00, 0x80, 0x2c, 0x01}, 2, 32768},
        {TIX_DTYPE_INT8, {-128, 127}, {0x80, 0x7f}, 1, -129},
        {TIX_DTYPE_UINT16, {65535, 1}, {0xff, 0xff, 0x01, 0x00}, 2, -1},
        {TIX_DTYPE_UINT8, {255, 0}, {0xff, 0x00}, 1, 256},
        {TIX_DTYPE_BOOL, {5, 0}, {1, 0}, 1, 0},
        {TIX_DTYPE_FLOAT16, {0x3c00, 0xfbff}, {0x00, 0x3c, 0xff, 0xfb}, 2, 65536},
        {TIX_DTYPE_BFLOAT16, {0x3f80, 0xff80}, {0x80, 0x3f, 0x80, 0xff}, 2, -5},
        {TIX_DTYPE_FLOAT8E4M3FN, {0x7e, 0xff}, {0x7e, 0xff}, 1, 256},
        {TIX_DTYPE_FLOAT8E4M3FNUZ, {0x80, 0x01}, {0x80, 0x01}, 1, -1},
        {TIX_DTYPE_FLOAT8E5M2, {0x7b, 0xfc}, {0x7b, 0xfc}, 1, 1000},
        {TIX_DTYPE_FLOAT8E5M2FNUZ, {0x00, 0x7f}, {0x00, 0x7f}, 1, 300},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        pb m = {{0}, 0};
        pb_dims(&m, (const int64_t[]){2}, 1);
        pb_int(&m, T_DATA_TYPE, cases[k].dtype);
        pb_packed(&m, T_INT32, cases[k].values, 2);
        tix_loaded_tensor t;
        tensor_ok(&m, &t);
        assert_int_equal(t.tensor.dtype, cases[k].dtype);
        assert_memory_equal(t.buffer, cases[k].expected, 2 * cases[k].size);
        tix_loaded_tensor_free(&t);
        if (cases[k].bad != 0) {
            m.size = 0;
            pb_dims(&m, (const int64_t[]){2}, 1);
            pb_int(&m, T_DATA_TYPE, cases[k].dtype);
            pb_packed(&m, T_INT32, (const int64_t[]){0, cases[k].bad}, 2);
            char expected[256];
            snprintf(expected, sizeof expected,
                     "t.pb: int32_data[1] = %lld is outside the range of %s",
                     (long long)cases[k].bad,
                     cases[k].dtype == TIX_DTYPE_INT16            ? "int16"
                     : cases[k].dtype == TIX_DTYPE_INT8           ? "int8"
                     : cases[k].dtype == TIX_DTYPE_UINT16         ? "uint16"
                     : cases[k].dtype == TIX_DTYPE_UINT8          ? "uint8"
                     : cases[k].dtype == TIX_DTYPE_FLOAT16        ? "float16"
                     : cases[k].dtype == TIX_DTYPE_BFLOAT16       ? "bfloat16"
                     : cases[k].dtype == TIX_DTYPE_FLOAT8E4M3FN   ? "float8e4m3fn"
                     : cases[k].dtype == TIX_DTYPE_FLOAT8E4M3FNUZ ? "float8e4m3fnuz"
                     : cases[k].dtype == TIX_DTYPE_FLOAT8E5M2     ? "float8e5m2"
                                                                  : "float8e5m2fnuz");
            tensor_fails(&m, expected);
        }
    }
}

static void test_tensor_shapes(void** state)
{
    (void)state;
    tix_loaded_tensor t;
    pb m = {{0}, 0};
    /* Scalar: no dims. */
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_INT64);
    pb_packed(&m, T_INT64, (const int64_t[]){42}, 1);
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.rank, 0);
    assert_int_equal(*(const int64_t*)t.buffer, 42);
    tix_loaded_tensor_free(&t);

    /* Empty, without any data field; and with an empty raw_data. */
    m.size = 0;
    pb_dims(&m, (const int64_t[]){3, 0, 2}, 3);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    tensor_ok(&m, &t);
    const tensor_fact empty = {F32, 3, {3, 0, 2}};
    assert_int_equal(t.tensor.rank, 3);
    assert_int_equal(t.tensor.shape[1], 0);
    (void)empty;
    tix_loaded_tensor_free(&t);
    pb_bytes(&m, T_RAW, "", 0);
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.shape[0], 3);
    tix_loaded_tensor_free(&t);

    /* Packed dims (valid protobuf for a repeated int64 too). */
    m.size = 0;
    pb_packed(&m, T_DIMS, (const int64_t[]){1, 2}, 2);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_UINT8);
    pb_bytes(&m, T_RAW, "\x07\x08", 2);
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.rank, 2);
    assert_int_equal(t.tensor.shape[1], 2);
    assert_memory_equal(t.buffer, "\x07\x08", 2);
    tix_loaded_tensor_free(&t);

    /* Rank 16. */
    m.size = 0;
    int64_t ones[17];
    for (int d = 0; d < 17; ++d) {
        ones[d] = 1;
    }
    pb_dims(&m, ones, 16);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_INT8);
    pb_bytes(&m, T_RAW, "\x05", 1);
    tensor_ok(&m, &t);
    assert_int_equal(t.tensor.rank, 16);
    tix_loaded_tensor_free(&t);
}

static void test_tensor_hostile(void** state)
{
    (void)state;
    pb m = {{0}, 0};

    /* Malformed wire data. */
    const char* malformed = "t.pb: not a valid TensorProto (malformed protobuf: truncated data, "
                            "a bad length or a field of the wrong wire type)";
    pb_key(&m, T_NAME, 0); /* name (a string) sent as a varint */
    pb_varint(&m, 5);
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, T_DATA_TYPE, 2); /* data_type (an int32) sent length-delimited... */
    pb_varint(&m, 1);
    pb_raw(&m, "\x01", 1);
    /* protobuf-c takes a length-delimited int32 as a packed list only for repeated fields. */
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_raw(&m, "\x08\xff", 2); /* a truncated varint (dims) */
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_raw(&m, "\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 12); /* 11-byte varint */
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, T_RAW, 2); /* raw_data declaring 2^32 - 1 bytes, holding 3 */
    pb_varint(&m, 0xffffffffu);
    pb_raw(&m, "abc", 3);
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, T_RAW, 2); /* a length of 2^63 */
    pb_varint(&m, (uint64_t)1 << 63);
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, T_NAME, 3); /* deprecated group wire types */
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, T_NAME, 7); /* wire type 7 does not exist */
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_raw(&m, "\x00", 1); /* field number 0 */
    tensor_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, T_FLOAT, 2); /* packed floats cut mid-element */
    pb_varint(&m, 6);
    pb_raw(&m, "\0\0\x80\x3f\0\0", 6);
    tensor_fails(&m, malformed);

    /* Well-formed protobuf, bad tensors. */
    m.size = 0;
    pb_dims(&m, (const int64_t[]){2, 3}, 2);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    for (int k = 0; k < 5; ++k) {
        pb_float(&m, T_FLOAT, (float)k);
    }
    tensor_fails(&m, "t.pb: dims [2, 3] need 6 elements but float_data has 5");
    for (int k = 0; k < 2; ++k) {
        pb_float(&m, T_FLOAT, (float)k);
    }
    tensor_fails(&m, "t.pb: dims [2, 3] need 6 elements but float_data has 7");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){2, 3}, 2);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    tensor_fails(&m, "t.pb: dims [2, 3] need 6 elements but the tensor has no data");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){3}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_COMPLEX64);
    for (int k = 0; k < 5; ++k) {
        pb_float(&m, T_FLOAT, (float)k);
    }
    tensor_fails(&m, "t.pb: dims [3] need 3 complex elements (6 values) but float_data has 5");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){2, -1}, 2);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    tensor_fails(&m, "t.pb: dims [2, -1]: dimension 1 is negative");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){4611686018427387904, 4}, 2);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_bytes(&m, T_RAW, "abcd", 4);
    tensor_fails(&m, "t.pb: dims [4611686018427387904, 4]: the element count overflows int64");

    /* A huge element count with a little data: rejected before allocating anything for it. */
    m.size = 0;
    pb_dims(&m, (const int64_t[]){1000000000000}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT64);
    pb_bytes(&m, T_RAW, "abcdefgh", 8);
    tensor_fails(&m, "t.pb: dims [1000000000000] need 1000000000000 elements of 8 bytes but "
                     "raw_data has 8 bytes");
    m.size = 0;
    pb_dims(&m, (const int64_t[]){2305843009213693952}, 1); /* 2^61 elements of 8 bytes */
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_INT64);
    pb_packed(&m, T_INT64, (const int64_t[]){1, 2}, 2);
    tensor_fails(&m, "t.pb: dims [2305843009213693952] need 2305843009213693952 elements but "
                     "int64_data has 2");
    m.size = 0;
    pb_dims(&m, (const int64_t[]){4611686018427387904}, 1); /* 2^62 complex128 */
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_COMPLEX128);
    pb_bytes(&m, T_RAW, "abcdefgh", 8);
    tensor_fails(&m, "t.pb: dims [4611686018427387904] need 4611686018427387904 elements of 16 "
                     "bytes but raw_data has 8 bytes");

    m.size = 0;
    int64_t ones[17];
    for (int d = 0; d < 17; ++d) {
        ones[d] = 1;
    }
    pb_dims(&m, ones, 17);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_INT8);
    pb_bytes(&m, T_RAW, "\x05", 1);
    tensor_fails(&m, "t.pb: 17 dims: rank above 16 is not supported");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_bytes(&m, T_RAW, "\x05", 1);
    tensor_fails(&m, "t.pb: data_type 0 (UNDEFINED) is not supported");
    pb_int(&m, T_DATA_TYPE, 22);
    tensor_fails(&m, "t.pb: data_type 22 (INT4) is not supported");
    m.size = 0;
    pb_int(&m, T_DATA_TYPE, 999);
    tensor_fails(&m, "t.pb: data_type 999 (unknown) is not supported");
    m.size = 0;
    pb_int(&m, T_DATA_TYPE, -3);
    tensor_fails(&m, "t.pb: data_type -3 (unknown) is not supported");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_bytes(&m, T_RAW, "abcd", 4);
    pb_float(&m, T_FLOAT, 1.0f);
    tensor_fails(&m, "t.pb: both raw_data and float_data are set");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_packed(&m, T_INT64, (const int64_t[]){1}, 1);
    tensor_fails(&m, "t.pb: a float32 tensor cannot hold int64_data (it uses float_data)");
    m.size = 0;
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_INT32);
    pb_string(&m, T_STRING, "x");
    tensor_fails(&m, "t.pb: a int32 tensor cannot hold string_data (it uses int32_data)");
    m.size = 0;
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_STRING);
    pb_bytes(&m, T_RAW, "abcdefgh", 8);
    tensor_fails(&m, "t.pb: a string tensor cannot use raw_data");
    m.size = 0;
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_UINT32);
    pb_packed(&m, T_UINT64, (const int64_t[]){4294967296}, 1);
    tensor_fails(&m, "t.pb: uint64_data[0] = 4294967296 is outside the range of uint32");

    m.size = 0;
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_int(&m, T_LOCATION, 1);
    tensor_fails(&m, "t.pb: external data is not supported");
    m.size = 0;
    pb entry = {{0}, 0};
    pb_string(&entry, 1, "location");
    pb_string(&entry, 2, "weights.bin");
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_message(&m, T_EXTERNAL, &entry);
    tensor_fails(&m, "t.pb: external data is not supported");

    /* An empty file is a valid, empty TensorProto: no data_type. */
    m.size = 0;
    tensor_fails(&m, "t.pb: data_type 0 (UNDEFINED) is not supported");

    /* Unknown fields are skipped. */
    m.size = 0;
    pb_int(&m, 99, 12345);
    pb_string(&m, 100, "future field");
    pb_dims(&m, (const int64_t[]){1}, 1);
    pb_int(&m, T_DATA_TYPE, TIX_DTYPE_UINT8);
    pb_bytes(&m, T_RAW, "\x09", 1);
    tix_loaded_tensor t;
    tensor_ok(&m, &t);
    assert_int_equal(*(const unsigned char*)t.buffer, 9);
    tix_loaded_tensor_free(&t);

    /* Arguments and files. */
    char error[512];
    assert_int_equal(tix_onnx_tensor_load_memory(NULL, 4, "n.pb", &t, error, sizeof error), -1);
    assert_string_equal(error, "n.pb: no bytes given");
    assert_int_equal(tix_onnx_tensor_load_memory("", 0, NULL, NULL, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: no output tensor given");
    assert_int_equal(
        tix_onnx_tensor_load(TIX_TEST_TMP_DIR "/no_such_file.pb", &t, error, sizeof error), -1);
    assert_string_equal(error, TIX_TEST_TMP_DIR "/no_such_file.pb: cannot open: No such file or "
                                                "directory");
    assert_null(t.buffer);
}

/* ---------------------------------------------------------------------------------------------
 * Hand-built models.
 */

/* ModelProto / GraphProto / NodeProto / AttributeProto field numbers. */
enum { M_IR = 1, M_GRAPH = 7, M_OPSET = 8 };
enum { G_NODE = 1, G_NAME = 2, G_INITIALIZER = 5, G_INPUT = 11, G_OUTPUT = 12 };
enum { N_INPUT = 1, N_OUTPUT = 2, N_NAME = 3, N_OP = 4, N_ATTRIBUTE = 5, N_DOMAIN = 7 };
enum { A_NAME = 1, A_F = 2, A_I = 3, A_S = 4, A_T = 5, A_FLOATS = 7, A_INTS = 8, A_STRINGS = 9,
       A_TYPE = 20 };

static void pb_opset(pb* m, const char* domain, int64_t version)
{
    pb opset = {{0}, 0};
    if (domain != NULL) {
        pb_string(&opset, 1, domain);
    }
    pb_int(&opset, 2, version);
    pb_message(m, M_OPSET, &opset);
}

/* A model: ir 8, opset 13, graph "g" with one node `node` (already encoded). */
static void pb_model(pb* m, const pb* node, const pb* extra_graph_fields)
{
    pb graph = {{0}, 0};
    pb_message(&graph, G_NODE, node);
    pb_string(&graph, G_NAME, "g");
    if (extra_graph_fields != NULL) {
        pb_raw(&graph, extra_graph_fields->bytes, extra_graph_fields->size);
    }
    m->size = 0;
    pb_int(m, M_IR, 8);
    pb_message(m, M_GRAPH, &graph);
    pb_opset(m, "", 13);
}

static void pb_basic_node(pb* node)
{
    node->size = 0;
    pb_string(node, N_INPUT, "data");
    pb_string(node, N_INPUT, "");
    pb_string(node, N_INPUT, "updates");
    pb_string(node, N_OUTPUT, "y");
    pb_string(node, N_OP, "ScatterElements");
}

static int load_model(const pb* m, tix_onnx_model* model, char* error, size_t error_size)
{
    return tix_onnx_model_load_memory(m->bytes, m->size, "m.onnx", model, error, error_size);
}

static void model_fails(const pb* m, const char* expected)
{
    char error[512] = "";
    tix_onnx_model model;
    memset(&model, 0x5a, sizeof model);
    assert_int_equal(load_model(m, &model, error, sizeof error), -1);
    assert_string_equal(error, expected);
    assert_null(model.op_type);
    assert_null(model.attributes);
    assert_null(model.initializers);
}

static void test_model_attributes(void** state)
{
    (void)state;
    pb node;
    pb_basic_node(&node);
    pb_string(&node, N_NAME, "the node");
    pb a = {{0}, 0};
    pb_string(&a, A_NAME, "axis"); /* INT, negative */
    pb_int(&a, A_I, -2);
    pb_int(&a, A_TYPE, 2);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "alpha"); /* FLOAT */
    pb_float(&a, A_F, 0.75f);
    pb_int(&a, A_TYPE, 1);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "reduction"); /* STRING with a NUL inside */
    pb_bytes(&a, A_S, "mu\0l", 4);
    pb_int(&a, A_TYPE, 3);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "perm"); /* INTS, unpacked as ONNX writes them */
    pb_int(&a, A_INTS, 3);
    pb_int(&a, A_INTS, -1);
    pb_int(&a, A_INTS, 0);
    pb_int(&a, A_TYPE, 7);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "scales"); /* FLOATS */
    pb_float(&a, A_FLOATS, 1.0f);
    pb_float(&a, A_FLOATS, -0.5f);
    pb_int(&a, A_TYPE, 6);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "modes"); /* STRINGS */
    pb_string(&a, A_STRINGS, "first");
    pb_string(&a, A_STRINGS, "");
    pb_int(&a, A_TYPE, 8);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "value"); /* TENSOR */
    pb tensor = {{0}, 0};
    pb_dims(&tensor, (const int64_t[]){2}, 1);
    pb_int(&tensor, T_DATA_TYPE, TIX_DTYPE_INT16);
    pb_bytes(&tensor, T_RAW, "\x01\x00\xff\xff", 4);
    pb_message(&a, A_T, &tensor);
    pb_int(&a, A_TYPE, 4);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "old_style"); /* no type field: inferred from the value */
    pb_int(&a, A_I, 9);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "zero"); /* INT whose value a proto3 writer left out */
    pb_int(&a, A_TYPE, 2);
    pb_message(&node, N_ATTRIBUTE, &a);
    a.size = 0;
    pb_string(&a, A_NAME, "body"); /* GRAPH (field 6, unknown to tix): kept as a type only */
    pb_string(&a, 6, "opaque graph bytes");
    pb_int(&a, A_TYPE, 5);
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_string(&node, N_DOMAIN, "ai.onnx");

    pb m;
    pb_model(&m, &node, NULL);
    pb_opset(&m, "com.example", 2);
    tix_onnx_model model;
    char error[512] = "";
    int result = load_model(&m, &model, error, sizeof error);
    if (result != 0) {
        print_error("%s\n", error);
    }
    assert_int_equal(result, 0);
    assert_int_equal(model.ir_version, 8);
    assert_int_equal(model.opset_version, 13);
    assert_int_equal(model.opsets_count, 2);
    assert_string_equal(model.opsets[1].domain, "com.example");
    assert_int_equal(model.opsets[1].version, 2);
    assert_string_equal(model.graph_name, "g");
    assert_string_equal(model.op_type, "ScatterElements");
    assert_string_equal(model.domain, "ai.onnx");
    assert_string_equal(model.node_name, "the node");
    assert_int_equal(model.node_inputs_count, 3);
    assert_string_equal(model.node_inputs[0], "data");
    assert_string_equal(model.node_inputs[1], ""); /* an omitted optional input */
    assert_string_equal(model.node_inputs[2], "updates");
    assert_int_equal(model.inputs_count, 0);
    assert_int_equal(model.outputs_count, 0);
    assert_int_equal(model.attributes_count, 10);

    const tix_model_attribute* at = tix_onnx_model_attribute(&model, "axis");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_INT);
    assert_int_equal(at->i, -2);
    at = tix_onnx_model_attribute(&model, "alpha");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_FLOAT);
    assert_true(at->f == 0.75f);
    at = tix_onnx_model_attribute(&model, "reduction");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_STRING);
    assert_int_equal(at->s_size, 4);
    assert_memory_equal(at->s, "mu\0l", 5);
    at = tix_onnx_model_attribute(&model, "perm");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_INTS);
    assert_int_equal(at->ints_count, 3);
    assert_memory_equal(at->ints, ((const int64_t[]){3, -1, 0}), 3 * sizeof(int64_t));
    at = tix_onnx_model_attribute(&model, "scales");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_FLOATS);
    assert_int_equal(at->floats_count, 2);
    assert_true(at->floats[0] == 1.0f && at->floats[1] == -0.5f);
    at = tix_onnx_model_attribute(&model, "modes");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_STRINGS);
    assert_int_equal(at->strings_count, 2);
    assert_string_equal(at->strings[0], "first");
    assert_string_equal(at->strings[1], "");
    at = tix_onnx_model_attribute(&model, "value");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_TENSOR);
    assert_non_null(at->t);
    assert_int_equal(at->t->tensor.dtype, TIX_DTYPE_INT16);
    assert_int_equal(at->t->tensor.shape[0], 2);
    assert_memory_equal(at->t->buffer, ((const int16_t[]){1, -1}), 4);
    at = tix_onnx_model_attribute(&model, "old_style");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_INT);
    assert_int_equal(at->i, 9);
    at = tix_onnx_model_attribute(&model, "zero");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_INT);
    assert_int_equal(at->i, 0);
    at = tix_onnx_model_attribute(&model, "body");
    assert_int_equal(at->type, TIX_MODEL_ATTRIBUTE_GRAPH);
    tix_onnx_model_free(&model);
    tix_onnx_model_free(NULL);
}

static void test_model_graph_io_and_initializers(void** state)
{
    (void)state;
    pb node;
    pb_basic_node(&node);
    /* Graph input "data": float [2, "N"]; output "y" without a type; initializer "updates". */
    pb dim1 = {{0}, 0}, dim2 = {{0}, 0}, shape = {{0}, 0}, tensor_type = {{0}, 0},
       type = {{0}, 0}, info = {{0}, 0}, extra = {{0}, 0}, init = {{0}, 0};
    pb_int(&dim1, 1, 2);
    pb_string(&dim2, 2, "N");
    pb_message(&shape, 1, &dim1);
    pb_message(&shape, 1, &dim2);
    pb_int(&tensor_type, 1, TIX_DTYPE_FLOAT32);
    pb_message(&tensor_type, 2, &shape);
    pb_message(&type, 1, &tensor_type);
    pb_string(&info, 1, "data");
    pb_message(&info, 2, &type);
    pb_message(&extra, G_INPUT, &info);
    info.size = 0;
    pb_string(&info, 1, "y");
    pb_message(&extra, G_OUTPUT, &info);
    pb_dims(&init, (const int64_t[]){1, 2}, 2);
    pb_int(&init, T_DATA_TYPE, TIX_DTYPE_STRING);
    pb_string(&init, T_NAME, "updates");
    pb_string(&init, T_STRING, "u");
    pb_string(&init, T_STRING, "vw");
    pb_message(&extra, G_INITIALIZER, &init);
    pb m;
    pb_model(&m, &node, &extra);
    tix_onnx_model model;
    char error[512] = "";
    assert_int_equal(load_model(&m, &model, error, sizeof error), 0);
    assert_int_equal(model.inputs_count, 1);
    assert_string_equal(model.inputs[0].name, "data");
    assert_int_equal(model.inputs[0].elem_type, TIX_DTYPE_FLOAT32);
    assert_int_equal(model.inputs[0].rank, 2);
    assert_int_equal(model.inputs[0].dims[0], 2);
    assert_int_equal(model.inputs[0].dims[1], -1); /* symbolic */
    assert_int_equal(model.outputs_count, 1);
    assert_string_equal(model.outputs[0].name, "y");
    assert_int_equal(model.outputs[0].elem_type, 0);
    assert_int_equal(model.outputs[0].rank, -1);
    assert_int_equal(model.initializers_count, 1);
    const tix_loaded_tensor* updates = tix_onnx_model_initializer(&model, "updates");
    assert_non_null(updates);
    assert_int_equal(updates->tensor.dtype, TIX_DTYPE_STRING);
    assert_string_equal(((const char* const*)updates->buffer)[1], "vw");
    assert_null(tix_onnx_model_initializer(&model, "data"));
    tix_onnx_model_free(&model);

    /* A bad initializer names itself. */
    init.size = 0;
    pb_dims(&init, (const int64_t[]){3}, 1);
    pb_int(&init, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_string(&init, T_NAME, "w");
    pb_bytes(&init, T_RAW, "abcdefgh", 8);
    extra.size = 0;
    pb_message(&extra, G_INITIALIZER, &init);
    pb_model(&m, &node, &extra);
    model_fails(&m, "m.onnx: initializer 'w': dims [3] need 3 elements of 4 bytes but raw_data "
                    "has 8 bytes");
}

static void test_model_hostile(void** state)
{
    (void)state;
    pb node, m, a = {{0}, 0};
    pb_basic_node(&node);

    /* No default opset; opset given as "ai.onnx". */
    pb graph = {{0}, 0};
    pb_message(&graph, G_NODE, &node);
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    tix_onnx_model model;
    assert_int_equal(load_model(&m, &model, NULL, 0), 0);
    assert_int_equal(model.opset_version, -1);
    assert_int_equal(model.ir_version, 0);
    assert_string_equal(model.graph_name, "");
    tix_onnx_model_free(&model);
    pb_opset(&m, "ai.onnx", 11);
    assert_int_equal(load_model(&m, &model, NULL, 0), 0);
    assert_int_equal(model.opset_version, 11);
    tix_onnx_model_free(&model);
    pb_opset(&m, NULL, 12);
    model_fails(&m, "m.onnx: the model imports the default operator set twice");
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    pb_opset(&m, "", 0);
    model_fails(&m, "m.onnx: the default operator set import has no valid version");

    m.size = 0;
    pb_int(&m, M_IR, 8);
    pb_opset(&m, "", 13);
    model_fails(&m, "m.onnx: the model has no graph");
    m.size = 0;
    model_fails(&m, "m.onnx: the model has no graph");

    graph.size = 0;
    pb_string(&graph, G_NAME, "empty");
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    model_fails(&m, "m.onnx: the graph has 0 nodes; only one-node models are supported");
    graph.size = 0;
    pb_message(&graph, G_NODE, &node);
    pb_message(&graph, G_NODE, &node);
    m.size = 0;
    pb_message(&m, M_GRAPH, &graph);
    model_fails(&m, "m.onnx: the graph has 2 nodes; only one-node models are supported");

    pb bare = {{0}, 0};
    pb_string(&bare, N_INPUT, "x");
    pb_model(&m, &bare, NULL);
    model_fails(&m, "m.onnx: the node has no op_type");

    pb_basic_node(&node);
    a.size = 0;
    pb_int(&a, A_I, 1);
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_model(&m, &node, NULL);
    model_fails(&m, "m.onnx: attribute 0 of the node has no name");

    pb_basic_node(&node);
    a.size = 0;
    pb_string(&a, A_NAME, "axis");
    pb_int(&a, A_I, 1);
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_model(&m, &node, NULL);
    model_fails(&m, "m.onnx: attribute 'axis' appears twice");

    pb_basic_node(&node);
    a.size = 0;
    pb_string(&a, A_NAME, "empty");
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_model(&m, &node, NULL);
    model_fails(&m, "m.onnx: attribute 'empty' has neither a type nor a value");

    pb_basic_node(&node);
    a.size = 0;
    pb_string(&a, A_NAME, "odd");
    pb_int(&a, A_TYPE, 99);
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_model(&m, &node, NULL);
    model_fails(&m, "m.onnx: attribute 'odd' has unknown type 99");

    pb_basic_node(&node);
    a.size = 0;
    pb_string(&a, A_NAME, "value");
    pb_int(&a, A_TYPE, 4);
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_model(&m, &node, NULL);
    model_fails(&m, "m.onnx: attribute 'value' of type TENSOR has no tensor");

    pb_basic_node(&node);
    a.size = 0;
    pb tensor = {{0}, 0};
    pb_dims(&tensor, (const int64_t[]){-5}, 1);
    pb_int(&tensor, T_DATA_TYPE, TIX_DTYPE_FLOAT32);
    pb_string(&a, A_NAME, "value");
    pb_message(&a, A_T, &tensor);
    pb_int(&a, A_TYPE, 4);
    pb_message(&node, N_ATTRIBUTE, &a);
    pb_model(&m, &node, NULL);
    model_fails(&m, "m.onnx: attribute 'value': dims [-5]: dimension 0 is negative");

    /* Malformed wire data at each level. */
    const char* malformed = "m.onnx: not a valid ONNX model (malformed protobuf: truncated data, "
                            "a bad length or a field of the wrong wire type)";
    pb_basic_node(&node);
    pb_model(&m, &node, NULL);
    m.size -= 1; /* the last opset import loses its last byte */
    model_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, M_GRAPH, 0); /* the graph as a varint */
    pb_varint(&m, 1);
    model_fails(&m, malformed);
    pb_basic_node(&node);
    pb_key(&node, N_OP, 5); /* op_type as a fixed32 */
    pb_raw(&node, "abcd", 4);
    pb_model(&m, &node, NULL);
    model_fails(&m, malformed);
    m.size = 0;
    pb_key(&m, M_GRAPH, 2);
    pb_varint(&m, 0x7fffffffffffffff);
    pb_raw(&m, "x", 1);
    model_fails(&m, malformed);
    m.size = 0;
    pb_raw(&m, "this is not protobuf", 20);
    model_fails(&m, malformed);

    char error[512];
    assert_int_equal(tix_onnx_model_load_memory(NULL, 3, "n.onnx", &model, error, sizeof error),
                     -1);
    assert_string_equal(error, "n.onnx: no bytes given");
    assert_int_equal(tix_onnx_model_load_memory("", 0, NULL, NULL, error, sizeof error), -1);
    assert_string_equal(error, "<memory>: no output model given");
    assert_int_equal(tix_onnx_model_load(TIX_TEST_TMP_DIR "/none.onnx", &model, error,
                                         sizeof error),
                     -1);
    assert_string_equal(error,
                        TIX_TEST_TMP_DIR "/none.onnx: cannot open: No such file or directory");
    assert_int_equal(tix_onnx_model_load(NULL, &model, error, sizeof error), -1);
    assert_string_equal(error, "tix_onnx_model_load: NULL path");
}

/* Loads bytes as a model or a tensor; either it loads (and is freed) or it fails with a message
 * naming the file. Returns whether it loaded. */
static bool load_any(const unsigned char* bytes, size_t size, bool is_model)
{
    char error[512] = "";
    if (is_model) {
        tix_onnx_model model;
        if (tix_onnx_model_load_memory(bytes, size, "f", &model, error, sizeof error) == 0) {
            assert_non_null(model.op_type);
            tix_onnx_model_free(&model);
            return true;
        }
    } else {
        tix_loaded_tensor t;
        if (tix_onnx_tensor_load_memory(bytes, size, "f", &t, error, sizeof error) == 0) {
            assert_non_null(t.tensor.data);
            tix_loaded_tensor_free(&t);
            return true;
        }
    }
    assert_true(strncmp(error, "f: ", 3) == 0);
    return false;
}

/* Every truncation of real model and tensor files, and every byte of them replaced by a few
 * values: each loads or fails with a message, never crashes (run under sanitizers, this is the
 * ONNX fuzzer's smoke test). */
static void test_real_files_truncated_and_corrupted(void** state)
{
    (void)state;
    static const char* const files[] = {
        "test_scatter_elements_with_duplicate_indices/model.onnx",
        "test_Embedding/model.onnx",
        "test_gathernd_example_int32_batch_dim1/test_data_set_0/input_0.pb",
        "test_gather_0/test_data_set_0/output_0.pb",
    };
    static const unsigned char values[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0x08, 0x0a, 0x12};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; ++f) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", TIX_ONNX_NODE_TESTS_DIR, files[f]);
        FILE* file = fopen(path, "rb");
        assert_non_null(file);
        unsigned char original[4096];
        size_t size = fread(original, 1, sizeof original, file);
        fclose(file);
        assert_true(size > 0 && size < sizeof original);
        bool is_model = strstr(files[f], ".onnx") != NULL;
        assert_true(load_any(original, size, is_model));

        size_t loaded = 0;
        for (size_t length = 0; length < size; ++length) {
            loaded += load_any(original, length, is_model);
        }
        /* Most prefixes cut a field or leave the data short of the dims. */
        assert_true(loaded < size / 4);

        unsigned char copy[4096];
        for (size_t at = 0; at < size; ++at) {
            for (size_t v = 0; v < sizeof values; ++v) {
                memcpy(copy, original, size);
                copy[at] = values[v];
                load_any(copy, size, is_model);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_node_test_models),
        cmocka_unit_test(test_node_test_tensors),
        cmocka_unit_test(test_node_test_values),
        cmocka_unit_test(test_tensor_raw_data_every_dtype),
        cmocka_unit_test(test_tensor_typed_fields),
        cmocka_unit_test(test_tensor_int32_data),
        cmocka_unit_test(test_tensor_shapes),
        cmocka_unit_test(test_tensor_hostile),
        cmocka_unit_test(test_model_attributes),
        cmocka_unit_test(test_model_graph_io_and_initializers),
        cmocka_unit_test(test_model_hostile),
        cmocka_unit_test(test_real_files_truncated_and_corrupted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
