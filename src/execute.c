/* Running the two families over folded loops, row by row, through the caller's executor.
 *
 * A gather is one pass: each output row is moved from the data row its index tuple addresses.
 * A scatter is up to five: validate every index, copy data to the output, (exclude_self) set
 * every addressed element to the identity, apply the updates in row-major order, and (mean)
 * divide by the counts. Passes whose rows write disjoint bytes run in parallel; the passes that
 * may write one element several times run in order on the calling thread, which is what makes
 * duplicates deterministic. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Below this many elements a pass runs on the calling thread: the pool costs more than it saves. */
#define PARALLEL_MIN_ELEMENTS 16384
/* Elements per tile handed to the executor. */
#define TILE_ELEMENTS 8192

typedef enum pass_kind {
    PASS_GATHER,   /* direct <- indexed (components 0: a plain copy) */
    PASS_SCATTER,  /* indexed <- f(indexed, direct), counting when mean */
    PASS_IDENTITY, /* indexed <- the identity element */
    PASS_MEAN      /* direct <- direct / counts */
} pass_kind;

typedef struct pass {
    tix__loop loop;
    pass_kind kind;
    tix__index_rule rule;
    tix__row_fn row;
    tix__mean_fn mean;
    const char* constant; /* the fill (gather) or identity (identity pass) element */
    bool count;           /* scatter with mean */
    int64_t self;         /* mean: 1 when data counts as an element */
} pass;

/* Resolves the tuple at `tuple` into byte offsets in the indexed operand and the counts. */
static bool locate(const pass* p, const char* tuple, int64_t* indexed, int64_t* counts) {
    const tix__loop* loop = &p->loop;
    *indexed = 0;
    *counts = 0;
    for (int32_t t = 0; t < loop->components; t++) {
        int64_t i = tix__resolve_index(tuple + t * loop->component_stride, loop->size[t], &p->rule);
        if (i < 0) return false; /* skipped; after validation also any index gone bad since */
        *indexed += i * loop->component_step[TIX__INDEXED][t];
        *counts += i * loop->component_step[TIX__COUNTS][t];
    }
    return true;
}

static void count_row(char* counts, int64_t stride, int64_t n) {
    for (int64_t i = 0; i < n; i++) {
        int64_t c;
        memcpy(&c, counts + i * stride, sizeof c);
        c++;
        memcpy(counts + i * stride, &c, sizeof c);
    }
}

/* n elements: direct[i * ds] and, through the tuple, indexed[i * is]. */
static void apply(const pass* p, char* direct, int64_t ds, char* indexed, int64_t is,
                  char* counts, int64_t cs, bool found, int64_t n) {
    switch (p->kind) {
        case PASS_GATHER:
            if (found) {
                p->row(direct, ds, indexed, is, n);
            } else {
                p->row(direct, ds, p->constant, 0, n);
            }
            break;
        case PASS_SCATTER:
            if (!found) break;
            p->row(indexed, is, direct, ds, n);
            if (p->count) count_row(counts, cs, n);
            break;
        case PASS_IDENTITY:
            if (found) p->row(indexed, is, p->constant, 0, n);
            break;
        case PASS_MEAN:
            p->mean(direct, ds, counts, cs, p->self, n);
            break;
    }
}

/* base + offset, keeping NULL for an operand the pass does not use (whose offsets are 0). */
static char* at(char* base, int64_t offset) {
    return base != NULL ? base + offset : NULL;
}

/* One row: the innermost loop dimension, from the offsets of its first element. */
static void run_row(const pass* p, const int64_t* offset) {
    const tix__loop* loop = &p->loop;
    int32_t inner = loop->rank - 1;
    int64_t n = loop->shape[inner];
    const int64_t* s[TIX__OPERANDS];
    for (int o = 0; o < TIX__OPERANDS; o++) s[o] = loop->stride[o];
    char* direct = at(loop->base[TIX__DIRECT], offset[TIX__DIRECT]);
    char* indexed = at(loop->base[TIX__INDEXED], offset[TIX__INDEXED]);
    char* counts = at(loop->base[TIX__COUNTS], offset[TIX__COUNTS]);
    if (loop->components == 0) {
        apply(p, direct, s[TIX__DIRECT][inner], indexed, s[TIX__INDEXED][inner], counts,
              s[TIX__COUNTS][inner], true, n);
        return;
    }
    const char* indices = loop->base[TIX__INDICES] + offset[TIX__INDICES];
    int64_t at_indexed, at_counts;
    if (s[TIX__INDICES][inner] == 0) { /* one tuple addresses the whole row */
        bool found = locate(p, indices, &at_indexed, &at_counts);
        apply(p, direct, s[TIX__DIRECT][inner], at(indexed, at_indexed), s[TIX__INDEXED][inner],
              at(counts, at_counts), s[TIX__COUNTS][inner], found, n);
        return;
    }
    for (int64_t i = 0; i < n; i++) { /* a tuple per element */
        bool found = locate(p, indices + i * s[TIX__INDICES][inner], &at_indexed, &at_counts);
        apply(p, direct + i * s[TIX__DIRECT][inner], 0,
              at(indexed, i * s[TIX__INDEXED][inner] + at_indexed), 0,
              at(counts, i * s[TIX__COUNTS][inner] + at_counts), 0, found, 1);
    }
}

/* The task of the executor: rows [begin, begin + count) in row-major order. */
static void run_rows(void* context, size_t begin, size_t count) {
    const pass* p = context;
    const tix__loop* loop = &p->loop;
    int32_t outer = loop->rank - 1; /* dimensions that enumerate rows */
    int64_t coord[TIX_MAX_RANK], offset[TIX__OPERANDS] = {0};
    int64_t rest = (int64_t)begin;
    for (int32_t d = outer - 1; d >= 0; d--) {
        coord[d] = rest % loop->shape[d];
        rest /= loop->shape[d];
        for (int o = 0; o < TIX__OPERANDS; o++) offset[o] += coord[d] * loop->stride[o][d];
    }
    for (size_t r = 0; r < count; r++) {
        run_row(p, offset);
        for (int32_t d = outer - 1; d >= 0; d--) {
            for (int o = 0; o < TIX__OPERANDS; o++) offset[o] += loop->stride[o][d];
            if (++coord[d] < loop->shape[d]) break;
            for (int o = 0; o < TIX__OPERANDS; o++) {
                offset[o] -= loop->stride[o][d] * loop->shape[d];
            }
            coord[d] = 0;
        }
    }
}

/* Runs every row of the pass: through the executor when allowed and worth it. */
static void run(pass* p, const tix_executor* executor, bool in_order) {
    tix__loop_fold(&p->loop);
    int64_t rows = tix__loop_rows(&p->loop);
    if (rows == 0) return;
    int64_t row_length = p->loop.shape[p->loop.rank - 1];
    if (executor == NULL || in_order || rows == 1 ||
        rows * row_length < PARALLEL_MIN_ELEMENTS || (uint64_t)rows > SIZE_MAX) {
        run_rows(p, 0, (size_t)rows);
        return;
    }
    int64_t tile = row_length >= TILE_ELEMENTS ? 1 : TILE_ELEMENTS / row_length;
    executor->parallel_for(executor->pool, run_rows, p, (size_t)rows, (size_t)tile);
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

tix_status tix__run_gather(const tix__call* call, const tix__map* map) {
    tix_status status = tix__check_indices(call, map, call->data);
    if (status != TIX_STATUS_OK) return status;
    static const char* const empty_string = "";
    const char zeros[16] = {0};
    const void* fill = call->options.fill_value;
    if (fill == NULL) fill = call->data->dtype == TIX_DTYPE_STRING ? (const void*)&empty_string : zeros;
    pass gather = {
        .kind = PASS_GATHER,
        .rule = {call->indices->dtype, call->options.negative_indices, call->options.out_of_range},
        .row = tix__move_kernel(tix_dtype_size(call->data->dtype)),
        .constant = fill,
    };
    tix__operands operands = {call->output, call->data, call->indices, NULL};
    tix__loop_build(&gather.loop, map, &operands);
    run(&gather, call->options.executor, false);
    return TIX_STATUS_OK;
}

tix_status tix__run_scatter(const tix__call* call, const tix__map* map, bool in_place) {
    tix_status status = tix__check_indices(call, map, call->output);
    if (status != TIX_STATUS_OK) return status;
    const tix_options* o = &call->options;
    const tix_tensor* output = call->output;
    const tix_executor* executor = o->executor;
    tix_dtype dtype = output->dtype;
    size_t element_size = tix_dtype_size(dtype);

    /* mean keeps one count per output element, dense and row-major. */
    tix_tensor counts = {0};
    bool mean = o->reduction == TIX_REDUCTION_MEAN;
    if (mean) {
        int64_t n = tix_tensor_count(output);
        void* memory = (uint64_t)n <= SIZE_MAX / sizeof(int64_t)
                           ? calloc((size_t)(n > 0 ? n : 1), sizeof(int64_t))
                           : NULL;
        if (memory == NULL) {
            return tix__fail(call->diag, TIX_STATUS_OUT_OF_MEMORY, "output", -1, -1, n,
                             "reduction mean: no memory for the counts of %lld output elements",
                             (long long)n);
        }
        tix_tensor_init(&counts, memory, TIX_DTYPE_INT64, output->rank, output->shape);
    }

    tix__map whole = identity_map(output->rank);
    if (!in_place) {
        pass copy = {.kind = PASS_GATHER, .row = tix__move_kernel(element_size)};
        tix__operands operands = {output, call->data, NULL, NULL};
        tix__loop_build(&copy.loop, &whole, &operands);
        run(&copy, executor, false);
    }

    const tix__index_rule rule = {call->indices->dtype, o->negative_indices, o->out_of_range};
    tix__operands operands = {call->updates, output, call->indices, mean ? &counts : NULL};
    if (o->exclude_self && o->reduction != TIX_REDUCTION_NONE) {
        char identity[16];
        tix__reduction_identity(dtype, o->reduction, identity);
        pass reset = {.kind = PASS_IDENTITY,
                      .rule = rule,
                      .row = tix__move_kernel(element_size),
                      .constant = identity};
        tix__loop_build(&reset.loop, map, &operands);
        run(&reset, executor, true);
    }

    pass scatter = {.kind = PASS_SCATTER,
                    .rule = rule,
                    .row = tix__reduce_kernel(dtype, o->reduction),
                    .count = mean};
    tix__loop_build(&scatter.loop, map, &operands);
    run(&scatter, executor, true);

    if (mean) {
        pass divide = {.kind = PASS_MEAN,
                       .mean = tix__mean_kernel(dtype),
                       .self = o->exclude_self ? 0 : 1};
        tix__operands walked = {output, output, NULL, &counts};
        tix__loop_build(&divide.loop, &whole, &walked);
        run(&divide, executor, false);
        free(counts.data);
    }
    return TIX_STATUS_OK;
}
