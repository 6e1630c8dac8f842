/* The version of the built library, to compare with the header's. */
#include "internal.h"

#define TIX_STRINGIFY_(x) #x
#define TIX_STRINGIFY(x) TIX_STRINGIFY_(x)

unsigned tix_version_number(void) {
    return TIX_VERSION_NUMBER;
}

const char* tix_version_string(void) {
    return TIX_STRINGIFY(TIX_VERSION_MAJOR) "." TIX_STRINGIFY(TIX_VERSION_MINOR) "." TIX_STRINGIFY(
        TIX_VERSION_PATCH);
}
