/* Times one workload of `tix bench` (or one of its variants, bench/variants.h) under several
 * settings of what the library asks of the CPU, alternated in one process on the same buffers:
 * the SIMD level (none: the portable loops alone, avx2, avx512, fp16; levels the CPU lacks take
 * the paths it has), the gathers' way (hardware gathers, AVX2's of 4-byte elements along dense
 * indices alone, or loads one by one), the tiles of cache-blocked passes (KiB), and how large
 * outputs are stored (streaming stores, ordinary ones, ordinary ones with whole rows by the
 * CPU's string copy, streaming stores but for a gather's rows shorter than 32 bytes and a
 * scatter's staged rows, or that with whole rows by the string copy), and the lines a row
 * gather prefetches ahead. So a new host
 * shows which of the choices made on others hold on it (docs/PERFORMANCE-LOG.md, the fourth
 * session of 2026-11-28). It calls the internal hooks of src/cpu.c, so it links the static
 * library.
 *
 * Each setting is a comma-separated list of simd=LEVEL, gathers=hardware|dense4|loads|cpu,
 * tile=KIB (0: the CPU's), stores=streaming|plain|string|wide|wide-string|cpu and
 * prefetch=LINES (0: the CPU's); what a
 * setting does not name is as the CPU says. Each turn of a setting is an untimed call and
 * BLOCK timed ones (bench/turns.h), as in bench/options.c. Prints each setting's median and
 * minimum, and its median's ratio to the first setting's.
 *
 *   cc -O2 -std=c11 -Iinclude -Itools/tix bench/levels.c bench/turns.c bench/variants.c \
 *       tools/tix/bench_workloads.c build-bench/src/libtix.a -lpthread -lm -o levels
 *   ./levels [-q] [-t THREADS] [-n RUNS] [-b BLOCK] [-v VARIANT] WORKLOAD SETTING...
 *   ./levels gather_elements_last simd=none simd=avx2,gathers=hardware simd=avx2,gathers=loads */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "turns.h"

/* (src/internal.h's hooks; the static library has them) */
void tix__simd_limit(int most);
void tix__gathers_choose(int pay);
void tix__block_choose(int64_t bytes);
void tix__stores_choose(int mode);
void tix__prefetch_choose(int lines);

enum { MAX_SETTINGS = 8, SIMD_ALL = 3 };

typedef struct setting {
    const char* text;
    int simd;     /* a tix__simd: 0 none ... 3 fp16 (what the CPU has) */
    int gathers;  /* for tix__gathers_choose: 1 hardware, 2 AVX2's 4-byte dense ones alone, 0
                     loads, -1 the CPU's */
    int64_t tile; /* for tix__block_choose: bytes, or 0 for the CPU's */
    int stores;   /* for tix__stores_choose: 0 streaming, 1 plain, 2 string, 3 wide, 4
                     wide-string, -1 the CPU's */
    int prefetch; /* for tix__prefetch_choose: lines, or 0 for the CPU's */
} setting;

/* Parses `text` into *s; false where a part of it is not one of the forms above. */
static bool parse_setting(const char* text, setting* s) {
    static const char* const levels[] = {"none", "avx2", "avx512", "fp16"};
    static const char* const stores[] = {"streaming", "plain", "string", "wide", "wide-string"};
    *s = (setting){text, SIMD_ALL, -1, 0, -1, 0};
    char copy[128];
    if (strlen(text) >= sizeof copy) return false;
    strcpy(copy, text);
    for (char* part = strtok(copy, ","); part != NULL; part = strtok(NULL, ",")) {
        char* value = strchr(part, '=');
        if (value == NULL) return false;
        *value++ = '\0';
        if (strcmp(part, "simd") == 0) {
            int k = 0;
            while (k <= SIMD_ALL && strcmp(value, levels[k]) != 0) k++;
            if (k > SIMD_ALL) return false;
            s->simd = k;
        } else if (strcmp(part, "gathers") == 0) {
            s->gathers = strcmp(value, "hardware") == 0 ? 1
                         : strcmp(value, "dense4") == 0 ? 2
                         : strcmp(value, "loads") == 0  ? 0
                         : strcmp(value, "cpu") == 0    ? -1
                                                        : -2;
            if (s->gathers == -2) return false;
        } else if (strcmp(part, "tile") == 0 && atoi(value) >= 0) {
            s->tile = (int64_t)atoi(value) * 1024;
        } else if (strcmp(part, "stores") == 0) {
            enum { STORES = sizeof stores / sizeof stores[0] };
            int k = 0;
            while (k < STORES && strcmp(value, stores[k]) != 0) k++;
            if (k == STORES && strcmp(value, "cpu") != 0) return false;
            s->stores = k == STORES ? -1 : k;
        } else if (strcmp(part, "prefetch") == 0 && atoi(value) >= 0) {
            s->prefetch = atoi(value);
        } else {
            return false;
        }
    }
    return true;
}

static void apply_setting(const setting* s) {
    tix__simd_limit(s->simd);
    tix__gathers_choose(s->gathers);
    tix__block_choose(s->tile);
    tix__stores_choose(s->stores);
    tix__prefetch_choose(s->prefetch);
}

/* Way k: setting k of the array at `context`. */
static void use_setting(bench_turns* t, int k, void* context) {
    (void)t;
    apply_setting((const setting*)context + k);
}

int main(int argc, char** argv) {
    bench_turns_flags flags = {false, 1, 11, 3};
    const char *name = NULL, *variant = "own";
    setting settings[MAX_SETTINGS];
    int count = 0;
    bool ok = true;
    for (int k = 1; k < argc && ok; k++) {
        if (bench_turns_flag(argc, argv, &k, &flags)) continue;
        if (strcmp(argv[k], "-v") == 0 && k + 1 < argc) {
            variant = argv[++k];
        } else if (name == NULL) {
            name = argv[k];
        } else {
            ok = count < MAX_SETTINGS && parse_setting(argv[k], &settings[count++]);
        }
    }
    size_t which = 0;
    while (which < BENCH_WORKLOAD_COUNT && (name == NULL || strcmp(bench_specs[which].name, name)))
        which++;
    if (!ok || which == BENCH_WORKLOAD_COUNT || count == 0 || !bench_turns_flags_valid(&flags)) {
        fprintf(stderr,
                "usage: levels [-q] [-t THREADS] [-n RUNS (1-%d)] [-b BLOCK] [-v VARIANT] "
                "WORKLOAD SETTING... (at most %d; each simd=none|avx2|avx512|fp16, "
                "gathers=hardware|dense4|loads|cpu, tile=KIB, "
                "stores=streaming|plain|string|wide|wide-string|cpu, prefetch=LINES, "
                "joined by commas)\n",
                BENCH_MAX_RUNS, MAX_SETTINGS);
        return 2;
    }
    static bench_turns t;
    if (!bench_turns_setup(&t, which, flags.quick, flags.threads)) return 1;
    const bench_variant* v = bench_variants_find(&t.set, variant);
    if (v == NULL) {
        fprintf(stderr, "levels: %s has no variant %s\n", name, variant);
        bench_turns_free(&t);
        return 2;
    }
    bench_variant_apply(&t.c, v);
    static double times[MAX_SETTINGS][BENCH_MAX_RUNS];
    tix_status status;
    int failed =
        bench_turns_time(&t, count, flags.runs, flags.block, use_setting, settings, times, &status);
    if (failed >= 0) {
        fprintf(stderr, "%s: %s\n", settings[failed].text, tix_status_name(status));
        return 1;
    }
    printf("%s (%s), %d thread%s, median of %d calls\n", name, v->name, flags.threads,
           flags.threads > 1 ? "s" : "", flags.runs);
    for (int k = 0; k < count; k++) {
        double median = times[k][flags.runs / 2];
        printf("  %-40s %9.3f ms  min %9.3f  %5.2fx\n", settings[k].text, median, times[k][0],
               median / times[0][flags.runs / 2]);
    }
    bench_turns_free(&t);
    return 0;
}
