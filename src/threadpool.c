/* The built-in executor: a pool of persistent workers that, together with the calling thread,
 * run the tiles of a parallel_for. The tiles are dealt out in equal contiguous shares, one per
 * thread, the same share to the same thread on every call: each thread works through its own
 * share from the front, then takes what is left of the others' from their backs. So a thread
 * that the host holds back does not hold up the job (its share is taken over), and a call on
 * the same tensors as the call before finds each part of them in the caches of the thread that
 * touched it last (on two threads, against taking every tile from one shared counter:
 * gather_rows_small 0.82x, gather_elements_last 0.88x the time, `bench/ab.sh -b 5`).
 *
 * A tile is claimed by decrementing its share's `left` while it is positive; the owner then
 * takes the tile at `front`, a thief the one before `back`. Claims never exceed the share, so
 * the two ends never cross. One job at a time: concurrent callers queue on call_lock.
 *
 * A worker between jobs, and the caller waiting for its workers, first spin for up to SPIN_NS
 * on the job's counters, and only then sleep on a condition variable: a wake from sleep costs
 * 20-40 us on a VM (an empty parallel_for of two threads took that long when both always slept),
 * and a call of tix may run several short jobs in a row. The counters are atomics, written under
 * `lock` as well, so that a sleeper cannot miss its wake: the generation is published with
 * release order after the job's fields, and each worker's leaving of a job with release order
 * after its writes, which the caller reads back with acquire order. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

/* One thread's share of the tiles of a job: [front, back), `left` of them unclaimed. A cache
 * line of its own: the shares start at a line's start (tix_threadpool_create). */
typedef struct share {
    atomic_size_t front, back, left;
    char padding[TIX__CACHE_LINE - 3 * sizeof(atomic_size_t)];
} share;

typedef struct worker {
    pthread_t thread;
    tix_threadpool* pool;
    size_t self; /* its share */
} worker;

struct tix_threadpool {
    size_t threads; /* workers + the caller */
    worker* workers;
    pthread_mutex_t call_lock; /* held for a whole parallel_for */
    pthread_mutex_t lock;      /* held to publish a job or stop, and to sleep or wake on: */
    pthread_cond_t wake;       /* a new job, or stop */
    pthread_cond_t done;       /* the last worker left the job */
    atomic_uint_fast64_t generation; /* counts jobs */
    atomic_bool stop;
    atomic_size_t busy; /* workers still in the current job */
    tix_task_fn task;
    void* context;
    size_t range, tile;
    void* share_memory; /* what shares lies in */
    share* shares;      /* per thread: workers 0 .. threads - 2, then the caller */
};

/* The first tile of share i of `tiles` cut into `threads` shares (the first tiles % threads
 * shares one longer). */
static size_t share_start(size_t tiles, size_t threads, size_t i) {
    size_t extra = tiles % threads;
    return i * (tiles / threads) + (i < extra ? i : extra);
}

/* How long a thread spins on a counter before it sleeps. */
#define SPIN_NS 100000

static int64_t nanoseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* A hint to the core that this thread is spinning (frees the sibling hyperthread's resources). */
static void relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Whether the worker that last saw job `seen` has a new job or must stop. */
static bool job_ready(tix_threadpool* pool, uint64_t seen) {
    return atomic_load_explicit(&pool->generation, memory_order_acquire) != seen ||
           atomic_load_explicit(&pool->stop, memory_order_relaxed);
}

/* Whether every worker has left the current job. */
static bool workers_done(tix_threadpool* pool, uint64_t unused) {
    (void)unused;
    return atomic_load_explicit(&pool->busy, memory_order_acquire) == 0;
}

/* Whether `ready` came true within SPIN_NS of spinning. */
static bool spin(tix_threadpool* pool, bool (*ready)(tix_threadpool*, uint64_t), uint64_t seen) {
    int64_t until = nanoseconds() + SPIN_NS;
    for (unsigned turn = 1;; turn++) {
        if (ready(pool, seen))
            return true;
        relax();
        if (turn % 64 == 0 && nanoseconds() > until)
            return false;
    }
}

/* Claims a tile of `s`: whether one was left. */
static bool claim(share* s) {
    size_t left = atomic_load_explicit(&s->left, memory_order_relaxed);
    while (left > 0) {
        if (atomic_compare_exchange_weak_explicit(&s->left, &left, left - 1, memory_order_relaxed,
                                                  memory_order_relaxed)) {
            return true;
        }
    }
    return false;
}

static void run_tile(tix_threadpool* pool, size_t t) {
    size_t begin = t * pool->tile, rest = pool->range - begin;
    pool->task(pool->context, begin, rest < pool->tile ? rest : pool->tile);
}

/* The tiles of thread `self`: its own share front to back, then the others' from their backs. */
static void take_tiles(tix_threadpool* pool, size_t self) {
    share* own = &pool->shares[self];
    while (claim(own))
        run_tile(pool, atomic_fetch_add_explicit(&own->front, 1, memory_order_relaxed));
    for (size_t k = 1; k < pool->threads; k++) {
        share* other = &pool->shares[(self + k) % pool->threads];
        while (claim(other))
            run_tile(pool, atomic_fetch_sub_explicit(&other->back, 1, memory_order_relaxed) - 1);
    }
}

static void* work(void* argument) {
    const worker* me = argument;
    tix_threadpool* pool = me->pool;
    uint64_t seen = 0;
    for (;;) {
        if (!spin(pool, job_ready, seen)) {
            pthread_mutex_lock(&pool->lock);
            while (!atomic_load_explicit(&pool->stop, memory_order_relaxed) &&
                   atomic_load_explicit(&pool->generation, memory_order_relaxed) == seen) {
                pthread_cond_wait(&pool->wake, &pool->lock);
            }
            pthread_mutex_unlock(&pool->lock);
        }
        if (atomic_load_explicit(&pool->stop, memory_order_acquire))
            return NULL;
        seen = atomic_load_explicit(&pool->generation, memory_order_acquire);
        take_tiles(pool, me->self);
        if (atomic_fetch_sub_explicit(&pool->busy, 1, memory_order_acq_rel) == 1) {
            pthread_mutex_lock(&pool->lock); /* (the caller may be asleep) */
            pthread_cond_signal(&pool->done);
            pthread_mutex_unlock(&pool->lock);
        }
    }
}

/* Stops and joins the first `started` workers, then frees the pool. */
static void shut_down(tix_threadpool* pool, size_t started) {
    pthread_mutex_lock(&pool->lock);
    atomic_store_explicit(&pool->stop, true, memory_order_release);
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (size_t i = 0; i < started; i++) pthread_join(pool->workers[i].thread, NULL);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    pthread_mutex_destroy(&pool->call_lock);
    free(pool->workers);
    free(pool->share_memory);
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
    /* (one line more, to start the shares at a line's start) */
    pool->share_memory = threads <= (SIZE_MAX - TIX__CACHE_LINE) / sizeof(share)
                             ? calloc(1, threads * sizeof(share) + TIX__CACHE_LINE)
                             : NULL;
    if (pool->workers == NULL || pool->share_memory == NULL) {
        free(pool->workers);
        free(pool->share_memory);
        free(pool);
        return NULL;
    }
    uintptr_t at = (uintptr_t)pool->share_memory;
    pool->shares = (share*)(void*)((char*)pool->share_memory +
                                   (TIX__CACHE_LINE - at % TIX__CACHE_LINE) % TIX__CACHE_LINE);
    for (size_t i = 0; i < threads; i++) {
        atomic_init(&pool->shares[i].front, 0);
        atomic_init(&pool->shares[i].back, 0);
        atomic_init(&pool->shares[i].left, 0);
    }
    atomic_init(&pool->generation, 0);
    atomic_init(&pool->stop, false);
    atomic_init(&pool->busy, 0);
    pthread_mutex_init(&pool->call_lock, NULL);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    for (size_t i = 0; i + 1 < threads; i++) {
        pool->workers[i].pool = pool;
        pool->workers[i].self = i;
        if (pthread_create(&pool->workers[i].thread, NULL, work, &pool->workers[i]) != 0) {
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
    for (size_t i = 0; i < pool->threads; i++) {
        size_t front = share_start(tiles, pool->threads, i);
        size_t back = share_start(tiles, pool->threads, i + 1);
        atomic_store_explicit(&pool->shares[i].front, front, memory_order_relaxed);
        atomic_store_explicit(&pool->shares[i].back, back, memory_order_relaxed);
        atomic_store_explicit(&pool->shares[i].left, back - front, memory_order_relaxed);
    }
    atomic_store_explicit(&pool->busy, pool->threads - 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&pool->generation, 1, memory_order_release);
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    take_tiles(pool, pool->threads - 1);
    if (!spin(pool, workers_done, 0)) {
        pthread_mutex_lock(&pool->lock);
        while (atomic_load_explicit(&pool->busy, memory_order_acquire) > 0)
            pthread_cond_wait(&pool->done, &pool->lock);
        pthread_mutex_unlock(&pool->lock);
    }
    pthread_mutex_unlock(&pool->call_lock);
}

tix_executor tix_threadpool_executor(tix_threadpool* pool) {
    return (tix_executor){tix_threadpool_parallel_for, pool};
}
