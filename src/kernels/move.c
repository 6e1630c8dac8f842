/* Moving rows of elements by element size: the kernels of every gather, of scatters without a
 * reduction, of the data -> output copy and of fills (a source stride of 0). */
#include <string.h>

#include "../internal.h"

/* Called with a constant size, so each caller below compiles to fixed-size loads and stores. */
static inline void move_row(char* dst, int64_t dst_stride, const char* src, int64_t src_stride,
                            int64_t n, size_t size) {
    if (dst_stride == (int64_t)size && src_stride == (int64_t)size) {
        memcpy(dst, src, (size_t)n * size);
        return;
    }
    for (int64_t i = 0; i < n; i++) memcpy(dst + i * dst_stride, src + i * src_stride, size);
}

static void move_1(char* dst, int64_t dst_stride, const char* src, int64_t src_stride, int64_t n) {
    move_row(dst, dst_stride, src, src_stride, n, 1);
}

static void move_2(char* dst, int64_t dst_stride, const char* src, int64_t src_stride, int64_t n) {
    move_row(dst, dst_stride, src, src_stride, n, 2);
}

static void move_4(char* dst, int64_t dst_stride, const char* src, int64_t src_stride, int64_t n) {
    move_row(dst, dst_stride, src, src_stride, n, 4);
}

static void move_8(char* dst, int64_t dst_stride, const char* src, int64_t src_stride, int64_t n) {
    move_row(dst, dst_stride, src, src_stride, n, 8);
}

static void move_16(char* dst, int64_t dst_stride, const char* src, int64_t src_stride,
                    int64_t n) {
    move_row(dst, dst_stride, src, src_stride, n, 16);
}

tix__row_fn tix__move_kernel(size_t element_size) {
    switch (element_size) {
        case 1:
            return move_1;
        case 2:
            return move_2;
        case 4:
            return move_4;
        case 8:
            return move_8;
        default:
            return move_16; /* every dtype is 1, 2, 4, 8 or 16 bytes */
    }
}
