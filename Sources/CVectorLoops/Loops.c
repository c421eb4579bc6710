// Instantiates LoopBodies.h once per instruction set and dispatches each entry point on the `isa` it is given.
#include "CVectorLoops.h"
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

// Swift never fuses a·b + c into one rounding unless asked; C may within an expression. Off, for equal bytes.
#pragma clang fp contract(off)
#pragma STDC FP_CONTRACT OFF

/// 1.5·2²³: adding it to a value in −2²² … 2²² rounds that value to an integer in the low mantissa bits.
#define FB_MAGIC 12582912.0f

static inline __attribute__((always_inline)) uint32_t fb_bits(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

/// One cache line of output words, the unit of a non-temporal store.
typedef uint32_t fb_line __attribute__((vector_size(64), aligned(64)));

#define FB_SUFFIX portable
#define FB_TARGET
#include "LoopBodies.h"
#undef FB_SUFFIX
#undef FB_TARGET

#if defined(__x86_64__)
#define FB_X86 1
#define FB_SUFFIX avx2
#define FB_TARGET __attribute__((target("avx2,bmi2")))
#include "LoopBodies.h"
#undef FB_SUFFIX
#undef FB_TARGET

#define FB_SUFFIX avx512
#define FB_TARGET __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,bmi2")))
#include "LoopBodies.h"
#undef FB_SUFFIX
#undef FB_TARGET
#else
#define FB_X86 0
#endif

int fb_isa_supported(int isa) {
    switch (isa) {
    case FB_ISA_PORTABLE: return 1;
#if FB_X86
    case FB_ISA_AVX2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
    case FB_ISA_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
#endif
    default: return 0;
    }
}

int fb_cpu_has_sha_ni(void) {
#if defined(__x86_64__)
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx >> 29) & 1;
#else
    return 0;
#endif
}

// Each entry point: the widest path `isa` names that this build has; the Swift side checks support first.
#if FB_X86
#define FB_DISPATCH(name, ...)                                                                                       \
    switch (isa) {                                                                                                   \
    case FB_ISA_AVX512: name##_avx512(__VA_ARGS__); return;                                                          \
    case FB_ISA_AVX2: name##_avx2(__VA_ARGS__); return;                                                              \
    default: name##_portable(__VA_ARGS__); return;                                                                   \
    }
#else
#define FB_DISPATCH(name, ...)                                                                                       \
    (void)isa;                                                                                                       \
    name##_portable(__VA_ARGS__);
#endif

void fb_lerp_row(int isa, const float *a, const float *b, float weight, float *out, long count) {
    FB_DISPATCH(lerp_row, a, b, weight, out, count)
}

void fb_lerp_to_bytes(int isa, const float *a, const float *b, float weight, uint8_t *out, long count) {
    FB_DISPATCH(lerp_to_bytes, a, b, weight, out, count)
}

void fb_metric_apply(int isa, float alpha, float beta, float low, float high, const float *relative, float *out,
                     long count) {
    FB_DISPATCH(metric_apply, alpha, beta, low, high, relative, out, count)
}

void fb_palette_row(int isa, const fb_palette *palette, const float *depth, uint32_t *out, long count) {
    FB_DISPATCH(palette_row, palette, depth, out, count)
}

void fb_palette_row_streamed(int isa, const fb_palette *palette, const float *depth, uint32_t *out, long count) {
    FB_DISPATCH(palette_row_streamed, palette, depth, out, count)
}

void fb_store_fence(void) {
#if defined(__x86_64__)
    __builtin_ia32_sfence();
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

void fb_edge_prepare_row(int isa, const float *depth, float *clean, float *sums, long width) {
    FB_DISPATCH(edge_prepare_row, depth, clean, sums, width)
}

void fb_edge_column_sums(int isa, const float *up, const float *mid, const float *down, float *sums, long width) {
    FB_DISPATCH(edge_column_sums, up, mid, down, sums, width)
}

void fb_edge_row(int isa, const float *columns, const float *above, const float *below, const float *centre,
                 float scale, const fb_palette *palette, const float *depth, uint32_t *out, long width) {
    FB_DISPATCH(edge_row, columns, above, below, centre, scale, palette, depth, out, width)
}
