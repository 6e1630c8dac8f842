/* Status names and messages, generated from the one list in tix.h. */
#include "internal.h"

const char* tix_status_name(tix_status status) {
    switch (status) {
#define TIX_STATUS_NAME_(name, value, message) \
    case TIX_STATUS_##name:                    \
        return "TIX_STATUS_" #name;
        TIX_STATUS_LIST(TIX_STATUS_NAME_)
#undef TIX_STATUS_NAME_
    }
    return "TIX_STATUS_UNKNOWN";
}

const char* tix_status_message(tix_status status) {
    switch (status) {
#define TIX_STATUS_MESSAGE_(name, value, message) \
    case TIX_STATUS_##name:                       \
        return message;
        TIX_STATUS_LIST(TIX_STATUS_MESSAGE_)
#undef TIX_STATUS_MESSAGE_
    }
    return "unknown status";
}
