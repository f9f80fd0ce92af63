// The part of libcurl that CurlTransport uses, declared here so that the package builds with
// libcurl's runtime alone (`libcurl.so.4`, which FoundationNetworking links on Linux) and no
// development package. Every name is the module's own, so it compiles beside a real
// <curl/curl.h>; each function is bound to libcurl's symbol by an `__asm__` label. The values
// and layouts are libcurl's ABI, stable since 7.x; `DeclarationsCheck.c` compares each one with
// libcurl's own header wherever that header is installed.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

#if defined(__APPLE__)
#define CCURL_SYMBOL(name) __asm__("_" name)
#else
#define CCURL_SYMBOL(name) __asm__(name)
#endif

/// `CURL`, `CURLM` and `struct curl_slist`.
typedef struct ccurl_easy ccurl_easy;
typedef struct ccurl_multi ccurl_multi;
typedef struct ccurl_slist {
    char *data;
    struct ccurl_slist *next;
} ccurl_slist;
/// `curl_off_t`.
typedef int64_t ccurl_off_t;

/// `CURLMsg`: what `ccurl_multi_info_read` returns for a finished transfer.
typedef struct ccurl_msg {
    int msg;
    ccurl_easy *easy_handle;
    union {
        void *whatever;
        int result;
    } data;
} ccurl_msg;

/// The leading fields of `curl_version_info_data`, the only ones read.
typedef struct ccurl_version_data {
    int age;
    const char *version;
    unsigned int version_num;
    const char *host;
    int features;
} ccurl_version_data;

/// A write or header callback: `(bytes, 1, count, userdata) -> bytes taken`.
typedef size_t (*ccurl_data_callback)(char *bytes, size_t size, size_t count, void *userdata);
/// A transfer-info callback: `(userdata, dltotal, dlnow, ultotal, ulnow) -> 0 to go on`.
typedef int (*ccurl_progress_callback)(
    void *userdata, ccurl_off_t dltotal, ccurl_off_t dlnow, ccurl_off_t ultotal, ccurl_off_t ulnow);

// MARK: Values (CURLoption, CURLcode, CURLMcode, CURLMSG, CURLINFO and flags)

#define CCURLOPT_WRITEDATA 10001
#define CCURLOPT_URL 10002
#define CCURLOPT_PROXY 10004
#define CCURLOPT_ERRORBUFFER 10010
#define CCURLOPT_WRITEFUNCTION 20011
#define CCURLOPT_TIMEOUT 13
#define CCURLOPT_LOW_SPEED_LIMIT 19
#define CCURLOPT_LOW_SPEED_TIME 20
#define CCURLOPT_HTTPHEADER 10023
#define CCURLOPT_HEADERDATA 10029
#define CCURLOPT_CUSTOMREQUEST 10036
#define CCURLOPT_NOPROGRESS 43
#define CCURLOPT_NOBODY 44
#define CCURLOPT_XFERINFODATA 10057
#define CCURLOPT_POSTFIELDSIZE 60
#define CCURLOPT_CONNECTTIMEOUT 78
#define CCURLOPT_HEADERFUNCTION 20079
#define CCURLOPT_HTTPGET 80
#define CCURLOPT_NOSIGNAL 99
#define CCURLOPT_ACCEPT_ENCODING 10102
#define CCURLOPT_POSTFIELDSIZE_LARGE 30120
#define CCURLOPT_COPYPOSTFIELDS 10165
#define CCURLOPT_PROTOCOLS 181
#define CCURLOPT_XFERINFOFUNCTION 20219
#define CCURLOPT_PROTOCOLS_STR 10318

#define CCURLPROTO_HTTP 1
#define CCURLPROTO_HTTPS 2

#define CCURLE_OK 0
#define CCURLE_UNSUPPORTED_PROTOCOL 1
#define CCURLE_URL_MALFORMAT 3
#define CCURLE_COULDNT_RESOLVE_PROXY 5
#define CCURLE_COULDNT_RESOLVE_HOST 6
#define CCURLE_COULDNT_CONNECT 7
#define CCURLE_WEIRD_SERVER_REPLY 8
#define CCURLE_HTTP2 16
#define CCURLE_PARTIAL_FILE 18
#define CCURLE_OUT_OF_MEMORY 27
#define CCURLE_OPERATION_TIMEDOUT 28
#define CCURLE_SSL_CONNECT_ERROR 35
#define CCURLE_GOT_NOTHING 52
#define CCURLE_SEND_ERROR 55
#define CCURLE_RECV_ERROR 56
#define CCURLE_PEER_FAILED_VERIFICATION 60
#define CCURLE_BAD_CONTENT_ENCODING 61
#define CCURLE_HTTP3 95

#define CCURLM_OK 0
#define CCURLMSG_DONE 1

#define CCURL_ERROR_SIZE 256
#define CCURL_GLOBAL_ALL 3
#define CCURL_WRITEFUNC_PAUSE 0x10000001
#define CCURLPAUSE_CONT 0
/// Any age is answered with the running library's whole struct; this one is 7.16.1's.
#define CCURLVERSION_FOURTH 3

#define CCURL_VERSION_LIBZ (1 << 3)
#define CCURL_VERSION_BROTLI (1 << 23)
#define CCURL_VERSION_ZSTD (1 << 26)

// MARK: Functions

int ccurl_global_init(long flags) CCURL_SYMBOL("curl_global_init");
const ccurl_version_data *ccurl_version_info(int age) CCURL_SYMBOL("curl_version_info");
const char *ccurl_easy_strerror(int code) CCURL_SYMBOL("curl_easy_strerror");

ccurl_easy *ccurl_easy_init(void) CCURL_SYMBOL("curl_easy_init");
void ccurl_easy_cleanup(ccurl_easy *handle) CCURL_SYMBOL("curl_easy_cleanup");
void ccurl_easy_reset(ccurl_easy *handle) CCURL_SYMBOL("curl_easy_reset");
int ccurl_easy_pause(ccurl_easy *handle, int bitmask) CCURL_SYMBOL("curl_easy_pause");

ccurl_multi *ccurl_multi_init(void) CCURL_SYMBOL("curl_multi_init");
int ccurl_multi_cleanup(ccurl_multi *multi) CCURL_SYMBOL("curl_multi_cleanup");
int ccurl_multi_add_handle(ccurl_multi *multi, ccurl_easy *handle) CCURL_SYMBOL("curl_multi_add_handle");
int ccurl_multi_remove_handle(ccurl_multi *multi, ccurl_easy *handle) CCURL_SYMBOL("curl_multi_remove_handle");
int ccurl_multi_perform(ccurl_multi *multi, int *running) CCURL_SYMBOL("curl_multi_perform");
/// `extra_fds` is `struct curl_waitfd[]`; CurlTransport passes none.
int ccurl_multi_poll(ccurl_multi *multi, void *extra_fds, unsigned int extra_count, int timeout_ms, int *ready)
    CCURL_SYMBOL("curl_multi_poll");
int ccurl_multi_wakeup(ccurl_multi *multi) CCURL_SYMBOL("curl_multi_wakeup");
ccurl_msg *ccurl_multi_info_read(ccurl_multi *multi, int *queued) CCURL_SYMBOL("curl_multi_info_read");

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *line) CCURL_SYMBOL("curl_slist_append");
void ccurl_slist_free_all(ccurl_slist *list) CCURL_SYMBOL("curl_slist_free_all");

// `curl_easy_setopt` is variadic, which Swift cannot call: one fixed-type wrapper per argument type.

int ccurl_easy_setopt_long(ccurl_easy *handle, int option, long value);
int ccurl_easy_setopt_offset(ccurl_easy *handle, int option, ccurl_off_t value);
/// For options that take a string (copied by libcurl), a list, a buffer or callback userdata.
int ccurl_easy_setopt_pointer(ccurl_easy *handle, int option, const void *value);
int ccurl_easy_setopt_data_callback(ccurl_easy *handle, int option, ccurl_data_callback callback);
int ccurl_easy_setopt_progress_callback(ccurl_easy *handle, int option, ccurl_progress_callback callback);

#endif
