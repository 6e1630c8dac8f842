/* Running the two families over folded loops through the caller's executor.
 *
 * A gather is one pass: each output element is moved from the data element its index tuple
 * addresses. A scatter is up to six: validate every index (or keep a copy of a small output to
 * put back, see undo_bytes), copy data to the output, (exclude_self) set every addressed element
 * to the identity, apply the updates, and (mean) count the updates of each element and divide
 * by the counts. Four common forms take fewer: a scatter that replaces whole runs of its
 * output writes each run once from a table of their last writers (plan_runs); one whose rows of
 * updates each own a row of the output stages each row in the cache instead of copying data
 * first (stage_bytes); one blocked for the cache (block_for_cache) places the identity and
 * counts in each block (block_updates), and takes its blocks from data where they cover the
 * output (packs_whole); and a mean of many updates an element counts each as it applies it, in
 * pairs of a sum and its count (TIX__REDUCTION_TALLY, TALLY_UPDATES).
 *
 * Work is done by panels: runs of rows along the two innermost loop dimensions. Index tuples are
 * resolved a chunk at a time into byte offsets (index.c), then typed kernels move or reduce
 * along those offsets (kernels/): whole rows per tuple when the innermost dimension does not
 * walk the indices, one element per tuple when it does. Single int32/int64 indices read one per
 * element, and tuples of one or two of them per row of up to 128 bytes, skip the offsets: fused
 * kernels resolve them inside the copy or reduce loop.
 *
 * Determinism: updates that can address one output element differ only in the dimensions that
 * walk index positions (whose stride in the output is 0). A scatter therefore runs in parallel
 * only over the other dimensions, and visits the index dimensions of each task in row-major
 * order: every element receives its updates in row-major order, whatever the thread count.
 * Where that leaves one task, a reduction that gives the same bits however its updates are
 * grouped is run in groups instead (run_groups); so are float sums the caller lets go in
 * chunks (TIX_ACCUMULATE_CHUNKED), whose groups the shapes fix. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Below this many elements a pass runs on the calling thread: the pool costs more than it saves. */
#define PARALLEL_MIN_ELEMENTS 16384
/* Elements per unit of work handed to the executor, roughly. */
#define TILE_ELEMENTS 8192
/* Indices per task of a scatter's check before its first write (check_indices). */
#define CHECK_TILE (64 * 1024)
/* Tuples resolved at a time (offsets live on the stack): rows of tuples... */
#define CHUNK 256
/* ... and elements of a row. Rows that share their indices and are at most this long go a
 * whole row at a time, so the part of the indexed operand a row reads is swept once while it
 * sits in L1 (in chunks of 256, each chunk read the row from L2 again: 1.8x the time of
 * gather_last_axis). */
#define ROW_CHUNK 1024
/* A scatter's outputs larger than this are written with streaming stores (far beyond any
 * cache), where the CPU gains by them (cpu.c; a gather's from GATHER_STREAM_BYTES on)... */
#define STREAM_BYTES (32 * 1024 * 1024)
/* ... by a scatter, in runs at least this long (shorter ones would write partial lines). */
#define STREAM_MIN_RUN 256
/* A scatter may keep a copy of its output to put back on failure instead of checking its
 * indices first, when the output is at most 1/UNDO_RATIO of the indices and UNDO_MAX bytes. */
#define UNDO_RATIO 4
#define UNDO_MAX (64 * 1024 * 1024)
/* A scatter writes its output in one pass (plan_runs) when the runs its updates reach whole
 * are at least this long (shorter ones: the passes cost less). With a reduction, the update
 * rows of the run this far ahead are prefetched. */
#define SKIP_MIN_RUN 256
#define RUNS_AHEAD 2
/* A mean's run plan divides its runs this many elements at a time. */
#define MEAN_PIECE 256
/* The longest output row a scatter stages in the cache (stage_bytes), and the pieces a
 * reduction's run plan stages its runs in (reduce_planned_runs); the stage is on the stack.
 * Staged rows are written once and not read again by the call: with streaming stores when the
 * output passes STAGE_STREAM_BYTES, where the CPU gains by them (scatter_elements_unique, 16 MB,
 * on Zen 3: 0.84-0.89x the time with them, 0.92-1.03x without, against copying data first; not
 * on Zen 5 and Intel, whose other outputs stream: tix__streaming_stages, cpu.c). */
#define STAGE_BYTES 8192
#define STAGE_STREAM_BYTES (4 * 1024 * 1024)
/* A staged row is copied into its stage STAGE_PART bytes at a time, each part after the
 * prefetches of the same part of the rows two ahead (of data, and of the output where it is
 * not streamed), not all of those first: on Zen 5, scatter_elements_unique 0.74-0.85x the time
 * at 1 thread and 0.85-0.93x at 2, in float64 0.65-0.76x, under add 0.78x, mean 0.73-0.87x
 * (in int8, whose rows are one part, 1.06-1.11x; float16 1.02-1.09x; parts of 512 bytes lost
 * there, 1.13-1.17x). */
#define STAGE_PART 1024
/* Gathers write outputs past this with streaming stores, where the CPU gains by them: the line
 * goes to memory unread, and the first level's few slots for misses in flight are left to the
 * reads (element panels then prefetch nothing of the output). On Zen 3, against ordinary stores
 * in the same process (bench/levels.c, stores=), 1 and 2 threads: gather_rows_small (16 MB)
 * 0.77-0.97x the time and 0.69-1.01x, gather_nd_pairs (32 MB) 0.79-0.91x and 0.82-0.90x,
 * gather_mid_axis (16 MB) 0.88-1.01x and 0.76-1.05x, gather_elements_last (16 MB) 0.92-0.95x
 * and 0.88-0.90x, gather_elements_first 1.00-1.05x and 0.88x; random rows of 256 bytes into
 * 5 MiB 0.73x (bench/row_stores.c). On Intel, rows shorter than 32 bytes lose by them and
 * store as usual (tix__streaming_rows, cpu.c). */
#define GATHER_STREAM_BYTES (4 * 1024 * 1024)
/* A scatter whose updates may all reach one element, with a reduction that groups exactly
 * (run_groups), reduces them in at most GROUPS groups, each into a private copy of the output:
 * the copies together at most GROUP_BYTES, and each group at least GROUP_UPDATES updates per
 * output element (a copy costs a fill and a fold per element). */
#define GROUPS 8
#define GROUP_BYTES (16 * 1024 * 1024)
#define GROUP_UPDATES 4
/* TIX_ACCUMULATE_CHUNKED: at most CHUNKS chunks, each of at least CHUNK_UPDATES updates per
 * output element. tix.h gives both, since they decide the results. */
#define CHUNKS 8
#define CHUNK_UPDATES 16
/* A mean counts its updates beside their sums (TIX__REDUCTION_TALLY), in one pass over them
 * instead of a second over its indices, where they are at least TALLY_UPDATES an output element
 * (the pairs cost two passes over the output and twice its bytes in the cache). 1-D float32,
 * uniform indices, against the second pass: 65,536 outputs 1.06x the time at 2 updates an
 * element, 0.77-0.81x at 4, 0.59x at 122; 262,144 outputs 1.29x at 2, 0.98-1.01x at 4, 0.93x
 * at 8; 4M outputs 0.97x at 4. */
#define TALLY_UPDATES 4
/* A pass placing exclude_self's identity that is one unit stops once every position holds it
 * (place_until_covered), where its updates are at least COVER_UPDATES a position and a bitmap of
 * the positions is at most COVER_BITMAP_BYTES; it gives up where more than 1/COVER_LEFT of them
 * are left after COVER_PROBE indices a position. */
#define COVER_BITMAP_BYTES (256 * 1024)
#define COVER_UPDATES 32
#define COVER_PROBE 4
#define COVER_LEFT 16
/* Rows that share their indices resolved together (their output stays in cache meanwhile)... */
#define SHARED_ROWS 32
/* ... and, since a panel resolves them once where a row is one chunk, handed to the executor
 * at least this many to a tile (gather_last_axis at 2 threads: 0.87-0.94x the time, against
 * tiles of 16 rows). */
#define SHARED_TILE_ROWS 128
/* Longest block a gather copies as a whole, fill included (the fill block is this long). */
#define FILL_BLOCK 4096
/* Element passes prefetch the rows TIX__ROWS_AHEAD ahead (internal.h) when a row spans at most
 * ROW_SPAN_MAX bytes. */
#define ROW_SPAN_MAX (16 * 1024)
/* ... in parts of this many bytes, each between pieces of a row before it rather than all at
 * its start: a burst of a 4 KiB row's 64 lines waits on the few misses a core holds, holding
 * up the loads of the row itself. */
#define PREFETCH_PIECE 512
/* The most bytes of indices, and of output, in a row of a gather's packed tile that the tile
 * kernel (tix__fused_tile_kernel) takes, prefetching each row's whole two rows ahead; and so the
 * widest tile block_for_cache gives a gather. On Emerald Rapids (bench/levels.c, tiles pinned),
 * gather_elements_first in tiles of 128 columns through the kernel took 0.84-0.89x the time of
 * 64, where at a limit of 512 bytes 128 had taken the general panel (1.04-1.11x of 64); with
 * int8 data 128 columns took 0.75-0.89x the time of 256, and 512 (4 KiB of indices a row,
 * through the kernel) 0.98-1.38x. Against that limit of 512 bytes (bench/ab.sh), 0.77-0.87x the
 * time at 1 and 2 threads, int8 data 0.72-0.83x, float16 0.84-0.96x. */
#define TILE_ROW_MAX 1024
/* A pass is blocked for the cache (block_for_cache) only where the rows that reach a block are
 * at least 1/GATHER_BLOCK_SHARE of its positions (gather), 1/SCATTER_BLOCK_SHARE (scatter, which
 * copies its block back too): fewer reach too little of it to pay for the copies. Along axis 0
 * of [1024, 4096] float32, blocked against not: gathers of 64, 128 and 1024 rows 1.27, 0.69
 * and 0.40x the time; scatter-adds of 128, 256 and 1024 rows 1.18, 0.76 and 0.58x, in place
 * 1.53, 0.82 and 0.59x (and 4 rows in place 30x). */
#define GATHER_BLOCK_SHARE 8
#define SCATTER_BLOCK_SHARE 4
/* Positions whose part of the indexed operand fits a tile whole are blocked all the same where
 * they lie a multiple of 4 KiB apart, too many for the one set of L1 they then share
 * (positions_alias), and the elements are of at most ALIASED_ELEMENT_MAX bytes: each element
 * read or updated at random among them would miss L1 (more often the more of them a line
 * holds). Their tiles are within ALIASED_BLOCK_BYTES, packed, so each fits L1. Along axis 0 of
 * [64, 4096] int8 (bench/outer_axis.c -R 64 -v int8), against the rows in place: the gather
 * 0.38-0.45x the time at 1 thread, 0.44x at 2; a scatter-add 0.39-0.41x and 0.26-0.29x; of
 * [128, 4096] int8 0.32-0.37x and 0.47x, 0.46-0.47x and 0.26-0.30x; of [64, 1024] float32
 * 0.62-0.73x and 0.56-0.80x, 0.84-0.97x and 0.87x. float64 gained at 2 threads but not at 1
 * ([32, 1024]: the scatter-add 1.00-1.31x the time, 0.56x at 2). Likewise a scatter's packed
 * tiles whose rows are a multiple of 4 KiB (a gather's are at most 1 KiB): scatter-add of
 * [64, 16384] int8, tiles of 4096 columns before, 0.49x the time at 1 thread, 0.45x at 2
 * (without reduction 0.62x); of [64, 8192] and [64, 4096] float32 0.86x and 0.80x. */
#define ALIASED_BLOCK_BYTES (16 * 1024)
#define ALIASED_ELEMENT_MAX 4
/* The ways and the sets of lines of the L1 cache positions_alias takes (Zen 3 and 4: 32 KiB,
 * 8 ways; larger caches with more ways alias later). */
#define L1_WAYS 8
#define L1_SETS 64

typedef enum pass_kind {
    PASS_GATHER,   /* direct <- indexed (components 0: a plain copy) */
    PASS_SCATTER,  /* indexed <- f(indexed, direct) */
    PASS_CONSTANT, /* indexed <- f(indexed, constant): the identity placed (exclude_self), or
                      one added to the counts (mean) */
    PASS_MEAN      /* direct <- direct / counts */
} pass_kind;

typedef struct pass {
    tix__loop loop;
    pass_kind kind;
    tix__tuples tuples;          /* index tuples -> offsets into the indexed operand */
    tix__row_fn row;             /* a run of one tuple: move, or reduce (scatter) */
    tix__gather_fn gather;       /* a tuple per element: gather */
    tix__fused_gather_fn fused;  /* ... resolving as it goes (one int32/int64 component) */
    bool elements_streaming;     /* gather, fused and fused_tile write a dense output with
                                    streaming stores */
    tix__scatter_fn scatter;     /* a tuple per element: scatter, or f(indexed, constant) */
    tix__fused_scatter_fn fused_scatter; /* ... resolving as it goes (one int32/int64 component) */
    tix__copy_rows_fn copy_rows; /* gathers of dense rows up to FILL_BLOCK bytes, else NULL */
    tix__fused_rows_fn fused_rows; /* ... of 4 to 128 bytes by short int32/int64 tuples, or NULL */
    tix__fused_tile_fn fused_tile; /* a packed tile's rows, resolving as they go, or NULL */
    tix__mean_fn mean;
    const char* constant;        /* the fill (gather), the constant (constant pass), or the
                                    identity (grouped scatter; chunked: the start of tix.h) */
    bool placing;                /* a constant pass placing exclude_self's identity (a position
                                    placed twice holds what it held after once) */
    int64_t self;                /* mean: 1 when data counts as an element */
    int64_t rows_per_unit;       /* rows in one unit of parallel work */
    int64_t row_span;            /* bytes of the indexed operand one row reaches, to prefetch */
    bool touch_rows;             /* ... or, a gather's, to read in order first (touches_rows) */
    bool planned;                /* plan_pass laid out the loop */
    int64_t pack_bytes;          /* a cache-blocked pass's scratch block (packed_panel), or 0 */
    char* counts;                /* ... a mean's: the call's int32 counts per output element
                                    (dense, as the output), where a panel without scratch counts */
    tix__loop narrower;          /* a cache-blocked pass whose tiles are of two widths: the
                                    narrower tiles, run after those of `loop` (rank 0: none) */
    size_t element;              /* bytes per element (gathers, grouped scatters; mean: of a
                                    count) */
    char* output;                /* a scatter's output (dense where `merge` or `data` is set) */
    tix__row_fn merge;           /* a scatter that may reduce its updates in groups
                                    (run_groups): folds a group's result into the output */
    int64_t output_elements;     /* ... over an output of this many elements, */
    int64_t chunks;              /* ... TIX_ACCUMULATE_CHUNKED: the groups it must take (at
                                    least 2), or 0, */
    char* copies;                /* ... with these copies of the output, */
    int64_t copy_count;          /* ... this many (at least 1) */
    const char* data;            /* a scatter's data, dense as `output`, where its staged rows or
                                    packed blocks come from (out of place), or NULL */
    int64_t stage_bytes;         /* a staged scatter (staged_panel): bytes of a row, or 0 */
    bool stage_streaming;        /* ... written back with streaming stores */
    tix__fused_scatter_fn stage_identity; /* ... or packed: exclude_self: places `constant`, the
                                             identity, where the row's updates go, first, or NULL */
    tix__fused_scatter_fn stage_count; /* ... mean: counts a row's updates in int32 beside its
                                          stage or block, which `mean` then divides, or NULL */
    atomic_bool unresolved;      /* a tuple resolved to nothing (set by any task) */
    const char* fill_block;      /* copy_rows: the fill element repeated over a row */
} pass;

/* Whether an output of `bytes` is written with streaming stores, past `threshold` bytes. */
static bool streams(int64_t bytes, int64_t threshold) {
    return bytes > threshold && tix__streaming();
}

/* base + offset, keeping NULL for an operand a pass does not use. */
static char* at(char* base, int64_t offset) {
    return base != NULL ? base + offset : NULL;
}

/* Records that some tuple resolved to nothing (ignored, or an error for a gather to report). */
static void note(const pass* p, bool resolved) {
    if (!resolved)
        atomic_store_explicit((atomic_bool*)&p->unresolved, true, memory_order_relaxed);
}

/* A tuple per row: m rows of n elements, row r using the tuple at indices + r * rs[INDICES]
 * (without indices, every row addresses the indexed operand at the row's own offset). */
static void block_panel(const pass* p, char* const* base, const int64_t* rs, const int64_t* es,
                        int64_t m, int64_t n) {
    char *direct = base[TIX__DIRECT], *indexed = base[TIX__INDEXED];
    int64_t xo[CHUNK];
    for (int64_t r0 = 0, c; r0 < m; r0 += c) {
        if (p->fused_rows != NULL) { /* the shortest loop, up to an index that is an error */
            r0 += p->fused_rows(direct + r0 * rs[TIX__DIRECT], rs[TIX__DIRECT],
                                indexed + r0 * rs[TIX__INDEXED], rs[TIX__INDEXED],
                                base[TIX__INDICES] + r0 * rs[TIX__INDICES], rs[TIX__INDICES],
                                m - r0, &p->tuples, p->fill_block);
            if (r0 == m) break;
        }
        c = m - r0 < CHUNK ? m - r0 : CHUNK;
        const char* indices = at(base[TIX__INDICES], r0 * rs[TIX__INDICES]);
        if (p->loop.components == 0) { /* no indices: every row addresses offset 0 */
            memset(xo, 0, sizeof xo);
        } else {
            note(p, tix__resolve_tuples(&p->tuples, indices, rs[TIX__INDICES], c, xo));
        }
        char* d = direct + r0 * rs[TIX__DIRECT];
        char* x = indexed + r0 * rs[TIX__INDEXED];
        if (p->kind == PASS_GATHER && p->copy_rows != NULL) {
            p->copy_rows(d, rs[TIX__DIRECT], x, rs[TIX__INDEXED], xo, c, p->fill_block,
                         (size_t)(n * es[TIX__DIRECT]));
            continue;
        }
        for (int64_t r = 0; r < c; r++, d += rs[TIX__DIRECT], x += rs[TIX__INDEXED]) {
            bool found = xo[r] != TIX__SKIP;
            if (p->kind == PASS_GATHER) {
                p->row(d, es[TIX__DIRECT], found ? x + xo[r] : p->constant,
                       found ? es[TIX__INDEXED] : 0, n);
            } else if (found && p->kind == PASS_SCATTER) {
                p->row(x + xo[r], es[TIX__INDEXED], d, es[TIX__DIRECT], n);
            } else if (found) { /* constant */
                p->row(x + xo[r], es[TIX__INDEXED], p->constant, 0, n);
            }
        }
    }
}

/* How element_panel prefetches a row ahead: in `parts` parts, each between pieces of a row before
 * it (a row's first chunk: `piece` elements a piece, one more in the first `longer`), part q
 * the bytes [q * part[k], (q + 1) * part[k]) of each operand[k]'s span, `ends[k]` bytes. A plan
 * of its own for the panel, so that a piece costs no division and no operand without a span. */
typedef struct prefetch_plan {
    int operands;                          /* operands with a span */
    int operand[TIX__OPERANDS];
    int64_t part[TIX__OPERANDS], ends[TIX__OPERANDS]; /* bytes, whole lines */
    int64_t parts, piece, longer;
} prefetch_plan;

/* The plan of a panel whose rows' first chunks are `first` elements: of each operand, the part
 * of the indexed operand a row reads at random (row_span), and rows of the others that do not
 * continue the row before them (a cache-blocked pass), which the hardware would not see coming;
 * nothing of rows that repeat the one before (stride 0), nor of an output the kernel writes with
 * streaming stores (`streamed`), which are not read. A part is PREFETCH_PIECE bytes of the
 * longest span, and there are at most as many as elements. */
static prefetch_plan plan_prefetch(const pass* p, const int64_t* rs, const int64_t* es, int64_t n,
                                   int64_t first, bool streamed, bool touched) {
    prefetch_plan plan = {.parts = 1};
    for (int o = 0; o < TIX__OPERANDS; o++) {
        bool apart = es[o] > 0 && rs[o] != 0 && rs[o] != n * es[o] && n <= ROW_SPAN_MAX / es[o];
        int64_t span = o != TIX__COUNTS && apart ? n * es[o] : 0;
        if (o == TIX__DIRECT && (p->kind == PASS_CONSTANT || streamed))
            span = 0; /* (a constant pass reads no updates; a streamed output is not read) */
        if (o == TIX__INDEXED)
            span = rs[o] != 0 && !touched ? p->row_span : 0;
        if (span == 0) /* (an operand a pass does not use has no base) */
            continue;
        int64_t lines = (span + TIX__CACHE_LINE - 1) / TIX__CACHE_LINE;
        plan.operand[plan.operands] = o;
        plan.ends[plan.operands++] = lines * TIX__CACHE_LINE;
        int64_t parts = (span + PREFETCH_PIECE - 1) / PREFETCH_PIECE;
        plan.parts = parts > plan.parts ? parts : plan.parts;
    }
    plan.parts = plan.parts < first ? plan.parts : first > 0 ? first : 1;
    for (int k = 0; k < plan.operands; k++) {
        int64_t lines = plan.ends[k] / TIX__CACHE_LINE;
        plan.part[k] = (lines + plan.parts - 1) / plan.parts * TIX__CACHE_LINE;
    }
    plan.piece = first / plan.parts;
    plan.longer = first % plan.parts;
    return plan;
}

/* `bytes` bytes (a multiple of size) at dst filled with the element at `element`: it, then
 * doubled, log2(bytes / size) copies, not one per element. */
static void fill_doubling(char* dst, const char* element, size_t size, int64_t bytes) {
    memcpy(dst, element, size);
    for (int64_t b = (int64_t)size; b < bytes; b *= 2) {
        int64_t more = b < bytes - b ? b : bytes - b;
        memcpy(dst + b, dst, (size_t)more);
    }
}

/* Prefetches the lines of `bytes` bytes from `at`. (The prefetching helpers are always inlined:
 * GCC counts a function whose only effects are prefetches as having none at all, and drops a
 * call to it that it does not inline; GCC 12 dropped every prefetch of element_panel so.) */
TIX__TEMPLATE void prefetch_span(const char* at, int64_t bytes) {
    for (int64_t b = 0; b < bytes; b += TIX__CACHE_LINE) TIX__PREFETCH(at + b);
}

/* Reads a byte of each line of `bytes` bytes from `at`, in order (touches_rows). */
TIX__TEMPLATE void touch_span(const char* at, int64_t bytes) {
    for (int64_t b = 0; b < bytes; b += TIX__CACHE_LINE) (void)*(const volatile char*)(at + b);
}

/* The same for lines about to be written. */
TIX__TEMPLATE void prefetch_span_for_write(char* at, int64_t bytes) {
    for (int64_t b = 0; b < bytes; b += TIX__CACHE_LINE) TIX__PREFETCH_WRITE(at + b);
}

/* Prefetches part q of row r of a panel, as `plan` says (nothing of a span shorter than q
 * parts: no address past it is formed). */
TIX__TEMPLATE void prefetch_part(char* const* base, const int64_t* rs, const prefetch_plan* plan,
                                 int64_t r, int64_t q) {
    for (int k = 0; k < plan->operands; k++) {
        int64_t from = q * plan->part[k], to = from + plan->part[k];
        if (from >= plan->ends[k])
            continue;
        to = to < plan->ends[k] ? to : plan->ends[k];
        prefetch_span(base[plan->operand[k]] + r * rs[plan->operand[k]] + from, to - from);
    }
}

/* Elements [i, i + count) of a row of an element panel, whose operands start at `row`, by the
 * pass's kernel: by their offsets at `xo` (`clean`: none of them TIX__SKIP), a gather's
 * prefetching the lines of *ahead as it goes, or, where xo is NULL, resolving their indices as
 * it goes (a fused kernel). */
static void element_piece(const pass* p, const tix__tuples* tuples, char* const* row,
                          const int64_t* es, int64_t i, int64_t count, const int64_t* xo,
                          bool clean, tix__ahead* ahead) {
    char* d = at(row[TIX__DIRECT], i * es[TIX__DIRECT]);
    char* x = row[TIX__INDEXED] + i * es[TIX__INDEXED];
    const char* indices = at(row[TIX__INDICES], i * es[TIX__INDICES]);
    bool constant = p->kind == PASS_CONSTANT;
    const char* src = constant ? p->constant : d; /* (a scatter's updates) */
    int64_t ss = constant ? 0 : es[TIX__DIRECT];
    if (p->kind == PASS_GATHER && xo == NULL) {
        note(p, p->fused(d, es[TIX__DIRECT], x, es[TIX__INDEXED], indices, es[TIX__INDICES], count,
                         tuples, p->constant));
    } else if (p->kind == PASS_GATHER) {
        p->gather(d, es[TIX__DIRECT], x, es[TIX__INDEXED], xo, count,
                  clean ? NULL : p->constant, ahead);
    } else if (xo == NULL) {
        note(p, p->fused_scatter(x, es[TIX__INDEXED], src, ss, indices, es[TIX__INDICES], count,
                                 tuples));
    } else {
        p->scatter(x, es[TIX__INDEXED], src, ss, xo, count);
    }
}

/* A tuple per element: m rows of n elements, element i of row r using the tuple at
 * indices + r * rs[INDICES] + i * es[INDICES]. Row by row, each resolved as it goes where the
 * pass has a fused kernel; but rows that share their indices (rs[INDICES] == 0) go in blocks, a
 * chunk of indices resolved once for the whole block, which visits a chunk of every row before
 * the next chunk: only where that order cannot show, in a gather, or where the rows address
 * different elements (rs[INDEXED] != 0). Where a row is one chunk, it is resolved once for all
 * the blocks. The row TIX__ROWS_AHEAD on is prefetched with each row's first chunk: where it is
 * the indexed operand's span alone, by a gather kernel along offsets as it goes (tix__ahead);
 * else in parts between pieces of the chunk. A fused gather instead reads each row's span in
 * order first where the pass says (touch_rows). A gather's streaming stores are fenced at the
 * end. */
static void element_panel(const pass* p, const tix__tuples* tuples, char* const* base,
                          const int64_t* rs, const int64_t* es, int64_t m, int64_t n) {
    int64_t xo[ROW_CHUNK];
    bool clean = true; /* (no offset in xo is TIX__SKIP) */
    bool shared = rs[TIX__INDICES] == 0 && m > 1 &&
                  (p->kind == PASS_GATHER || rs[TIX__INDEXED] != 0);
    bool fused = !shared && (p->kind == PASS_GATHER ? p->fused != NULL : p->fused_scatter != NULL);
    int64_t block = shared ? SHARED_ROWS : 1, chunk = fused ? n : ROW_CHUNK;
    bool streamed = p->kind == PASS_GATHER && p->elements_streaming;
    bool touched = p->touch_rows && fused;
    prefetch_plan plan = plan_prefetch(p, rs, es, n, n < chunk ? n : chunk, streamed, touched);
    bool handed = p->kind == PASS_GATHER && !fused && plan.operands == 1 &&
                  plan.operand[0] == TIX__INDEXED; /* (the row ahead, to the kernel) */
    for (int64_t r = 0; r < TIX__ROWS_AHEAD && r < m; r++) {
        for (int64_t q = 0; q < plan.parts; q++) prefetch_part(base, rs, &plan, r, q);
    }
    for (int64_t r0 = 0; r0 < m; r0 += block) {
        int64_t rows = m - r0 < block ? m - r0 : block;
        for (int64_t i0 = 0; i0 < n; i0 += chunk) {
            int64_t c = n - i0 < chunk ? n - i0 : chunk;
            for (int64_t r = r0; r < r0 + rows; r++) {
                /* shared: each chunk resolved once per block, or once per panel where a row
                 * is one chunk */
                if (!fused && (!shared || (r == r0 && (r0 == 0 || n > ROW_CHUNK)))) {
                    const char* indices =
                        base[TIX__INDICES] + r * rs[TIX__INDICES] + i0 * es[TIX__INDICES];
                    clean = tix__resolve_tuples(tuples, indices, es[TIX__INDICES], c, xo);
                    note(p, clean);
                }
                char* row[TIX__OPERANDS];
                for (int o = 0; o < TIX__OPERANDS; o++) row[o] = at(base[o], r * rs[o]);
                if (i0 == 0 && touched)
                    touch_span(row[TIX__INDEXED], p->row_span);
                bool ahead = i0 == 0 && r + TIX__ROWS_AHEAD < m; /* (then c is the first chunk) */
                tix__ahead next_row = {NULL, 0};
                if (ahead && handed) {
                    next_row.next = row[TIX__INDEXED] + TIX__ROWS_AHEAD * rs[TIX__INDEXED];
                    next_row.lines = plan.ends[0] / TIX__CACHE_LINE;
                }
                bool parted = ahead && !handed;
                int64_t pieces = parted ? plan.parts : 1;
                for (int64_t q = 0, a = 0; q < pieces; q++) {
                    int64_t b = parted ? a + plan.piece + (q < plan.longer) : c;
                    if (parted)
                        prefetch_part(base, rs, &plan, r + TIX__ROWS_AHEAD, q);
                    /* (a fused piece has no offsets, and may lie past those of a chunk) */
                    element_piece(p, tuples, row, es, i0 + a, b - a, fused ? NULL : xo + a,
                                  clean, &next_row);
                    a = b;
                }
            }
        }
    }
    if (streamed) tix__stream_fence();
}

/* A tile's updates applied to its block at base[INDEXED] (packed, or in place), which every
 * row of the tile reaches (rs[INDEXED] = 0) at positions `step` bytes apart: exclude_self's
 * identity placed where they go first, and a mean's sums divided after by their counts, int32
 * at `counts`, `count_step` bytes a position and dense along it (which the caller zeroed). */
static void block_updates(const pass* p, const tix__tuples* tuples, char* const* base,
                          const int64_t* rs, const int64_t* es, int64_t m, int64_t n,
                          int64_t step, char* counts, int64_t count_step) {
    const char* indices = base[TIX__INDICES];
    if (p->stage_identity != NULL) { /* (the same tuples as the updates: noted below) */
        for (int64_t r = 0; r < m; r++) {
            (void)p->stage_identity(base[TIX__INDEXED], es[TIX__INDEXED], p->constant, 0,
                                    indices + r * rs[TIX__INDICES], es[TIX__INDICES], n, tuples);
        }
    }
    element_panel(p, tuples, base, rs, es, m, n);
    if (p->stage_count == NULL)
        return;
    tix__tuples counting = *tuples; /* (the same positions, count_step apart) */
    counting.step = &count_step;
    static const int32_t one = 1;
    for (int64_t r = 0; r < m; r++) {
        (void)p->stage_count(counts, sizeof(int32_t), (const char*)&one, 0,
                             indices + r * rs[TIX__INDICES], es[TIX__INDICES], n, &counting);
    }
    for (int64_t position = 0; position < tuples->size[0]; position++) {
        p->mean(base[TIX__INDEXED] + position * step, es[TIX__INDEXED],
                counts + position * count_step, sizeof(int32_t), sizeof(int32_t), p->self, n);
    }
}

/* The most columns of a gather's packed tile that its tile kernel takes: TILE_ROW_MAX bytes of
 * `width`-byte indices and of `element`-byte output a row. */
static int64_t tile_kernel_columns(int64_t element, int64_t width) {
    return TILE_ROW_MAX / (width > element ? width : element);
}

/* A gather's packed tile: its rows by the pass's tile kernel, and a row that kernel stops at by
 * element_panel, by the general rules; all of them by element_panel where the tile's rows are
 * not dense, or (the kernel's bound; tix__tiles_of cuts a gather's tiles within it) a row's
 * indices or output are more than TILE_ROW_MAX bytes. */
static void tile_panel(const pass* p, const tix__tuples* packed, char* const* base,
                       const int64_t* rs, const int64_t* es, int64_t m, int64_t n) {
    int64_t width = (int64_t)tix_dtype_size(packed->rule.dtype), size = (int64_t)p->element;
    if (p->fused_tile == NULL || es[TIX__DIRECT] != size || es[TIX__INDICES] != width ||
        n > tile_kernel_columns(size, width)) {
        element_panel(p, packed, base, rs, es, m, n);
        return;
    }
    for (int64_t r = 0; r < m; r++) {
        r += p->fused_tile(base[TIX__DIRECT] + r * rs[TIX__DIRECT], rs[TIX__DIRECT],
                           base[TIX__INDEXED], base[TIX__INDICES] + r * rs[TIX__INDICES],
                           rs[TIX__INDICES], m - r, n, packed);
        if (r == m)
            break;
        char* row[TIX__OPERANDS];
        for (int o = 0; o < TIX__OPERANDS; o++) row[o] = at(base[o], r * rs[o]);
        element_panel(p, packed, row, rs, es, 1, n);
    }
    if (p->elements_streaming) tix__stream_fence();
}

/* A cache-blocked panel: every row of one tile, all reaching the same block of the indexed
 * operand (rs[INDEXED] = 0): positions [0, size) of the indexed dimension, n elements each,
 * strided by step and es[INDEXED], often a page apart. Copied into a dense scratch block first,
 * the block spans a few pages instead of one per position, and the accesses that follow jump
 * within it (gather_elements_first: 8.9 ms against 20.6 ms, in a separate test); a scatter's
 * block is copied back after its updates (and copied from data, out of place, where data was not
 * copied into the output first: packs_whole), exclude_self's identity placed and a mean's
 * counts kept in the scratch too (block_updates). Without memory for the scratch, the panel
 * works in place, a mean counting in the call's counts per output element. */
static void packed_panel(const pass* p, char** base, const int64_t* rs, int64_t* es, int64_t m,
                         int64_t n) {
    int64_t size = p->tuples.size[0], step = p->tuples.step[0], row = n * (int64_t)p->element;
    char* block = base[TIX__INDEXED];
    const char* from = p->data != NULL ? p->data + (block - p->output) : block;
    int64_t block_stride = es[TIX__INDEXED];
    tix__row_fn move = tix__move_kernel(p->element);
    int64_t count_row = n * (int64_t)sizeof(int32_t), count_bytes = 0;
    if (p->stage_count != NULL)
        count_bytes = size * count_row;
    char* scratch = malloc((size_t)(p->pack_bytes + count_bytes));
    if (scratch == NULL) {
        if (from != block) {
            for (int64_t position = 0; position < size; position++)
                move(block + position * step, block_stride, from + position * step, block_stride,
                     n);
        }
        /* (a mean's output is dense: its counts lie as its elements do, an int32 for each) */
        int64_t element = (int64_t)p->element, to_counts = (int64_t)sizeof(int32_t);
        char* counts = p->stage_count != NULL
                           ? p->counts + (block - p->output) / element * to_counts
                           : NULL;
        block_updates(p, &p->tuples, base, rs, es, m, n, step, counts, step / element * to_counts);
        return;
    }
    /* the positions lie a page or more apart, where the hardware does not look ahead: each is
     * prefetched TIX__ROWS_AHEAD ahead (gather_elements_first: 0.92-0.95x the time at 1 thread,
     * 0.95-0.99x at 2, against none) */
    int64_t span = block_stride > 0 && n <= ROW_SPAN_MAX / block_stride ? n * block_stride : 0;
    for (int64_t position = 0; position < size; position++) {
        if (position + TIX__ROWS_AHEAD < size)
            prefetch_span(from + (position + TIX__ROWS_AHEAD) * step, span);
        move(scratch + position * row, (int64_t)p->element, from + position * step, block_stride,
             n);
    }
    tix__tuples packed = p->tuples;
    packed.step = &row;
    base[TIX__INDEXED] = scratch;
    es[TIX__INDEXED] = (int64_t)p->element;
    char* counts = scratch + p->pack_bytes;
    memset(counts, 0, (size_t)count_bytes);
    if (p->kind == PASS_SCATTER) {
        block_updates(p, &packed, base, rs, es, m, n, row, counts, count_row);
        for (int64_t position = 0; position < size; position++)
            move(block + position * step, block_stride, scratch + position * row,
                 (int64_t)p->element, n);
    } else {
        tile_panel(p, &packed, base, rs, es, m, n);
    }
    free(scratch);
}

/* A staged scatter's panel: each row of the output is copied from data into a stage in L1, its
 * row of updates applied there (in order), and the stage written out once; see stage_bytes. The
 * rows two ahead are prefetched in parts as it is copied (STAGE_PART), of data to read and of
 * the output to write. */
static void staged_panel(const pass* p, char* const* base, const int64_t* rs, const int64_t* es,
                         int64_t m, int64_t n) {
    _Alignas(64) char stage[STAGE_BYTES];
    _Alignas(64) int32_t counts[STAGE_BYTES / sizeof(int32_t)]; /* mean (stage_counts) */
    size_t bytes = (size_t)p->stage_bytes;
    int64_t elements = (int64_t)bytes / (int64_t)p->element, count_step = sizeof(int32_t);
    tix__tuples counting = p->tuples; /* (the same positions, int32 apart) */
    counting.step = &count_step;
    static const int32_t one = 1;
    for (int64_t r = 0; r < m; r++) {
        char* row = base[TIX__INDEXED] + r * rs[TIX__INDEXED];
        const char* from = p->data + (row - p->output);
        bool ahead = r + TIX__ROWS_AHEAD < m; /* (the rows of a panel follow one another) */
        int64_t to_ahead = TIX__ROWS_AHEAD * rs[TIX__INDEXED];
        for (size_t b = 0; b < bytes; b += STAGE_PART) {
            size_t part = bytes - b < STAGE_PART ? bytes - b : STAGE_PART;
            if (ahead) {
                prefetch_span(from + to_ahead + b, (int64_t)part);
                /* the output row too, where ordinary stores would each wait for their line
                 * (scatter_elements_unique: 0.87x the time at 1 thread, 0.88-0.95x at 2) */
                if (!p->stage_streaming)
                    prefetch_span_for_write(row + to_ahead + b, (int64_t)part);
            }
            memcpy(stage + b, from + b, part);
        }
        const char* indices = base[TIX__INDICES] + r * rs[TIX__INDICES];
        if (p->stage_identity != NULL) /* (the same tuples as the updates: noted below) */
            (void)p->stage_identity(stage, 0, p->constant, 0, indices, es[TIX__INDICES], n,
                                    &p->tuples);
        note(p, p->fused_scatter(stage, 0, base[TIX__DIRECT] + r * rs[TIX__DIRECT],
                                 es[TIX__DIRECT], indices, es[TIX__INDICES], n, &p->tuples));
        if (p->stage_count != NULL) { /* mean: the row's sums become its means in the stage */
            memset(counts, 0, (size_t)elements * sizeof(int32_t));
            (void)p->stage_count((char*)counts, 0, (const char*)&one, 0, indices,
                                 es[TIX__INDICES], n, &counting);
            p->mean(stage, (int64_t)p->element, (const char*)counts, count_step,
                    sizeof(int32_t), p->self, elements);
        }
        tix__copy_block(row, stage, bytes, p->stage_streaming);
    }
    if (p->stage_streaming) tix__stream_fence();
}

/* m rows of n elements of the innermost dimension (n: all of it, or a part for run_span), the
 * first at `offset`, the next ones along the dimension before it. */
static void run_panel(const pass* p, char* const* bases, const int64_t* offset, int64_t m,
                      int64_t n) {
    const tix__loop* loop = &p->loop;
    int32_t inner = loop->rank - 1, outer = loop->rank - 2;
    int64_t rs[TIX__OPERANDS], es[TIX__OPERANDS];
    char* base[TIX__OPERANDS];
    for (int o = 0; o < TIX__OPERANDS; o++) {
        rs[o] = outer >= 0 ? loop->stride[o][outer] : 0;
        es[o] = loop->stride[o][inner];
        base[o] = at(bases[o], offset[o]);
    }
    if (p->kind == PASS_MEAN) {
        for (int64_t r = 0; r < m; r++) {
            p->mean(base[TIX__DIRECT] + r * rs[TIX__DIRECT], es[TIX__DIRECT],
                    base[TIX__COUNTS] + r * rs[TIX__COUNTS], es[TIX__COUNTS], p->element,
                    p->self, n);
        }
    } else if (loop->components == 0 || es[TIX__INDICES] == 0) {
        block_panel(p, base, rs, es, m, n);
    } else if (p->pack_bytes > 0) {
        packed_panel(p, base, rs, es, m, n);
    } else if (p->stage_bytes > 0) {
        staged_panel(p, base, rs, es, m, n);
    } else {
        element_panel(p, &p->tuples, base, rs, es, m, n);
    }
}

/* The coordinates of row `row` of a loop (all dimensions but the innermost) and the byte
 * offsets of its start in each operand. */
static void locate_row(const tix__loop* loop, int64_t row, int64_t* coord, int64_t* offset) {
    for (int o = 0; o < TIX__OPERANDS; o++)
        offset[o] = 0;
    for (int32_t d = loop->rank - 2; d >= 0; d--) {
        coord[d] = row % loop->shape[d];
        row /= loop->shape[d];
        for (int o = 0; o < TIX__OPERANDS; o++)
            offset[o] += coord[d] * loop->stride[o][d];
    }
}

/* Rows [begin, begin + count) in row-major order, a panel at a time, with the operands at
 * `bases` (the loop's own, or a grouped scatter's private output). */
static void run_rows(const pass* p, char* const* bases, int64_t begin, int64_t count) {
    const tix__loop* loop = &p->loop;
    int32_t outer = loop->rank - 2; /* the dimension panels run along, or -1 */
    int64_t coord[TIX_MAX_RANK], offset[TIX__OPERANDS];
    locate_row(loop, begin, coord, offset);
    while (count > 0) {
        int64_t m = outer < 0 ? 1 : loop->shape[outer] - coord[outer];
        if (m > count)
            m = count;
        run_panel(p, bases, offset, m, loop->shape[loop->rank - 1]);
        count -= m;
        if (outer < 0)
            break;
        /* advance m rows: along `outer`, then carry into the dimensions before it */
        for (int o = 0; o < TIX__OPERANDS; o++)
            offset[o] += m * loop->stride[o][outer];
        coord[outer] += m;
        for (int32_t d = outer; d >= 0 && coord[d] == loop->shape[d]; d--) {
            for (int o = 0; o < TIX__OPERANDS; o++) {
                offset[o] -= loop->shape[d] * loop->stride[o][d];
            }
            coord[d] = 0;
            if (d == 0)
                break;
            for (int o = 0; o < TIX__OPERANDS; o++)
                offset[o] += loop->stride[o][d - 1];
            coord[d - 1]++;
        }
    }
}

/* Elements [begin, begin + count) of the loop in row-major order, which may start or end inside
 * a row (the groups of run_groups are cut by elements, not rows). */
static void run_span(const pass* p, char* const* bases, int64_t begin, int64_t count) {
    const tix__loop* loop = &p->loop;
    int32_t inner = loop->rank - 1;
    int64_t n = loop->shape[inner], row = begin / n, from = begin % n;
    while (count > 0) {
        if (from == 0 && count >= n) { /* whole rows */
            run_rows(p, bases, row, count / n);
            row += count / n;
            count %= n;
            continue;
        }
        int64_t part = n - from < count ? n - from : count;
        int64_t coord[TIX_MAX_RANK], offset[TIX__OPERANDS];
        locate_row(loop, row, coord, offset);
        for (int o = 0; o < TIX__OPERANDS; o++)
            offset[o] += from * loop->stride[o][inner];
        run_panel(p, bases, offset, 1, part);
        count -= part;
        row++;
        from = 0;
    }
}

/* The executor's task: units [begin, begin + count) of rows_per_unit rows each. */
static void run_units(void* context, size_t begin, size_t count) {
    const pass* p = context;
    run_rows(p, p->loop.base, (int64_t)begin * p->rows_per_unit,
             (int64_t)count * p->rows_per_unit);
}

static int64_t product(const tix__loop* loop, int32_t from, int32_t to) {
    int64_t n = 1;
    for (int32_t d = from; d < to; d++)
        n *= loop->shape[d];
    return n;
}

/* The largest divisor of n that is at most `limit` and leaves parts of at least `least`. */
static int64_t divisor(int64_t n, int64_t limit, int64_t least) {
    for (int64_t k = limit < n ? limit : n; k > 1; k--) {
        if (n % k == 0 && n / k >= least)
            return k;
    }
    return 1;
}

/* Whether block_for_cache packs a tile whose `rows` positions are `tile_bytes` each: where its
 * part of the indexed operand is at most twice the budget. */
static bool packs_tile(int64_t rows, int64_t tile_bytes, int64_t budget) {
    return rows <= 2 * budget / tile_bytes;
}

/* Whether `rows` positions `step` bytes apart take one set of L1, at least twice the lines it
 * holds, and their elements are of at most ALIASED_ELEMENT_MAX bytes: the set of a line is its
 * address over a line, modulo L1_SETS, the same for positions a multiple of 4 KiB apart.
 * (Fewer rows, or closer ones, which spread over more sets, measured no faster blocked: along
 * axis 0 of [9, 1024] float32 1.14-1.18x the time; 2 KiB apart, [64, 2048] int8 0.82-0.85x,
 * [64, 512] float32 1.07-1.22x; 1 KiB apart, [200, 256] float32 1.33-1.63x.) */
static bool positions_alias(int64_t step, int64_t rows, int64_t element) {
    return element <= ALIASED_ELEMENT_MAX && step != 0 && step % (TIX__CACHE_LINE * L1_SETS) == 0 &&
           rows >= 2 * L1_WAYS;
}

/* The bytes of a row of the widest of `tiles` of a row of n elements. */
static int64_t widest_tile(int64_t n, tix__tiles tiles, int64_t element) {
    return (n + tiles.parts - 1) / tiles.parts * element;
}

tix__tiles tix__tiles_of(int64_t n, int64_t rows, int64_t element, int64_t width, bool gather,
                         int64_t budget) {
    int64_t tile = rows <= budget / element ? budget / (rows * element) : 0;
    int64_t most = tile_kernel_columns(element, width);
    if (gather && tile > most)
        tile = most;
    int64_t line = (TIX__CACHE_LINE + element - 1) / element;
    if (tile < line)
        tile = line;
    int64_t parts = (n + tile - 1) / tile;
    if (parts > n / line) /* (no tile narrower than a line) */
        parts = n / line > 1 ? n / line : 1;
    return (tix__tiles){.parts = parts, .wider = n % parts};
}

/* Cuts the innermost dimension of `loop` into `parts` tiles and runs them outermost of the
 * panel's rows. */
static void cut_tiles(tix__loop* loop, int64_t parts) {
    int32_t inner = loop->rank - 1;
    tix__loop_split(loop, inner, parts);
    tix__loop_move(loop, inner, inner - 1);
}

/* A gather taking one element per tuple from rows it jumps between (the dimension before the
 * innermost picks data rows), or a scatter putting one into rows it jumps between: cut the
 * innermost dimension into tiles (tix__tiles_of) and run the tiles outermost, so that the
 * part of the indexed operand a tile reaches stays below tix__block_bytes (a quarter of the L2
 * cache a core has) and a gather's rows go through its tile kernel, where enough rows reach it
 * (GATHER_BLOCK_SHARE); each tile's part is packed (packed_panel) when it is at most twice
 * that. A part that fits one tile whole needs none, unless its positions alias in L1, as may
 * the rows of a packed tile (positions_alias): then tiles within ALIASED_BLOCK_BYTES, packed.
 * A panel is then one whole tile. Where the row divides into no tiles of one width, they are
 * of two, a column apart, the narrower in a loop of their own (p->narrower): a prime row would
 * otherwise go untiled (along axis 0 of [1024, 4099] float32, 2.8x the time of an element of
 * [1024, 4096]). Every element of a scatter's output lies in one tile, where its updates still
 * come in row-major order; but the chunks of TIX_ACCUMULATE_CHUNKED are cut in the loop's
 * order, so those scatters keep it. */
static void block_for_cache(pass* p) {
    tix__loop* loop = &p->loop;
    p->narrower.rank = 0;
    int32_t inner = loop->rank - 1, outer = inner - 1;
    bool blocks = p->kind == PASS_GATHER || (p->kind == PASS_SCATTER && p->chunks == 0);
    if (!blocks || loop->components != 1 || outer < 0 ||
        loop->rank >= TIX_MAX_RANK || loop->stride[TIX__INDICES][inner] == 0 ||
        loop->stride[TIX__INDEXED][outer] != 0 || loop->stride[TIX__INDEXED][inner] == 0) {
        return;
    }
    /* (products of sizes of different tensors: divided, never multiplied, to stay in range) */
    int64_t element = (int64_t)p->element, rows = loop->size[0], n = loop->shape[inner];
    int64_t bytes = tix__block_bytes();
    int64_t share = p->kind == PASS_GATHER ? GATHER_BLOCK_SHARE : SCATTER_BLOCK_SHARE;
    if (n == 0 || loop->shape[outer] < rows / share)
        return;
    int64_t width = (int64_t)tix_dtype_size(p->tuples.rule.dtype);
    bool gather = p->kind == PASS_GATHER, whole = packs_tile(rows, n * element, bytes);
    tix__tiles tiles = tix__tiles_of(n, rows, element, width, gather, bytes);
    int64_t tile_bytes = widest_tile(n, tiles, element);
    /* read in place (a part that fits one tile) or packed (a tile's rows), the positions' lines
     * at a column would take one set of L1: tiles that fit it instead, where they pack */
    if (positions_alias(whole ? p->tuples.step[0] : tile_bytes, rows, element)) {
        tix__tiles fit = tix__tiles_of(n, rows, element, width, gather, ALIASED_BLOCK_BYTES);
        int64_t fit_bytes = widest_tile(n, fit, element);
        if (packs_tile(rows, fit_bytes, ALIASED_BLOCK_BYTES)) {
            tiles = fit, tile_bytes = fit_bytes, bytes = ALIASED_BLOCK_BYTES;
            whole = false;
        }
    }
    if (whole || tiles.parts == 1)
        return; /* (a part that fits one tile: none needed) */
    int64_t narrow = n / tiles.parts, wide = tiles.wider * (narrow + 1);
    if (tiles.wider > 0) { /* the narrower tiles: a loop of their own, after the wider */
        p->narrower = *loop;
        p->narrower.shape[inner] = n - wide;
        for (int o = 0; o < TIX__OPERANDS; o++)
            p->narrower.base[o] = at(loop->base[o], wide * loop->stride[o][inner]);
        cut_tiles(&p->narrower, tiles.parts - tiles.wider);
        loop->shape[inner] = wide;
    }
    cut_tiles(loop, tiles.wider > 0 ? tiles.wider : tiles.parts);
    p->pack_bytes = packs_tile(rows, tile_bytes, bytes) ? rows * tile_bytes : 0;
}

/* The bytes of the indexed operand that one row of a tuple-per-element pass can reach, when its
 * single component alone moves along the row and they are few enough to prefetch; else 0. */
static int64_t row_span(const pass* p) {
    const tix__loop* loop = &p->loop;
    int32_t inner = loop->rank - 1;
    if (loop->components != 1 || loop->stride[TIX__INDICES][inner] == 0 ||
        loop->stride[TIX__INDEXED][inner] != 0) {
        return 0;
    }
    int64_t step = p->tuples.step[0], size = p->tuples.size[0];
    return step > 0 && size <= ROW_SPAN_MAX / step ? size * step : 0;
}

/* Whether a gather reads the span of each row (row_span) in order before its elements, a line
 * at a time: where the span is the row's elements, dense, with no more lines than the row takes
 * elements, and the kernel resolves the row's indices as it goes (element_panel: the others
 * prefetch the row ahead as they go). Demand loads in order keep as many misses in flight as a
 * core holds and show the hardware's prefetchers the rows as one stream; the elements then come
 * from L1. (On Zen 5, rows sharing their indices took 0.75-0.81x the time with their kernel
 * prefetching the row two on instead: gather_last_axis, 2026-12-03.) */
static bool touches_rows(const pass* p) {
    int64_t lines = p->row_span / TIX__CACHE_LINE;
    return p->kind == PASS_GATHER && p->row_span > 0 && p->tuples.step[0] == (int64_t)p->element &&
           lines <= p->loop.shape[p->loop.rank - 1];
}

/* A scatter in parallel: keep the dimensions that walk index positions (output stride 0) after
 * all that do not, and hand out only those before them, so that one task owns every update of an
 * element. Sets rows_per_unit and returns the number of units. */
static int64_t own_destinations(pass* p) {
    tix__loop* loop = &p->loop;
    int32_t rank = loop->rank, first = -1, last = -1;
    for (int32_t d = 0; d < rank; d++) {
        if (loop->stride[TIX__INDEXED][d] == 0) {
            if (first < 0)
                first = d;
            last = d;
        }
    }
    if (first < 0) { /* each element has at most one update */
        p->rows_per_unit = 1;
        return tix__loop_rows(loop);
    }
    if (last < rank - 1) { /* slice dimensions after the index ones */
        for (int32_t d = last + 1; d < rank - 1; d++)
            tix__loop_move(loop, d, first++);
        last = rank - 2;
        int64_t units = product(loop, 0, first);
        int64_t n = loop->shape[rank - 1], element = loop->stride[TIX__DIRECT][rank - 1];
        element = element < 0 ? -element : element;
        int64_t least = element > 0 ? 4096 / element : 1; /* keep rows of at least 4 KiB */
        int64_t parts = units >= 64 || rank >= TIX_MAX_RANK ? 1 : divisor(n, 64 / units, least);
        if (parts > 1) {
            tix__loop_split(loop, rank - 1, parts);
            tix__loop_move(loop, rank - 1, first++);
        }
    }
    int32_t inner = loop->rank - 1;
    p->rows_per_unit = product(loop, first, inner);
    return product(loop, 0, first);
}

/* A scatter in groups: its updates, in row-major order, are cut into `groups` runs of
 * elements; run 0 is applied to the output itself, every other run reduced into a copy of the
 * output that starts at p->constant, and the copies are folded into the output in group order
 * (p->merge). Two cases take it: a reduction that gives the same bits however its updates are
 * grouped (tix__merge_kernel) where own_destinations leaves one unit (every update may address
 * any element), and TIX_ACCUMULATE_CHUNKED, whose chunks are such groups by definition (tix.h).
 * With fewer copies than groups after the first, the groups go in waves of as many as there
 * are copies, each wave folded in before the next. */
typedef struct grouped {
    const pass* p;
    char* copies;    /* copies of the output, `bytes` each */
    int64_t bytes;
    int64_t updates; /* elements of the loop */
    int64_t groups;
    int64_t first;   /* the wave: groups [first, first + wave) into copies [0, wave) */
    int64_t wave;
} grouped;

/* The first element of group k (the first updates % groups groups have one more). */
static int64_t group_start(const grouped* g, int64_t k) {
    int64_t share = g->updates / g->groups, extra = g->updates % g->groups;
    return k * share + (k < extra ? k : extra);
}

/* The executor's task: tasks [begin, begin + count) of a wave. Task t < wave is group first + t
 * into copy t; in the first wave, task `wave` is group 0, on the output itself. */
static void reduce_groups(void* context, size_t begin, size_t count) {
    const grouped* g = context;
    const pass* p = g->p;
    for (int64_t t = (int64_t)begin; t < (int64_t)(begin + count); t++) {
        int64_t k = t < g->wave ? g->first + t : 0;
        char* bases[TIX__OPERANDS];
        memcpy(bases, p->loop.base, sizeof bases);
        if (k > 0) {
            char* copy = g->copies + t * g->bytes;
            tix__move_kernel(p->element)(copy, (int64_t)p->element, p->constant, 0,
                                         p->output_elements);
            bases[TIX__INDEXED] = copy + (p->loop.base[TIX__INDEXED] - p->output);
        }
        run_span(p, bases, group_start(g, k), group_start(g, k + 1) - group_start(g, k));
    }
}

/* The executor's task: output elements [begin, begin + count), the wave's copies folded in. */
static void fold_groups(void* context, size_t begin, size_t count) {
    const grouped* g = context;
    const pass* p = g->p;
    int64_t size = (int64_t)p->element, at = (int64_t)begin * size;
    for (int64_t t = 0; t < g->wave; t++)
        p->merge(p->output + at, size, g->copies + t * g->bytes + at, size, (int64_t)count);
}

/* Runs the scatter in `groups` groups with `count` (at least 1) copies of the output at
 * `copies`; on the calling thread when executor is NULL. */
static void run_groups(const pass* p, const tix_executor* executor, int64_t groups, char* copies,
                       int64_t count) {
    int64_t n = p->output_elements;
    grouped g = {.p = p,
                 .copies = copies,
                 .bytes = n * (int64_t)p->element,
                 .updates = tix__loop_rows(&p->loop) * p->loop.shape[p->loop.rank - 1],
                 .groups = groups};
    for (g.first = 1; g.first < groups; g.first += g.wave) {
        g.wave = groups - g.first < count ? groups - g.first : count;
        size_t tasks = (size_t)g.wave + (g.first == 1 ? 1 : 0);
        if (executor != NULL) {
            executor->parallel_for(executor->pool, reduce_groups, &g, tasks, 1);
        } else {
            reduce_groups(&g, 0, tasks);
        }
        if (executor != NULL && n >= PARALLEL_MIN_ELEMENTS) {
            executor->parallel_for(executor->pool, fold_groups, &g, (size_t)n, TILE_ELEMENTS);
        } else {
            fold_groups(&g, 0, (size_t)n);
        }
    }
}

/* A scatter left one unit whose reduction groups exactly: runs it in groups where its sizes
 * make that pay and memory allows; else returns false and leaves the pass to run on one thread
 * (the same bits). */
static bool group_exactly(const pass* p, const tix_executor* executor) {
    int64_t n = p->output_elements, bytes = n * (int64_t)p->element;
    int64_t updates = tix__loop_rows(&p->loop) * p->loop.shape[p->loop.rank - 1];
    int64_t groups = GROUPS;
    if (groups > GROUP_BYTES / bytes + 1) /* (group 0 needs no copy) */
        groups = GROUP_BYTES / bytes + 1;
    if (groups > updates / n / GROUP_UPDATES)
        groups = updates / n / GROUP_UPDATES;
    char* copies = groups >= 2 ? malloc((size_t)((groups - 1) * bytes)) : NULL;
    if (copies == NULL)
        return false;
    run_groups(p, executor, groups, copies, groups - 1);
    free(copies);
    return true;
}

/* n indices of place_until_covered, int64 or int32 by `width` (a constant at each use): places
 * the identity at each position not placed before, until none is left. Returns how many
 * indices it went through. */
TIX__TEMPLATE int64_t place_new(const pass* p, char* dst, const char* indices, int64_t is,
                                int64_t n, size_t width, uint64_t* placed, int64_t* left) {
    const tix__tuples* t = &p->tuples;
    uint64_t bound = (uint64_t)t->size[0];
    uint64_t add = t->rule.negative == TIX_NEGATIVE_WRAP ? bound : 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t v = tix__load_index(indices + i * is, width);
        uint64_t position = (uint64_t)v + (v < 0 ? add : 0);
        if (position >= bound) { /* the general rules (ignored: placed nowhere) */
            int64_t resolved = tix__resolve_index(indices + i * is, (int64_t)bound, &t->rule);
            if (resolved < 0)
                continue;
            position = (uint64_t)resolved;
        }
        uint64_t bit = UINT64_C(1) << (position % 64);
        if (placed[position / 64] & bit)
            continue;
        placed[position / 64] |= bit;
        p->row(dst + (int64_t)position * t->step[0], 0, p->constant, 0, 1);
        if (--*left == 0)
            return i + 1;
    }
    return n;
}

/* A pass placing exclude_self's identity whose every index may reach any position (the
 * indexed operand does not move along the loop: one unit, such as a scatter_elements into a 1-D
 * output), with many updates to each position: placing it again where it was placed changes
 * nothing, so the pass can stop once every position holds it, which a bitmap of the positions
 * placed tells (scatter_elements_add_dup's shape: every one of its 65,536 positions after about
 * 730,000 of the 8M indices). Its loop costs more an index than the pass's own, so where the
 * indices leave more than 1/COVER_LEFT of the positions after COVER_PROBE of them a position,
 * it gives up (the pass's own loop does the rest). Returns how many of the loop's elements it
 * went through: all once every position holds the identity, 0 where it does not apply or the
 * bitmap's memory is not there. Indices it skips are the scatter's too, which notes them. */
static int64_t place_until_covered(const pass* p) {
    const tix__loop* loop = &p->loop;
    if (!p->placing || p->fused_scatter == NULL || loop->components != 1)
        return 0;
    for (int32_t d = 0; d < loop->rank; d++) {
        if (loop->stride[TIX__INDEXED][d] != 0)
            return 0;
    }
    int32_t inner = loop->rank - 1;
    int64_t bound = p->tuples.size[0], rows = tix__loop_rows(loop), n = loop->shape[inner];
    if (bound <= 0 || bound > COVER_BITMAP_BYTES * 8 || rows > INT64_MAX / n ||
        rows * n / COVER_UPDATES < bound) {
        return 0;
    }
    uint64_t* placed = calloc((size_t)(bound + 63) / 64, sizeof(uint64_t));
    if (placed == NULL)
        return 0;
    int64_t left = bound, done = 0, probe = COVER_PROBE * bound;
    int64_t is = loop->stride[TIX__INDICES][inner];
    bool wide = p->tuples.rule.dtype == TIX_DTYPE_INT64;
    int64_t coord[TIX_MAX_RANK], offset[TIX__OPERANDS];
    for (int64_t r = 0; r < rows && left > 0; r++) {
        locate_row(loop, r, coord, offset);
        const char* indices = loop->base[TIX__INDICES] + offset[TIX__INDICES];
        for (int64_t i = 0; i < n && left > 0;) {
            int64_t piece = done < probe && probe - done < n - i ? probe - done : n - i;
            int64_t went =
                wide ? place_new(p, loop->base[TIX__INDEXED], indices + i * is, is, piece, 8,
                                 placed, &left)
                     : place_new(p, loop->base[TIX__INDEXED], indices + i * is, is, piece, 4,
                                 placed, &left);
            done += went;
            i += went;
            if (done == probe && left > bound / COVER_LEFT) { /* not soon, if ever */
                free(placed);
                return done;
            }
        }
    }
    free(placed);
    return rows * n;
}

/* Folds the loop and lays it out for the cache: what run does first, unless done before (a
 * scatter that packs its tiles from data plans before it decides that data needs no copy). */
static void plan_pass(pass* p) {
    tix__loop_fold(&p->loop);
    block_for_cache(p);
    p->row_span = row_span(p);
    p->touch_rows = touches_rows(p);
    p->planned = true;
}

/* Runs every row of the pass's loop: through the executor when there is one and the work is
 * worth it, with the units a scatter may split into (or its groups). */
static void run_loop(pass* p, const tix_executor* executor) {
    int64_t rows = tix__loop_rows(&p->loop);
    if (rows == 0)
        return;
    int64_t elements = rows * p->loop.shape[p->loop.rank - 1];
    int64_t placed = place_until_covered(p); /* (of a pass that is one unit: serial) */
    if (placed > 0) {
        if (placed < elements)
            run_span(p, p->loop.base, placed, elements - placed);
        return;
    }
    if (elements < PARALLEL_MIN_ELEMENTS)
        executor = NULL;
    if (p->chunks > 0) { /* TIX_ACCUMULATE_CHUNKED: the groups are set by the shapes */
        run_groups(p, executor, p->chunks, p->copies, p->copy_count);
        return;
    }
    if (executor == NULL) {
        run_rows(p, p->loop.base, 0, rows);
        return;
    }
    p->rows_per_unit = p->pack_bytes > 0 ? p->loop.shape[p->loop.rank - 2] : 1; /* whole tiles */
    int32_t inner = p->loop.rank - 1;
    if (rows < 64 && p->kind != PASS_SCATTER && p->kind != PASS_CONSTANT && p->pack_bytes == 0 &&
        p->loop.rank < TIX_MAX_RANK) { /* few long rows (a dense copy): cut them up */
        int64_t parts = divisor(p->loop.shape[inner], 64 / rows, TILE_ELEMENTS);
        if (parts > 1) {
            tix__loop_split(&p->loop, inner, parts);
            rows *= parts;
        }
    }
    int64_t units = rows / p->rows_per_unit;
    if (p->kind == PASS_SCATTER || p->kind == PASS_CONSTANT)
        units = own_destinations(p);
    if (units <= 1 && p->merge != NULL && group_exactly(p, executor))
        return;
    if (units <= 1 || (uint64_t)units > SIZE_MAX) {
        run_rows(p, p->loop.base, 0, rows);
        return;
    }
    int64_t per_unit = elements / units,
            tile = per_unit >= TILE_ELEMENTS ? 1 : TILE_ELEMENTS / per_unit;
    const int64_t* indices = p->loop.stride[TIX__INDICES];
    int32_t last = p->loop.rank - 1; /* (the loop may have been cut up above) */
    bool shared = p->loop.components > 0 && last >= 1 && indices[last] != 0 &&
                  indices[last - 1] == 0; /* element rows that share their indices */
    if (shared && tile * p->rows_per_unit < SHARED_TILE_ROWS)
        tile = (SHARED_TILE_ROWS + p->rows_per_unit - 1) / p->rows_per_unit;
    executor->parallel_for(executor->pool, run_units, p, (size_t)units, (size_t)tile);
}

/* Plans the pass and runs it: its loop, then the narrower tiles of a cache-blocked one, which
 * take the loop's place (the tuples point into it; the two share their positions). */
static void run(pass* p, const tix_executor* executor) {
    if (!p->planned)
        plan_pass(p);
    run_loop(p, executor);
    if (p->narrower.rank > 0) {
        p->loop = p->narrower;
        p->narrower.rank = 0;
        run_loop(p, executor);
    }
}

/* The map of a loop that walks every dimension of one tensor in step with another. */
static tix__map identity_map(int32_t rank) {
    tix__map map = {.rank = rank, .components = 0, .tuple_dim = -1};
    for (int32_t d = 0; d < rank; d++) {
        map.indexed_dim[d] = d;
        map.indices_dim[d] = -1;
    }
    return map;
}

/* The tuples of a loop, for its indexed operand. */
static tix__tuples tuples_of(const tix__loop* loop, const tix__call* call) {
    return (tix__tuples){
        .rule = {call->indices->dtype, call->options.negative_indices, call->options.out_of_range},
        .components = loop->components,
        .component_stride = loop->component_stride,
        .size = loop->size,
        .step = loop->component_step[TIX__INDEXED],
    };
}

/* The bytes of each run of a folded loop when both moved operands are dense along it (so whole
 * runs can be copied as blocks), else 0. */
static int64_t dense_rows_of(const tix__loop* loop, size_t size) {
    int32_t inner = loop->rank - 1;
    bool dense = loop->stride[TIX__DIRECT][inner] == (int64_t)size &&
                 loop->stride[TIX__INDEXED][inner] == (int64_t)size;
    return dense ? loop->shape[inner] * (int64_t)size : 0;
}

/* Builds a pass's loop; the tuples point into the pass itself, so it must not move after. */
static void build(pass* p, const tix__call* call, const tix__map* map,
                  const tix__operands* operands) {
    tix__loop_build(&p->loop, map, operands);
    atomic_init(&p->unresolved, false);
    if (map->components > 0) {
        p->tuples = tuples_of(&p->loop, call);
    }
}

/* A gather checks its indices as it goes (each resolve bounds-checks): only when one fails, or
 * when there is no output to read them for, is the exact diagnostic looked for. */
tix_status tix__run_gather(const tix__call* call, const tix__map* map) {
    if (tix_tensor_count(call->output) == 0)
        return tix__check_indices(call, map, call->data);
    static const char* const empty_string = "";
    static const char zeros[16];
    size_t size = tix_dtype_size(call->data->dtype);
    const char* fill = call->options.fill_value;
    if (fill == NULL)
        fill = call->data->dtype == TIX_DTYPE_STRING ? (const char*)&empty_string : zeros;
    /* (the fill block outside the pass, which each assignment below clears whole) */
    typedef struct gather_memory {
        pass p;
        char fill_block[FILL_BLOCK];
    } gather_memory;
    gather_memory* memory = malloc(sizeof *memory);
    if (memory == NULL) {
        return tix__fail(call->diag, TIX_STATUS_OUT_OF_MEMORY, NULL, -1, -1, 0,
                         "%s: no memory for the plan of the call", call->op);
    }
    pass* p = &memory->p;
    bool streaming = streams(tix_tensor_count(call->output) * (int64_t)size, GATHER_STREAM_BYTES);
    /* the element kernels' streaming instances where the output is large and the size has them */
    bool elements_streaming = streaming && tix__gather_kernel(size, true) != NULL;
    *p = (pass){.kind = PASS_GATHER,
                .element = size,
                .row = tix__move_kernel(size),
                .gather = tix__gather_kernel(size, elements_streaming),
                .elements_streaming = elements_streaming,
                .constant = fill};
    if (map->components == 1) {
        p->fused = tix__fused_gather_kernel(size, call->indices->dtype, elements_streaming);
        p->fused_tile = tix__fused_tile_kernel(size, call->indices->dtype, elements_streaming);
    }
    /* Empty data (every index out of range, the output all fill) is never read, but its
     * address still takes part in pointer arithmetic, which NULL must not. */
    tix_tensor data = *call->data;
    if (data.data == NULL) data.data = (void*)fill;
    tix__operands operands = {call->output, &data, call->indices, NULL};
    build(p, call, map, &operands);
    tix__loop_fold(&p->loop);
    int64_t bytes = dense_rows_of(&p->loop, size);
    if (bytes > 0 && bytes <= FILL_BLOCK) {
        p->copy_rows = tix__copy_rows_kernel((size_t)bytes, streaming);
        p->fused_rows = tix__fused_rows_kernel((size_t)bytes, call->indices->dtype,
                                               map->components,
                                               streaming && tix__streaming_rows((size_t)bytes));
        fill_doubling(memory->fill_block, fill, size, bytes);
        p->fill_block = memory->fill_block;
    }
    run(p, call->options.executor);
    bool unresolved = atomic_load(&p->unresolved);
    free(memory);
    if (unresolved && call->options.out_of_range != TIX_OUT_OF_RANGE_IGNORE) {
        return tix__check_indices(call, map, call->data);
    }
    return TIX_STATUS_OK;
}

/* The kernel of a scatter (or constant) pass over `dtype` by reduction f that resolves each index
 * as it goes, where the tuples are single int32/int64 components; else NULL. */
static tix__fused_scatter_fn fused_scatter_of(const tix__call* call, const tix__map* map,
                                              tix_dtype dtype, tix_reduction f) {
    return map->components == 1 ? tix__fused_scatter_kernel(dtype, f, call->indices->dtype)
                                : NULL;
}

/* A constant pass: operands->indexed[tuple] = f(operands->indexed[tuple], constant) for every
 * tuple of the call's indices, with f the reduction (NONE: replace) over the indexed dtype. */
static void run_constant(pass* p, const tix__call* call, const tix__map* map,
                         const tix__operands* operands, tix_reduction f, const char* constant) {
    tix_dtype dtype = operands->indexed->dtype;
    *p = (pass){.kind = PASS_CONSTANT,
                .row = tix__reduce_kernel(dtype, f),
                .scatter = tix__scatter_kernel(dtype, f),
                .fused_scatter = fused_scatter_of(call, map, dtype, f),
                .constant = constant,
                .placing = f == TIX_REDUCTION_NONE};
    build(p, call, map, operands);
    run(p, call->options.executor);
}

/* to <- from, every element of to's shape (the views may be strided differently). */
static void move_whole(pass* p, const tix__call* call, const tix_tensor* to,
                       const tix_tensor* from, bool streaming) {
    size_t size = tix_dtype_size(to->dtype);
    *p = (pass){.kind = PASS_GATHER,
                .row = streaming ? tix__stream_move_kernel(size) : tix__move_kernel(size)};
    tix__map whole = identity_map(to->rank);
    tix__operands operands = {to, from, NULL, NULL};
    build(p, call, &whole, &operands);
    run(p, call->options.executor);
}

/* A dense row-major view of `shape` at `base`, each element `spacing` elements of dtype after
 * the one before. */
static tix_tensor spaced(char* base, tix_dtype dtype, const tix_tensor* shape, int64_t spacing) {
    tix_tensor t;
    tix_tensor_init(&t, base, dtype, shape->rank, shape->shape);
    for (int32_t d = 0; d < t.rank; d++) t.strides[d] *= spacing;
    return t;
}

/* Whether a dense view: row-major, positive strides, no gaps (size-1 dimensions aside). */
static bool dense(const tix_tensor* t) {
    int64_t expected = 1;
    for (int32_t d = t->rank - 1; d >= 0; d--) {
        if (t->shape[d] != 1 && t->strides[d] != expected) return false;
        expected *= t->shape[d];
    }
    return true;
}

/* A scatter writes nothing unless every index resolves. It reads the indices once to check them
 * before its first write, except where keeping a copy of the output to put back costs less: a
 * dense output whose bytes are at most 1/UNDO_RATIO of the indices' (many updates into few
 * elements, as a scatter-add of a histogram). Returns the bytes of that copy, or 0. */
static size_t undo_bytes(const tix__call* call) {
    int64_t out = tix_tensor_count(call->output) * (int64_t)tix_dtype_size(call->output->dtype);
    int64_t in = tix_tensor_count(call->indices) * (int64_t)tix_dtype_size(call->indices->dtype);
    /* (ignore, clamp and wrap: no index of a non-empty output can fail) */
    bool checked = call->options.out_of_range == TIX_OUT_OF_RANGE_ERROR;
    return checked && out > 0 && out <= UNDO_MAX && out <= in / UNDO_RATIO && dense(call->output)
               ? (size_t)out
               : 0;
}

/* Whether the scatter first places the identity of its reduction where its updates go
 * (exclude_self; without a reduction it means nothing). */
static bool places_identity(const tix_options* o) {
    return o->exclude_self && o->reduction != TIX_REDUCTION_NONE;
}

/* A scatter whose updates reach whole runs of a dense output runs as one pass over the output.
 * Without reduction, each run comes from the last update row that replaces it (row-major order,
 * as the scatter would leave it) or else from data; with one, a run that update rows reach
 * starts from data (exclude_self: the identity), takes those rows in row-major order, each by
 * the reduction's kernel, while it is in the cache (a mean then divides it by their number),
 * and is written once. Out of place, that writes every byte of the output once, in order,
 * instead of a copy of data and then the updates, which come back for each run from memory;
 * in place, it writes each run reached once, and the runs can be split between tasks (the
 * updates could not: two of them may reach one run), the same bits for any split. That takes a
 * tuple per row of the folded loop ([rows, n]) addressing n dense elements of the output at an
 * offset that is a multiple of the run's bytes (the runs then partition the output), from dense
 * rows of updates, and dense data. */
typedef struct run_plan {
    char* output;
    const char* data;
    const char* updates;
    int64_t update_row; /* bytes between rows of updates */
    int64_t run_bytes;
    int64_t runs;
    int64_t* writer;    /* per run: the last update row that replaces it (with a reduction, the
                         * first that reaches it), or -1 */
    int64_t* next;      /* with a reduction, per update row: the next that reaches its run, or -1 */
    tix__row_fn reduce; /* the reduction's kernel, or NULL */
    tix__mean_fn mean;  /* mean: the division, else NULL */
    int64_t self;       /* mean: 1 where data counts as a value, 0 under exclude_self */
    size_t element;
    bool from_identity; /* exclude_self: a run reached starts from `identity` */
    char identity[16];
    bool in_place;      /* runs no update reaches are left as they are */
    bool streaming;
} run_plan;

/* The folded loop of a scatter's updates (no counts), for the one-pass forms below, which also
 * need data and output dense (and so alike); false where they are not, or the loop is not 2-D. */
static bool scatter_rows(const tix__call* call, const tix__map* map, tix__loop* loop) {
    if (!dense(call->output) || !dense(call->data))
        return false;
    tix__operands operands = {call->updates, call->output, call->indices, NULL};
    tix__loop_build(loop, map, &operands);
    tix__loop_fold(loop);
    return loop->rank == 2 && loop->base[TIX__INDEXED] == call->output->data;
}

/* Fills *plan where the scatter (its loop from scatter_rows) is of that form, its runs at least
 * SKIP_MIN_RUN bytes long and memory allows, and sets *unresolved when some tuple resolved to
 * nothing; else returns false and the scatter takes the passes. (The caller leaves the passes
 * to TIX_ACCUMULATE_CHUNKED's chunks.) */
static bool plan_runs(const tix__call* call, const tix__loop* loop, bool in_place,
                      run_plan* plan, bool* unresolved) {
    const tix_options* o = &call->options;
    tix_dtype dtype = call->output->dtype;
    int64_t size = (int64_t)tix_dtype_size(dtype);
    if (loop->components == 0 || loop->stride[TIX__INDEXED][0] != 0 ||
        loop->stride[TIX__INDICES][1] != 0 || loop->stride[TIX__INDEXED][1] != size ||
        loop->stride[TIX__DIRECT][1] != size || loop->shape[1] < SKIP_MIN_RUN / size)
        return false;
    int64_t run = loop->shape[1] * size, total = tix_tensor_count(call->output) * size;
    for (int32_t t = 0; t < loop->components; t++) {
        if (loop->component_step[TIX__INDEXED][t] % run != 0)
            return false;
    }
    bool reduced = o->reduction != TIX_REDUCTION_NONE;
    bool mean = o->reduction == TIX_REDUCTION_MEAN;
    int64_t rows = loop->shape[0];
    *plan = (run_plan){.output = call->output->data,
                       .data = call->data->data,
                       .updates = loop->base[TIX__DIRECT],
                       .update_row = loop->stride[TIX__DIRECT][0],
                       .run_bytes = run,
                       .runs = total / run,
                       .reduce = reduced ? tix__reduce_kernel(dtype, o->reduction) : NULL,
                       .mean = mean ? tix__mean_kernel(dtype) : NULL,
                       .self = o->exclude_self ? 0 : 1,
                       .element = (size_t)size,
                       .from_identity = places_identity(o),
                       .in_place = in_place,
                       .streaming = streams(total, STREAM_BYTES)};
    if (reduced && (plan->reduce == NULL || mean != (plan->mean != NULL) ||
                    (mean && rows >= INT32_MAX)))
        return false;
    if (plan->from_identity)
        tix__reduction_identity(dtype, o->reduction, plan->identity);
    plan->writer = total % run == 0 ? malloc((size_t)plan->runs * sizeof *plan->writer) : NULL;
    plan->next = reduced && plan->writer != NULL ? malloc((size_t)rows * sizeof *plan->next) : NULL;
    if (plan->writer == NULL || (reduced && plan->next == NULL)) {
        free(plan->writer);
        return false;
    }
    int64_t* writer = plan->writer;
    for (int64_t r = 0; r < plan->runs; r++)
        writer[r] = -1;
    /* the rows from the last to the first: a run's writer is then the last row that reaches it,
     * and with a reduction each row put before those after it */
    tix__tuples tuples = tuples_of(loop, call);
    int64_t offsets[CHUNK];
    bool all = true;
    for (int64_t r0 = (rows - 1) / CHUNK * CHUNK; r0 >= 0; r0 -= CHUNK) {
        int64_t c = rows - r0 < CHUNK ? rows - r0 : CHUNK;
        const char* indices = loop->base[TIX__INDICES] + r0 * loop->stride[TIX__INDICES][0];
        all &= tix__resolve_tuples(&tuples, indices, loop->stride[TIX__INDICES][0], c, offsets);
        for (int64_t r = c - 1; r >= 0; r--) {
            if (offsets[r] == TIX__SKIP)
                continue;
            int64_t* first = &writer[offsets[r] / run];
            if (reduced) {
                plan->next[r0 + r] = *first;
                *first = r0 + r;
            } else if (*first < 0) {
                *first = r0 + r;
            }
        }
    }
    *unresolved = !all;
    return true;
}

/* A mean's run plan: the n sums at `sum`, each of `reached` update rows (and data, unless
 * exclude_self), become their means. The count as a dense row, so that the divisions take whole
 * vectors (tix__mean_simd; scatter_nd_rows' shape under mean: 0.58x the time of one count at
 * stride 0). */
static void divide_run(const run_plan* plan, char* sum, int64_t n, int32_t reached) {
    int64_t element = (int64_t)plan->element;
    _Alignas(64) int32_t counts[MEAN_PIECE];
    for (int64_t i = 0; i < MEAN_PIECE; i++)
        counts[i] = reached;
    for (int64_t i = 0; i < n; i += MEAN_PIECE) {
        plan->mean(sum + i * element, element, (const char*)counts, sizeof(int32_t),
                   sizeof(int32_t), plan->self, n - i < MEAN_PIECE ? n - i : MEAN_PIECE);
    }
}

/* The executor's task of a reduction's run plan: runs [begin, begin + count), the update rows
 * of the runs RUNS_AHEAD ahead prefetched (their first; the rows are apart). Where the output is
 * streamed, a run reached is reduced in a stage on the stack, STAGE_BYTES at a time, and
 * streamed out from there, so that its output lines are not read before they are written
 * (scatter_nd_rows' shape: under add 0.91x the time at 1 thread, 1.00x at 2; max 0.93-0.96x;
 * mean 0.82x and 0.88x; add under exclude_self 0.85x). */
static void reduce_planned_runs(void* context, size_t begin, size_t count) {
    const run_plan* plan = context;
    int64_t element = (int64_t)plan->element;
    int64_t piece = plan->streaming ? STAGE_BYTES : plan->run_bytes; /* (a multiple of element) */
    _Alignas(64) char stage[STAGE_BYTES];
    for (int64_t r = (int64_t)begin, end = (int64_t)(begin + count); r < end; r++) {
        if (r + RUNS_AHEAD < end && plan->writer[r + RUNS_AHEAD] >= 0)
            prefetch_span(plan->updates + plan->writer[r + RUNS_AHEAD] * plan->update_row,
                          plan->run_bytes);
        char* to = plan->output + r * plan->run_bytes;
        const char* from = plan->data + r * plan->run_bytes;
        int64_t first = plan->writer[r];
        if (first < 0) {
            if (!plan->in_place)
                tix__copy_block(to, from, (size_t)plan->run_bytes, plan->streaming);
            continue;
        }
        for (int64_t at = 0; at < plan->run_bytes; at += piece) {
            int64_t bytes = plan->run_bytes - at < piece ? plan->run_bytes - at : piece;
            int64_t n = bytes / element;
            char* sum = plan->streaming ? stage : to + at;
            if (plan->from_identity) /* (by doubling: 0.80-0.88x the time of a move) */
                fill_doubling(sum, plan->identity, plan->element, bytes);
            else if (plan->streaming || !plan->in_place) /* (read again at once: not streamed) */
                tix__copy_block(sum, from + at, (size_t)bytes, false);
            int32_t reached = 0; /* (plan_runs: fewer than INT32_MAX rows under mean) */
            for (int64_t w = first; w >= 0; w = plan->next[w], reached++)
                plan->reduce(sum, element, plan->updates + w * plan->update_row + at, element, n);
            if (plan->mean != NULL)
                divide_run(plan, sum, n, reached);
            if (plan->streaming)
                tix__copy_block(to + at, sum, (size_t)bytes, true);
        }
    }
    if (plan->streaming) tix__stream_fence();
}

/* The executor's task of a run plan without reduction: runs [begin, begin + count), CHUNK at a
 * time. */
static void copy_planned_runs(void* context, size_t begin, size_t count) {
    const run_plan* plan = context;
    char* to[CHUNK];
    const char* from[CHUNK];
    for (int64_t r0 = (int64_t)begin, end = (int64_t)(begin + count); r0 < end; r0 += CHUNK) {
        int64_t c = 0;
        for (int64_t r = r0; r < end && r < r0 + CHUNK; r++) {
            int64_t w = plan->writer[r];
            if (w < 0 && plan->in_place)
                continue;
            to[c] = plan->output + r * plan->run_bytes;
            from[c++] = w >= 0 ? plan->updates + w * plan->update_row
                               : plan->data + r * plan->run_bytes;
        }
        tix__copy_rows_between(to, from, c, (size_t)plan->run_bytes, plan->streaming);
    }
}

/* A scatter of whole runs (its loop from scatter_rows) in one pass, where plan_runs takes it and
 * it pays; false where it takes the passes. (In place, the plan pays only where its runs are
 * split between tasks or, without a reduction, written with streaming stores, scatter_nd_rows:
 * serially with ordinary stores 1.06-1.08x the time of the passes on Zen 5, with streaming ones
 * 0.46-0.67x on Intel Emerald Rapids; on two threads 0.67-0.76x.) */
static bool run_planned(const tix__call* call, const tix__loop* rows, bool in_place,
                        bool* unresolved) {
    const tix_executor* executor = call->options.executor;
    int64_t size = (int64_t)tix_dtype_size(call->output->dtype);
    int64_t n = tix_tensor_count(call->output);
    bool parallel = executor != NULL && n >= PARALLEL_MIN_ELEMENTS;
    bool streamed =
        call->options.reduction == TIX_REDUCTION_NONE && streams(n * size, STREAM_BYTES);
    run_plan plan;
    if ((in_place && !parallel && !streamed) || !plan_runs(call, rows, in_place, &plan, unresolved))
        return false;
    int64_t tile = TILE_ELEMENTS * size / plan.run_bytes;
    void (*task)(void*, size_t, size_t) =
        plan.reduce != NULL ? reduce_planned_runs : copy_planned_runs;
    if (!parallel) {
        task(&plan, 0, (size_t)plan.runs);
    } else {
        executor->parallel_for(executor->pool, task, &plan, (size_t)plan.runs,
                               (size_t)(tile > 0 ? tile : 1));
    }
    free(plan.writer);
    free(plan.next);
    return true;
}

/* The elements of the indexed operand that the tiles of a cache-blocked loop take in (rank 0:
 * none). */
static int64_t covered(const tix__loop* loop) {
    int64_t elements = loop->rank > 0 ? loop->size[0] : 0; /* (the positions of a tile's block) */
    for (int32_t d = 0; d < loop->rank; d++) {
        if (loop->stride[TIX__INDEXED][d] != 0)
            elements *= loop->shape[d];
    }
    return elements;
}

/* Whether a planned scatter packs its tiles (block_for_cache) and they take in every element of
 * its output, dense as data is: then each tile can be packed from data (packed_panel) instead of
 * data being copied into the whole output first (updates that reach part of the output leave
 * the rest to that copy). */
static bool packs_whole(const pass* p, const tix__call* call) {
    if (p->pack_bytes == 0 || !dense(call->output) || !dense(call->data))
        return false;
    return covered(&p->loop) + covered(&p->narrower) == tix_tensor_count(call->output);
}

/* An out-of-place scatter whose every row of updates addresses one whole row of a dense output
 * of at most STAGE_BYTES, one row of updates per row of output (scatter_elements along the
 * last axis), with int32/int64 indices: each output row can be staged (staged_panel) instead of
 * copying all of data first and then writing at random into rows that have left the cache
 * (exclude_self's identity placed in the stage too, instead of in a pass of its own over the
 * output). Given its loop from scatter_rows, returns the bytes of a row, or 0 where the scatter
 * is not of that form. */
static int64_t stage_bytes(const tix__call* call, const tix__loop* loop) {
    const tix_options* o = &call->options;
    bool identity = places_identity(o);
    tix__fused_scatter_fn fused =
        tix__fused_scatter_kernel(call->output->dtype, o->reduction, call->indices->dtype);
    tix__fused_scatter_fn placed =
        tix__fused_scatter_kernel(call->output->dtype, TIX_REDUCTION_NONE, call->indices->dtype);
    if (loop->components != 1 || fused == NULL || (identity && placed == NULL))
        return 0;
    int64_t size = (int64_t)tix_dtype_size(call->output->dtype);
    int64_t row = loop->stride[TIX__INDEXED][0];
    int64_t total = tix_tensor_count(call->output) * size;
    if (loop->stride[TIX__INDEXED][1] != 0 || loop->stride[TIX__INDICES][1] == 0 ||
        loop->component_step[TIX__INDEXED][0] != size || row <= 0 || row > STAGE_BYTES ||
        loop->size[0] * size != row || total % row != 0 || loop->shape[0] != total / row)
        return 0;
    return row;
}

/* Whether a mean scatter staged a row at a time can count each row's updates beside its stage
 * (staged_panel) instead of in a count per output element, in passes of their own over all of
 * the indices and the output (scatter_elements_unique's shape under mean: 0.59-0.65x the
 * time): the int32 counts of a row fit in a stage, and so does every count. Given its loop from
 * scatter_rows and the bytes of a row that stage_bytes gave it. */
static bool stage_counts(const tix__call* call, const tix__loop* loop, int64_t row) {
    int64_t elements = row / (int64_t)tix_dtype_size(call->output->dtype);
    return row > 0 && elements <= STAGE_BYTES / (int64_t)sizeof(int32_t) &&
           loop->shape[1] < INT32_MAX;
}

/* TIX_ACCUMULATE_CHUNKED: the number of chunks the shapes give a scatter (tix.h), or 0 where
 * that is below 2 and it keeps the one order. */
static int64_t chunk_count(const tix__call* call) {
    int64_t chunks = tix_tensor_count(call->updates) / CHUNK_UPDATES /
                     tix_tensor_count(call->output);
    return chunks < 2 ? 0 : chunks < CHUNKS ? chunks : CHUNKS;
}

/* A scatter's check of its indices before its first write, on the executor: the indices cut
 * along their first dimension, each part checked by a task. */
typedef struct index_check {
    const tix__call* call;
    const tix__map* map;
    atomic_bool failed;
} index_check;

static void check_part(void* context, size_t begin, size_t count) {
    index_check* c = context;
    tix_tensor part = *c->call->indices;
    part.data = (char*)part.data +
                (int64_t)begin * part.strides[0] * (int64_t)tix_dtype_size(part.dtype);
    part.shape[0] = (int64_t)count;
    if (!tix__indices_resolve(c->call, c->map, c->call->output, &part))
        atomic_store_explicit(&c->failed, true, memory_order_relaxed);
}

/* tix__check_indices, its bulk on the executor where there are many indices and the rule makes
 * an error of a bad one (the other rules need no pass: tix__check_indices): only where some part
 * fails does the serial check look for the first bad index, to report it. */
static tix_status check_indices(const tix__call* call, const tix__map* map) {
    const tix_tensor* indices = call->indices;
    const tix_executor* executor = call->options.executor;
    int64_t count = tix_tensor_count(indices);
    if (executor != NULL && call->options.out_of_range == TIX_OUT_OF_RANGE_ERROR &&
        map->components > 0 && count >= 2 * CHECK_TILE && indices->rank > 0 &&
        map->tuple_dim != 0 && indices->shape[0] > 1) {
        index_check c = {.call = call, .map = map};
        atomic_init(&c.failed, false);
        int64_t per_row = count / indices->shape[0];
        int64_t tile = per_row < CHECK_TILE ? CHECK_TILE / per_row : 1;
        executor->parallel_for(executor->pool, check_part, &c, (size_t)indices->shape[0],
                               (size_t)tile);
        if (!atomic_load(&c.failed))
            return TIX_STATUS_OK;
    }
    return tix__check_indices(call, map, call->output);
}

/* The end of a scatter that kept a copy of its output (undo): where some tuple resolved to
 * nothing, puts the output back and says which index failed. Frees the copy. */
static tix_status finish_scatter(const tix__call* call, const tix__map* map, void* undo,
                                 size_t undo_size, bool unresolved) {
    if (undo != NULL && unresolved) {
        memcpy(call->output->data, undo, undo_size);
        free(undo);
        return tix__check_indices(call, map, call->output);
    }
    free(undo);
    return TIX_STATUS_OK;
}

tix_status tix__run_scatter(const tix__call* call, const tix__map* map, bool in_place) {
    size_t undo_size = undo_bytes(call);
    void* undo = undo_size > 0 ? malloc(undo_size) : NULL;
    if (undo != NULL) {
        memcpy(undo, call->output->data, undo_size);
    } else {
        tix_status status = check_indices(call, map);
        if (status != TIX_STATUS_OK)
            return status;
    }
    if (tix_tensor_count(call->output) == 0) return TIX_STATUS_OK; /* every update dropped */
    const tix_options* o = &call->options;
    const tix_tensor* output = call->output;
    const tix_executor* executor = o->executor;
    tix_dtype dtype = output->dtype;
    size_t size = tix_dtype_size(dtype);
    bool mean = o->reduction == TIX_REDUCTION_MEAN;
    int64_t n = tix_tensor_count(output);
    /* Chunked sums reduce each chunk after the first in a copy of the output (below) */
    char start[16] = {0};
    tix__row_fn chunk_fold = o->accumulation == TIX_ACCUMULATE_CHUNKED && !mean
                                 ? tix__chunk_kernel(dtype, o->reduction, start)
                                 : NULL;
    int64_t chunks = chunk_fold != NULL ? chunk_count(call) : 0;
    tix__loop rows; /* the updates' loop, for the one-pass forms */
    bool one_pass = scatter_rows(call, map, &rows);
    bool unresolved = false; /* some tuple resolved to nothing */
    if (one_pass && chunks == 0 && run_planned(call, &rows, in_place, &unresolved))
        return finish_scatter(call, map, undo, undo_size, unresolved);
    /* (the bytes of a row where it can be staged; chunked sums, never a mean, are not) */
    int64_t stageable = one_pass && !in_place ? stage_bytes(call, &rows) : 0;
    bool staged_mean = mean && stage_counts(call, &rows, stageable);

    /* else mean keeps one count per output element, dense and row-major: int32 where every
     * count stays below INT32_MAX (half the memory to touch and read of int64; a fresh page
     * costs a fault) */
    bool per_element = mean && !staged_mean;
    tix_dtype count_dtype =
        tix_tensor_count(call->updates) < INT32_MAX ? TIX_DTYPE_INT32 : TIX_DTYPE_INT64;
    size_t count_size = tix_dtype_size(count_dtype);
    /* ... or, with many updates an element, counted beside their sums, in pairs (below) where
     * the pass is not packed: the memory taken for the pairs serves as the counts otherwise */
    bool tallies_fit = per_element && count_size == sizeof(int32_t) &&
                       tix_tensor_count(call->updates) / TALLY_UPDATES >= n &&
                       tix__reduce_kernel(dtype, TIX__REDUCTION_TALLY) != NULL &&
                       (uint64_t)n <= SIZE_MAX / tix__tally_bytes(size);
    void* counts_memory = NULL;
    if (tallies_fit)
        counts_memory = calloc((size_t)n, tix__tally_bytes(size));
    tallies_fit = counts_memory != NULL;
    if (per_element && !tallies_fit && (uint64_t)n <= SIZE_MAX / count_size) {
        counts_memory = calloc((size_t)(n > 0 ? n : 1), count_size);
    }
    /* The chunks' copies of the output: as many at a time as GROUP_BYTES allows on an executor
     * (else one); a strided output is summed in a dense copy of its own, then copied back. All
     * taken before the first write. */
    int64_t bytes = n * (int64_t)size, copy_count = 0;
    bool detour = chunks > 0 && !dense(output);
    char *copies = NULL, *detour_memory = NULL;
    if (chunks > 0) {
        copy_count = executor == NULL || bytes > GROUP_BYTES ? 1 : GROUP_BYTES / bytes;
        if (copy_count > chunks - 1)
            copy_count = chunks - 1;
        copies = malloc((size_t)(copy_count * bytes));
        if (copies == NULL && copy_count > 1)
            copies = malloc((size_t)(copy_count = 1) * (size_t)bytes);
        if (detour)
            detour_memory = malloc((size_t)bytes);
    }
    bool chunks_ready = chunks == 0 || (copies != NULL && (!detour || detour_memory != NULL));
    pass* p = malloc(2 * sizeof *p); /* (the scatter's pass, and one for those before it) */
    if (p == NULL || (per_element && counts_memory == NULL) || !chunks_ready) {
        free(p);
        free(counts_memory);
        free(copies);
        free(detour_memory);
        free(undo);
        return tix__fail(call->diag, TIX_STATUS_OUT_OF_MEMORY, "output", -1, -1, n,
                         "%s: no memory for the plan of the call%s", call->op,
                         per_element    ? " and the counts of its output elements"
                         : chunks > 0 ? " and the chunk sums of its output (accumulation = "
                                          "TIX_ACCUMULATE_CHUNKED)"
                                        : "");
    }
    tix_tensor dense_copy;
    if (detour) {
        tix_tensor_init(&dense_copy, detour_memory, dtype, output->rank, output->shape);
        output = &dense_copy;
    }
    tix_tensor counts = {0};
    if (per_element)
        tix_tensor_init(&counts, counts_memory, count_dtype, output->rank, output->shape);

    tix__map whole = identity_map(output->rank);
    int64_t staged = chunks == 0 ? stageable : 0;
    bool exclude = places_identity(o);
    char identity[16] = {0}; /* (reductions are checked to be defined for dtype) */
    if (o->reduction != TIX_REDUCTION_NONE)
        tix__reduction_identity(dtype, o->reduction, identity);

    /* The scatter's pass, planned first: where it packs its tiles and can take them from data,
     * data is not copied into the output first (the passes before it run in `prior`). */
    pass* prior = p + 1;
    tix__operands operands = {call->updates, output, call->indices, NULL};
    *p = (pass){.kind = PASS_SCATTER,
                .row = tix__reduce_kernel(dtype, o->reduction),
                .scatter = tix__scatter_kernel(dtype, o->reduction),
                .fused_scatter = fused_scatter_of(call, map, dtype, o->reduction),
                .constant = chunks > 0 ? start : identity,
                .element = size,
                .merge = chunks > 0 ? chunk_fold
                         : !mean && staged == 0 && dense(output)
                             ? tix__merge_kernel(dtype, o->reduction)
                             : NULL, /* (a staged scatter's panels read data beside output) */
                .output = output->data,
                .output_elements = n,
                .chunks = chunks,
                .copies = copies,
                .copy_count = copy_count};
    build(p, call, map, &operands);
    plan_pass(p);
    /* A scatter that stages rows or packs blocks places exclude_self's identity and counts a
     * mean's updates there (staged_panel, block_updates), instead of in passes of their own over
     * all of the output (packed, along axis 0 of [1024, 4096] float32, 16 MB: add with
     * exclude_self 0.67x the time, mean 0.70x, mean with exclude_self 0.58x). The fused kernels
     * are there for int32/int64 indices alone: other indices keep the passes. */
    bool packed = p->pack_bytes > 0 && staged == 0;
    tix_dtype index_dtype = call->indices->dtype;
    if (exclude && (staged > 0 || packed))
        p->stage_identity = tix__fused_scatter_kernel(dtype, TIX_REDUCTION_NONE, index_dtype);
    tix__fused_scatter_fn counter =
        tix__fused_scatter_kernel(TIX_DTYPE_INT32, TIX_REDUCTION_ADD, index_dtype);
    bool packed_mean = packed && per_element && counter != NULL && dense(output) &&
                       count_size == sizeof(int32_t) && size >= sizeof(int32_t);
    if (staged_mean || packed_mean) { /* (a block's counts take no more scratch than it) */
        p->stage_count = counter;
        p->mean = tix__mean_kernel(dtype);
        p->self = o->exclude_self ? 0 : 1;
        p->counts = counts_memory; /* (packed: where a panel without scratch counts) */
    }
    bool packs_data = !in_place && !detour && (!exclude || p->stage_identity != NULL) &&
                      packs_whole(p, call);
    if (packs_data || staged > 0)
        p->data = call->data->data;
    if (packed)
        p->merge = NULL; /* (tiles are units of their own; groups would read the output) */
    /* A mean that would count in a pass of its own counts beside its sums instead, where it
     * got the pairs (tallies_fit): the scatter's pass rebuilt onto them, the elements of which
     * move as the output's do (scatter_elements_add_dup's shape under mean: 0.56x the time). */
    char* tallies = tallies_fit && !packed && staged == 0 ? counts_memory : NULL;
    tix_tensor tallied, tally_counts;
    if (tallies != NULL) {
        int64_t pair = (int64_t)tix__tally_bytes(size);
        tallied = spaced(tallies, dtype, output, pair / (int64_t)size);
        tally_counts = spaced(tallies + pair / 2, TIX_DTYPE_INT32, output,
                              pair / (int64_t)sizeof(int32_t));
        p->row = tix__reduce_kernel(dtype, TIX__REDUCTION_TALLY);
        p->scatter = tix__scatter_kernel(dtype, TIX__REDUCTION_TALLY);
        p->fused_scatter = fused_scatter_of(call, map, dtype, TIX__REDUCTION_TALLY);
        operands.indexed = &tallied; /* (the identity too is placed there) */
        build(p, call, map, &operands);
        p->planned = false; /* (planned as the output's loop was: not packed) */
        /* data (in place, the output itself) into the tallies; the output is written last */
        move_whole(prior, call, &tallied, call->data, false);
    } else if ((!in_place || detour) && staged == 0 && !packs_data) { /* data first */
        move_whole(prior, call, output, call->data, streams(n * (int64_t)size, STREAM_BYTES));
    }
    if (exclude && p->stage_identity == NULL) {
        run_constant(prior, call, map, &operands, TIX_REDUCTION_NONE, identity);
        unresolved = atomic_load(&prior->unresolved);
    }
    if (staged > 0) {
        p->stage_bytes = staged;
        p->stage_streaming = streams(n * (int64_t)size, STAGE_STREAM_BYTES) &&
                             tix__streaming_stages();
    }
    if (o->reduction == TIX_REDUCTION_NONE && streams(n * (int64_t)size, STREAM_BYTES) &&
        dense_rows_of(&p->loop, size) >= STREAM_MIN_RUN) {
        /* replacing long runs of a large output: streaming stores spare reading each line */
        p->row = tix__stream_move_kernel(size);
    }
    run(p, executor);
    unresolved = unresolved || atomic_load(&p->unresolved);

    const tix_tensor* sums = output;   /* (where the passes below divide them...) */
    const tix_tensor* divisors = NULL; /* (... by these counts) */
    if (tallies != NULL) {
        sums = &tallied;
        divisors = &tally_counts;
    } else if (per_element && !packed_mean) { /* every update adds one to its element's count */
        tix__operands counted = {call->updates, &counts, call->indices, NULL};
        const int32_t one32 = 1;
        const int64_t one64 = 1;
        run_constant(p, call, map, &counted, TIX_REDUCTION_ADD,
                     count_size == sizeof one32 ? (const char*)&one32 : (const char*)&one64);
        divisors = &counts;
    }
    if (divisors != NULL) {
        *p = (pass){.kind = PASS_MEAN,
                    .mean = tix__mean_kernel(dtype),
                    .self = o->exclude_self ? 0 : 1,
                    .element = tix_dtype_size(divisors->dtype)};
        tix__operands walked = {sums, sums, NULL, divisors};
        build(p, call, &whole, &walked);
        run(p, executor);
    }
    if (tallies != NULL) /* the means, out of their pairs */
        move_whole(prior, call, output, &tallied, false);
    free(counts_memory);
    if (detour) /* the strided output's dense copy, back */
        move_whole(p, call, call->output, output, false);
    free(copies);
    free(detour_memory);
    free(p);
    return finish_scatter(call, map, undo, undo_size, unresolved);
}
