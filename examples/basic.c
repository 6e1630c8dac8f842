/* The example in README.md: gather rows of a small table with ONNX semantics, see an index out of
 * range rejected with a diagnostic, then take OpenVINO Gather-8's rule for it (write 0). Built and
 * run by ctest as example_basic, so the README's code keeps working. */
#include <stdio.h>
#include <tix.h>

int main(void) {
    float table[3][2] = {{1.0f, 1.2f}, {2.3f, 3.4f}, {4.5f, 5.7f}};
    int64_t rows[2] = {2, -3}; /* -3 counts from the end: row 0 */
    float picked[2][2];
    const int64_t table_shape[2] = {3, 2};
    const int64_t rows_shape[1] = {2};

    tix_tensor data, indices, output;
    tix_tensor_init(&data, table, TIX_DTYPE_FLOAT32, 2, table_shape);
    tix_tensor_init(&indices, rows, TIX_DTYPE_INT64, 1, rows_shape);
    /* The output's shape, [2, 2], from shape inference; then point it at memory. */
    tix_gather_shape(&data, &indices, /*axis=*/0, /*batch_dims=*/0, &output, NULL);
    output.data = picked;

    /* NULL options: ONNX Gather semantics. */
    tix_status status = tix_gather(&data, &indices, 0, 0, &output, NULL);
    printf("%s: [[%g, %g], [%g, %g]]\n", tix_status_name(status), picked[0][0], picked[0][1],
           picked[1][0], picked[1][1]);

    /* Index 7 is out of range for 3 rows: an error, explained by the diagnostic. */
    rows[1] = 7;
    tix_diagnostic diagnostic;
    tix_options options = {.diagnostic = &diagnostic};
    tix_status rejected = tix_gather(&data, &indices, 0, 0, &output, &options);
    printf("%s: %s\n", tix_status_name(rejected), diagnostic.message);

    /* OpenVINO Gather-8 writes 0 for it instead (options.fill_value NULL means zero). */
    options.out_of_range = TIX_OUT_OF_RANGE_IGNORE;
    tix_status filled = tix_gather(&data, &indices, 0, 0, &output, &options);
    printf("%s: [[%g, %g], [%g, %g]]\n", tix_status_name(filled), picked[0][0], picked[0][1],
           picked[1][0], picked[1][1]);

    int ok = status == TIX_STATUS_OK && rejected == TIX_STATUS_INDEX_OUT_OF_RANGE &&
             filled == TIX_STATUS_OK && picked[0][0] == 4.5f && picked[1][1] == 0.0f;
    return ok ? 0 : 1;
}
