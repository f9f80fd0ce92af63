// The libcurl functions that FoundationNetworking's static library calls, each loading
// libcurl.so.4 on the first call of any of them and forwarding to it (README.md). A release
// heroes-cli on Linux links Foundation statically and libcurl not at all, so a command that
// never opens a URLSession (show --offline, lint, --version) never maps libcurl and the 28
// libraries it needs, which cost more than the rest of such a command (docs/PERFORMANCE.md).
//
// The symbols are hidden: they satisfy the static link of heroes-cli alone, and never stand in
// for libcurl's own in a process that loads it the usual way (a debug build links Foundation
// dynamically, and its libFoundationNetworking.so binds to libcurl directly).
#if defined(__linux__) && defined(HEROES_LAZY_CURL)

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#define HIDDEN __attribute__((visibility("hidden")))

// libcurl's handles are opaque, its enums int-sized and its curl_socket_t an int on Linux, so
// these declarations match curl.h and multi.h without their headers (libcurl's -dev package is
// not needed to build).
typedef void CURL;
typedef void CURLM;
typedef void CURLU;
typedef void CURLMsg;
typedef int CURLcode;
typedef int CURLMcode;
typedef int CURLUcode;
typedef struct curl_slist curl_slist;

static struct {
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    CURLcode (*easy_pause)(CURL *, int);
    const char *(*easy_strerror)(CURLcode);
    void (*free)(void *);
    CURLcode (*global_init)(long);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_assign)(CURLM *, int, void *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_setopt)(CURLM *, int, ...);
    CURLMcode (*multi_socket_action)(CURLM *, int, int, int *);
    curl_slist *(*slist_append)(curl_slist *, const char *);
    void (*slist_free_all)(curl_slist *);
    CURLU *(*url)(void);
    CURLUcode (*url_get)(const CURLU *, int, char **, unsigned int);
    CURLUcode (*url_set)(CURLU *, int, const char *, unsigned int);
    char *(*version)(void);
    void *(*version_info)(int);
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

// Without libcurl the network cannot work at all: say so and stop, with the status the dynamic
// loader gives a program whose library is missing.
static void fail(const char *what) {
    fprintf(stderr, "heroes-cli: cannot load libcurl, which the network needs: %s\n", what);
    _exit(127);
}

static void *find(void *library, const char *name) {
    void *function = dlsym(library, name);
    if (function == NULL) fail(name);
    return function;
}

static void load(void) {
    // Lazy binding, as the loader binds a library it maps at start; local, as nothing else
    // should see libcurl's symbols.
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) fail(dlerror());
    *(void **)&curl.easy_init = find(library, "curl_easy_init");
    *(void **)&curl.easy_cleanup = find(library, "curl_easy_cleanup");
    *(void **)&curl.easy_setopt = find(library, "curl_easy_setopt");
    *(void **)&curl.easy_getinfo = find(library, "curl_easy_getinfo");
    *(void **)&curl.easy_pause = find(library, "curl_easy_pause");
    *(void **)&curl.easy_strerror = find(library, "curl_easy_strerror");
    *(void **)&curl.free = find(library, "curl_free");
    *(void **)&curl.global_init = find(library, "curl_global_init");
    *(void **)&curl.multi_init = find(library, "curl_multi_init");
    *(void **)&curl.multi_cleanup = find(library, "curl_multi_cleanup");
    *(void **)&curl.multi_add_handle = find(library, "curl_multi_add_handle");
    *(void **)&curl.multi_remove_handle = find(library, "curl_multi_remove_handle");
    *(void **)&curl.multi_assign = find(library, "curl_multi_assign");
    *(void **)&curl.multi_info_read = find(library, "curl_multi_info_read");
    *(void **)&curl.multi_setopt = find(library, "curl_multi_setopt");
    *(void **)&curl.multi_socket_action = find(library, "curl_multi_socket_action");
    *(void **)&curl.slist_append = find(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = find(library, "curl_slist_free_all");
    *(void **)&curl.url = find(library, "curl_url");
    *(void **)&curl.url_get = find(library, "curl_url_get");
    *(void **)&curl.url_set = find(library, "curl_url_set");
    *(void **)&curl.version = find(library, "curl_version");
    *(void **)&curl.version_info = find(library, "curl_version_info");
}

#define LOADED (pthread_once(&loaded, load), &curl)

// The variadic three take exactly one argument after the option: a long, a curl_off_t, a
// pointer or a function pointer, all passed in one integer register on x86-64 and AArch64
// Linux, so that register is handed on as it came.
#define ONE_ARGUMENT(call, handle, option) \
    va_list arguments; \
    va_start(arguments, option); \
    void *argument = va_arg(arguments, void *); \
    va_end(arguments); \
    return call(handle, option, argument)

HIDDEN CURL *curl_easy_init(void) { return LOADED->easy_init(); }
HIDDEN void curl_easy_cleanup(CURL *handle) { LOADED->easy_cleanup(handle); }
HIDDEN CURLcode curl_easy_setopt(CURL *handle, int option, ...) {
    ONE_ARGUMENT(LOADED->easy_setopt, handle, option);
}
HIDDEN CURLcode curl_easy_getinfo(CURL *handle, int info, ...) {
    ONE_ARGUMENT(LOADED->easy_getinfo, handle, info);
}
HIDDEN CURLcode curl_easy_pause(CURL *handle, int mask) { return LOADED->easy_pause(handle, mask); }
HIDDEN const char *curl_easy_strerror(CURLcode code) { return LOADED->easy_strerror(code); }
HIDDEN void curl_free(void *pointer) { LOADED->free(pointer); }
HIDDEN CURLcode curl_global_init(long flags) { return LOADED->global_init(flags); }
HIDDEN CURLM *curl_multi_init(void) { return LOADED->multi_init(); }
HIDDEN CURLMcode curl_multi_cleanup(CURLM *multi) { return LOADED->multi_cleanup(multi); }
HIDDEN CURLMcode curl_multi_add_handle(CURLM *multi, CURL *handle) {
    return LOADED->multi_add_handle(multi, handle);
}
HIDDEN CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return LOADED->multi_remove_handle(multi, handle);
}
HIDDEN CURLMcode curl_multi_assign(CURLM *multi, int socket, void *pointer) {
    return LOADED->multi_assign(multi, socket, pointer);
}
HIDDEN CURLMsg *curl_multi_info_read(CURLM *multi, int *left) { return LOADED->multi_info_read(multi, left); }
HIDDEN CURLMcode curl_multi_setopt(CURLM *multi, int option, ...) {
    ONE_ARGUMENT(LOADED->multi_setopt, multi, option);
}
HIDDEN CURLMcode curl_multi_socket_action(CURLM *multi, int socket, int events, int *running) {
    return LOADED->multi_socket_action(multi, socket, events, running);
}
HIDDEN curl_slist *curl_slist_append(curl_slist *list, const char *text) {
    return LOADED->slist_append(list, text);
}
HIDDEN void curl_slist_free_all(curl_slist *list) { LOADED->slist_free_all(list); }
HIDDEN CURLU *curl_url(void) { return LOADED->url(); }
HIDDEN CURLUcode curl_url_get(const CURLU *url, int part, char **text, unsigned int flags) {
    return LOADED->url_get(url, part, text, flags);
}
HIDDEN CURLUcode curl_url_set(CURLU *url, int part, const char *text, unsigned int flags) {
    return LOADED->url_set(url, part, text, flags);
}
HIDDEN char *curl_version(void) { return LOADED->version(); }
HIDDEN void *curl_version_info(int age) { return LOADED->version_info(age); }

#endif
