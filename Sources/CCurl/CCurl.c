// The fixed-type wrappers of libcurl's variadic `curl_easy_setopt` (include/CCurl.h).
#include "CCurl.h"

int ccurl_easy_setopt_variadic(ccurl_easy *handle, int option, ...) CCURL_SYMBOL("curl_easy_setopt");

int ccurl_easy_setopt_long(ccurl_easy *handle, int option, long value) {
    return ccurl_easy_setopt_variadic(handle, option, value);
}

int ccurl_easy_setopt_offset(ccurl_easy *handle, int option, ccurl_off_t value) {
    return ccurl_easy_setopt_variadic(handle, option, value);
}

int ccurl_easy_setopt_pointer(ccurl_easy *handle, int option, const void *value) {
    return ccurl_easy_setopt_variadic(handle, option, value);
}

int ccurl_easy_setopt_data_callback(ccurl_easy *handle, int option, ccurl_data_callback callback) {
    return ccurl_easy_setopt_variadic(handle, option, callback);
}

int ccurl_easy_setopt_progress_callback(ccurl_easy *handle, int option, ccurl_progress_callback callback) {
    return ccurl_easy_setopt_variadic(handle, option, callback);
}
