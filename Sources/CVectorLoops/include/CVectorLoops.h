#ifndef FRAMEBUDGET_VECTOR_LOOPS_H
#define FRAMEBUDGET_VECTOR_LOOPS_H
// The kernels' innermost loops, compiled once per instruction set and chosen at run time.
//
// Swift compiles a function for one target CPU only, so one Swift binary cannot hold an AVX-512 loop and run on a
// CPU without AVX-512. These loops are plain C compiled three times (LoopBodies.h) under per-function target
// attributes — baseline x86-64 (SSE2), AVX2 and AVX-512 — and every entry point takes the instruction set to run
// on. The bodies are the Swift kernels' IEEE operations in the same order, with floating-point contraction off, so
// every path writes the same bytes.
#include <stddef.h>
#include <stdint.h>

/// Instruction sets a loop can run on, narrowest first.
enum {
    FB_ISA_PORTABLE = 0,  ///< what the compiler's baseline allows (SSE2 on x86-64; NEON on arm64)
    FB_ISA_AVX2 = 1,      ///< AVX2 (256-bit integer and float vectors)
    FB_ISA_AVX512 = 2,    ///< AVX-512 F, BW, DQ and VL (512-bit vectors, mask registers)
};

/// 1 when this CPU and operating system can run loops compiled for `isa`, else 0.
int fb_isa_supported(int isa);

/// 1 when the CPU has the SHA extensions (SHA-NI: CPUID leaf 7, EBX bit 29), else 0.
int fb_cpu_has_sha_ni(void);

/// `out[i] = a[i] + weight·(b[i] − a[i])` for i < count: the reference's lerp, one row.
void fb_lerp_row(int isa, const float *a, const float *b, float weight, float *out, long count);

/// `out[i]` = round(255·(a[i] + weight·(b[i] − a[i]))) to nearest, ties to even, kept as its low byte (the mask
/// upsample's columns pass and conversion; values within 0…1 give 0…255).
void fb_lerp_to_bytes(int isa, const float *a, const float *b, float weight, uint8_t *out, long count);

/// `out[i]` = min(max(α·relative[i] + β, low), high) as the fusion's apply writes it: a multiply then an add, the
/// floor then the cap, a NaN giving `low` (Swift's `max(low, min(·, high))` bits for every input).
void fb_metric_apply(int isa, float alpha, float beta, float low, float high, const float *relative, float *out,
                     long count);

/// The palette as the colour loops read it: PalettePacker's fields.
typedef struct {
    float near;
    float range;
    float base[3];
    float slope[3];
    uint32_t red_fold;
    int channels;  ///< FB_CHANNELS_*: which channels vary with depth
} fb_palette;

enum {
    FB_CHANNELS_RED_TO_BLUE = 0,
    FB_CHANNELS_CYAN_TO_MAGENTA = 1,
    FB_CHANNELS_RED_AND_BLUE = 2,
    FB_CHANNELS_RED_AND_GREEN = 3,
    FB_CHANNELS_ALL = 4,
};

/// `out[i]` = the palette's RGBA word of `depth[i]` (0 for NaN or ±Inf), for i < count.
void fb_palette_row(int isa, const fb_palette *palette, const float *depth, uint32_t *out, long count);

/// fb_palette_row for an output larger than the core's caches (a display-size frame that is handed on, not read
/// back here): each whole 64-byte line of `out` is written with a non-temporal store, which skips the line's read
/// for ownership and leaves the caches to the inputs. Call fb_store_fence before `out` is read by another thread.
void fb_palette_row_streamed(int isa, const fb_palette *palette, const float *depth, uint32_t *out, long count);

/// Orders this thread's non-temporal stores before its later stores (SFENCE on x86-64): call it once after the
/// streamed rows of a job, before the job reports done.
void fb_store_fence(void);

/// The display colormap's horizontal filter for two output rows: `samples[x] = a + weight[x]·(b − a)` with
/// a = filtered[first[x]], b = filtered[second[x]], and `samples_below` likewise from `filtered_below`, for
/// x < width (`first` and `second` never decreasing, second[x] ≥ first[x], both < source_width). Returns 1 when
/// `isa` has this loop in C (AVX-512), 0 when it does not and nothing was written: the caller's loop is that path.
int fb_sample_rows(int isa, const int32_t *first, const int32_t *second, const float *weight, const float *filtered,
                   const float *filtered_below, long source_width, float *samples, float *samples_below,
                   long width);

/// The edge overlay's row preparation: `clean[x]` = depth[x] when 0 < depth[x] < +Inf, else NaN; and
/// `sums[x] = (clean[x−1] + 2·clean[x]) + clean[x+1]`, columns clamped at the borders. `width` ≥ 1.
void fb_edge_prepare_row(int isa, const float *depth, float *clean, float *sums, long width);

/// `sums[x] = (up[x] + 2·mid[x]) + down[x]` for x < width.
void fb_edge_column_sums(int isa, const float *up, const float *mid, const float *down, float *sums, long width);

/// The edge overlay's output row: `out[x]` = the palette's word of `depth[x]` where gx² + gy² > (scale·centre[x])²,
/// else 0 (transparent), with gx = columns[x+1] − columns[x−1] and gy = below[x] − above[x], columns clamped at the
/// borders. Sixteen pixels are tested at a time and only a group holding an edge gets the palette (edges are
/// sparse, and the palette's division is most of a pixel's work). `width` ≥ 1.
void fb_edge_row(int isa, const float *columns, const float *above, const float *below, const float *centre,
                 float scale, const fb_palette *palette, const float *depth, uint32_t *out, long width);

/// What the fusion's pair sampling reads per LiDAR column (FusionGeometry's tables) and its filter.
typedef struct {
    const int32_t *x0;  ///< left source column
    const int32_t *x1;  ///< right source column (x0 + 1, or x0 at the clamped right border)
    const float *fx;    ///< weight of the right column
    const float *gx;    ///< weight of the left column (1 − fx)
    long relative_width;
    float min_depth, max_depth;
    int32_t min_confidence;
} fb_fusion_columns;

/// Pixels per run of the fusion's Float lane sums before they are folded into Double: one constant for the C loop
/// and the Swift one (PairSampler), whose bits must agree.
#define FB_FUSION_PIXELS_PER_FOLD 256

/// A LiDAR row's sums for the fusion fit (FusionSums' fields).
typedef struct {
    long pairs;
    double sum_x, sum_y, sum_xy, sum_x2;
} fb_fusion_sums;

/// Adds one LiDAR row's pairs, for lx < count (a multiple of 8), to `sums`: the pixels where min_depth < depth <
/// max_depth, confidence ≥ min_confidence (when given) and the bilinear sample x of the relative rows `row0`/`row1`
/// (the document's expression, left to right) is > 0 and finite, with y = the depth. The Float sums keep the
/// Swift path's order (eight lanes, lane k adding pixels k, k + 8…, each run of FB_FUSION_PIXELS_PER_FOLD pixels folded into Double as
/// the sequential sum of its lanes), so both write the same bits. Returns 1 when `isa` has this loop in C
/// (AVX-512), 0 when it does not and `sums` is untouched: the caller's own loop is that path then.
int fb_fusion_row_sums(int isa, const fb_fusion_columns *columns, const float *depth, const uint8_t *confidence,
                       const float *row0, const float *row1, float fy, float gy, long count, fb_fusion_sums *sums);

#endif
