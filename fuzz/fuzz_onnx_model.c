/* libFuzzer target for the ONNX model reader of tix_io (tools/tix/onnx_model.h,
 * tix_onnx_model_load_memory): any bytes either load into a consistent one-node model or fail
 * with a message naming the file, with the model zeroed; no load allocates more than a small
 * multiple of the file's size (fuzz_io.h). Every attribute and initializer of a loaded model is
 * found again by name and every tensor in it is consistent. */
#include <string.h>

#include "fuzz_io.h"
#include "onnx_model.h"

static void check_names(char* const* names, size_t count) {
    FUZZ_CHECK(count == 0 || names != NULL, "a list of %zu names is NULL", count);
    for (size_t k = 0; k < count; k++) {
        FUZZ_CHECK(names[k] != NULL, "name %zu is NULL (absent inputs are \"\")", k);
        (void)strlen(names[k]);
    }
}

static void check_value_infos(const tix_onnx_value_info* infos, size_t count) {
    FUZZ_CHECK(count == 0 || infos != NULL, "%zu value infos at NULL", count);
    for (size_t k = 0; k < count; k++) {
        FUZZ_CHECK(infos[k].name != NULL, "value info %zu has no name", k);
        FUZZ_CHECK(infos[k].rank >= -1 && infos[k].rank <= TIX_MAX_RANK, "value info rank %d",
                   (int)infos[k].rank);
        for (int32_t d = 0; d < infos[k].rank; d++) {
            FUZZ_CHECK(infos[k].dims[d] >= -1, "value info dimension %lld",
                       (long long)infos[k].dims[d]);
        }
    }
}

static void check_attribute(const tix_onnx_model* m, const tix_model_attribute* a) {
    FUZZ_CHECK(a->name != NULL && a->name[0] != '\0', "an attribute has no name");
    FUZZ_CHECK(tix_onnx_model_attribute(m, a->name) == a, "attribute '%s' is not found by name",
               a->name);
    FUZZ_CHECK(a->type >= TIX_MODEL_ATTRIBUTE_FLOAT && a->type <= TIX_MODEL_ATTRIBUTE_TYPE_PROTOS,
               "attribute type %d", (int)a->type);
    volatile unsigned char sink = 0;
    switch (a->type) {
        case TIX_MODEL_ATTRIBUTE_STRING:
            FUZZ_CHECK(a->s != NULL && a->s[a->s_size] == '\0', "string attribute not terminated");
            for (size_t k = 0; k < a->s_size; k++)
                sink ^= (unsigned char)a->s[k];
            break;
        case TIX_MODEL_ATTRIBUTE_TENSOR:
            FUZZ_CHECK(a->t != NULL, "tensor attribute without a tensor");
            fuzz_io_check_tensor(a->t);
            break;
        case TIX_MODEL_ATTRIBUTE_FLOATS:
            FUZZ_CHECK(a->floats_count == 0 || a->floats != NULL, "floats at NULL");
            for (size_t k = 0; k < a->floats_count; k++)
                sink ^= (unsigned char)(a->floats[k] > 0);
            break;
        case TIX_MODEL_ATTRIBUTE_INTS:
            FUZZ_CHECK(a->ints_count == 0 || a->ints != NULL, "ints at NULL");
            for (size_t k = 0; k < a->ints_count; k++)
                sink ^= (unsigned char)a->ints[k];
            break;
        case TIX_MODEL_ATTRIBUTE_STRINGS:
            check_names(a->strings, a->strings_count);
            break;
        default:
            break;
    }
    (void)sink;
}

int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
    static const char* const name = "fuzz.onnx";
    char error[512];
    memset(error, 0, sizeof error);
    tix_onnx_model m;
    memset(&m, 0x5a, sizeof m);
    fuzz_io_watch();
    int result = tix_onnx_model_load_memory(bytes, size, name, &m, error, sizeof error);
    /* a struct of a few hundred bytes per message of 2 bytes or more (protobuf-c's, and tix's
     * own: an initializer is a tix_loaded_tensor) */
    fuzz_io_unwatch(size, 256, 2048);
    if (result != 0) {
        fuzz_io_check_failure(result, error, name, &m, sizeof m);
        return 0;
    }
    FUZZ_CHECK(m.op_type != NULL && m.op_type[0] != '\0', "a loaded model has no op_type");
    FUZZ_CHECK(m.domain != NULL && m.graph_name != NULL && m.node_name != NULL,
               "a loaded model lacks a domain, graph name or node name");
    FUZZ_CHECK(m.opsets_count == 0 || m.opsets != NULL, "opsets at NULL");
    for (size_t k = 0; k < m.opsets_count; k++) {
        FUZZ_CHECK(m.opsets[k].domain != NULL, "opset %zu has no domain", k);
    }
    check_names(m.node_inputs, m.node_inputs_count);
    check_names(m.node_outputs, m.node_outputs_count);
    FUZZ_CHECK(m.attributes_count == 0 || m.attributes != NULL, "attributes at NULL");
    for (size_t k = 0; k < m.attributes_count; k++)
        check_attribute(&m, &m.attributes[k]);
    check_value_infos(m.inputs, m.inputs_count);
    check_value_infos(m.outputs, m.outputs_count);
    FUZZ_CHECK(m.initializers_count == 0 || m.initializers != NULL, "initializers at NULL");
    for (size_t k = 0; k < m.initializers_count; k++) {
        FUZZ_CHECK(m.initializers[k].name != NULL, "initializer %zu has no name", k);
        fuzz_io_check_tensor(&m.initializers[k]);
        const tix_loaded_tensor* found = tix_onnx_model_initializer(&m, m.initializers[k].name);
        FUZZ_CHECK(found != NULL && strcmp(found->name, m.initializers[k].name) == 0,
                   "initializer '%s' is not found by name", m.initializers[k].name);
    }
    FUZZ_CHECK(tix_onnx_model_attribute(&m, "") == NULL ||
                   tix_onnx_model_attribute(&m, "")->name[0] == '\0',
               "the lookup of \"\" found a named attribute");
    tix_onnx_model_free(&m);
    tix_onnx_model_free(&m);
    return 0;
}
