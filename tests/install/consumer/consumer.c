/* A program that uses an installed tix the way a user would: <tix.h> from the include path,
 * libtix from the library path. It runs the first example of ONNX Gather-13 and exits non-zero
 * unless the output is the one the specification shows. Built by the install tests through
 * find_package(tix) and through pkg-config. */
#include <stdio.h>
#include <string.h>
#include <tix.h>

int main(void) {
    if (tix_version_number() != TIX_VERSION_NUMBER) {
        fprintf(stderr, "header version %d but library version %u (%s)\n", TIX_VERSION_NUMBER,
                tix_version_number(), tix_version_string());
        return 1;
    }

    float values[3][2] = {{1.0f, 1.2f}, {2.3f, 3.4f}, {4.5f, 5.7f}};
    int64_t rows[2][2] = {{0, 1}, {1, 2}};
    const float expected[2][2][2] = {{{1.0f, 1.2f}, {2.3f, 3.4f}}, {{2.3f, 3.4f}, {4.5f, 5.7f}}};
    float result[2][2][2];
    const int64_t data_shape[2] = {3, 2};
    const int64_t indices_shape[2] = {2, 2};

    tix_tensor data;
    tix_tensor indices;
    tix_tensor output;
    tix_status status = tix_tensor_init(&data, values, TIX_DTYPE_FLOAT32, 2, data_shape);
    if (status == TIX_STATUS_OK) {
        status = tix_tensor_init(&indices, rows, TIX_DTYPE_INT64, 2, indices_shape);
    }
    if (status == TIX_STATUS_OK) {
        status = tix_gather_shape(&data, &indices, 0, 0, &output, NULL);
    }
    if (status == TIX_STATUS_OK) {
        if (output.rank != 3 || output.shape[0] != 2 || output.shape[1] != 2 ||
            output.shape[2] != 2) {
            fprintf(stderr, "tix_gather_shape: wrong output shape\n");
            return 1;
        }
        output.data = result;
        status = tix_gather(&data, &indices, 0, 0, &output, NULL);
    }
    if (status != TIX_STATUS_OK) {
        fprintf(stderr, "tix call failed: %s (%s)\n", tix_status_name(status),
                tix_status_message(status));
        return 1;
    }
    if (memcmp(result, expected, sizeof expected) != 0) {
        fprintf(stderr, "tix_gather: output differs from ONNX Gather-13 example 1\n");
        return 1;
    }
    printf("tix %s: ONNX Gather-13 example 1 gives the expected output\n", tix_version_string());
    return 0;
}
