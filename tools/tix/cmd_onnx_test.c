/* tix onnx-test [-v] PATH...: runs ONNX node-test directories (model.onnx and
 * test_data_set_N/{input,output}_K.pb) through the ONNX front end and compares the outputs. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <tix_onnx.h>

#include "cli.h"
#include "kernels/float16.h"
#include "onnx_model.h"

static const char usage[] =
    "usage: tix onnx-test [-v] PATH...\n"
    "\n"
    "Runs ONNX node tests through tix's ONNX front end. PATH is a test directory (holding\n"
    "model.onnx and test_data_set_N/) or a folder of them. Prints PASS, FAIL or ERROR per test\n"
    "and a closing 'N passed, M failed'; exits 0 only if every test passed.\n"
    "Outputs compare exactly (NaN equals NaN), or within rtol 1e-3 and atol 1e-7 where floats\n"
    "were added or multiplied (reduction add or mul).\n"
    "\n"
    "  -v, --verbose   also print each test's operator version, inputs and output shape\n"
    "  -h, --help      show this help\n";

enum { VERDICT_PASS, VERDICT_FAIL, VERDICT_ERROR };

typedef struct verdict {
    int kind;
    char message[512];
} verdict;

static bool is_file(const char* path) {
    struct stat s;
    return stat(path, &s) == 0 && S_ISREG(s.st_mode);
}

static bool is_directory(const char* path) {
    struct stat s;
    return stat(path, &s) == 0 && S_ISDIR(s.st_mode);
}

static bool is_test(const char* directory) {
    char path[4096];
    return snprintf(path, sizeof path, "%s/model.onnx", directory) < (int)sizeof path &&
           is_file(path);
}

/* ---- comparing an output with its expected value ---- */

static double real_part(tix_dtype dtype, const unsigned char* p, int part) {
    float f;
    double d;
    uint16_t h;
    switch (dtype) {
        case TIX_DTYPE_FLOAT16: memcpy(&h, p, 2); return tix__half_to_float(h);
        case TIX_DTYPE_BFLOAT16: memcpy(&h, p, 2); return tix__bfloat16_to_float(h);
        case TIX_DTYPE_FLOAT64:
        case TIX_DTYPE_COMPLEX128: memcpy(&d, p + 8 * part, 8); return d;
        default: memcpy(&f, p + 4 * part, 4); return f; /* float32, complex64 */
    }
}

static bool is_floating(tix_dtype dtype) {
    return dtype == TIX_DTYPE_FLOAT16 || dtype == TIX_DTYPE_BFLOAT16 || dtype == TIX_DTYPE_FLOAT32 ||
           dtype == TIX_DTYPE_FLOAT64 || dtype == TIX_DTYPE_COMPLEX64 || dtype == TIX_DTYPE_COMPLEX128;
}

/* Equal: bitwise, or both NaN, or (tolerant) within ONNX's backend-test tolerance. */
static bool same_element(tix_dtype dtype, const unsigned char* want, const unsigned char* got,
                         bool tolerant) {
    if (dtype == TIX_DTYPE_STRING) {
        const char *a, *b;
        memcpy(&a, want, sizeof a);
        memcpy(&b, got, sizeof b);
        return strcmp(a ? a : "", b ? b : "") == 0;
    }
    if (memcmp(want, got, tix_dtype_size(dtype)) == 0) return true;
    if (!is_floating(dtype)) return false;
    int parts = dtype == TIX_DTYPE_COMPLEX64 || dtype == TIX_DTYPE_COMPLEX128 ? 2 : 1;
    for (int part = 0; part < parts; part++) {
        double a = real_part(dtype, want, part), b = real_part(dtype, got, part);
        if (isnan(a) && isnan(b)) continue;
        if (!(tolerant ? fabs(a - b) <= 1e-7 + 1e-3 * fabs(a) : a == b)) return false;
    }
    return true;
}

static void format_shape(char* buffer, size_t capacity, const tix_tensor* t) {
    size_t used = (size_t)snprintf(buffer, capacity, "[");
    for (int32_t d = 0; d < t->rank && used < capacity; d++) {
        used += (size_t)snprintf(buffer + used, capacity - used, "%s%lld", d ? ", " : "",
                                 (long long)t->shape[d]);
    }
    if (used < capacity) snprintf(buffer + used, capacity - used, "]");
}

static void compare(const tix_tensor* want, const tix_tensor* got, bool tolerant, verdict* v) {
    char a[128], b[128];
    format_shape(a, sizeof a, want);
    format_shape(b, sizeof b, got);
    if (want->dtype != got->dtype || strcmp(a, b) != 0) {
        v->kind = VERDICT_FAIL;
        snprintf(v->message, sizeof v->message, "expected %s %s, got %s %s",
                 tix_dtype_name(want->dtype), a, tix_dtype_name(got->dtype), b);
        return;
    }
    size_t size = tix_dtype_size(want->dtype);
    int64_t count = tix_tensor_count(want);
    const unsigned char *w = want->data, *g = got->data;
    for (int64_t i = 0; i < count; i++) {
        if (same_element(want->dtype, w + i * (int64_t)size, g + i * (int64_t)size, tolerant)) {
            continue;
        }
        char where[128] = "", expected[96], actual[96];
        size_t used = 0;
        int64_t rest = i;
        int64_t coord[TIX_MAX_RANK];
        for (int32_t d = want->rank - 1; d >= 0; d--) {
            coord[d] = rest % want->shape[d];
            rest /= want->shape[d];
        }
        for (int32_t d = 0; d < want->rank && used < sizeof where; d++) {
            used += (size_t)snprintf(where + used, sizeof where - used, "[%lld]",
                                     (long long)coord[d]);
        }
        cli_format_element(expected, sizeof expected, want->dtype, w + i * (int64_t)size);
        cli_format_element(actual, sizeof actual, got->dtype, g + i * (int64_t)size);
        v->kind = VERDICT_FAIL;
        snprintf(v->message, sizeof v->message, "output%s: expected %s, got %s", where, expected,
                 actual);
        return;
    }
}

/* ---- running one test ---- */

typedef struct test {
    const char* directory;
    const char* name;
    bool verbose;
    tix_onnx_model model;
    tix_onnx_attribute attributes[16];
    tix_onnx_node node;
} test;

static void say(verdict* v, int kind, const char* format, ...) __attribute__((format(printf, 3, 4)));

static void say(verdict* v, int kind, const char* format, ...) {
    va_list args;
    va_start(args, format);
    v->kind = kind;
    vsnprintf(v->message, sizeof v->message, format, args);
    va_end(args);
}

/* path = directory + "/" + name; false (with a verdict) when it does not fit. */
static bool join(char* path, size_t capacity, const char* directory, const char* name,
                 verdict* v) {
    if (snprintf(path, capacity, "%s/%s", directory, name) < (int)capacity) return true;
    say(v, VERDICT_ERROR, "%s/%s: path too long", directory, name);
    return false;
}

/* Finds the tensor for each node input: an initializer, or the next input_K.pb of the data set
 * (graph inputs without initializer take the files in order). */
static bool load_inputs(test* t, const char* set, tix_loaded_tensor* files, tix_tensor* inputs,
                        verdict* v) {
    const tix_onnx_model* m = &t->model;
    char path[4096], error[512];
    size_t file_count = 0;
    for (size_t i = 0; i < m->node_inputs_count; i++) {
        const char* name = m->node_inputs[i];
        const tix_loaded_tensor* initializer = tix_onnx_model_initializer(m, name);
        if (initializer != NULL) {
            inputs[i] = initializer->tensor;
            continue;
        }
        char file[32];
        snprintf(file, sizeof file, "input_%zu.pb", file_count);
        if (!join(path, sizeof path, set, file, v)) return false;
        if (tix_onnx_tensor_load(path, &files[file_count], error, sizeof error) != 0) {
            say(v, VERDICT_ERROR, "%s", error);
            return false;
        }
        inputs[i] = files[file_count++].tensor;
    }
    return true;
}

/* The reduction the node applies, as ONNX names it, or "none". */
static const char* reduction_of(const test* t) {
    for (size_t i = 0; i < t->node.attribute_count; i++) {
        const tix_onnx_attribute* a = &t->node.attributes[i];
        if (strcmp(a->name, "reduction") == 0 && a->type == TIX_ONNX_ATTRIBUTE_STRING) return a->s;
    }
    return "none";
}

static void run_set(test* t, const char* set, verdict* v) {
    enum { MAX_INPUTS = 8 };
    tix_loaded_tensor files[MAX_INPUTS], expected;
    tix_tensor inputs[MAX_INPUTS], output;
    tix_diagnostic diag;
    tix_options options = {.diagnostic = &diag};
    void* memory = NULL;
    char path[4096], error[512];
    size_t count = t->model.node_inputs_count;
    memset(files, 0, sizeof files);
    memset(&expected, 0, sizeof expected);
    if (count > MAX_INPUTS) {
        say(v, VERDICT_ERROR, "the node has %zu inputs, more than tix's operators take", count);
        return;
    }
    if (!load_inputs(t, set, files, inputs, v)) goto done;
    if (tix_onnx_infer(&t->node, inputs, count, &output, &options) != TIX_STATUS_OK) {
        say(v, VERDICT_ERROR, "%s", diag.message);
        goto done;
    }
    size_t bytes = (size_t)tix_tensor_count(&output) * tix_dtype_size(output.dtype);
    if ((memory = calloc(1, bytes > 0 ? bytes : 1)) == NULL) {
        say(v, VERDICT_ERROR, "no memory for the output");
        goto done;
    }
    output.data = memory;
    if (tix_onnx_run(&t->node, inputs, count, &output, &options) != TIX_STATUS_OK) {
        say(v, VERDICT_ERROR, "%s", diag.message);
        goto done;
    }
    if (t->verbose) {
        char shape[128];
        format_shape(shape, sizeof shape, &output);
        printf("  %s: %s-%d (opset %lld), output %s %s\n", set, t->node.op_type,
               tix_onnx_operator_version(t->node.op_type, t->node.opset),
               (long long)t->node.opset, tix_dtype_name(output.dtype), shape);
    }
    if (!join(path, sizeof path, set, "output_0.pb", v)) goto done;
    if (!is_file(path)) goto done; /* ran cleanly, nothing to compare with */
    if (tix_onnx_tensor_load(path, &expected, error, sizeof error) != 0) {
        say(v, VERDICT_ERROR, "%s", error);
        goto done;
    }
    const char* reduction = reduction_of(t);
    bool tolerant = strcmp(reduction, "add") == 0 || strcmp(reduction, "mul") == 0;
    compare(&expected.tensor, &output, tolerant, v);
done:
    free(memory);
    tix_loaded_tensor_free(&expected);
    for (size_t i = 0; i < MAX_INPUTS; i++) tix_loaded_tensor_free(&files[i]);
}

static void run_test(test* t, verdict* v) {
    char path[4096], error[512];
    v->kind = VERDICT_PASS;
    if (!join(path, sizeof path, t->directory, "model.onnx", v)) return;
    if (tix_onnx_model_load(path, &t->model, error, sizeof error) != 0) {
        say(v, VERDICT_ERROR, "%s", error);
        return;
    }
    const tix_onnx_model* m = &t->model;
    size_t attribute_count = m->attributes_count;
    if (attribute_count > sizeof t->attributes / sizeof t->attributes[0]) {
        say(v, VERDICT_ERROR, "the node has more attributes than any operator of tix");
        goto done;
    }
    for (size_t i = 0; i < attribute_count; i++) {
        const tix_model_attribute* a = &m->attributes[i];
        t->attributes[i] = (tix_onnx_attribute){a->name, a->type, a->i, a->s};
    }
    t->node = (tix_onnx_node){m->op_type, m->domain, m->opset_version, t->attributes,
                              attribute_count};
    if (m->node_outputs_count != 1) {
        say(v, VERDICT_ERROR, "the node must have exactly one output");
        goto done;
    }
    int sets = 0;
    for (;; sets++) {
        char set[32];
        snprintf(set, sizeof set, "test_data_set_%d", sets);
        if (!join(path, sizeof path, t->directory, set, v) || !is_directory(path)) break;
        run_set(t, path, v);
        if (v->kind != VERDICT_PASS) break;
    }
    if (sets == 0 && v->kind == VERDICT_PASS) say(v, VERDICT_ERROR, "no test_data_set_0 directory");
done:
    tix_onnx_model_free(&t->model);
}

/* ---- finding tests ---- */

static int by_name(const void* a, const void* b) {
    return strcmp(*(char* const*)a, *(char* const*)b);
}

/* Appends `path` (taken over) to the list; false when memory runs out. */
static bool append(char*** list, size_t* count, char* path) {
    char** longer = path != NULL ? realloc(*list, (*count + 1) * sizeof **list) : NULL;
    if (longer == NULL) {
        free(path);
        return false;
    }
    *list = longer;
    longer[(*count)++] = path;
    return true;
}

/* Appends path if it is a test, else every test directly inside it, sorted by name. */
static bool find_tests(const char* path, char*** list, size_t* count) {
    if (is_test(path)) return append(list, count, strdup(path));
    DIR* directory = opendir(path);
    if (directory == NULL) return false;
    size_t first = *count;
    for (struct dirent* entry; (entry = readdir(directory)) != NULL;) {
        if (entry->d_name[0] == '.') continue;
        size_t length = strlen(path) + strlen(entry->d_name) + 2;
        char* child = malloc(length);
        if (child == NULL) break;
        snprintf(child, length, "%s/%s", path, entry->d_name);
        if (!is_test(child)) {
            free(child);
        } else if (!append(list, count, child)) {
            break;
        }
    }
    closedir(directory);
    if (*count == first) return false;
    qsort(*list + first, *count - first, sizeof **list, by_name);
    return true;
}

int cli_onnx_test(int argc, char** argv) {
    bool verbose = false;
    char** tests = NULL;
    size_t count = 0;
    int paths = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage, stdout);
            return CLI_OK;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--verbose") == 0) {
            verbose = true;
        } else if (argv[i][0] == '-') {
            cli_error("unknown option '%s' (see tix onnx-test --help)", argv[i]);
            return CLI_USAGE;
        } else {
            paths++;
            if (!find_tests(argv[i], &tests, &count)) {
                cli_error("%s: not an ONNX node test (no model.onnx) nor a folder of them", argv[i]);
                for (size_t t = 0; t < count; t++) free(tests[t]);
                free(tests);
                return CLI_USAGE;
            }
        }
    }
    if (paths == 0) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    size_t passed = 0;
    for (size_t i = 0; i < count; i++) {
        const char* name = strrchr(tests[i], '/') ? strrchr(tests[i], '/') + 1 : tests[i];
        test t = {.directory = tests[i], .name = name, .verbose = verbose};
        verdict v;
        run_test(&t, &v);
        if (v.kind == VERDICT_PASS) {
            printf("PASS %s\n", name);
            passed++;
        } else {
            printf("%s %s: %s\n", v.kind == VERDICT_FAIL ? "FAIL" : "ERROR", name, v.message);
        }
        free(tests[i]);
    }
    free(tests);
    printf("%zu passed, %zu failed\n", passed, count - passed);
    return passed == count ? CLI_OK : CLI_FAILED;
}
