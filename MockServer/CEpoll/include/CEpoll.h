// Linux's epoll for MockServerKit: Swift's Glibc module does not export <sys/epoll.h>, so this
// target does. Empty on every other system, where the mock server polls with poll(2) and the
// package still builds this target when asked to build everything.
#ifndef CEPOLL_H
#define CEPOLL_H

#ifdef __linux__
#include <sys/epoll.h>
#endif

#endif
