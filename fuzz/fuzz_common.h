/* Shared by the tix fuzz targets (the .c files of fuzz/): the libFuzzer entry point's prototype,
 * a check that aborts with a message (libFuzzer then saves the input as a crash), and a reader
 * that turns the input bytes into decisions.
 *
 * The same targets build two ways: with clang's -fsanitize=fuzzer (TIX_BUILD_FUZZ, the libFuzzer
 * engine supplies main), and with any compiler linked to fuzz/replay.c, whose main runs the
 * target once per file of the seed corpus and the regression inputs (ctest, every build).
 */
#ifndef TIX_FUZZ_COMMON_H
#define TIX_FUZZ_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libFuzzer calls this once per input; it returns 0 (inputs are never rejected). */
int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size);

#if defined(__GNUC__)
#define FUZZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define FUZZ_NORETURN __attribute__((noreturn))
#else
#define FUZZ_PRINTF(f, a)
#define FUZZ_NORETURN
#endif

static inline void fuzz_fail(const char* file, int line, const char* condition, const char* format,
                             ...) FUZZ_PRINTF(4, 5) FUZZ_NORETURN;

/* Prints "file:line: check `condition` failed: message" and aborts. */
static inline void fuzz_fail(const char* file, int line, const char* condition, const char* format,
                             ...) {
    va_list ap;
    va_start(ap, format);
    fprintf(stderr, "%s:%d: check `%s` failed: ", file, line, condition);
    vfprintf(stderr, format, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    fflush(stderr);
    abort();
}

/* FUZZ_CHECK(condition, "printf format", ...): a property the library must have. */
#define FUZZ_CHECK(condition, ...)                                  \
    do {                                                            \
        if (!(condition))                                           \
            fuzz_fail(__FILE__, __LINE__, #condition, __VA_ARGS__); \
    } while (0)

/* ---------------------------------------------------------------------------------------------
 * The input as a stream of decisions. After the last byte the stream goes on with bytes from a
 * generator seeded by a hash of the whole input, so that a short input still fills big tensors
 * with varied values, and the same input always decodes the same way.
 */
typedef struct fuzz_input {
    const uint8_t* bytes;
    size_t size, at;
    uint64_t state; /* splitmix64, after the end */
} fuzz_input;

static inline void fuzz_input_init(fuzz_input* in, const uint8_t* bytes, size_t size) {
    uint64_t hash = 0xcbf29ce484222325ull; /* FNV-1a */
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ bytes[i]) * 0x100000001b3ull;
    in->bytes = bytes;
    in->size = size;
    in->at = 0;
    in->state = hash ^ (uint64_t)size;
}

static inline uint8_t fuzz_byte(fuzz_input* in) {
    if (in->at < in->size)
        return in->bytes[in->at++];
    in->state += 0x9e3779b97f4a7c15ull;
    uint64_t z = in->state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint8_t)((z ^ (z >> 31)) >> 24);
}

/* n bytes (at most 8), little-endian. */
static inline uint64_t fuzz_bytes(fuzz_input* in, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)fuzz_byte(in) << (8 * i);
    return v;
}

/* Whether the environment variable TIX_FUZZ_KNOWN (a comma-separated list) names `issue`: a
 * finding already reported, skipped so that a long run can look for new ones. Unset in CI and in
 * the regression replay, where every known issue fails until it is fixed. */
static inline bool fuzz_known(const char* issue) {
    const char* list = getenv("TIX_FUZZ_KNOWN");
    if (list == NULL)
        return false;
    size_t n = strlen(issue);
    for (const char* p = list; *p != '\0';) {
        const char* comma = strchr(p, ',');
        size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, issue, n) == 0)
            return true;
        p += len;
        if (*p == ',')
            p++;
    }
    return false;
}

#endif /* TIX_FUZZ_COMMON_H */
