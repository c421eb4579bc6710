// Indexed reads of a row through a window of 32 floats and one two-source permute (vpermt2ps), for the loops
// whose sixteen lanes read nearby columns of one row (the fusion's pair sampling, the colormap's horizontal
// filter). Private to CVectorLoops; included by the files that use it, x86-64 only.
#ifndef FRAMEBUDGET_AVX512_WINDOW_H
#define FRAMEBUDGET_AVX512_WINDOW_H
#include <immintrin.h>

#define FB_AVX512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx2,bmi2")))

/// Floats in one window: two 16-lane registers, the two sources of vpermt2ps.
#define FB_WINDOW_FLOATS 32

/// Whether one window loaded at column `first` holds every column up to `last` (else the lookup gathers).
static inline __attribute__((always_inline)) int fb_window_covers(long first, long last) {
    return last - first < FB_WINDOW_FLOATS;
}

/// The 32 floats of `row` from `first` on, lanes past the row's end read as 0 (masked loads do not fault).
static inline __attribute__((always_inline)) FB_AVX512 void fb_window(const float *row, long first, long width,
                                                                      __m512 *low, __m512 *high) {
    long available = width - first;
    if (available >= FB_WINDOW_FLOATS) {
        *low = _mm512_loadu_ps(row + first);
        *high = _mm512_loadu_ps(row + first + 16);
        return;
    }
    __mmask16 lowMask = available >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << available) - 1);
    __mmask16 highMask = available > 16 ? (__mmask16)((1u << (available - 16)) - 1) : (__mmask16)0;
    *low = _mm512_maskz_loadu_ps(lowMask, row + first);
    *high = _mm512_maskz_loadu_ps(highMask, row + first + 16);
}

/// row[index[k]] for the lanes of `lanes`, from the window `low`/`high` loaded at column `first` (fb_window) when
/// the indices span fewer than 32 columns (`last` − `first`), else a gather (geometries far from 2× upsampling; the
/// window is not read then).
static inline __attribute__((always_inline)) FB_AVX512 __m512 fb_window_lookup(const float *row, __m512i index,
                                                                               long first, long last,
                                                                               __mmask16 lanes, __m512 low,
                                                                               __m512 high) {
    if (fb_window_covers(first, last)) return _mm512_permutex2var_ps(low, _mm512_sub_epi32(index, _mm512_set1_epi32((int)first)), high);
    return _mm512_mask_i32gather_ps(_mm512_setzero_ps(), lanes, index, row, 4);
}

/// row[index[k]] for the lanes of `lanes`: the window loaded here for these indices alone.
static inline __attribute__((always_inline)) FB_AVX512 __m512 fb_neighbours(const float *row, long width,
                                                                            __m512i index, long first, long last,
                                                                            __mmask16 lanes) {
    __m512 low = _mm512_setzero_ps(), high = low;
    if (fb_window_covers(first, last)) fb_window(row, first, width, &low, &high);
    return fb_window_lookup(row, index, first, last, lanes, low, high);
}

#endif
