/* tix on a pthreadpool (Debian: libpthreadpool-dev). Its parallelize_1d_tile_1d has tix's
 * contract exactly, so the adapter is one call. */
#include <pthreadpool.h>

#include "executor_check.h"

static void parallel_for(void* pool, tix_task_fn task, void* context, size_t range, size_t tile) {
    pthreadpool_parallelize_1d_tile_1d((pthreadpool_t)pool, (pthreadpool_task_1d_tile_1d_t)task,
                                       context, range, tile, 0);
}

int main(void) {
    pthreadpool_t pool = pthreadpool_create(3);
    if (pool == NULL) return 1;
    tix_executor executor = {parallel_for, pool};
    int status = check_executor("pthreadpool", &executor);
    pthreadpool_destroy(pool);
    return status;
}
