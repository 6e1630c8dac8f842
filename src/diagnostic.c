/* Filling the caller-owned diagnostic. The library never prints: messages go only here. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

tix_status tix__fail(tix_diagnostic* diag, tix_status status, const char* argument,
                     int32_t dimension, int64_t position, int64_t value, const char* format, ...) {
    if (diag == NULL) return status;
    diag->status = status;
    diag->argument = argument;
    diag->dimension = dimension;
    diag->position = position;
    diag->value = value;
    va_list args;
    va_start(args, format);
    vsnprintf(diag->message, sizeof diag->message, format, args);
    va_end(args);
    return status;
}

void tix__succeed(tix_diagnostic* diag) {
    if (diag == NULL) return;
    diag->status = TIX_STATUS_OK;
    diag->argument = NULL;
    diag->dimension = -1;
    diag->position = -1;
    diag->value = 0;
    diag->message[0] = '\0';
}

void tix__format_shape(char* buffer, size_t capacity, int32_t rank, const int64_t* shape) {
    size_t used = (size_t)snprintf(buffer, capacity, "[");
    for (int32_t d = 0; d < rank; d++) {
        char part[32];
        size_t length =
            (size_t)snprintf(part, sizeof part, "%s%lld", d > 0 ? ", " : "", (long long)shape[d]);
        if (used + length + sizeof "...]" > capacity) {
            snprintf(buffer + used, capacity - used, "...]");
            return;
        }
        memcpy(buffer + used, part, length + 1);
        used += length;
    }
    snprintf(buffer + used, capacity - used, "]");
}
