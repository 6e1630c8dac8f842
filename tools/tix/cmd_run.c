/* tix run OP [options] DATA.npy INDICES.npy [UPDATES.npy] [-o OUT.npy]: one core operation on
 * .npy files, the result printed as text or written as .npy. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "npy.h"

static const char usage[] =
    "usage: tix run OP [options] DATA.npy INDICES.npy [UPDATES.npy] [-o OUT.npy]\n"
    "\n"
    "Runs one operation on .npy files and prints the result (or writes it with -o).\n"
    "OP is gather, scatter, gather_elements, scatter_elements, gather_nd or scatter_nd;\n"
    "the scatters take UPDATES.npy.\n"
    "\n"
    "options:\n"
    "  --axis N                 the axis (gather, scatter, *_elements); default 0\n"
    "  --batch-dims N           leading batch dimensions (gather, scatter, *_nd); default 0\n"
    "  --reduction R            scatters: none, add, sub, mul, min, max or mean; default none\n"
    "  --exclude-self           scatters with a reduction: addressed elements start from the\n"
    "                           reduction's identity instead of data\n"
    "  --accumulate A           scatters: the order of float add, sub and mul: in-order\n"
    "                           (default) or chunked (many updates per element summed in a\n"
    "                           fixed number of chunks, merged in order)\n"
    "  --negative M             negative indices: wrap (count from the end; default) or\n"
    "                           out-of-range\n"
    "  --out-of-range M         error (default), ignore (gathers write the fill value, scatters\n"
    "                           drop the update), clamp or wrap\n"
    "  --fill VALUE             gathers with --out-of-range ignore: the value written; default 0\n"
    "  --threads N              threads to run on (default 1)\n"
    "  -o, --output OUT.npy     write the result to OUT.npy instead of printing it\n"
    "  -h, --help               show this help\n";

typedef struct operation {
    const char* name;
    bool scatter;
    bool axis;       /* takes --axis */
    bool batch_dims; /* takes --batch-dims */
} operation;

static const operation operations[] = {
    {"gather", false, true, true},           {"scatter", true, true, true},
    {"gather_elements", false, true, false}, {"scatter_elements", true, true, false},
    {"gather_nd", false, false, true},       {"scatter_nd", true, false, true},
};

typedef struct request {
    const operation* op;
    int64_t axis, batch_dims;
    bool axis_given, batch_dims_given, fill_given, reduction_given, exclude_self_given,
        accumulate_given;
    const char* fill;
    long threads;
    tix_options options;
    const char* inputs[3];
    int input_count;
    const char* output;
} request;

/* Index of text in names (NULL-terminated), or -1. */
static int lookup(const char* text, const char* const* names) {
    for (int i = 0; names[i] != NULL; i++) {
        if (strcmp(text, names[i]) == 0) return i;
    }
    return -1;
}

static bool parse_integer(const char* flag, const char* text, int64_t* value) {
    char* end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') {
        cli_error("%s takes an integer, not '%s'", flag, text);
        return false;
    }
    *value = v;
    return true;
}

/* Reads the arguments after OP; false after printing a usage error. */
static bool parse(int argc, char** argv, request* r) {
    static const char* const reductions[] = {"none", "add", "sub", "mul", "min", "max", "mean", NULL};
    static const char* const negatives[] = {"wrap", "out-of-range", NULL};
    static const char* const out_of_range[] = {"error", "ignore", "clamp", "wrap", NULL};
    static const char* const accumulations[] = {"in-order", "chunked", NULL};
    for (int i = 2; i < argc; i++) {
        const char* arg = argv[i];
        if (arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (r->input_count == 3) {
                cli_error("too many input files (at most DATA, INDICES and UPDATES)");
                return false;
            }
            r->inputs[r->input_count++] = arg;
            continue;
        }
        /* "--flag VALUE" or "--flag=VALUE"; only --exclude-self takes no value. */
        const char* value = strchr(arg, '=');
        int length = value != NULL ? (int)(value - arg) : (int)strlen(arg);
        char flag[24] = "";
        static const char* const flags[] = {"--axis", "--batch-dims", "--reduction", "--negative",
                                            "--out-of-range", "--fill", "--threads", "-o",
                                            "--output", "--exclude-self", "--accumulate",
                                            NULL};
        for (int f = 0; flags[f] != NULL; f++) {
            if ((int)strlen(flags[f]) == length && strncmp(arg, flags[f], (size_t)length) == 0) {
                strcpy(flag, flags[f]);
            }
        }
        if (flag[0] == '\0') {
            cli_error("unknown option '%.*s' (see tix run --help)", length, arg);
            return false;
        }
        if (strcmp(flag, "--exclude-self") == 0) {
            if (value != NULL) {
                cli_error("--exclude-self takes no value");
                return false;
            }
            r->options.exclude_self = true;
            r->exclude_self_given = true;
            continue;
        }
        if ((value = cli_option_value(argc, argv, &i, flag)) == NULL) return false;
        int choice;
        if (strcmp(flag, "--axis") == 0) {
            if (!parse_integer(flag, value, &r->axis)) return false;
            r->axis_given = true;
        } else if (strcmp(flag, "--batch-dims") == 0) {
            if (!parse_integer(flag, value, &r->batch_dims)) return false;
            r->batch_dims_given = true;
        } else if (strcmp(flag, "--reduction") == 0) {
            if ((choice = lookup(value, reductions)) < 0) {
                cli_error("--reduction takes none, add, sub, mul, min, max or mean, not '%s'", value);
                return false;
            }
            r->options.reduction = (tix_reduction)choice;
            r->reduction_given = true;
        } else if (strcmp(flag, "--negative") == 0) {
            if ((choice = lookup(value, negatives)) < 0) {
                cli_error("--negative takes wrap or out-of-range, not '%s'", value);
                return false;
            }
            r->options.negative_indices = (tix_negative_indices)choice;
        } else if (strcmp(flag, "--out-of-range") == 0) {
            if ((choice = lookup(value, out_of_range)) < 0) {
                cli_error("--out-of-range takes error, ignore, clamp or wrap, not '%s'", value);
                return false;
            }
            r->options.out_of_range = (tix_out_of_range)choice;
        } else if (strcmp(flag, "--accumulate") == 0) {
            if ((choice = lookup(value, accumulations)) < 0) {
                cli_error("--accumulate takes in-order or chunked, not '%s'", value);
                return false;
            }
            r->options.accumulation = (tix_accumulation)choice;
            r->accumulate_given = true;
        } else if (strcmp(flag, "--fill") == 0) {
            r->fill = value;
            r->fill_given = true;
        } else if (strcmp(flag, "--threads") == 0) {
            int64_t threads;
            if (!parse_integer(flag, value, &threads)) return false;
            if (threads < 1 || threads > 1024) {
                cli_error("--threads takes a count from 1 to 1024, not %s", value);
                return false;
            }
            r->threads = (long)threads;
        } else { /* -o, --output */
            r->output = value;
        }
    }
    const operation* op = r->op;
    int wanted = op->scatter ? 3 : 2;
    if (r->input_count != wanted) {
        cli_error("%s takes %d files (%s), got %d", op->name, wanted,
                  op->scatter ? "DATA INDICES UPDATES" : "DATA INDICES", r->input_count);
        return false;
    }
    const char* misplaced = r->axis_given && !op->axis                 ? "--axis"
                            : r->batch_dims_given && !op->batch_dims ? "--batch-dims"
                            : !op->scatter && r->reduction_given     ? "--reduction"
                            : !op->scatter && r->exclude_self_given  ? "--exclude-self"
                            : !op->scatter && r->accumulate_given    ? "--accumulate"
                            : op->scatter && r->fill_given           ? "--fill"
                                                                     : NULL;
    if (misplaced != NULL) {
        cli_error("%s does not apply to %s", misplaced, op->name);
        return false;
    }
    return true;
}

/* The core call: shape inference when result is set, else execution into output. */
static tix_status call(const request* r, const tix_tensor* in, tix_tensor* result,
                       const tix_tensor* output) {
    const tix_options* o = &r->options;
    int64_t axis = r->axis, batch = r->batch_dims;
    const char* name = r->op->name;
    if (strcmp(name, "gather") == 0) {
        return result ? tix_gather_shape(&in[0], &in[1], axis, batch, result, o)
                      : tix_gather(&in[0], &in[1], axis, batch, output, o);
    }
    if (strcmp(name, "scatter") == 0) {
        return result ? tix_scatter_shape(&in[0], &in[1], &in[2], axis, batch, result, o)
                      : tix_scatter(&in[0], &in[1], &in[2], axis, batch, output, o);
    }
    if (strcmp(name, "gather_elements") == 0) {
        return result ? tix_gather_elements_shape(&in[0], &in[1], axis, result, o)
                      : tix_gather_elements(&in[0], &in[1], axis, output, o);
    }
    if (strcmp(name, "scatter_elements") == 0) {
        return result ? tix_scatter_elements_shape(&in[0], &in[1], &in[2], axis, result, o)
                      : tix_scatter_elements(&in[0], &in[1], &in[2], axis, output, o);
    }
    if (strcmp(name, "gather_nd") == 0) {
        return result ? tix_gather_nd_shape(&in[0], &in[1], batch, result, o)
                      : tix_gather_nd(&in[0], &in[1], batch, output, o);
    }
    return result ? tix_scatter_nd_shape(&in[0], &in[1], &in[2], batch, result, o)
                  : tix_scatter_nd(&in[0], &in[1], &in[2], batch, output, o);
}

/* Loads the inputs, runs, and prints or writes the result. */
static int execute(request* r) {
    tix_loaded_tensor loaded[3];
    tix_tensor in[3];
    tix_threadpool* pool = NULL;
    tix_executor executor;
    tix_diagnostic diag;
    void* memory = NULL;
    unsigned char fill[16];
    char error[512];
    int status = CLI_FAILED;
    memset(loaded, 0, sizeof loaded);
    r->options.diagnostic = &diag;
    for (int i = 0; i < r->input_count; i++) {
        if (tix_npy_read(r->inputs[i], &loaded[i], error, sizeof error) != 0) {
            cli_error("%s", error);
            goto done;
        }
        in[i] = loaded[i].tensor;
    }
    if (r->fill_given) {
        const char* why;
        if (!cli_parse_element(r->fill, in[0].dtype, fill, &why)) {
            cli_error("--fill %s: %s (data is %s)", r->fill, why, tix_dtype_name(in[0].dtype));
            status = CLI_USAGE;
            goto done;
        }
        r->options.fill_value = fill;
    }
    if (r->threads > 1) {
        if ((pool = tix_threadpool_create((size_t)r->threads)) == NULL) {
            cli_error("could not start %ld threads", r->threads);
            goto done;
        }
        executor = tix_threadpool_executor(pool);
        r->options.executor = &executor;
    }
    tix_tensor output;
    if (call(r, in, &output, NULL) != TIX_STATUS_OK) {
        cli_error("%s: %s", r->op->name, diag.message);
        goto done;
    }
    size_t bytes = (size_t)tix_tensor_count(&output) * tix_dtype_size(output.dtype);
    if ((memory = calloc(1, bytes > 0 ? bytes : 1)) == NULL) {
        cli_error("%s: no memory for a result of %zu bytes", r->op->name, bytes);
        goto done;
    }
    output.data = memory;
    if (call(r, in, NULL, &output) != TIX_STATUS_OK) {
        cli_error("%s: %s", r->op->name, diag.message);
        goto done;
    }
    if (r->output != NULL) {
        if (tix_npy_write(r->output, &output, error, sizeof error) != 0) {
            cli_error("%s", error);
            goto done;
        }
    } else {
        cli_print_tensor(stdout, &output);
    }
    status = CLI_OK;
done:
    free(memory);
    tix_threadpool_destroy(pool);
    for (int i = 0; i < 3; i++) tix_loaded_tensor_free(&loaded[i]);
    return status;
}

int cli_run(int argc, char** argv) {
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage, stdout);
            return CLI_OK;
        }
    }
    request r = {.threads = 1};
    for (size_t i = 0; i < sizeof operations / sizeof operations[0]; i++) {
        if (strcmp(argv[1], operations[i].name) == 0) r.op = &operations[i];
    }
    if (r.op == NULL) {
        cli_error("unknown operation '%s': gather, scatter, gather_elements, scatter_elements, "
                  "gather_nd or scatter_nd",
                  argv[1]);
        return CLI_USAGE;
    }
    if (!parse(argc, argv, &r)) return CLI_USAGE;
    return execute(&r);
}
