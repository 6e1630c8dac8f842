/* One workload of `tix bench` with its variants (bench/variants.h), on a pool of its own, timed
 * several ways in turns in one process, so that a slow spell of the host hits every way alike:
 * what bench/options.c (the variants of its options) and bench/levels.c (the library's answers
 * about the CPU) each compare. */
#ifndef TIX_BENCH_TURNS_H
#define TIX_BENCH_TURNS_H

#include "variants.h"

enum { BENCH_MAX_RUNS = 101 };

/* The flags both programs take: -q (the --quick sizes), -t THREADS, -n RUNS, -b BLOCK. */
typedef struct bench_turns_flags {
    bool quick;
    int threads, runs, block;
} bench_turns_flags;

/* Reads argv[*k] (and its value, advancing *k) into *f where it is one of those flags; false
 * where it is not. */
bool bench_turns_flag(int argc, char** argv, int* k, bench_turns_flags* f);
/* Whether the flags hold: at least one thread, 1 to BENCH_MAX_RUNS runs, a block of one or more. */
bool bench_turns_flags_valid(const bench_turns_flags* f);

typedef struct bench_turns {
    bench_case c;          /* the case, with the tensors and options of the last way */
    bench_case own_case;   /* its own, to free */
    tix_threadpool* pool;  /* NULL at 1 thread */
    tix_executor executor; /* the pool's, which the options below point to */
    bench_variants set;    /* set.variant[0]: the case's own options, on that pool */
} bench_turns;

/* Workload `which` at its full or --quick size on `threads` threads (the calling one alone at 1),
 * with its variants; false when memory runs out. *t must stay where it is until
 * bench_turns_free (its options point into it). */
bool bench_turns_setup(bench_turns* t, size_t which, bool quick, int threads);
void bench_turns_free(bench_turns* t);

/* Times `count` (at most BENCH_MAX_VARIANTS) ways of calling t->c until each has `runs` (1 to
 * BENCH_MAX_RUNS) timings in milliseconds in times[k], sorted on return. A turn of way k is
 * prepare(t, k, context), then an untimed call and `block` timed ones: a call is quicker where
 * the call before left its operands in the caches. Returns -1, or the way whose call failed,
 * its status in *status. */
int bench_turns_time(bench_turns* t, int count, int runs, int block,
                     void (*prepare)(bench_turns* t, int k, void* context), void* context,
                     double (*times)[BENCH_MAX_RUNS], tix_status* status);

#endif /* TIX_BENCH_TURNS_H */
