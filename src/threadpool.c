/* The built-in executor: a pool of persistent workers that, together with the calling thread,
 * take tiles of a parallel_for from one atomic counter. One job at a time: concurrent callers
 * queue on call_lock. Everything a task writes is published to the caller by the mutex that
 * both take when a worker reports done. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "internal.h"

struct tix_threadpool {
    size_t threads; /* workers + the caller */
    pthread_t* workers;
    pthread_mutex_t call_lock; /* held for a whole parallel_for */
    pthread_mutex_t lock;      /* guards everything below but `next` */
    pthread_cond_t wake;       /* a new job, or stop */
    pthread_cond_t done;       /* the last worker left the job */
    uint64_t generation;       /* counts jobs */
    bool stop;
    size_t busy; /* workers still in the current job */
    tix_task_fn task;
    void* context;
    size_t range, tile, tiles;
    atomic_size_t next; /* the next tile to take */
};

static void take_tiles(tix_threadpool* pool) {
    for (;;) {
        size_t t = atomic_fetch_add_explicit(&pool->next, 1, memory_order_relaxed);
        if (t >= pool->tiles) return;
        size_t begin = t * pool->tile, rest = pool->range - begin;
        pool->task(pool->context, begin, rest < pool->tile ? rest : pool->tile);
    }
}

static void* work(void* argument) {
    tix_threadpool* pool = argument;
    uint64_t seen = 0;
    for (;;) {
        pthread_mutex_lock(&pool->lock);
        while (!pool->stop && pool->generation == seen) pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stop) {
            pthread_mutex_unlock(&pool->lock);
            return NULL;
        }
        seen = pool->generation;
        pthread_mutex_unlock(&pool->lock);
        take_tiles(pool);
        pthread_mutex_lock(&pool->lock);
        if (--pool->busy == 0) pthread_cond_signal(&pool->done);
        pthread_mutex_unlock(&pool->lock);
    }
}

/* Stops and joins the first `started` workers, then frees the pool. */
static void shut_down(tix_threadpool* pool, size_t started) {
    pthread_mutex_lock(&pool->lock);
    pool->stop = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (size_t i = 0; i < started; i++) pthread_join(pool->workers[i], NULL);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    pthread_mutex_destroy(&pool->call_lock);
    free(pool->workers);
    free(pool);
}

tix_threadpool* tix_threadpool_create(size_t threads) {
    if (threads == 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        threads = online > 0 ? (size_t)online : 1;
    }
    tix_threadpool* pool = calloc(1, sizeof *pool);
    if (pool == NULL) return NULL;
    pool->threads = threads;
    pool->workers = calloc(threads, sizeof *pool->workers);
    if (pool->workers == NULL) {
        free(pool);
        return NULL;
    }
    pthread_mutex_init(&pool->call_lock, NULL);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    atomic_init(&pool->next, 0);
    for (size_t i = 0; i + 1 < threads; i++) {
        if (pthread_create(&pool->workers[i], NULL, work, pool) != 0) {
            shut_down(pool, i);
            return NULL;
        }
    }
    return pool;
}

void tix_threadpool_destroy(tix_threadpool* pool) {
    if (pool != NULL) shut_down(pool, pool->threads - 1);
}

size_t tix_threadpool_threads(const tix_threadpool* pool) {
    return pool != NULL ? pool->threads : 0;
}

void tix_threadpool_parallel_for(void* argument, tix_task_fn task, void* context, size_t range,
                                 size_t tile) {
    tix_threadpool* pool = argument;
    if (tile == 0) tile = 1;
    size_t tiles = range / tile + (range % tile != 0);
    if (pool->threads == 1 || tiles <= 1) {
        for (size_t begin = 0; begin < range; begin += tile) {
            task(context, begin, range - begin < tile ? range - begin : tile);
        }
        return;
    }
    pthread_mutex_lock(&pool->call_lock);
    pthread_mutex_lock(&pool->lock);
    pool->task = task;
    pool->context = context;
    pool->range = range;
    pool->tile = tile;
    pool->tiles = tiles;
    atomic_store_explicit(&pool->next, 0, memory_order_relaxed);
    pool->busy = pool->threads - 1;
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    take_tiles(pool);
    pthread_mutex_lock(&pool->lock);
    while (pool->busy > 0) pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_unlock(&pool->call_lock);
}

tix_executor tix_threadpool_executor(tix_threadpool* pool) {
    return (tix_executor){tix_threadpool_parallel_for, pool};
}
