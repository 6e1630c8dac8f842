/* libFuzzer target for the ONNX TensorProto reader of tix_io (tools/tix/onnx_model.h,
 * tix_onnx_tensor_load_memory): any bytes either load into a consistent tensor with a name or
 * fail with a message naming the file, with the output zeroed; no load allocates more than a
 * small multiple of the file's size (fuzz_io.h). */
#include <string.h>

#include "fuzz_io.h"
#include "onnx_model.h"

int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
    static const char* const name = "fuzz.pb";
    char error[512];
    memset(error, 0, sizeof error);
    tix_loaded_tensor t;
    memset(&t, 0x5a, sizeof t);
    fuzz_io_watch();
    int result = tix_onnx_tensor_load_memory(bytes, size, name, &t, error, sizeof error);
    /* protobuf-c's repeated fields: up to 8 bytes per input byte (1-byte varints into int64),
     * 16 per empty string; tix's copies besides */
    fuzz_io_unwatch(size, 256, 2048);
    if (result != 0) {
        fuzz_io_check_failure(result, error, name, &t, sizeof t);
        return 0;
    }
    FUZZ_CHECK(t.name != NULL, "a loaded TensorProto has no name (\"\" when the file has none)");
    fuzz_io_check_tensor(&t);
    tix_loaded_tensor_free(&t);
    tix_loaded_tensor_free(&t);
    return 0;
}
