/* The tix command-line tool: run the kernels on .npy files and ONNX node tests. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: tix COMMAND [ARGS...]\n"
    "\n"
    "commands:\n"
    "  run OP ...        run one operation on .npy files (tix run --help)\n"
    "  onnx-test PATH... run ONNX node-test directories (tix onnx-test --help)\n"
    "  bench [...]       measure the benchmark workloads (tix bench --help)\n"
    "\n"
    "  tix --help | tix COMMAND --help | tix --version\n";

void cli_error(const char* format, ...) {
    va_list args;
    va_start(args, format);
    fputs("tix: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

const char* cli_option_value(int argc, char** argv, int* i, const char* flag) {
    const char* value = strchr(argv[*i], '=');
    if (value != NULL) return value + 1;
    if (*i + 1 < argc) return argv[++*i];
    cli_error("%s needs a value", flag);
    return NULL;
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    const char* command = argv[1];
    if (strcmp(command, "-h") == 0 || strcmp(command, "--help") == 0) {
        fputs(usage, stdout);
        return CLI_OK;
    }
    if (strcmp(command, "--version") == 0) {
        printf("tix %s\n", tix_version_string());
        return CLI_OK;
    }
    if (strcmp(command, "run") == 0) return cli_run(argc - 1, argv + 1);
    if (strcmp(command, "onnx-test") == 0) return cli_onnx_test(argc - 1, argv + 1);
    if (strcmp(command, "bench") == 0) return cli_bench(argc - 1, argv + 1);
    cli_error("unknown command '%s' (see tix --help)", command);
    return CLI_USAGE;
}
