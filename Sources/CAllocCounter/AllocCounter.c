// Counts every heap allocation of the process, exactly, without LD_PRELOAD.
//
// Why here and not a malloc hook: glibc removed __malloc_hook, and LD_PRELOAD would not follow the binary into CI.
// Defining the malloc family in the executable makes the dynamic linker resolve every caller to these functions;
// each forwards to glibc's __libc_* entry points. Counters are process-wide relaxed atomics so the worker threads of
// a multithreaded kernel are counted too, and each thread also keeps its own (a kernel that runs on its caller is
// then counted without the allocations of unrelated threads: a test process has many, and a CI run once saw one
// allocate through every window of a count).
#include "CAllocCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#    define FB_SANITIZED 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define FB_SANITIZED 1
#endif

#if !defined(FB_SANITIZED) && defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t fb_allocations;
static uint64_t fb_bytes;
static uint64_t fb_frees;

// Initial-exec: the counters live in the executable's static TLS block, set up before any code that can call
// malloc runs on the thread, and read without __tls_get_addr (which could itself allocate).
static __thread fb_alloc_snapshot fb_thread_counts __attribute__((tls_model("initial-exec")));

static inline void fb_count(size_t size) {
    __atomic_fetch_add(&fb_allocations, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&fb_bytes, (uint64_t)size, __ATOMIC_RELAXED);
    fb_thread_counts.allocations += 1;
    fb_thread_counts.bytes += (uint64_t)size;
}

void *malloc(size_t size) {
    fb_count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    fb_count(count * size);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    fb_count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer) {
        __atomic_fetch_add(&fb_frees, 1, __ATOMIC_RELAXED);
        fb_thread_counts.frees += 1;
    }
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    fb_count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    fb_count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    fb_count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    fb_count(size);
    return __libc_memalign(4096, size);
}

fb_alloc_snapshot fb_alloc_read(void) {
    fb_alloc_snapshot snapshot;
    snapshot.allocations = __atomic_load_n(&fb_allocations, __ATOMIC_RELAXED);
    snapshot.bytes = __atomic_load_n(&fb_bytes, __ATOMIC_RELAXED);
    snapshot.frees = __atomic_load_n(&fb_frees, __ATOMIC_RELAXED);
    return snapshot;
}

fb_alloc_snapshot fb_alloc_read_thread(void) { return fb_thread_counts; }

int fb_alloc_counting_available(void) { return 1; }

#else

fb_alloc_snapshot fb_alloc_read(void) {
    fb_alloc_snapshot snapshot = {0, 0, 0};
    return snapshot;
}

fb_alloc_snapshot fb_alloc_read_thread(void) { return fb_alloc_read(); }

int fb_alloc_counting_available(void) { return 0; }

#endif
