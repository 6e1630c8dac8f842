/* Declarations shared inside the library (prefix tix__). Nothing here is part of the API.
 *
 * The path of every call: public entry (gather.c, gather_elements.c, gather_nd.c) -> entry.c
 *   -> check (check.c; index.c for index values) -> the operation's shape rule and loop map
 *   -> fold (loop.c) -> run the kernels (kernels/) over a 1-D range of rows (execute.c)
 */
#ifndef TIX_INTERNAL_H
#define TIX_INTERNAL_H

#include <string.h>

#include <tix.h>

#if defined(__GNUC__)
#define TIX__PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
/* For loop bodies written once and instantiated with constant sizes: each instance must get
 * its own copy, where the constants fold away. */
#define TIX__TEMPLATE static inline __attribute__((always_inline))
/* For a function called on a path that is almost never taken: out of line, so that the branch
 * to it stays a branch (not folded into the common path's work). */
#define TIX__RARE static __attribute__((noinline, cold))
/* A hint to bring the line at p into the cache: the reads of a gather go to random places. */
#define TIX__PREFETCH(p) __builtin_prefetch(p)
/* The same into the outer caches only, for lines wanted later than those TIX__PREFETCH asks for:
 * they wait there without taking the first level's few slots for misses in flight. */
#define TIX__PREFETCH_FAR(p) __builtin_prefetch(p, 0, 2)
/* A hint that the line at p is about to be written: fetched for ownership ahead of the stores. */
#define TIX__PREFETCH_WRITE(p) __builtin_prefetch(p, 1)
/* A condition almost always true, so that its path is laid out as the loop's straight line. */
#define TIX__LIKELY(c) __builtin_expect(!!(c), 1)
#else
#define TIX__PRINTF(fmt, args)
#define TIX__TEMPLATE static inline
#define TIX__RARE static
#define TIX__PREFETCH(p) ((void)(p))
#define TIX__PREFETCH_FAR(p) ((void)(p))
#define TIX__PREFETCH_WRITE(p) ((void)(p))
#define TIX__LIKELY(c) (c)
#endif
/* Bytes in a cache line (the unit of prefetching). */
#define TIX__CACHE_LINE 64
/* Elements ahead at which the element loops prefetch what they read in order (their
 * indices, a scatter's updates): among their jumps into a table or an output, the hardware's
 * prefetchers fall behind those streams. On Zen 5, 384 against none: scatter_elements_add_dup
 * 0.69-0.84x the time, scatter_elements_unique 0.90-0.93x, gather_elements_last 0.91-0.95x;
 * 256 against 384: add_dup 0.92-0.96x, the others within the noise; add_dup lost at 128 and 768. */
#define TIX__STREAM_AHEAD 256
/* Element passes that read (or write) each row of the indexed operand at random places
 * prefetch the rows this far ahead (execute.c, and the packed tiles' kernels). */
#define TIX__ROWS_AHEAD 2
/* The lines of the data that a gather along offsets prefetches as it goes: execute.c's element
 * panels hand each row's kernel call the row TIX__ROWS_AHEAD on, spread over the row by the
 * kernel rather than in parts between calls for pieces of the row, whose calls cost more than
 * the parts gained (Zen 5, docs/PERFORMANCE-LOG.md, the third session of 2026-12-03). A kernel
 * takes one line for each turn of up to 8 elements, from `next` while any of `lines` are left,
 * and leaves the rest to its caller (tix__ahead_rest). Its loop works on a copy of its own,
 * written back at the end: its stores, through char pointers, could otherwise change *ahead as
 * far as the compiler knows, which would reload it every turn. */
typedef struct tix__ahead {
    const char* next;
    int64_t lines;
} tix__ahead;

/* The next line of *a, where one is left. */
TIX__TEMPLATE void tix__ahead_line(tix__ahead* a) {
    if (a->lines > 0) {
        TIX__PREFETCH(a->next);
        a->next += TIX__CACHE_LINE;
        a->lines--;
    }
}

/* Every line of *a still left (a row of fewer turns than lines). */
TIX__TEMPLATE void tix__ahead_rest(tix__ahead* a) {
    for (; a->lines > 0; a->lines--, a->next += TIX__CACHE_LINE) TIX__PREFETCH(a->next);
}
/* The bytes of `count` elements `stride` bytes apart that a loop prefetches of a stream it reads
 * in order: all of them where they share lines (0 < stride <= a line), else none. */
TIX__TEMPLATE int64_t tix__stream_span(int64_t stride, int64_t count) {
    return stride > 0 && stride <= TIX__CACHE_LINE ? stride * count : 0;
}

/* Prefetches `span` bytes (tix__stream_span) of the stream at `base` from element
 * i + TIX__STREAM_AHEAD on, in unsigned arithmetic: the address may lie past the end, where a
 * prefetch does no harm (it never faults). */
TIX__TEMPLATE void tix__prefetch_stream(const char* base, int64_t i, int64_t stride,
                                        int64_t span) {
    uintptr_t from = (uintptr_t)base + (uintptr_t)(i + TIX__STREAM_AHEAD) * (uintptr_t)stride;
    for (int64_t b = 0; b < span; b += TIX__CACHE_LINE)
        TIX__PREFETCH((const char*)(from + (uintptr_t)b));
}

/* ---- dtype.c: what the library knows about each element type ---- */
typedef enum tix__kind {
    TIX__KIND_INVALID = 0,
    TIX__KIND_SIGNED,
    TIX__KIND_UNSIGNED,
    TIX__KIND_FLOAT,
    TIX__KIND_BOOL,
    TIX__KIND_COMPLEX,
    TIX__KIND_STRING,
    TIX__KIND_FLOAT8
} tix__kind;

tix__kind tix__dtype_kind(tix_dtype dtype);

/* ---- diagnostic.c: filling the caller's diagnostic ---- */
/* Records the error in diag (when not NULL) and returns status. */
tix_status tix__fail(tix_diagnostic* diag, tix_status status, const char* argument,
                     int32_t dimension, int64_t position, int64_t value, const char* format, ...)
    TIX__PRINTF(7, 8);
void tix__succeed(tix_diagnostic* diag);
/* "[3, 4]" into buffer (always terminated, truncated with "..." when it does not fit). */
void tix__format_shape(char* buffer, size_t capacity, int32_t rank, const int64_t* shape);

/* ---- check.c: argument checks shared by the six operations ---- */
typedef struct tix__call {
    const char* op; /* "gather", ... */
    bool scatter;
    const tix_tensor* data;
    const tix_tensor* indices;
    const tix_tensor* updates; /* NULL for gathers */
    const tix_tensor* output;  /* NULL in *_shape calls */
    tix_options options;       /* the caller's, or all-zero */
    tix_diagnostic* diag;      /* options.diagnostic */
} tix__call;

/* Reads the options and checks every tensor view on its own, the index dtype, the dtypes of
 * updates and output, and the reduction. Fills call. */
tix_status tix__check_call(const tix__call* call);
/* axis in [-rank, rank-1]; *normalized in [0, rank). */
tix_status tix__check_axis(const tix__call* call, int64_t axis, int32_t rank, int32_t* normalized);
/* Checks that `tensor` (argument `name`) has exactly `shape`. */
tix_status tix__check_shape(const tix__call* call, const char* name, const tix_tensor* tensor,
                            int32_t rank, const int64_t* shape);
/* Execution only: data pointers, and the output against every input (in place allowed only for
 * a scatter whose output is exactly data). Sets *in_place. */
tix_status tix__check_memory(const tix__call* call, bool* in_place);

/* ---- index.c: reading and resolving indices ---- */
enum { TIX__INDEX_SKIP = -1, TIX__INDEX_BAD = -2 };

typedef struct tix__index_rule {
    tix_dtype dtype;
    tix_negative_indices negative;
    tix_out_of_range out_of_range;
} tix__index_rule;

/* The position in [0, size) the index at `p` addresses, or TIX__INDEX_SKIP (ignored), or
 * TIX__INDEX_BAD (an error under the rule). Never anything else. */
int64_t tix__resolve_index(const char* p, int64_t size, const tix__index_rule* rule);

/* Marks a tuple that addresses nothing (ignored, or gone bad since validation) in an offsets
 * array; a real offset is bounded by the view checks and never reaches it. */
#define TIX__SKIP INT64_MIN

/* The source of element i of a dense gather along offsets (gather_elements): the fill where its
 * offset is TIX__SKIP, when `checked` (a constant at every use); unchecked, none is. */
TIX__TEMPLATE const char* tix__offset_source(const char* src, const int64_t* offsets, int64_t i,
                                             const char* fill, bool checked) {
    return !checked || offsets[i] != TIX__SKIP ? src + offsets[i] : fill;
}

/* How tuples of indices become byte offsets into one operand: sum over components t of
 * position_t * step[t], where position_t is the resolved value of component t. */
typedef struct tix__tuples {
    tix__index_rule rule;
    int32_t components;
    int64_t component_stride; /* bytes between the components of a tuple */
    const int64_t* size;      /* per component: the size of the dimension it addresses */
    const int64_t* step;      /* per component: bytes per unit of position */
} tix__tuples;

/* Reads an int64 or int32 index; `width` (8 or 4) is a constant wherever this is used. */
TIX__TEMPLATE int64_t tix__load_index(const char* p, size_t width) {
    if (width == 8) {
        int64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Index k of a dense run of indices as a position: a negative one plus `add` (the size where
 * the rule wraps negatives, else 0), in unsigned arithmetic, so that any position outside
 * [0, size) is size or more. The shortest loops run in a copy that does not wrap (add = 0, a
 * constant), and from a negative index on, where the rule wraps it, in one that does (add =
 * size): the wrap cost the first 1.06-1.19x the time (scatter_elements_add_dup, unique). */
TIX__TEMPLATE uint64_t tix__position(const char* indices, int64_t k, size_t width, uint64_t add) {
    int64_t v = tix__load_index(indices + k * (int64_t)width, width);
    return (uint64_t)v + (v < 0 ? add : 0);
}

/* Where a fused loop stands after the indices its shortest loop did not take: whether that loop
 * runs in the copy that wraps negatives, and how many elements the general loop took the last
 * time (0: none yet). */
typedef struct tix__resume {
    bool wrap;
    int64_t share;
} tix__resume;

/* After a shortest loop (the copy that wraps negatives when r->wrap) ran `run` elements and
 * stopped at an index it does not take, with `left` elements from that one on: 0 where the rule
 * wraps negatives and the copy that does is not on yet (it is now: r->wrap), which then takes
 * that index on; else how many elements the general loop takes before the shortest loop
 * resumes: that one alone the first time and after a run of TIX__RESUME_RUN or more, else twice
 * the last share, up to TIX__GENERAL_SHARE, so that where such indices come often, restarting
 * does not cost more than it saves. Before, the general loop took the rest of the row (1.5-2x
 * the time with one index in 64 out of range under clamp or ignore); then TIX__GENERAL_SHARE
 * after any run shorter than 64, which took all of a row whose first index was out of range,
 * and all of scatter_elements_add_dup with one index in 1024 from the first on (now 0.52-0.54x
 * the time). With one index in 32 or 64 out of range, resuming after each took 0.5-0.78x the
 * time of the shares; one in 8 or 16 is where the hardware gathers lose by it (1.4-1.5x). */
#define TIX__RESUME_RUN 16
#define TIX__GENERAL_SHARE 1024
TIX__TEMPLATE int64_t tix__general_share(const tix__tuples* t, tix__resume* r, int64_t run,
                                         int64_t left) {
    if (!r->wrap && t->rule.negative == TIX_NEGATIVE_WRAP) {
        r->wrap = true;
        return 0;
    }
    bool alone = r->share == 0 || run >= TIX__RESUME_RUN;
    r->share = alone ? 1 : r->share < TIX__GENERAL_SHARE / 2 ? 2 * r->share : TIX__GENERAL_SHARE;
    return r->share < left ? r->share : left;
}

/* offset + position * step. A tuple's offset is complete, and then within a checked view, only
 * once every component resolved; a partial one (an empty view's strides are never checked) may
 * wrap, so the arithmetic is unsigned, and the result then discarded. */
TIX__TEMPLATE int64_t tix__add_offset(int64_t offset, int64_t position, int64_t step) {
    return (int64_t)((uint64_t)offset + (uint64_t)position * (uint64_t)step);
}

/* The general rules for one tuple the fused loops' short path did not take: its offset, or
 * TIX__SKIP. Out of line, so that the loops keep their registers. */
int64_t tix__resolve_one(const tix__tuples* tuples, const char* tuple);

/* offsets[i] for the n tuples at indices + i * stride; TIX__SKIP where one resolves to nothing.
 * Returns whether none did. */
bool tix__resolve_tuples(const tix__tuples* tuples, const char* indices, int64_t stride,
                         int64_t n, int64_t* offsets);

/* ---- the loop over the "direct" operand, the one addressed by position alone ----
 * gathers: direct = output, indexed = data; scatters: direct = updates, indexed = output.
 * An entry file describes which tensor dimension each loop dimension walks (tix__map); the
 * executor turns that into byte strides per operand (tix__loop), folds and runs it. */
typedef struct tix__map {
    int32_t rank; /* = rank of the direct tensor */
    int32_t indexed_dim[TIX_MAX_RANK]; /* the indexed tensor dimension walked, or -1 */
    int32_t indices_dim[TIX_MAX_RANK]; /* the indices dimension walked, or -1 */
    int32_t components;                /* index values per tuple (k); 0 = no indices */
    int32_t component_dim[TIX_MAX_RANK]; /* the indexed dimension component t addresses */
    int32_t tuple_dim; /* the indices dimension holding tuple components, or -1 when k <= 1 */
} tix__map;

/* Index validation: fails with a diagnostic of the first index (row-major) the rule rejects. */
tix_status tix__check_indices(const tix__call* call, const tix__map* map,
                              const tix_tensor* indexed);
/* Whether every index tuple of `indices`, the call's indices or a part of them cut along a
 * dimension that is not the tuple dimension, resolves under the call's rules (no diagnostic). */
bool tix__indices_resolve(const tix__call* call, const tix__map* map, const tix_tensor* indexed,
                          const tix_tensor* indices);

enum { TIX__DIRECT = 0, TIX__INDEXED, TIX__INDICES, TIX__COUNTS, TIX__OPERANDS };

typedef struct tix__loop {
    int32_t rank;
    int64_t shape[TIX_MAX_RANK];
    int64_t stride[TIX__OPERANDS][TIX_MAX_RANK]; /* bytes */
    char* base[TIX__OPERANDS];
    int32_t components;
    int64_t component_stride;           /* bytes between tuple components in indices */
    int64_t size[TIX_MAX_RANK];         /* the size of the dimension component t addresses */
    int64_t component_step[TIX__OPERANDS][TIX_MAX_RANK]; /* bytes per unit of component t */
} tix__loop;

/* loop.c */
typedef struct tix__operands {
    const tix_tensor* direct;
    const tix_tensor* indexed;
    const tix_tensor* indices; /* NULL when map->components == 0 */
    const tix_tensor* counts;  /* NULL, or int32/int64 counts shaped as indexed */
} tix__operands;

void tix__loop_build(tix__loop* loop, const tix__map* map, const tix__operands* operands);
/* Merges dimensions that every operand walks contiguously and drops size-1 dimensions; leaves
 * rank >= 1 (a single element becomes shape [1]). Preserves the row-major visiting order. */
void tix__loop_fold(tix__loop* loop);
/* The number of rows (all dimensions but the innermost); 0 when the loop is empty. */
int64_t tix__loop_rows(const tix__loop* loop);
/* Splits dimension d (its size a multiple of `parts`) into [parts, size / parts]. */
void tix__loop_split(tix__loop* loop, int32_t d, int64_t parts);
/* Moves dimension `from` to position `to`, the others keeping their order. */
void tix__loop_move(tix__loop* loop, int32_t from, int32_t to);

/* ---- entry.c: the one path of every public operation ---- */
/* An operation's shape rule: checks what is particular to it and gives the shape of the gathered
 * side (a gather's output, a scatter's updates) and the loop map. */
typedef struct tix__plan {
    int32_t rank;
    int64_t shape[TIX_MAX_RANK];
    tix__map map;
} tix__plan;
typedef tix_status (*tix__plan_fn)(const tix__call* call, int64_t axis, int64_t batch_dims,
                                   tix__plan* plan);

typedef struct tix__request {
    const char* op;
    tix__plan_fn plan;
    const tix_tensor* data;
    const tix_tensor* indices;
    const tix_tensor* updates; /* scatters */
    int64_t axis;              /* the attributes the plan reads */
    int64_t batch_dims;
    const tix_tensor* output;  /* execution */
    tix_tensor* result;        /* shape inference */
    const tix_options* options;
} tix__request;

/* check -> plan -> (shape inference: describe the result | execution: check memory -> run) */
tix_status tix__gather_entry(const tix__request* request);
tix_status tix__scatter_entry(const tix__request* request);

/* ---- execute.c: the data movement of the two families ---- */
tix_status tix__run_gather(const tix__call* call, const tix__map* map);
tix_status tix__run_scatter(const tix__call* call, const tix__map* map, bool in_place);

/* The tiles that a pass blocked for the cache cuts its rows of n elements into: `parts` tiles
 * (1: none) of n / parts elements, the first `wider` of them one more. The width wanted keeps
 * the part of the indexed operand that `rows` positions of `element` bytes reach within
 * `budget` bytes (tix__block_bytes), at least a cache line of elements, and for a gather no more
 * than its tile kernel takes, TILE_ROW_MAX (1 KiB) of `width`-byte indices and of output a row;
 * the tiles are the fewest no wider than that, and none narrower than a line. */
typedef struct tix__tiles {
    int64_t parts, wider;
} tix__tiles;
tix__tiles tix__tiles_of(int64_t n, int64_t rows, int64_t element, int64_t width, bool gather,
                         int64_t budget);

/* ---- cpu.c: what the processor is, asked once ---- */
/* The SIMD paths that run: what the CPU has, unless tix__simd_limit said less. Each level has
 * the ones before it: AVX2 (with F16C), AVX-512F, and AVX-512F with AVX512-FP16's half-precision
 * arithmetic (float16's reductions, kernels/reduce.c). */
typedef enum tix__simd {
    TIX__SIMD_NONE = 0,
    TIX__SIMD_AVX2,
    TIX__SIMD_AVX512,
    TIX__SIMD_AVX512_FP16
} tix__simd;
tix__simd tix__simd_level(void);
/* At most the paths of `most` (a tix__simd) from now on: TIX__SIMD_NONE the portable loops
 * alone, TIX__SIMD_AVX512_FP16 what the CPU has (for the tests that compare each level with the
 * portable loops; not thread-safe against running calls). */
void tix__simd_limit(int most);
/* How long copies store: outputs far beyond the caches with streaming stores, or with ordinary
 * ones, and then whole rows of a scatter's output by memcpy or by the CPU's string copy. */
typedef enum tix__stores {
    TIX__STORES_STREAMING = 0,  /* streaming stores past the thresholds; memcpy */
    TIX__STORES_PLAIN,          /* ordinary stores; memcpy */
    TIX__STORES_STRING,         /* ordinary stores; rows of at least 512 bytes by `rep movsb` */
    TIX__STORES_STREAMING_WIDE, /* as STREAMING, but a gather's rows shorter than 32 bytes,
                                   each stored between random reads, and a scatter's staged
                                   rows with ordinary stores */
    TIX__STORES_STREAMING_STRING /* as STREAMING_WIDE, and rows copied as STRING copies them */
} tix__stores;
/* What pays on this CPU, unless tix__stores_choose said otherwise. */
tix__stores tix__store_mode(void);
bool tix__streaming(void); /* the mode is one of the three TIX__STORES_STREAMING... */
/* Whether a gather whose output streams (tix__streaming) streams its rows of `bytes` too. */
bool tix__streaming_rows(size_t bytes);
/* Whether a scatter whose output streams (tix__streaming) streams its staged rows too. */
bool tix__streaming_stages(void);
/* Whether rows of at least 512 bytes are copied by the CPU's string copy (`rep movsb`). */
bool tix__string_copies(void);
/* A tix__stores, or -1: as the CPU says (for the tests that run every way; not thread-safe
 * against running calls). */
void tix__stores_choose(int mode);
/* Which of the CPU's hardware gathers beat loading their lanes one at a time. */
typedef enum tix__gathers {
    TIX__GATHERS_NONE,  /* none (AMD before family 1Ah) */
    TIX__GATHERS_ALL,   /* every one (Intel, and other processors) */
    TIX__GATHERS_DENSE4 /* AVX2's of 4-byte elements along dense indices alone (AMD family 1Ah) */
} tix__gathers;
/* Whether they do for the gathers of kernels/simd_x86.c that move 4-byte elements along dense
 * indices with AVX2 (`dense4`) or for the others, as the CPU says unless tix__gathers_choose
 * said otherwise: where they do not, those gathers run only where a lane out of range takes
 * the fill or the nearer end (masked gathers; AVX2's check each vector of indices at once and
 * load the lanes of one all in range one by one), and along offsets for 8-byte elements;
 * elsewhere the portable loop takes the elements. */
bool tix__hardware_gathers(bool dense4);
/* A tix__gathers, or -1: as the CPU says (for the tests that run every way; not thread-safe
 * against running calls). */
void tix__gathers_choose(int paying);
/* The bytes of data that one tile of a cache-blocked gather reads (execute.c): what
 * tix__block_bytes_for says of the L2 cache a core has, unless tix__block_choose said
 * otherwise. */
int64_t tix__block_bytes(void);
/* For `level2` bytes of L2 (0: not known, then 256 KiB): a quarter of it, or half of it up to
 * 256 KiB where that is more (half of it where `half`: AMD family 1Ah), within
 * [128 KiB, 1 MiB]. */
int64_t tix__block_bytes_for(int64_t level2, bool half);
/* Bytes (a multiple of 1 KiB), or 0: as the CPU says (for the tests that pin the tiles; not
 * thread-safe against running calls). */
void tix__block_choose(int64_t bytes);
/* The lines of random rows a row gather keeps prefetched ahead of its copy (kernels/move.c), as
 * the CPU says unless tix__prefetch_choose said otherwise: 32 on Intel, 128 elsewhere. */
int64_t tix__prefetch_lines(void);
/* Lines (> 0), or 0: as the CPU says (for the tests and bench/levels.c; not thread-safe against
 * running calls). */
void tix__prefetch_choose(int lines);

/* ---- kernels/simd_x86.c: SIMD paths chosen at run time ---- */
/* How the hardware gathers of dense indices treat their lanes: positions in [0, bound) are in
 * range, each negative index plus bound first when `wrap` (as tix__position); where `fill` is
 * set (an element: the ignore rule, once negatives need no more than `wrap`), a lane outside
 * takes it and `filled` is set; where `clamp` is (the clamp rule, likewise), it reads from the
 * nearer end of the range; else the gathers stop at the vector that holds one. Where `stream`
 * is set, the vectors of 4- and 8-byte elements are stored with streaming stores (where dst is
 * aligned to them; the caller fences, tix__stream_fence). */
typedef struct tix__lanes {
    int64_t bound;
    bool wrap;
    const char* fill;
    bool clamp;
    bool filled;
    bool stream;
} tix__lanes;
/* The start of a dense element gather along the indexed axis (dst[i] = src[position[i] * size],
 * dense int64 or int32 indices by `width`), with hardware gathers: 4- or 8-byte elements with
 * AVX2, 1- and 2-byte ones with AVX-512F. Moves whole vectors of elements as `lanes` says and
 * returns how many (0 without them, for other sizes, or where the CPU's gathers are slow and
 * no lane may take the fill or the nearer end); the portable loop does the rest. */
int64_t tix__gather_dense_simd(char* dst, const char* src, const char* indices, int64_t n,
                               size_t size, size_t width, tix__lanes* lanes);
/* The start of a dense element gather whose elements each come from another row
 * (dst[i] = src[position[i] * step + i * size]), elements of 1 to 8 bytes, with AVX-512 hardware
 * gathers where every byte offset fits in 31 bits: moves whole vectors of elements as `lanes`
 * says and returns how many (0 without AVX-512F, where the offsets do not fit, or where the
 * CPU's gathers are slow and no lane may take the fill or the nearer end); the portable loop
 * does the rest. */
int64_t tix__gather_strided_simd(char* dst, const char* src, const char* indices, int64_t n,
                                 int64_t step, size_t size, size_t width, tix__lanes* lanes);
/* The start of a dense element gather along byte offsets resolved beforehand
 * (dst[i] = src[offsets[i]], the element at `fill` where an offset is TIX__SKIP; fill may be
 * NULL where none is), elements of 1 to 8 bytes, with AVX-512 hardware gathers, or for 4-byte
 * elements where those are not taken AVX2 loads put together in vectors, as
 * tix__gathers_offsets_move says: moves whole vectors of elements and returns how many (0
 * elsewhere); the portable loop does the rest. Where `stream`, the vectors of 4- and 8-byte
 * elements go out with streaming stores, the elements before dst's first boundary of a vector
 * one by one (the caller fences). Prefetches lines of *ahead as it goes (tix__ahead). */
int64_t tix__gather_offsets_simd(char* dst, const char* src, const int64_t* offsets, int64_t n,
                                 size_t size, const char* fill, bool stream, tix__ahead* ahead);
/* Whether tix__gather_strided_simd moves elements of `size` bytes on this CPU for lanes that
 * may take the fill or the nearer end (`lenient`) or not (AVX-512F; 1, 2, 4 or 8 bytes; where
 * the hardware gathers are slow, tix__hardware_gathers, lenient lanes alone). Where not, a
 * packed tile's rows go to the portable loop at once. */
bool tix__gathers_strided_move(size_t size, bool lenient);
/* Whether tix__gather_offsets_simd moves elements of `size` bytes on this CPU (AVX-512F's
 * gathers: 1, 2, 4 or 8 bytes, and where the hardware gathers are slow, 8 bytes alone, but on
 * Zen 5 none; AVX2's loads: 4 bytes, wherever those gathers do not take them). Where not, a
 * gather kernel without the call is chosen (rows that share their indices would call it for every
 * piece of a row). */
bool tix__gathers_offsets_move(size_t size);
/* The start of a mean of dense float32, float64, float16 or bfloat16 sums by dense int32
 * counts (the mean kernels' loop without branches, kernels/reduce_real.h), with AVX2 or
 * AVX-512F (float16's with AVX2 or AVX512-FP16, bfloat16's with AVX2): the same bits for whole
 * vectors of elements; returns how many (0 without AVX2, or for other dtypes); the portable
 * loop does the rest. */
int64_t tix__mean_simd(char* dst, const char* counts, int64_t self, int64_t n, tix_dtype dtype);
/* The start of a streaming copy (kernels/move.c's stream_copy): whole 64-byte lines of `bytes`
 * from src to dst (32-byte aligned) with 32-byte streaming stores, with AVX2; returns how many
 * bytes it copied (0 without AVX2, or where dst is not so aligned). The caller fences. */
size_t tix__stream_lines_simd(char* dst, const char* src, size_t bytes);

/* ---- kernels/: rows of elements ---- */
/* dst[i * dst_stride] = f(dst[i * dst_stride], src[i * src_stride]) for i in [0, n), strides in
 * bytes. A move ignores the old value. */
typedef void (*tix__row_fn)(char* dst, int64_t dst_stride, const char* src, int64_t src_stride,
                            int64_t n);
/* dst[i * dst_stride] = dst[...] / (counts[i * count_stride] + self) where the count is > 0;
 * the counts are int32 or int64, count_size bytes each. */
typedef void (*tix__mean_fn)(char* dst, int64_t dst_stride, const char* counts,
                             int64_t count_stride, size_t count_size, int64_t self, int64_t n);

/* f(dst[offsets[i] + i * ds], src[i * ss]) for i in [0, n) where offsets[i] != TIX__SKIP: one
 * tuple per element. A place kernel (reduction none) stores src. */
typedef void (*tix__scatter_fn)(char* dst, int64_t ds, const char* src, int64_t ss,
                                const int64_t* offsets, int64_t n);
/* dst[i * ds] = src[offsets[i] + i * ss], or *fill where offsets[i] == TIX__SKIP; fill NULL:
 * no offset is (the kernel then tests none). Prefetches the lines of *ahead as it goes, and any
 * left when it is done. */
typedef void (*tix__gather_fn)(char* dst, int64_t ds, const char* src, int64_t ss,
                               const int64_t* offsets, int64_t n, const char* fill,
                               tix__ahead* ahead);
/* m rows of `bytes` contiguous bytes: dst + r * dst_row <- src + offsets[r] + r * src_row, or
 * the block at fill (at least `bytes` long) where offsets[r] == TIX__SKIP. */
typedef void (*tix__copy_rows_fn)(char* dst, int64_t dst_row, const char* src, int64_t src_row,
                                  const int64_t* offsets, int64_t m, const char* fill,
                                  size_t bytes);

/* Scatters with the index resolution fused in (int32 or int64 indices, one component):
 * f(dst[position(indices[i * is]) * step + i * ds], src[i * ss]), dropping tuples that resolve
 * to nothing. Returns whether every tuple resolved. */
typedef bool (*tix__fused_scatter_fn)(char* dst, int64_t ds, const char* src, int64_t ss,
                                      const char* indices, int64_t is, int64_t n,
                                      const tix__tuples* tuples);
/* NULL for other index dtypes, or where the reduction is not defined for dtype; reduction none
 * gives the placement (tix__fused_place_kernel). */
tix__fused_scatter_fn tix__fused_place_kernel(size_t element_size, tix_dtype index_dtype);
tix__fused_scatter_fn tix__fused_scatter_kernel(tix_dtype dtype, tix_reduction reduction,
                                                tix_dtype index_dtype);

/* Gathers with the index resolution fused in (int32 or int64 indices, one component):
 * dst[i * ds] = src[position(indices[i * is]) * step + i * ss], or fill where a tuple resolves
 * to nothing. Returns whether every tuple resolved. NULL for other index dtypes. `streaming`:
 * the instance that writes a dense output with streaming stores, for outputs far larger than
 * the caches (the caller fences, tix__stream_fence), or NULL where the element size has none
 * (4 and 8 bytes on x86-64 have). */
typedef bool (*tix__fused_gather_fn)(char* dst, int64_t ds, const char* src, int64_t ss,
                                     const char* indices, int64_t is, int64_t n,
                                     const tix__tuples* tuples, const char* fill);
tix__fused_gather_fn tix__fused_gather_kernel(size_t element_size, tix_dtype index_dtype,
                                              bool streaming);

/* The rows of a cache-blocked gather's packed tile, with the index resolution fused in (int32
 * or int64 indices, one component): m rows of n elements, row r of the output at
 * dst + r * dst_row and of the indices at indices + r * index_row, both dense along the row,
 * each element from another row of the block at src: dst[i] = src[position(indices[i]) * step
 * + i * size], for as long as every position resolves by the short path (in range, or negative
 * and wrapped where the rule says so). Returns how many rows it moved: it stops at a row with an
 * index that needs the general rules, which the caller takes. The rows TIX__ROWS_AHEAD on are
 * prefetched. NULL for other index dtypes; `streaming` as for tix__fused_gather_kernel. */
typedef int64_t (*tix__fused_tile_fn)(char* dst, int64_t dst_row, const char* src,
                                      const char* indices, int64_t index_row, int64_t m, int64_t n,
                                      const tix__tuples* tuples);
tix__fused_tile_fn tix__fused_tile_kernel(size_t element_size, tix_dtype index_dtype,
                                          bool streaming);

/* Row gathers with the index resolution fused in (int32 or int64 tuples of one or two
 * components), rows of 4 to 128 bytes: dst + r * dst_row <- src + offset(tuple r) + r * src_row
 * for as long as each tuple resolves: by the short path (every index in range, or negative and
 * wrapped) or by the general rules (clamp, wrap; under ignore, the row at `fill` for a tuple
 * that resolves to nothing). Returns how many rows it moved: it stops at a tuple that is an
 * error, which the caller resolves. NULL for other row lengths, index dtypes and tuple lengths.
 * `streaming`: the instance that writes a dense output with streaming stores, for outputs far
 * larger than the caches (fenced before it returns), where the target has them. */
typedef int64_t (*tix__fused_rows_fn)(char* dst, int64_t dst_row, const char* src,
                                      int64_t src_row, const char* indices, int64_t is, int64_t m,
                                      const tix__tuples* tuples, const char* fill);
tix__fused_rows_fn tix__fused_rows_kernel(size_t bytes, tix_dtype index_dtype, int32_t components,
                                          bool streaming);

tix__row_fn tix__move_kernel(size_t element_size);
/* `streaming`: the instance that writes a dense output with streaming stores, for outputs far
 * larger than the caches (the caller fences), or NULL where the element size has none (4 and 8
 * bytes on x86-64 have). */
tix__gather_fn tix__gather_kernel(size_t element_size, bool streaming);
tix__scatter_fn tix__place_kernel(size_t element_size);
/* streaming: the output is much larger than the caches, so rows of 64 bytes or more are
 * written with streaming stores. */
tix__copy_rows_fn tix__copy_rows_kernel(size_t bytes, bool streaming);
/* A move that writes dense runs with streaming stores: for copies much larger than the caches. */
tix__row_fn tix__stream_move_kernel(size_t element_size);
/* `bytes` bytes from src to dst, with streaming stores when `streaming` (those need a
 * tix__stream_fence() before anything that follows reads them), else as tix__store_mode says. */
void tix__copy_block(char* dst, const char* src, size_t bytes, bool streaming);
void tix__stream_fence(void);
/* m rows of `bytes` bytes, from[r] to to[r], prefetching the rows ahead; with streaming stores
 * when `streaming`. */
void tix__copy_rows_between(char* const* to, const char* const* from, int64_t m, size_t bytes,
                            bool streaming);
/* The kernels' own reduction beside tix.h's: a mean's sum with its count, for real dtypes. A
 * tally is an element followed by its int32 count, tix__tally_bytes(size) bytes in all (the
 * count in the second half: the element's alignment kept); f adds the update to the element and
 * one to the count, so one pass over the updates both sums and counts them. */
#define TIX__REDUCTION_TALLY ((tix_reduction)(TIX_REDUCTION_MEAN + 1))
#define TIX__REDUCTIONS (TIX_REDUCTION_MEAN + 2) /* (the length of the kernels' tables) */
static inline size_t tix__tally_bytes(size_t size) {
    return 2 * (size > sizeof(int32_t) ? size : sizeof(int32_t));
}
/* NULL when the reduction is not defined for dtype; TIX_REDUCTION_NONE gives the place kernel. */
tix__scatter_fn tix__scatter_kernel(tix_dtype dtype, tix_reduction reduction);
/* NULL when the reduction is not defined for dtype. TIX_REDUCTION_MEAN gives the sum. Dense
 * rows run with AVX2 where the CPU has it (the same bits): ask again after tix__simd_limit. */
tix__row_fn tix__reduce_kernel(tix_dtype dtype, tix_reduction reduction);
tix__mean_fn tix__mean_kernel(tix_dtype dtype);
/* Writes the reduction's identity element of dtype to out (at most 16 bytes). */
void tix__reduction_identity(tix_dtype dtype, tix_reduction reduction, void* out);
/* Where reducing the updates in groups, each from the identity, and then folding the groups'
 * results into the output in group order gives the very bits of applying the updates one at a
 * time: the row kernel that folds a group's result in. Else NULL. */
tix__row_fn tix__merge_kernel(tix_dtype dtype, tix_reduction reduction);
/* TIX_ACCUMULATE_CHUNKED (tix.h), for real floats with add, sub and mul: writes the value a
 * later chunk starts from to `start` and returns the kernel that folds its result into the
 * output. Else NULL. */
tix__row_fn tix__chunk_kernel(tix_dtype dtype, tix_reduction reduction, void* start);

#endif /* TIX_INTERNAL_H */
