/* tix bench [--quick] [--huge-pages] [--threads LIST] [--runs N] [--json FILE] [WORKLOAD...]:
 * times the ten workloads of WORKLOADS.md against a STREAM copy taken in the same run, and
 * prints a table (and writes every figure as JSON with --json). The workloads themselves:
 * bench_workloads.c. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "bench_workloads.h"
#include "cli.h"

static const char usage[] =
    "usage: tix bench [--quick] [--huge-pages] [--threads LIST] [--runs N] [--json FILE]\n"
    "                 [WORKLOAD...]\n"
    "\n"
    "Times the benchmark workloads (all of them when none is named):\n"
    "  gather_rows gather_rows_small gather_mid_axis gather_last_axis gather_elements_last\n"
    "  gather_elements_first scatter_elements_unique scatter_elements_add_dup scatter_nd_rows\n"
    "  gather_nd_pairs\n"
    "float32 data, int64 indices drawn from a fixed seed. Scatters run out of place (the copy of\n"
    "data is part of the call) and, reported beside, in place (output = data).\n"
    "\n"
    "Each figure is the median of N timed calls after 2 warm-up calls; inputs and outputs are\n"
    "allocated (on 64-byte boundaries, as PyTorch and ONNX Runtime allocate tensors) and written\n"
    "before timing, and the timed region is the library call alone.\n"
    "GB/s counts effective bytes: indices read + data read + updates read + bytes written (a\n"
    "gather reads as many data bytes as it writes; a scatter reads all of data and writes all of\n"
    "the output; in place, it writes the elements its updates address and copies nothing).\n"
    "x stream = time / (effective bytes / STREAM copy bandwidth at the same thread count), the\n"
    "copy c[i] = a[i] over two 256 MiB float32 arrays, measured first in the same run twice,\n"
    "with streaming stores (each destination line written once, not read first) and with\n"
    "ordinary ones; the faster of the two is the floor.\n"
    "Every out-of-place result is checked against a plain serial computation.\n"
    "\n"
    "options:\n"
    "  --quick            smaller inputs (first dimension / 8), for a smoke run\n"
    "  --huge-pages       advise every buffer of 4 MiB or more for transparent huge pages\n"
    "                     before it is touched (as numpy does for its arrays on Linux); the\n"
    "                     kernel may decline (/sys/kernel/mm/transparent_hugepage/enabled)\n"
    "  --threads LIST     comma-separated thread counts, e.g. 1,2 (default 1); t > 1 runs the\n"
    "                     calls on a built-in tix_threadpool of t threads\n"
    "  --runs N           timed calls per figure, at least 7 (default 7)\n"
    "  --json FILE        also write every figure to FILE as JSON\n"
    "  -h, --help         show this help\n";

enum { MAX_THREAD_COUNTS = 16, WARM_UP_RUNS = 2, MIN_RUNS = 7, MAX_RUNS = 100000 };

typedef struct settings {
    bool quick;
    bool huge_pages;
    bool selected[BENCH_WORKLOAD_COUNT];
    long threads[MAX_THREAD_COUNTS];
    int thread_count;
    int runs;
    const char* json;
} settings;

/* One line of the report. */
typedef struct result {
    const bench_spec* spec;
    char name[64];
    long threads;
    bool in_place;
    double median_s, bytes, gbps, x_stream;
} result;

/* ---- arguments -------------------------------------------------------------------------- */

static bool parse_count(const char* flag, const char* text, long low, long high, long* value) {
    char* end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < low || v > high) {
        cli_error("%s takes a count from %ld to %ld, not '%s'", flag, low, high, text);
        return false;
    }
    *value = v;
    return true;
}

static bool parse_threads(const char* text, settings* s) {
    s->thread_count = 0;
    const char* item = text;
    for (;;) {
        const char* comma = strchr(item, ',');
        size_t length = comma != NULL ? (size_t)(comma - item) : strlen(item);
        char number[32];
        if (length == 0 || length >= sizeof number) {
            cli_error("--threads takes comma-separated counts such as 1,2, not '%s'", text);
            return false;
        }
        memcpy(number, item, length);
        number[length] = '\0';
        long t;
        if (!parse_count("--threads", number, 1, 1024, &t)) return false;
        for (int i = 0; i < s->thread_count; i++) {
            if (s->threads[i] == t) {
                cli_error("--threads lists %ld twice", t);
                return false;
            }
        }
        if (s->thread_count == MAX_THREAD_COUNTS) {
            cli_error("--threads takes at most %d counts", MAX_THREAD_COUNTS);
            return false;
        }
        s->threads[s->thread_count++] = t;
        if (comma == NULL) return true;
        item = comma + 1;
    }
}

static void list_workloads(FILE* out) {
    for (int w = 0; w < BENCH_WORKLOAD_COUNT; w++) {
        fprintf(out, "%s%s", w > 0 ? ", " : "", bench_specs[w].name);
    }
}

/* Reads argv[1..]; false after printing a usage error. */
static bool parse(int argc, char** argv, settings* s) {
    bool any = false;
    for (int i = 1; i < argc; i++) {
        const char* arg = argv[i];
        if (arg[0] != '-') {
            int w = 0;
            while (w < BENCH_WORKLOAD_COUNT && strcmp(arg, bench_specs[w].name) != 0) w++;
            if (w == BENCH_WORKLOAD_COUNT) {
                fprintf(stderr, "tix: unknown workload '%s'; the workloads are ", arg);
                list_workloads(stderr);
                fputc('\n', stderr);
                return false;
            }
            s->selected[w] = any = true;
            continue;
        }
        if (strcmp(arg, "--quick") == 0) {
            s->quick = true;
            continue;
        }
        if (strcmp(arg, "--huge-pages") == 0) {
            s->huge_pages = true;
            continue;
        }
        /* Every other option takes a value: "--flag VALUE" or "--flag=VALUE". */
        const char* value = strchr(arg, '=');
        size_t length = value != NULL ? (size_t)(value - arg) : strlen(arg);
        char flag[32];
        snprintf(flag, sizeof flag, "%.*s", (int)length, arg);
        bool known = strcmp(flag, "--threads") == 0 || strcmp(flag, "--runs") == 0 ||
                     strcmp(flag, "--json") == 0;
        if (!known) {
            cli_error("unknown option '%s' (see tix bench --help)", flag);
            return false;
        }
        if ((value = cli_option_value(argc, argv, &i, flag)) == NULL) return false;
        if (strcmp(flag, "--threads") == 0) {
            if (!parse_threads(value, s)) return false;
        } else if (strcmp(flag, "--runs") == 0) {
            long runs;
            if (!parse_count("--runs", value, MIN_RUNS, MAX_RUNS, &runs)) return false;
            s->runs = (int)runs;
        } else {
            if (value[0] == '\0') {
                cli_error("--json needs a file name");
                return false;
            }
            s->json = value;
        }
    }
    if (!any) {
        for (int w = 0; w < BENCH_WORKLOAD_COUNT; w++) s->selected[w] = true;
    }
    return true;
}

/* ---- the machine ------------------------------------------------------------------------ */

#if defined(__clang__)
#define BENCH_COMPILER __VERSION__
#elif defined(__GNUC__)
#define BENCH_COMPILER "gcc " __VERSION__
#else
#define BENCH_COMPILER "an unknown compiler"
#endif
#ifdef __OPTIMIZE__
#define BENCH_OPTIMIZED true
#else
#define BENCH_OPTIMIZED false
#endif
#ifdef NDEBUG
#define BENCH_NDEBUG true
#else
#define BENCH_NDEBUG false
#endif

typedef struct machine {
    char cpu[192];
    long cores;
} machine;

/* The system's setting for transparent huge pages, as the kernel shows it ("always [madvise]
 * never"), or "unknown". */
static void transparent_huge_pages(char* setting, size_t capacity) {
    snprintf(setting, capacity, "unknown");
    FILE* f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (f == NULL) return;
    if (fgets(setting, (int)capacity, f) == NULL) snprintf(setting, capacity, "unknown");
    setting[strcspn(setting, "\n")] = '\0';
    fclose(f);
}

/* The value of the first "key : value" line of /proc/cpuinfo for `key` into value (empty when
 * there is none). */
static void cpuinfo_field(const char* key, char* value, size_t capacity) {
    value[0] = '\0';
    FILE* f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) return;
    char line[512];
    size_t key_length = strlen(key);
    while (fgets(line, sizeof line, f) != NULL) {
        const char* colon = strchr(line, ':');
        if (strncmp(line, key, key_length) != 0 || colon == NULL) continue;
        if (strspn(line + key_length, " \t") != (size_t)(colon - line) - key_length) continue;
        colon++;
        while (*colon == ' ' || *colon == '\t') colon++;
        snprintf(value, capacity, "%.*s", (int)strcspn(colon, "\r\n"), colon);
        break;
    }
    fclose(f);
}

/* The CPU's name with its family and model (which a VM's name often leaves out: "AMD EPYC"). */
static void describe_machine(machine* m) {
    char name[128], family[16], model[16];
    cpuinfo_field("model name", name, sizeof name);
    cpuinfo_field("cpu family", family, sizeof family);
    cpuinfo_field("model", model, sizeof model);
    snprintf(m->cpu, sizeof m->cpu, "%s", name[0] != '\0' ? name : "unknown CPU");
    if (family[0] != '\0' && model[0] != '\0') {
        size_t used = strlen(m->cpu);
        snprintf(m->cpu + used, sizeof m->cpu - used, " (family %s, model %s)", family, model);
    }
    m->cores = sysconf(_SC_NPROCESSORS_ONLN);
}

/* ---- timing ----------------------------------------------------------------------------- */

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare_doubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static double median(double* samples, int n) {
    qsort(samples, (size_t)n, sizeof *samples, compare_doubles);
    return n % 2 == 1 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
}

/* The progress line on stderr, only when stderr is a terminal. */
static bool progress_on;

static void progress(int done, int total, const char* name, long threads) {
    if (!progress_on) return;
    char line[128], step[32] = "";
    if (total > 0) snprintf(step, sizeof step, "[%2d/%d] ", done, total);
    snprintf(line, sizeof line, "%s%s, %ld thread%s", step, name, threads, threads == 1 ? "" : "s");
    fprintf(stderr, "\r%-70s", line);
    fflush(stderr);
}

static void progress_clear(void) {
    if (!progress_on) return;
    fprintf(stderr, "\r%70s\r", "");
    fflush(stderr);
}

/* ---- STREAM copy ------------------------------------------------------------------------ */

/* c[i] = a[i] over [begin, begin + count), two ways, and the faster is the floor. copy_task
 * writes with non-temporal (streaming) stores on x86-64, so each destination line crosses the
 * memory bus once, as STREAM built with streaming stores does (elsewhere it is memcpy).
 * store_loop_task is the plain loop with ordinary stores, where the cache may read each
 * destination line before it is written. Which is faster depends on the CPU: streaming on the
 * Zen 3 host of the first measurements (17.3 against 12.9 GB/s), ordinary on Zen 5 (34 against
 * 29). */
typedef struct copy_job {
    float* c;
    const float* a;
} copy_job;

static void copy_task(void* context, size_t begin, size_t count) {
    const copy_job* job = context;
    float* c = job->c + begin;
    const float* a = job->a + begin;
#ifdef __SSE2__
    size_t i = 0;
    for (; i < count && (uintptr_t)(c + i) % 16 != 0; i++) c[i] = a[i];
    for (; i + 16 <= count; i += 16) { /* a line a turn, as the library's streaming copies */
        __m128 a0 = _mm_loadu_ps(a + i), a1 = _mm_loadu_ps(a + i + 4);
        __m128 a2 = _mm_loadu_ps(a + i + 8), a3 = _mm_loadu_ps(a + i + 12);
        _mm_stream_ps(c + i, a0);
        _mm_stream_ps(c + i + 4, a1);
        _mm_stream_ps(c + i + 8, a2);
        _mm_stream_ps(c + i + 12, a3);
    }
    for (; i + 4 <= count; i += 4) _mm_stream_ps(c + i, _mm_loadu_ps(a + i));
    for (; i < count; i++) c[i] = a[i];
    _mm_sfence();
#else
    memcpy(c, a, count * sizeof *c);
#endif
}

static void store_loop_task(void* context, size_t begin, size_t count) {
    const copy_job* job = context;
    float* restrict c = job->c + begin;
    const float* restrict a = job->a + begin;
    for (size_t i = 0; i < count; i++) c[i] = a[i];
}

/* Copy bandwidth in bytes per second (read + write) for each thread count. */
typedef struct copy_rates {
    double streaming[MAX_THREAD_COUNTS]; /* copy_task */
    double ordinary[MAX_THREAD_COUNTS];  /* store_loop_task */
    double floor[MAX_THREAD_COUNTS];     /* the faster of the two: what x stream divides by */
} copy_rates;

/* " 31.4, 64.3": a copy's rate at each thread count, in GB/s. */
static void print_rates(const settings* s, const double* rate) {
    for (int k = 0; k < s->thread_count; k++) printf("%s %.1f", k ? "," : "", rate[k] / 1e9);
}

/* Measures both copies at each thread count; t > 1 splits the copy into t contiguous tiles run
 * through that count's pool. */
static bool measure_stream(const settings* s, tix_threadpool* const* pools, copy_rates* rates) {
    const size_t n = (size_t)256 << 20 >> 2; /* 256 MiB of float32 */
    float* a = bench_alloc(n * sizeof *a);
    float* c = bench_alloc(n * sizeof *c);
    copy_job job = {c, a};
    double* samples = malloc((size_t)s->runs * sizeof *samples);
    bool ok = a != NULL && c != NULL && samples != NULL;
    if (!ok) {
        cli_error("bench: no memory for the STREAM arrays (2 x 256 MiB)");
    } else {
        for (size_t i = 0; i < n; i++) a[i] = (float)(i & 1023);
        for (int k = 0; k < s->thread_count; k++) {
            long t = s->threads[k];
            progress(0, 0, "STREAM copy", t);
            for (int variant = 0; variant < 2; variant++) {
                tix_task_fn task = variant == 0 ? copy_task : store_loop_task;
                for (int run = -WARM_UP_RUNS; run < s->runs; run++) {
                    double start = seconds();
                    if (pools[k] == NULL) {
                        task(&job, 0, n);
                    } else {
                        tix_threadpool_parallel_for(pools[k], task, &job, n,
                                                    (n + (size_t)t - 1) / (size_t)t);
                    }
                    double elapsed = seconds() - start;
                    if (run >= 0) samples[run] = elapsed;
                }
                double rate = 2.0 * (double)(n * sizeof(float)) / median(samples, s->runs);
                *(variant == 0 ? &rates->streaming[k] : &rates->ordinary[k]) = rate;
            }
            rates->floor[k] = rates->streaming[k] > rates->ordinary[k] ? rates->streaming[k]
                                                                       : rates->ordinary[k];
        }
        progress_clear();
    }
    free(samples);
    free(c);
    free(a);
    return ok;
}

/* ---- workloads -------------------------------------------------------------------------- */

/* Times one variant of a case; false after printing the error of a failed call. */
static bool time_case(bench_case* c, bool in_place, int runs, double* samples, double* median_s) {
    for (int run = -WARM_UP_RUNS; run < runs; run++) {
        double start = seconds();
        tix_status status = bench_case_run(c, in_place);
        double elapsed = seconds() - start;
        if (status != TIX_STATUS_OK) {
            progress_clear();
            cli_error("bench %s%s: %s: %s", c->spec->name, in_place ? " (in place)" : "",
                      tix_status_name(status), c->options.diagnostic->message);
            return false;
        }
        if (run >= 0) samples[run] = elapsed;
    }
    *median_s = median(samples, runs);
    return true;
}

static void print_header(FILE* out) {
    fprintf(out, "%-36s %7s %10s %9s %9s %5s %9s\n", "workload", "threads", "median ms", "GB/s",
            "x stream", "goal", "best peer");
}

static void print_row(FILE* out, const result* r) {
    /* The goal and the peers' figures are for the out-of-place calls. */
    char goal[16] = "-", peer[16] = "-";
    if (!r->in_place) {
        snprintf(goal, sizeof goal, "%.1f", r->spec->goal);
        snprintf(peer, sizeof peer, "%.2f", r->spec->best_peer);
    }
    fprintf(out, "%-36s %7ld %10.3f %9.2f %9.2f %5s %9s\n", r->name, r->threads,
            r->median_s * 1e3, r->gbps, r->x_stream, goal, peer);
    fflush(out);
}

/* ---- JSON ------------------------------------------------------------------------------- */

static void json_string(FILE* f, const char* text) {
    fputc('"', f);
    for (const unsigned char* p = (const unsigned char*)text; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\') {
            fprintf(f, "\\%c", *p);
        } else if (*p < 0x20) {
            fprintf(f, "\\u%04x", *p);
        } else {
            fputc(*p, f);
        }
    }
    fputc('"', f);
}

static void json_number(FILE* f, double value) {
    if (isfinite(value)) {
        fprintf(f, "%.6g", value);
    } else {
        fputs("null", f);
    }
}

static void json_bandwidths(FILE* f, const settings* s, const double* bandwidth) {
    fputc('{', f);
    for (int k = 0; k < s->thread_count; k++) {
        fprintf(f, "%s\"%ld\": ", k ? ", " : "", s->threads[k]);
        json_number(f, bandwidth[k] / 1e9);
    }
    fputc('}', f);
}

static void json_write(FILE* f, const settings* s, const machine* m, const copy_rates* rates,
                       const result* results, int count) {
    fputs("{\n  \"machine\": {\"cpu\": ", f);
    json_string(f, m->cpu);
    fprintf(f, ", \"cores\": %ld, \"compiler\": ", m->cores);
    json_string(f, BENCH_COMPILER);
    fprintf(f, ", \"optimized\": %s, \"ndebug\": %s, \"tix_version\": ",
            BENCH_OPTIMIZED ? "true" : "false", BENCH_NDEBUG ? "true" : "false");
    json_string(f, tix_version_string());
    fprintf(f, "},\n  \"quick\": %s,\n  \"huge_pages\": %s,\n  \"runs\": %d,\n",
            s->quick ? "true" : "false", s->huge_pages ? "true" : "false", s->runs);
    fprintf(f, "  \"warm_up_runs\": %d,\n", WARM_UP_RUNS);
    fputs("  \"threads\": [", f);
    for (int k = 0; k < s->thread_count; k++) fprintf(f, "%s%ld", k ? ", " : "", s->threads[k]);
    fputs("],\n  \"stream_gbps\": ", f);
    json_bandwidths(f, s, rates->floor);
    fputs(",\n  \"stream_streaming_gbps\": ", f);
    json_bandwidths(f, s, rates->streaming);
    fputs(",\n  \"stream_store_loop_gbps\": ", f);
    json_bandwidths(f, s, rates->ordinary);
    fputs(",\n  \"results\": [\n", f);
    for (int i = 0; i < count; i++) {
        const result* r = &results[i];
        fputs("    {\"workload\": ", f);
        json_string(f, r->name);
        fprintf(f, ", \"threads\": %ld, \"median_ms\": ", r->threads);
        json_number(f, r->median_s * 1e3);
        fputs(", \"gbps\": ", f);
        json_number(f, r->gbps);
        fputs(", \"x_stream\": ", f);
        json_number(f, r->x_stream);
        fprintf(f, ", \"in_place\": %s, \"effective_bytes\": %.0f",
                r->in_place ? "true" : "false", r->bytes);
        /* The goal and the peers' figures are for the out-of-place calls. */
        if (r->in_place) {
            fputs(", \"goal_x_stream\": null, \"best_peer_x_stream\": null", f);
        } else {
            fputs(", \"goal_x_stream\": ", f);
            json_number(f, r->spec->goal);
            fputs(", \"best_peer_x_stream\": ", f);
            json_number(f, r->spec->best_peer);
        }
        fprintf(f, "}%s\n", i + 1 < count ? "," : "");
    }
    fputs("  ]\n}\n", f);
}

/* ---- the command ------------------------------------------------------------------------ */

static int run_bench(const settings* s) {
    machine m;
    describe_machine(&m);
    FILE* json = NULL;
    if (s->json != NULL && (json = fopen(s->json, "w")) == NULL) {
        cli_error("%s: %s", s->json, strerror(errno));
        return CLI_FAILED;
    }
    int total = 0;
    for (int w = 0; w < BENCH_WORKLOAD_COUNT; w++) {
        if (!s->selected[w]) continue;
        bool scatter = strncmp(bench_specs[w].name, "scatter", 7) == 0;
        total += (scatter ? 2 : 1) * s->thread_count;
    }
    tix_threadpool* pools[MAX_THREAD_COUNTS] = {NULL};
    copy_rates rates;
    result* results = calloc((size_t)total, sizeof *results);
    double* samples = malloc((size_t)s->runs * sizeof *samples);
    int done = 0, status = CLI_FAILED;
    bench_case c;
    memset(&c, 0, sizeof c);
    if (results == NULL || samples == NULL) {
        cli_error("bench: out of memory");
        goto finish;
    }
    for (int k = 0; k < s->thread_count; k++) {
        if (s->threads[k] == 1) continue;
        if ((pools[k] = tix_threadpool_create((size_t)s->threads[k])) == NULL) {
            cli_error("bench: could not start %ld threads", s->threads[k]);
            goto finish;
        }
    }

    printf("tix %s bench: %s sizes, median of %d timed calls after %d warm-up calls\n",
           tix_version_string(), s->quick ? "--quick" : "full", s->runs, WARM_UP_RUNS);
    printf("machine: %s, %ld online cores; built with %s, %s, %s\n", m.cpu, m.cores,
           BENCH_COMPILER, BENCH_OPTIMIZED ? "optimized" : "NOT optimized",
           BENCH_NDEBUG ? "NDEBUG" : "assertions on");
    if (s->huge_pages) {
        char setting[128];
        transparent_huge_pages(setting, sizeof setting);
        printf("pages: buffers of 4 MiB or more advised for transparent huge pages (the system's "
               "setting: %s)\n",
               setting);
    }
    fflush(stdout);
    if (!measure_stream(s, pools, &rates)) goto finish;
    printf("STREAM copy (c[i] = a[i], 2 x 256 MiB float32, read + write bytes), the floor:");
    for (int k = 0; k < s->thread_count; k++) {
        printf("%s %ld thread%s %.1f GB/s", k ? "," : "", s->threads[k],
               s->threads[k] == 1 ? "" : "s", rates.floor[k] / 1e9);
    }
    printf("\n(the faster of two copies: with streaming stores");
    print_rates(s, rates.streaming);
    printf(" GB/s; with ordinary stores");
    print_rates(s, rates.ordinary);
    printf(" GB/s)\n\n");
    print_header(stdout);

    tix_diagnostic diagnostic;
    for (int w = 0; w < BENCH_WORKLOAD_COUNT; w++) {
        if (!s->selected[w]) continue;
        progress(done + 1, total, bench_specs[w].name, s->threads[0]);
        if (!bench_case_setup(&c, (size_t)w, s->quick)) {
            progress_clear();
            cli_error("bench %s: out of memory", bench_specs[w].name);
            goto finish;
        }
        c.options.diagnostic = &diagnostic;
        for (int variant = 0; variant < (c.scatter ? 2 : 1); variant++) {
            bool in_place = variant == 1;
            for (int k = 0; k < s->thread_count; k++) {
                result* r = &results[done];
                r->spec = c.spec;
                r->threads = s->threads[k];
                r->in_place = in_place;
                snprintf(r->name, sizeof r->name, "%s%s", c.spec->name,
                         in_place ? " (in place)" : "");
                progress(done + 1, total, r->name, r->threads);
                tix_executor executor;
                if (pools[k] != NULL) executor = tix_threadpool_executor(pools[k]);
                c.options.executor = pools[k] != NULL ? &executor : NULL;
                if (!time_case(&c, in_place, s->runs, samples, &r->median_s)) goto finish;
                char why[256];
                if (!in_place && !bench_case_check(&c, why, sizeof why)) {
                    progress_clear();
                    cli_error("bench %s, %ld threads: wrong result: %s", c.spec->name, r->threads,
                              why);
                    goto finish;
                }
                r->bytes = in_place ? c.in_place_bytes : c.bytes;
                r->gbps = r->bytes / r->median_s / 1e9;
                r->x_stream = r->median_s / (r->bytes / rates.floor[k]);
                done++;
                progress_clear();
                print_row(stdout, r);
            }
        }
        bench_case_free(&c);
    }
    status = CLI_OK;

finish:
    progress_clear();
    bench_case_free(&c);
    for (int k = 0; k < s->thread_count; k++) tix_threadpool_destroy(pools[k]);
    if (json != NULL) {
        if (status == CLI_OK) json_write(json, s, &m, &rates, results, done);
        bool failed = ferror(json) != 0;
        if (fclose(json) != 0 || failed) {
            cli_error("%s: could not write the results", s->json);
            status = CLI_FAILED;
        }
        if (status != CLI_OK) remove(s->json);
    }
    free(samples);
    free(results);
    return status;
}

int cli_bench(int argc, char** argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage, stdout);
            return CLI_OK;
        }
    }
    settings s = {.threads = {1}, .thread_count = 1, .runs = MIN_RUNS};
    if (!parse(argc, argv, &s)) return CLI_USAGE;
    if (s.huge_pages && !bench_use_huge_pages(true)) {
        cli_error("--huge-pages: this system has no advice for transparent huge pages");
        return CLI_FAILED;
    }
    progress_on = isatty(STDERR_FILENO) != 0;
    return run_bench(&s);
}
