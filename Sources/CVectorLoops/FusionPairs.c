// The fusion's pair sampling and sums, one LiDAR row, sixteen pixels a step on AVX-512.
//
// Why intrinsics here when the other loops are plain C: the step that costs is fetching each pixel's four
// neighbours from the relative map. At ~2× upsampling, sixteen LiDAR columns read at most 32 consecutive relative
// columns, so one window of 32 floats (two loads) and one two-source permute (vpermt2ps) give sixteen neighbours,
// where the 8-lane Swift path builds its vectors from pair loads and shuffles. No compiler turns an indexed load
// into that permute, and gathers are slow on both vendors (microcoded on Zen 4, mitigated on recent Xeons).
#include "CVectorLoops.h"
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#pragma clang fp contract(off)
#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include "Avx512Window.h"

/// Σ lanes 0…7 in order, in Float, then widened: `Double(v.sum())` of the Swift path (a sequential sum).
static inline __attribute__((always_inline)) FB_AVX512 double fb_lane_sum(__m256 lanes) {
    float values[8];
    _mm256_storeu_ps(values, lanes);
    float sum = values[0];
    for (int k = 1; k < 8; k++) sum += values[k];
    return (double)sum;
}

/// The sixteen pixels from `lx` (`lanes` of them valid): their samples where kept (else +0), depths likewise.
static inline __attribute__((always_inline)) FB_AVX512 __mmask16 fb_sample16(
    const fb_fusion_columns *c, const float *depth, const uint8_t *confidence, const float *row0, const float *row1,
    __m512 fy, __m512 gy, long lx, long n, __mmask16 lanes, __m512 *x, __m512 *y) {
    const __m512 zero = _mm512_setzero_ps();
    __m512 d = _mm512_maskz_loadu_ps(lanes, depth + lx);
    __mmask16 keep = _mm512_mask_cmp_ps_mask(lanes, d, _mm512_set1_ps(c->min_depth), _CMP_GT_OQ)
        & _mm512_cmp_ps_mask(d, _mm512_set1_ps(c->max_depth), _CMP_LT_OQ);
    if (confidence) {
        __m512i level = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(lanes, confidence + lx));
        keep &= _mm512_cmp_epi32_mask(level, _mm512_set1_epi32(c->min_confidence), _MM_CMPINT_NLT);
    }
    if (!keep) {
        *x = zero;
        *y = zero;
        return 0;
    }
    const int32_t *x0 = c->x0 + lx, *x1 = c->x1 + lx;
    __m512i i0 = _mm512_maskz_loadu_epi32(lanes, x0), i1 = _mm512_maskz_loadu_epi32(lanes, x1);
    __m512 fx = _mm512_maskz_loadu_ps(lanes, c->fx + lx), gx = _mm512_maskz_loadu_ps(lanes, c->gx + lx);
    long width = c->relative_width;
    // Masked-off lanes hold index 0, below `first`: their permute index wraps, harmlessly (never kept).
    __m512 v00 = fb_neighbours(row0, width, i0, x0[0], x0[n - 1], lanes);
    __m512 v10 = fb_neighbours(row0, width, i1, x1[0], x1[n - 1], lanes);
    __m512 v01 = fb_neighbours(row1, width, i0, x0[0], x0[n - 1], lanes);
    __m512 v11 = fb_neighbours(row1, width, i1, x1[0], x1[n - 1], lanes);
    // The document's expression, left to right: ((v00·gx)·gy + (v10·fx)·gy) + (v01·gx)·fy + (v11·fx)·fy.
    __m512 sample = _mm512_add_ps(_mm512_mul_ps(_mm512_mul_ps(v00, gx), gy), _mm512_mul_ps(_mm512_mul_ps(v10, fx), gy));
    sample = _mm512_add_ps(sample, _mm512_mul_ps(_mm512_mul_ps(v01, gx), fy));
    sample = _mm512_add_ps(sample, _mm512_mul_ps(_mm512_mul_ps(v11, fx), fy));
    keep &= _mm512_cmp_ps_mask(sample, zero, _CMP_GT_OQ)
        & _mm512_cmp_ps_mask(sample, _mm512_set1_ps(__builtin_inff()), _CMP_LT_OQ);
    *x = _mm512_maskz_mov_ps(keep, sample);
    *y = _mm512_maskz_mov_ps(keep, d);
    return keep;
}

/// Eight lane sums as the Swift path keeps them: lane k adds pixels k, k + 8, k + 16… of a run.
typedef struct {
    __m256 x, y, xy, x2;
} fb_lane_sums;

static inline __attribute__((always_inline)) FB_AVX512 void fb_add8(fb_lane_sums *s, __m256 x, __m256 y) {
    s->x = _mm256_add_ps(s->x, x);
    s->y = _mm256_add_ps(s->y, y);
    s->xy = _mm256_add_ps(s->xy, _mm256_mul_ps(x, y));
    s->x2 = _mm256_add_ps(s->x2, _mm256_mul_ps(x, x));
}

static FB_AVX512 void fb_fusion_row_sums_avx512(const fb_fusion_columns *c, const float *depth,
                                                const uint8_t *confidence, const float *row0, const float *row1,
                                                float fy, float gy, long count, fb_fusion_sums *sums) {
    const __m512 fyv = _mm512_set1_ps(fy), gyv = _mm512_set1_ps(gy);
    // Runs of FB_FUSION_PIXELS_PER_FOLD pixels, as the Swift path folds, each folded into Double.
    for (long run = 0; run < count; run += FB_FUSION_PIXELS_PER_FOLD) {
        long end = count - run < FB_FUSION_PIXELS_PER_FOLD ? count : run + FB_FUSION_PIXELS_PER_FOLD;
        fb_lane_sums lane = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
        long pairs = 0;
        for (long lx = run; lx < end; lx += 16) {
            long n = end - lx < 16 ? end - lx : 16;
            __mmask16 lanes = n == 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << n) - 1);
            __m512 x, y;
            __mmask16 keep = fb_sample16(c, depth, confidence, row0, row1, fyv, gyv, lx, n, lanes, &x, &y);
            pairs += __builtin_popcount(keep);
            fb_add8(&lane, _mm512_castps512_ps256(x), _mm512_castps512_ps256(y));
            if (n == 16) fb_add8(&lane, _mm512_extractf32x8_ps(x, 1), _mm512_extractf32x8_ps(y, 1));
        }
        sums->pairs += pairs;
        sums->sum_x += fb_lane_sum(lane.x);
        sums->sum_y += fb_lane_sum(lane.y);
        sums->sum_xy += fb_lane_sum(lane.xy);
        sums->sum_x2 += fb_lane_sum(lane.x2);
    }
}
#endif

int fb_fusion_row_sums(int isa, const fb_fusion_columns *columns, const float *depth, const uint8_t *confidence,
                       const float *row0, const float *row1, float fy, float gy, long count, fb_fusion_sums *sums) {
#if defined(__x86_64__)
    if (isa == FB_ISA_AVX512) {
        fb_fusion_row_sums_avx512(columns, depth, confidence, row0, row1, fy, gy, count, sums);
        return 1;
    }
#endif
    (void)isa; (void)columns; (void)depth; (void)confidence; (void)row0; (void)row1; (void)fy; (void)gy;
    (void)count; (void)sums;
    return 0;
}
