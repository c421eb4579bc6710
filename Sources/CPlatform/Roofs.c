// Streams and FMA loops that measure the machine's roofs (Counters/Roofs/RoofMeter drives them).
//
// Written with intrinsics behind a run-time CPU check, so the widest vectors the CPU has are used whatever flags the
// package is compiled with, and non-temporal stores (which no portable C expresses) are available. The threads of a
// measurement start together at a gate; the time reported is from the first start to the last finish, so a
// thread that is preempted counts against the figure rather than being averaged away.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include "CPlatform.h"
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static inline int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

#if defined(__x86_64__)
static int has_avx512(void) { return __builtin_cpu_supports("avx512f"); }
static int has_avx2_fma(void) { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }

__attribute__((target("avx512f"))) static void write512(char *d, size_t n, int nt) {
    const __m512i v = _mm512_set1_epi32(0x5A5A5A5A);
    if (nt) {
        for (size_t i = 0; i < n; i += 256) {
            _mm512_stream_si512((void *)(d + i), v); _mm512_stream_si512((void *)(d + i + 64), v);
            _mm512_stream_si512((void *)(d + i + 128), v); _mm512_stream_si512((void *)(d + i + 192), v);
        }
        _mm_sfence();
    } else {
        for (size_t i = 0; i < n; i += 256) {
            _mm512_store_si512((void *)(d + i), v); _mm512_store_si512((void *)(d + i + 64), v);
            _mm512_store_si512((void *)(d + i + 128), v); _mm512_store_si512((void *)(d + i + 192), v);
        }
    }
}

__attribute__((target("avx512f"))) static uint64_t read512(const char *s, size_t n) {
    __m512i a = _mm512_setzero_si512(), b = a, c = a, e = a;
    for (size_t i = 0; i < n; i += 256) {
        a = _mm512_xor_si512(a, _mm512_load_si512((const void *)(s + i)));
        b = _mm512_xor_si512(b, _mm512_load_si512((const void *)(s + i + 64)));
        c = _mm512_xor_si512(c, _mm512_load_si512((const void *)(s + i + 128)));
        e = _mm512_xor_si512(e, _mm512_load_si512((const void *)(s + i + 192)));
    }
    a = _mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, e));
    return (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(a));
}

__attribute__((target("avx2,fma"))) static void write256(char *d, size_t n, int nt) {
    const __m256i v = _mm256_set1_epi32(0x5A5A5A5A);
    for (size_t i = 0; i < n; i += 64) {
        if (nt) { _mm256_stream_si256((void *)(d + i), v); _mm256_stream_si256((void *)(d + i + 32), v); }
        else { _mm256_store_si256((void *)(d + i), v); _mm256_store_si256((void *)(d + i + 32), v); }
    }
    if (nt) _mm_sfence();
}

__attribute__((target("avx2,fma"))) static uint64_t read256(const char *s, size_t n) {
    __m256i a = _mm256_setzero_si256(), b = a;
    for (size_t i = 0; i < n; i += 64) {
        a = _mm256_xor_si256(a, _mm256_load_si256((const void *)(s + i)));
        b = _mm256_xor_si256(b, _mm256_load_si256((const void *)(s + i + 32)));
    }
    return (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(_mm256_xor_si256(a, b)));
}

static void write128(char *d, size_t n, int nt) {
    const __m128i v = _mm_set1_epi32(0x5A5A5A5A);
    for (size_t i = 0; i < n; i += 16) {
        if (nt) _mm_stream_si128((void *)(d + i), v); else _mm_store_si128((void *)(d + i), v);
    }
    if (nt) _mm_sfence();
}

static uint64_t read128(const char *s, size_t n) {
    __m128i a = _mm_setzero_si128();
    for (size_t i = 0; i < n; i += 16) a = _mm_xor_si128(a, _mm_load_si128((const void *)(s + i)));
    return (uint64_t)_mm_cvtsi128_si64(a);
}

// 16 independent chains: enough to cover the FMA latency (4 cycles) times the pipes (2) with room to spare.
#define FMA16(OP, T) T a0 = x, a1 = x, a2 = x, a3 = x, a4 = x, a5 = x, a6 = x, a7 = x, \
    a8 = x, a9 = x, a10 = x, a11 = x, a12 = x, a13 = x, a14 = x, a15 = x; \
    for (long i = 0; i < iterations; i++) { \
        a0 = OP(a0, m, c); a1 = OP(a1, m, c); a2 = OP(a2, m, c); a3 = OP(a3, m, c); \
        a4 = OP(a4, m, c); a5 = OP(a5, m, c); a6 = OP(a6, m, c); a7 = OP(a7, m, c); \
        a8 = OP(a8, m, c); a9 = OP(a9, m, c); a10 = OP(a10, m, c); a11 = OP(a11, m, c); \
        a12 = OP(a12, m, c); a13 = OP(a13, m, c); a14 = OP(a14, m, c); a15 = OP(a15, m, c); }

// Operands read through volatiles: constants would let the compiler fold the whole loop away.
static volatile float fma_start = 1.0f, fma_factor = 0.999f, fma_addend = 0.001f;

__attribute__((target("avx512f"))) static float fma512(long iterations) {
    const __m512 x = _mm512_set1_ps(fma_start), m = _mm512_set1_ps(fma_factor), c = _mm512_set1_ps(fma_addend);
    FMA16(_mm512_fmadd_ps, __m512)
    __m512 s = _mm512_add_ps(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)),
                             _mm512_add_ps(_mm512_add_ps(a4, a5), _mm512_add_ps(a6, a7)));
    s = _mm512_add_ps(s, _mm512_add_ps(_mm512_add_ps(_mm512_add_ps(a8, a9), _mm512_add_ps(a10, a11)),
                                       _mm512_add_ps(_mm512_add_ps(a12, a13), _mm512_add_ps(a14, a15))));
    return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx2,fma"))) static float fma256(long iterations) {
    const __m256 x = _mm256_set1_ps(fma_start), m = _mm256_set1_ps(fma_factor), c = _mm256_set1_ps(fma_addend);
    FMA16(_mm256_fmadd_ps, __m256)
    __m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)),
                             _mm256_add_ps(_mm256_add_ps(a4, a5), _mm256_add_ps(a6, a7)));
    s = _mm256_add_ps(s, _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a8, a9), _mm256_add_ps(a10, a11)),
                                       _mm256_add_ps(_mm256_add_ps(a12, a13), _mm256_add_ps(a14, a15))));
    float out[8];
    _mm256_storeu_ps(out, s);
    return out[0];
}
#endif

// Without a vector FMA: a*m + c as two scalar operations, counted as the two flops they are.
static float fma_scalar(long iterations) {
    float a[16], m = fma_factor, c = fma_addend;
    for (int k = 0; k < 16; k++) a[k] = fma_start;
    for (long i = 0; i < iterations; i++)
        for (int k = 0; k < 16; k++) a[k] = a[k] * m + c;
    float s = 0;
    for (int k = 0; k < 16; k++) s += a[k];
    return s;
}

const char *fb_roof_instruction_set(void) {
#if defined(__x86_64__)
    if (has_avx512()) return "avx512f";
    if (has_avx2_fma()) return "avx2+fma";
    return "sse2";
#else
    return "scalar";
#endif
}

int fb_roof_fp32_lanes(void) {
#if defined(__x86_64__)
    if (has_avx512()) return 16;
    if (has_avx2_fma()) return 8;
#endif
    return 1;
}

static void stream_once(int kind, char *dst, const char *src, size_t bytes, volatile uint64_t *sink) {
#if defined(__x86_64__)
    int wide = has_avx512(), mid = has_avx2_fma();
    switch (kind) {
    case FB_ROOF_COPY: memcpy(dst, src, bytes); break;
    case FB_ROOF_READ: *sink ^= wide ? read512(src, bytes) : mid ? read256(src, bytes) : read128(src, bytes); break;
    case FB_ROOF_WRITE: case FB_ROOF_WRITE_NT:
        if (wide) write512(dst, bytes, kind == FB_ROOF_WRITE_NT);
        else if (mid) write256(dst, bytes, kind == FB_ROOF_WRITE_NT);
        else write128(dst, bytes, kind == FB_ROOF_WRITE_NT);
        break;
    }
#else
    switch (kind) {
    case FB_ROOF_COPY: memcpy(dst, src, bytes); break;
    case FB_ROOF_READ: { uint64_t x = 0; for (size_t i = 0; i < bytes; i += 8) x ^= *(const uint64_t *)(src + i); *sink ^= x; break; }
    default: memset(dst, 0x5A, bytes); break;
    }
#endif
}

typedef struct {
    int kind;
    char *dst;
    const char *src;
    size_t bytes;
    long passes;
    atomic_int *gate;  // 0 wait, 1 go, -1 give up (a thread could not be started)
    int64_t start, end;
    volatile uint64_t sink;
} fb_roof_job;

static void *run_job(void *argument) {
    fb_roof_job *job = argument;
    int state;
    while ((state = atomic_load_explicit(job->gate, memory_order_acquire)) == 0) sched_yield();
    if (state < 0) return NULL;
    job->start = now_ns();
    if (job->kind == FB_ROOF_FMA) {
#if defined(__x86_64__)
        float r = has_avx512() ? fma512(job->passes) : has_avx2_fma() ? fma256(job->passes) : fma_scalar(job->passes);
#else
        float r = fma_scalar(job->passes);
#endif
        job->sink ^= (uint64_t)r;
    } else {
        for (long p = 0; p < job->passes; p++) stream_once(job->kind, job->dst, job->src, job->bytes, &job->sink);
    }
    job->end = now_ns();
    return NULL;
}

int64_t fb_roof_run(int kind, int threads, void *const *destinations, const void *const *sources, size_t bytes,
                    long passes) {
    if (threads < 1 || threads > FB_ROOF_MAX_THREADS) return -1;
    fb_roof_job jobs[FB_ROOF_MAX_THREADS];
    pthread_t ids[FB_ROOF_MAX_THREADS];
    // Threads wait at a gate that opens once all of them exist, so they start together; a gate rather than a
    // barrier, because when a thread cannot be created the others must be released without running.
    atomic_int gate = 0;
    for (int t = 0; t < threads; t++) {
        jobs[t] = (fb_roof_job){ .kind = kind, .dst = destinations ? destinations[t] : NULL,
                                 .src = sources ? sources[t] : NULL, .bytes = bytes, .passes = passes, .gate = &gate };
    }
    int created = 1;
    while (created < threads && pthread_create(&ids[created], NULL, run_job, &jobs[created]) == 0) created++;
    atomic_store_explicit(&gate, created == threads ? 1 : -1, memory_order_release);
    if (created == threads) run_job(&jobs[0]);
    for (int t = 1; t < created; t++) pthread_join(ids[t], NULL);
    if (created < threads) return -1;
    int64_t first = jobs[0].start, last = jobs[0].end;
    for (int t = 1; t < threads; t++) {
        if (jobs[t].start < first) first = jobs[t].start;
        if (jobs[t].end > last) last = jobs[t].end;
    }
    return last - first;
}
