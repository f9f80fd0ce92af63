// LazyCurl has no interface of its own: it defines, for a statically linked Foundation on
// Linux, the libcurl functions FoundationNetworking calls, and loads libcurl on the first call
// (LazyCurl.c, README.md). This header exists because SwiftPM wants one per C target.
#ifndef LAZY_CURL_H
#define LAZY_CURL_H
#endif
