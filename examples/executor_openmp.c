/* tix on OpenMP threads: each tile of the range becomes an iteration of a parallel loop. */
#include "executor_check.h"

static void parallel_for(void* pool, tix_task_fn task, void* context, size_t range, size_t tile) {
    (void)pool;
    long tiles = (long)((range + tile - 1) / tile);
#pragma omp parallel for schedule(dynamic)
    for (long t = 0; t < tiles; t++) {
        size_t begin = (size_t)t * tile, rest = range - begin;
        task(context, begin, rest < tile ? rest : tile);
    }
}

int main(void) {
    tix_executor executor = {parallel_for, NULL};
    return check_executor("OpenMP", &executor);
}
