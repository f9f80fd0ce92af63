// The part of the system's libcurl that Network's CurlTransport uses: the easy and multi
// interfaces. `curl_easy_setopt`, `curl_easy_getinfo` and `curl_multi_setopt` are variadic,
// which Swift cannot call, so each argument type gets a typed wrapper here.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>

/// A write or header callback: `(bytes, 1, count, userdata) -> bytes taken`.
typedef size_t (*ccurl_data_callback)(char *bytes, size_t size, size_t count, void *userdata);
/// A transfer-info callback: `(userdata, dltotal, dlnow, ultotal, ulnow) -> 0 to go on`.
typedef int (*ccurl_progress_callback)(
    void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// For options that take a string (copied by libcurl), a list, a buffer or callback userdata.
static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_data_callback(
    CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode ccurl_easy_setopt_progress_callback(
    CURL *handle, CURLoption option, ccurl_progress_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// What a write callback returns to pause the transfer (a macro Swift does not import as a `size_t`).
static inline size_t ccurl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }

/// `curl_easy_pause`'s bitmask to resume receiving and sending.
static inline int ccurl_pause_continue(void) { return CURLPAUSE_CONT; }

/// The running libcurl's version, such as "7.88.1" (`CURLVERSION_NOW` is a macro Swift does not import).
static inline const char *ccurl_version_number(void) {
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return info && info->version ? info->version : "";
}

#endif
