// The display colormap's horizontal filter, two output rows, sixteen pixels a step on AVX-512.
//
// Why intrinsics: at 256 → 1920 sixteen output pixels read about three consecutive texels, so one window of the
// filtered row and two permutes give each pixel its texel pair, where the Swift path walks runs of ~7.5 pixels
// with scalar loads and four-lane stores (40% of the kernel's time on the Intel kind, perf, 29 Nov). The filter is
// the reference's lerp, a + w·(b − a), a multiply then an add, so every path writes the same bits.
#include "CVectorLoops.h"

#pragma clang fp contract(off)
#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include "Avx512Window.h"

static FB_AVX512 void fb_sample_rows_avx512(const int32_t *first, const int32_t *second, const float *weight,
                                           const float *filtered, const float *filtered_below, long source_width,
                                           float *samples, float *samples_below, long width) {
    for (long x = 0; x < width; x += 16) {
        long n = width - x < 16 ? width - x : 16;
        __mmask16 lanes = n == 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << n) - 1);
        __m512i i0 = _mm512_maskz_loadu_epi32(lanes, first + x), i1 = _mm512_maskz_loadu_epi32(lanes, second + x);
        __m512 w = _mm512_maskz_loadu_ps(lanes, weight + x);
        // Taps never decrease along a row and second ≥ first, so the group reads first[x] … second[x + n − 1].
        // One window per row serves both taps.
        long start = first[x], last = second[x + n - 1];
        __m512 low = _mm512_setzero_ps(), high = low, lowBelow = low, highBelow = low;
        if (fb_window_covers(start, last)) {
            fb_window(filtered, start, source_width, &low, &high);
            fb_window(filtered_below, start, source_width, &lowBelow, &highBelow);
        }
        __m512 a = fb_window_lookup(filtered, i0, start, last, lanes, low, high);
        __m512 b = fb_window_lookup(filtered, i1, start, last, lanes, low, high);
        __m512 aBelow = fb_window_lookup(filtered_below, i0, start, last, lanes, lowBelow, highBelow);
        __m512 bBelow = fb_window_lookup(filtered_below, i1, start, last, lanes, lowBelow, highBelow);
        _mm512_mask_storeu_ps(samples + x, lanes, _mm512_add_ps(a, _mm512_mul_ps(w, _mm512_sub_ps(b, a))));
        _mm512_mask_storeu_ps(samples_below + x, lanes,
                              _mm512_add_ps(aBelow, _mm512_mul_ps(w, _mm512_sub_ps(bBelow, aBelow))));
    }
}
#endif

int fb_sample_rows(int isa, const int32_t *first, const int32_t *second, const float *weight, const float *filtered,
                   const float *filtered_below, long source_width, float *samples, float *samples_below,
                   long width) {
#if defined(__x86_64__)
    if (isa == FB_ISA_AVX512) {
        fb_sample_rows_avx512(first, second, weight, filtered, filtered_below, source_width, samples, samples_below,
                              width);
        return 1;
    }
#endif
    (void)isa; (void)first; (void)second; (void)weight; (void)filtered; (void)filtered_below; (void)source_width;
    (void)samples; (void)samples_below; (void)width;
    return 0;
}
