/* The tix tool: what its commands share. The tool is the only part of tix that touches files. */
#ifndef TIX_CLI_H
#define TIX_CLI_H

#include <stdio.h>

#include <tix.h>

/* Exit statuses. */
enum { CLI_OK = 0, CLI_FAILED = 1, CLI_USAGE = 2 };

/* Prints "tix: <message>\n" to stderr. */
void cli_error(const char* format, ...) __attribute__((format(printf, 1, 2)));

/* The value of the option at argv[*i] ("--flag=VALUE", or "--flag VALUE", which advances *i);
 * NULL after printing "tix: FLAG needs a value" when there is none. */
const char* cli_option_value(int argc, char** argv, int* i, const char* flag);

/* The commands: argv[0] is the command's name. */
int cli_run(int argc, char** argv);
int cli_onnx_test(int argc, char** argv);
int cli_bench(int argc, char** argv);

/* print.c: a tensor as readable text, "shape [2, 3] dtype float32" then nested brackets, with
 * the middle of long dimensions elided as NumPy does. */
void cli_print_tensor(FILE* out, const tix_tensor* tensor);
/* One element as text: shortest form that reads back to the same value. */
void cli_format_element(char* buffer, size_t capacity, tix_dtype dtype, const void* element);

/* value.c: parses text as one element of dtype (16 bytes at most) into element; returns false
 * with a reason in error when it is not such a value. */
bool cli_parse_element(const char* text, tix_dtype dtype, void* element, const char** error);

#endif /* TIX_CLI_H */
