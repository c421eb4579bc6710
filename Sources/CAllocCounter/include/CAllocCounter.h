#ifndef FRAMEBUDGET_ALLOC_COUNTER_H
#define FRAMEBUDGET_ALLOC_COUNTER_H
#include <stdint.h>

/// Allocation counters (process-wide, and per thread), bumped by this target's malloc family (which the executable's symbol
/// table makes win over glibc's, also for calls from libswiftCore and libFoundation).
typedef struct {
    uint64_t allocations;   ///< malloc, calloc, realloc (of NULL or a new block), memalign, posix_memalign...
    uint64_t bytes;         ///< bytes requested by those calls
    uint64_t frees;         ///< free of a non-NULL pointer
} fb_alloc_snapshot;

/// Reads the counters. Allocates nothing, so it may be called inside a timed window.
fb_alloc_snapshot fb_alloc_read(void);

/// Reads the calling thread's own counters (what this thread allocated and freed since it started). Allocates
/// nothing.
fb_alloc_snapshot fb_alloc_read_thread(void);

/// 1 when the interposer is compiled in (it is compiled out under sanitizers, which bring their own malloc).
int fb_alloc_counting_available(void);

#endif
