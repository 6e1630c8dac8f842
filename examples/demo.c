/* tix_demo: the worked examples of the five specification pages tix started from (ONNX Gather-13,
 * ONNX Scatter-11, OpenVINO ScatterNDUpdate-3, OpenVINO GatherElements-6, DirectML SCATTER), run
 * through the tix API. For each it prints where the example comes from, the inputs, the call and
 * the output, and it exits with status 1 if any output differs from the one the page shows, so it
 * doubles as a test (ctest runs it as example_demo).
 *
 * Build and run it with `make demo`. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tix.h>

typedef enum demo_op {
    DEMO_GATHER,
    DEMO_GATHER_ELEMENTS,
    DEMO_SCATTER_ELEMENTS,
    DEMO_SCATTER_ND
} demo_op;

/* A dense row-major array as a page writes it. */
typedef struct demo_array {
    tix_dtype dtype;
    int32_t rank;
    int64_t shape[TIX_MAX_RANK];
    void* values;
} demo_array;

typedef struct demo_example {
    const char* source; /* the page and the example */
    const char* note;   /* NULL, or a remark printed under the title */
    demo_op op;
    int64_t axis;             /* gathers and scatter_elements; batch_dims is always 0 here */
    tix_options options;      /* the system's semantics, as tix options */
    const char* options_text; /* NULL when options are the defaults (ONNX) */
    demo_array data;
    demo_array indices;
    demo_array updates;  /* scatters only */
    demo_array expected; /* the output the page shows */
} demo_example;

/* ---------------------------------------------------------------------------------------------
 * The examples, copied from the pages.
 */

/* ONNX Gather-13 (also Gather-11 and Gather-1), example 1: axis = 0. */
static float gather0_data[] = {1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f};
static int64_t gather0_indices[] = {0, 1, 1, 2};
static float gather0_expected[] = {1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f};

/* ONNX Gather-13, example 2: axis = 1. */
static float gather1_data[] = {1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f, 5.9f};
static int64_t gather1_indices[] = {0, 2};
static float gather1_expected[] = {1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f};

/* ONNX Scatter-11 (and Scatter-9), example 1: axis = 0. */
static float scatter0_data[] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
static int64_t scatter0_indices[] = {1, 0, 2, 0, 2, 1};
static float scatter0_updates[] = {1.0f, 1.1f, 1.2f, 2.0f, 2.1f, 2.2f};
static float scatter0_expected[] = {2.0f, 1.1f, 0.0f, 1.0f, 0.0f, 2.2f, 0.0f, 2.1f, 1.2f};

/* ONNX Scatter-11, example 2: axis = 1. */
static float scatter1_data[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
static int64_t scatter1_indices[] = {1, 3};
static float scatter1_updates[] = {1.1f, 2.1f};
static float scatter1_expected[] = {1.0f, 1.1f, 3.0f, 2.1f, 5.0f};

/* OpenVINO ScatterNDUpdate-3, example 1: four single elements. */
static int32_t scatternd0_data[] = {1, 2, 3, 4, 5, 6, 7, 8};
static int32_t scatternd0_indices[] = {4, 3, 1, 7};
static int32_t scatternd0_updates[] = {9, 10, 11, 12};
static int32_t scatternd0_expected[] = {1, 11, 3, 10, 9, 6, 7, 12};

/* OpenVINO ScatterNDUpdate-3, example 2: two 4x4 slices. */
static int32_t scatternd1_data[] = {
    1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1,  //
    1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1,  //
    8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8,  //
    8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8,
};
static int32_t scatternd1_indices[] = {0, 2};
static int32_t scatternd1_updates[] = {
    5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8,  //
    1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
};
static int32_t scatternd1_expected[] = {
    5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8,  //
    1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1,  //
    1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,  //
    8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8,
};

/* OpenVINO GatherElements-6, example 1: axis = 0. */
static int32_t elements0_data[] = {1, 2, 3, 4};
static int32_t elements0_indices[] = {0, 1, 0, 0};
static int32_t elements0_expected[] = {1, 4, 1, 2};

/* OpenVINO GatherElements-6, example 2: axis = 1, indices larger than data along the axis. */
static int32_t elements1_data[] = {1, 7, 4, 3};
static int32_t elements1_indices[] = {1, 1, 0, 1, 0, 1};
static int32_t elements1_expected[] = {7, 7, 1, 3, 4, 3};

/* OpenVINO GatherElements-6, example 3: axis = 0, indices smaller than data. */
static int32_t elements2_data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
static int32_t elements2_indices[] = {1, 0, 1, 1, 2, 0};
static int32_t elements2_expected[] = {4, 2, 6, 4, 8, 3};

/* DirectML DML_SCATTER_OPERATOR_DESC, example 1: 1-D, index 3 twice. */
static float dml0_data[] = {0.0f, 1.0f, 2.0f, 3.0f, 4.0f};
static uint32_t dml0_indices[] = {3, 1, 3, 0};
static float dml0_updates[] = {5.0f, 6.0f, 7.0f, 8.0f};
static float dml0_expected[] = {8.0f, 6.0f, 2.0f, 7.0f, 4.0f};

/* DirectML DML_SCATTER_OPERATOR_DESC, example 2: 2-D, axis 0. */
static float dml1_data[] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
static uint32_t dml1_indices[] = {1, 0, 2, 0, 2, 1};
static float dml1_updates[] = {10.0f, 11.0f, 12.0f, 20.0f, 21.0f, 22.0f};
static float dml1_expected[] = {20.0f, 11.0f, 0.0f, 10.0f, 0.0f, 22.0f, 0.0f, 21.0f, 12.0f};

#define F32 TIX_DTYPE_FLOAT32
#define I32 TIX_DTYPE_INT32
#define I64 TIX_DTYPE_INT64
#define U32 TIX_DTYPE_UINT32

/* OpenVINO's ScatterNDUpdate-3 and GatherElements-6 take indices in [0, s-1] only. */
#define OPENVINO_NO_NEGATIVE                                                   \
    .options = {.negative_indices = TIX_NEGATIVE_OUT_OF_RANGE},                \
    .options_text =                                                            \
        ".negative_indices = TIX_NEGATIVE_OUT_OF_RANGE (OpenVINO's opset-3/6 " \
        "indices are in [0, s-1])"

static const demo_example examples[] = {
    {
        .source = "ONNX Gather-13, example 1 (axis 0)",
        .op = DEMO_GATHER,
        .axis = 0,
        .data = {F32, 2, {3, 2}, gather0_data},
        .indices = {I64, 2, {2, 2}, gather0_indices},
        .expected = {F32, 3, {2, 2, 2}, gather0_expected},
    },
    {
        .source = "ONNX Gather-13, example 2 (axis 1)",
        .op = DEMO_GATHER,
        .axis = 1,
        .data = {F32, 2, {3, 3}, gather1_data},
        .indices = {I64, 2, {1, 2}, gather1_indices},
        .expected = {F32, 3, {3, 1, 2}, gather1_expected},
    },
    {
        .source = "ONNX Scatter-11 (= ScatterElements-11), example 1 (axis 0)",
        .op = DEMO_SCATTER_ELEMENTS,
        .axis = 0,
        .data = {F32, 2, {3, 3}, scatter0_data},
        .indices = {I64, 2, {2, 3}, scatter0_indices},
        .updates = {F32, 2, {2, 3}, scatter0_updates},
        .expected = {F32, 2, {3, 3}, scatter0_expected},
    },
    {
        .source = "ONNX Scatter-11 (= ScatterElements-11), example 2 (axis 1)",
        .op = DEMO_SCATTER_ELEMENTS,
        .axis = 1,
        .data = {F32, 2, {1, 5}, scatter1_data},
        .indices = {I64, 2, {1, 2}, scatter1_indices},
        .updates = {F32, 2, {1, 2}, scatter1_updates},
        .expected = {F32, 2, {1, 5}, scatter1_expected},
    },
    {
        .source = "OpenVINO ScatterNDUpdate-3, example 1 (four single elements)",
        .op = DEMO_SCATTER_ND,
        OPENVINO_NO_NEGATIVE,
        .data = {I32, 1, {8}, scatternd0_data},
        .indices = {I32, 2, {4, 1}, scatternd0_indices},
        .updates = {I32, 1, {4}, scatternd0_updates},
        .expected = {I32, 1, {8}, scatternd0_expected},
    },
    {
        .source = "OpenVINO ScatterNDUpdate-3, example 2 (two 4x4 slices)",
        .op = DEMO_SCATTER_ND,
        OPENVINO_NO_NEGATIVE,
        .data = {I32, 3, {4, 4, 4}, scatternd1_data},
        .indices = {I32, 2, {2, 1}, scatternd1_indices},
        .updates = {I32, 3, {2, 4, 4}, scatternd1_updates},
        .expected = {I32, 3, {4, 4, 4}, scatternd1_expected},
    },
    {
        .source = "OpenVINO GatherElements-6, example 1 (axis 0)",
        .op = DEMO_GATHER_ELEMENTS,
        .axis = 0,
        OPENVINO_NO_NEGATIVE,
        .data = {I32, 2, {2, 2}, elements0_data},
        .indices = {I32, 2, {2, 2}, elements0_indices},
        .expected = {I32, 2, {2, 2}, elements0_expected},
    },
    {
        .source = "OpenVINO GatherElements-6, example 2 (axis 1, indices longer than data)",
        .op = DEMO_GATHER_ELEMENTS,
        .axis = 1,
        OPENVINO_NO_NEGATIVE,
        .data = {I32, 2, {2, 2}, elements1_data},
        .indices = {I32, 2, {2, 3}, elements1_indices},
        .expected = {I32, 2, {2, 3}, elements1_expected},
    },
    {
        .source = "OpenVINO GatherElements-6, example 3 (axis 0, indices smaller than data)",
        .op = DEMO_GATHER_ELEMENTS,
        .axis = 0,
        OPENVINO_NO_NEGATIVE,
        .data = {I32, 2, {3, 3}, elements2_data},
        .indices = {I32, 2, {2, 3}, elements2_indices},
        .expected = {I32, 2, {2, 3}, elements2_expected},
    },
    {
        .source = "DirectML DML_SCATTER_OPERATOR_DESC, example 1 (1-D scatter)",
        .note = "Index 3 appears twice. DirectML does not say which write wins; tix applies "
                "updates\n   in row-major order, so the last one (7) does, as the page shows.",
        .op = DEMO_SCATTER_ELEMENTS,
        .axis = 0,
        .data = {F32, 1, {5}, dml0_data},
        .indices = {U32, 1, {4}, dml0_indices},
        .updates = {F32, 1, {4}, dml0_updates},
        .expected = {F32, 1, {5}, dml0_expected},
    },
    {
        .source = "DirectML DML_SCATTER_OPERATOR_DESC, example 2 (2-D scatter, axis 0)",
        .note = "The page gives InputTensor sizes {2,3} but shows a 3x3 tensor, as is its "
                "output;\n   3x3 is used.",
        .op = DEMO_SCATTER_ELEMENTS,
        .axis = 0,
        .data = {F32, 2, {3, 3}, dml1_data},
        .indices = {U32, 2, {2, 3}, dml1_indices},
        .updates = {F32, 2, {2, 3}, dml1_updates},
        .expected = {F32, 2, {3, 3}, dml1_expected},
    },
};

/* ---------------------------------------------------------------------------------------------
 * Printing.
 */

static void print_element(tix_dtype dtype, const void* values, int64_t position) {
    switch (dtype) {
        case TIX_DTYPE_FLOAT32: {
            /* As the pages write floats: whole numbers with ".0", others in the fewest digits
             * that read back as the same float. */
            float value = ((const float*)values)[position];
            if (value > -1e7f && value < 1e7f && value == (float)(int32_t)value) {
                printf("%.1f", (double)value);
                break;
            }
            char text[32];
            snprintf(text, sizeof text, "%.9g", (double)value);
            for (int digits = 1; digits < 9; digits++) {
                char shorter[32];
                snprintf(shorter, sizeof shorter, "%.*g", digits, (double)value);
                if (strtof(shorter, NULL) == value) {
                    strcpy(text, shorter);
                    break;
                }
            }
            fputs(text, stdout);
            break;
        }
        case TIX_DTYPE_INT32:
            printf("%" PRId32, ((const int32_t*)values)[position]);
            break;
        case TIX_DTYPE_INT64:
            printf("%" PRId64, ((const int64_t*)values)[position]);
            break;
        case TIX_DTYPE_UINT32:
            printf("%" PRIu32, ((const uint32_t*)values)[position]);
            break;
        default:
            fputs("?", stdout);
            break;
    }
}

/* Prints dimension `dim` of a dense array in nested brackets; rows of an inner dimension start
 * on a new line, aligned under the bracket that opens them. */
static void print_nested(const demo_array* array, const void* values, int32_t dim,
                         int64_t* position, int column) {
    if (array->rank == 0) {
        print_element(array->dtype, values, (*position)++);
        return;
    }
    putchar('[');
    for (int64_t i = 0; i < array->shape[dim]; i++) {
        if (i > 0) {
            if (dim == array->rank - 1) {
                fputs(", ", stdout);
            } else {
                printf(",\n%*s", column + dim + 1, "");
            }
        }
        if (dim == array->rank - 1) {
            print_element(array->dtype, values, (*position)++);
        } else {
            print_nested(array, values, dim + 1, position, column);
        }
    }
    putchar(']');
}

static void print_shape(const int64_t* shape, int32_t rank) {
    putchar('[');
    for (int32_t d = 0; d < rank; d++) {
        printf(d > 0 ? ", %" PRId64 : "%" PRId64, shape[d]);
    }
    putchar(']');
}

/* "  name (float32, shape [3, 2]) = [[1.0, 1.2], ..." */
static void print_array(const char* name, const demo_array* array, const void* values) {
    printf("  %s (%s, shape ", name, tix_dtype_name(array->dtype));
    print_shape(array->shape, array->rank);
    fputs(") =\n    ", stdout);
    int64_t position = 0;
    print_nested(array, values, 0, &position, 4);
    putchar('\n');
}

/* ---------------------------------------------------------------------------------------------
 * Running.
 */

static int64_t element_count(const demo_array* array) {
    int64_t count = 1;
    for (int32_t d = 0; d < array->rank; d++) {
        count *= array->shape[d];
    }
    return count;
}

static tix_status view(tix_tensor* tensor, const demo_array* array) {
    return tix_tensor_init(tensor, array->values, array->dtype, array->rank, array->shape);
}

/* Runs one example; returns 1 when it fails or differs from the page, else 0. */
static int run_example(int number, const demo_example* example) {
    printf("%d. %s\n", number, example->source);
    if (example->note != NULL) {
        printf("   %s\n", example->note);
    }
    print_array("data", &example->data, example->data.values);
    print_array("indices", &example->indices, example->indices.values);
    bool is_scatter = example->op == DEMO_SCATTER_ELEMENTS || example->op == DEMO_SCATTER_ND;
    if (is_scatter) {
        print_array("updates", &example->updates, example->updates.values);
    }

    tix_diagnostic diagnostic;
    tix_options options = example->options;
    options.diagnostic = &diagnostic;
    const char* options_name = example->options_text != NULL ? "&options" : "NULL";
    if (example->options_text != NULL) {
        printf("  options: %s\n", example->options_text);
    }

    tix_tensor data;
    tix_tensor indices;
    tix_tensor updates;
    tix_tensor output;
    tix_status status = view(&data, &example->data);
    if (status == TIX_STATUS_OK) {
        status = view(&indices, &example->indices);
    }
    if (status == TIX_STATUS_OK && is_scatter) {
        status = view(&updates, &example->updates);
    }
    if (status != TIX_STATUS_OK) {
        printf("  tix_tensor_init failed: %s\n\n", tix_status_name(status));
        return 1;
    }

    /* Shape inference first, then the call on a buffer of that shape. */
    switch (example->op) {
        case DEMO_GATHER:
            printf("  call: tix_gather(&data, &indices, /*axis=*/%" PRId64
                   ", /*batch_dims=*/0, &output, %s)\n",
                   example->axis, options_name);
            status = tix_gather_shape(&data, &indices, example->axis, 0, &output, &options);
            break;
        case DEMO_GATHER_ELEMENTS:
            printf("  call: tix_gather_elements(&data, &indices, /*axis=*/%" PRId64
                   ", &output, %s)\n",
                   example->axis, options_name);
            status = tix_gather_elements_shape(&data, &indices, example->axis, &output, &options);
            break;
        case DEMO_SCATTER_ELEMENTS:
            printf("  call: tix_scatter_elements(&data, &indices, &updates, /*axis=*/%" PRId64
                   ", &output, %s)\n",
                   example->axis, options_name);
            status = tix_scatter_elements_shape(&data, &indices, &updates, example->axis, &output,
                                                &options);
            break;
        case DEMO_SCATTER_ND:
            printf(
                "  call: tix_scatter_nd(&data, &indices, &updates, /*batch_dims=*/0, "
                "&output, %s)\n",
                options_name);
            status = tix_scatter_nd_shape(&data, &indices, &updates, 0, &output, &options);
            break;
    }
    if (status != TIX_STATUS_OK) {
        printf("  shape inference failed: %s: %s\n\n", tix_status_name(status), diagnostic.message);
        return 1;
    }

    const demo_array* expected = &example->expected;
    bool same_shape = output.rank == expected->rank && output.dtype == expected->dtype;
    for (int32_t d = 0; same_shape && d < output.rank; d++) {
        same_shape = output.shape[d] == expected->shape[d];
    }
    if (!same_shape) {
        fputs("  output shape ", stdout);
        print_shape(output.shape, output.rank);
        fputs(" differs from the page's ", stdout);
        print_shape(expected->shape, expected->rank);
        fputs("\n\n", stdout);
        return 1;
    }

    size_t bytes = (size_t)element_count(expected) * tix_dtype_size(expected->dtype);
    void* result = malloc(bytes > 0 ? bytes : 1);
    if (result == NULL) {
        fputs("  out of memory\n\n", stdout);
        return 1;
    }
    output.data = result;
    switch (example->op) {
        case DEMO_GATHER:
            status = tix_gather(&data, &indices, example->axis, 0, &output, &options);
            break;
        case DEMO_GATHER_ELEMENTS:
            status = tix_gather_elements(&data, &indices, example->axis, &output, &options);
            break;
        case DEMO_SCATTER_ELEMENTS:
            status =
                tix_scatter_elements(&data, &indices, &updates, example->axis, &output, &options);
            break;
        case DEMO_SCATTER_ND:
            status = tix_scatter_nd(&data, &indices, &updates, 0, &output, &options);
            break;
    }

    int failed = 0;
    if (status != TIX_STATUS_OK) {
        printf("  -> %s: %s\n", tix_status_name(status), diagnostic.message);
        failed = 1;
    } else {
        printf("  -> %s\n", tix_status_name(status));
        print_array("output", expected, result);
        if (memcmp(result, expected->values, bytes) == 0) {
            puts("  matches the page.");
        } else {
            puts("  DIFFERS from the page, which shows:");
            print_array("expected", expected, expected->values);
            failed = 1;
        }
    }
    putchar('\n');
    free(result);
    return failed;
}

int main(void) {
    printf("tix %s: the worked examples of the specification pages, run through tix.\n",
           tix_version_string());
    puts("Options NULL means ONNX semantics; other systems' rules are set through tix_options.\n");

    int count = (int)(sizeof examples / sizeof examples[0]);
    int failures = 0;
    for (int i = 0; i < count; i++) {
        failures += run_example(i + 1, &examples[i]);
    }
    if (failures > 0) {
        printf("%d of %d examples FAILED.\n", failures, count);
        return 1;
    }
    printf("All %d examples give the output their page shows.\n", count);
    return 0;
}
