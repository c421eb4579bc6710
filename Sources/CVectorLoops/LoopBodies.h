// The loops of CVectorLoops.h, included once per instruction set by Loops.c with FB_SUFFIX (a name suffix) and
// FB_TARGET (a target attribute, or nothing) defined. No include guard: that is the point.
//
// Every operation is the Swift kernel's, in its order; Loops.c turns contraction off, so a·b + c stays a multiply
// then an add on every path and the bytes match.

#define FB_PASTE2(a, b) a##_##b
#define FB_PASTE(a, b) FB_PASTE2(a, b)
#define FB_NAME(name) FB_PASTE(name, FB_SUFFIX)

static FB_TARGET void FB_NAME(lerp_row)(const float *restrict a, const float *restrict b, float weight,
                                        float *restrict out, long count) {
    for (long i = 0; i < count; i++) out[i] = a[i] + weight * (b[i] - a[i]);
}

static FB_TARGET void FB_NAME(lerp_to_bytes)(const float *restrict a, const float *restrict b, float weight,
                                             uint8_t *restrict out, long count) {
    for (long i = 0; i < count; i++) out[i] = (uint8_t)fb_bits((a[i] + weight * (b[i] - a[i])) * 255.0f + FB_MAGIC);
}

static FB_TARGET void FB_NAME(metric_apply)(float alpha, float beta, float low, float high,
                                            const float *restrict relative, float *restrict out, long count) {
    for (long i = 0; i < count; i++) {
        float value = alpha * relative[i] + beta;
        float floored = value > low ? value : low;
        out[i] = floored < high ? floored : high;
    }
}

/// PalettePacker.quantizedBits: 255·c + 1.5·2²³, whose low byte is the quantized channel.
static inline __attribute__((always_inline)) uint32_t FB_NAME(quantized_bits)(float channel) {
    return fb_bits(255.0f * channel + FB_MAGIC);
}

/// PalettePacker.pack for the channel set `channels` (a constant where it is inlined, so each loop computes only
/// the channels its palette varies).
static inline __attribute__((always_inline)) uint32_t FB_NAME(pack)(const fb_palette *p, float depth, int channels) {
    float t = (depth - p->near) / p->range;
    t = t > 0 ? t : 0;  // also NaN → 0 (such a pixel is dropped below)
    t = t < 1 ? t : 1;
    uint32_t rgba;
    switch (channels) {
    case FB_CHANNELS_RED_TO_BLUE:
        rgba = (FB_NAME(quantized_bits)(1 - t) ^ p->red_fold) | (FB_NAME(quantized_bits)(t) << 16);
        break;
    case FB_CHANNELS_CYAN_TO_MAGENTA:
        rgba = (FB_NAME(quantized_bits)(t) ^ p->red_fold) | ((FB_NAME(quantized_bits)(1 - t) & 0xFF) << 8);
        break;
    case FB_CHANNELS_RED_AND_BLUE:
        rgba = (FB_NAME(quantized_bits)(p->base[0] + p->slope[0] * t) ^ p->red_fold)
            | (FB_NAME(quantized_bits)(p->base[2] + p->slope[2] * t) << 16);
        break;
    case FB_CHANNELS_RED_AND_GREEN:
        rgba = (FB_NAME(quantized_bits)(p->base[0] + p->slope[0] * t) ^ p->red_fold)
            | ((FB_NAME(quantized_bits)(p->base[1] + p->slope[1] * t) & 0xFF) << 8);
        break;
    default:
        rgba = (FB_NAME(quantized_bits)(p->base[0] + p->slope[0] * t) ^ p->red_fold)
            | ((FB_NAME(quantized_bits)(p->base[1] + p->slope[1] * t) & 0xFF) << 8)
            | (FB_NAME(quantized_bits)(p->base[2] + p->slope[2] * t) << 16);
        break;
    }
    // Finite exactly when the exponent is not all ones.
    return (fb_bits(depth) & 0x7F800000u) != 0x7F800000u ? rgba : 0;
}

/// `loop(channels)` specialized on the palette's channel set (a constant in each copy, so each computes only the
/// channels that vary).
#define FB_FOR_PALETTE_CHANNELS(loop)                                                                                \
    switch (palette->channels) {                                                                                     \
    case FB_CHANNELS_RED_TO_BLUE: loop(FB_CHANNELS_RED_TO_BLUE); break;                                              \
    case FB_CHANNELS_CYAN_TO_MAGENTA: loop(FB_CHANNELS_CYAN_TO_MAGENTA); break;                                      \
    case FB_CHANNELS_RED_AND_BLUE: loop(FB_CHANNELS_RED_AND_BLUE); break;                                            \
    case FB_CHANNELS_RED_AND_GREEN: loop(FB_CHANNELS_RED_AND_GREEN); break;                                          \
    default: loop(FB_CHANNELS_ALL); break;                                                                           \
    }

#define FB_PALETTE_LOOP(channels)                                                                                    \
    do {                                                                                                             \
        const fb_palette copy = *palette;                                                                            \
        for (long i = 0; i < count; i++) out[i] = FB_NAME(pack)(&copy, depth[i], channels);                          \
    } while (0)

static FB_TARGET void FB_NAME(palette_row)(const fb_palette *palette, const float *restrict depth,
                                           uint32_t *restrict out, long count) {
    FB_FOR_PALETTE_CHANNELS(FB_PALETTE_LOOP);
}
#undef FB_PALETTE_LOOP

/// The palette loop with its output written around the caches: sixteen words a step, each 64-byte line of `out`
/// in one non-temporal store (no read-for-ownership, no eviction of other lines), the unaligned head and the tail
/// as plain stores. The caller fences (fb_store_fence) before anyone else reads `out`.
#define FB_PALETTE_STREAM_LOOP(channels)                                                                             \
    do {                                                                                                             \
        const fb_palette copy = *palette;                                                                            \
        long i = 0;                                                                                                  \
        for (; i < count && ((uintptr_t)(out + i) & 63) != 0; i++) out[i] = FB_NAME(pack)(&copy, depth[i], channels); \
        for (; i + 16 <= count; i += 16) {                                                                           \
            uint32_t words[16] __attribute__((aligned(64)));                                                         \
            for (int k = 0; k < 16; k++) words[k] = FB_NAME(pack)(&copy, depth[i + k], channels);                    \
            fb_line line;                                                                                            \
            memcpy(&line, words, sizeof line);                                                                       \
            __builtin_nontemporal_store(line, (fb_line *)(out + i));                                                 \
        }                                                                                                            \
        for (; i < count; i++) out[i] = FB_NAME(pack)(&copy, depth[i], channels);                                    \
    } while (0)

static FB_TARGET void FB_NAME(palette_row_streamed)(const fb_palette *palette, const float *restrict depth,
                                                    uint32_t *restrict out, long count) {
    FB_FOR_PALETTE_CHANNELS(FB_PALETTE_STREAM_LOOP);
}
#undef FB_PALETTE_STREAM_LOOP

/// EdgeOverlay.cleaned: valid is exactly 0 < bits < bits(+∞) as unsigned (−0, negatives and NaNs fall outside).
static inline __attribute__((always_inline)) float FB_NAME(cleaned)(float depth) {
    return fb_bits(depth) - 1u < 0x7F7FFFFFu ? depth : __builtin_nanf("");
}

/// Sixteen interior horizontal sums from `start`.
#define FB_ROW_SUMS16(start)                                                                                         \
    do {                                                                                                             \
        for (int i = 0; i < 16; i++)                                                                                 \
            sums[(start) + i] = clean[(start) + i - 1] + 2 * clean[(start) + i] + clean[(start) + i + 1];            \
    } while (0)

/// The interior sums go sixteen at a time, the last sixteen overlapping the ones before (a sum computed twice gets
/// the same bits): left to the compiler, a 256-wide row's 254 interior sums were three vector steps of 64 and a
/// scalar remainder of 62, which took half of this function's time and a fifth of the overlay's.
static FB_TARGET void FB_NAME(edge_prepare_row)(const float *restrict depth, float *restrict clean,
                                                float *restrict sums, long width) {
    long last = width - 1;
    for (long x = 0; x < width; x++) clean[x] = FB_NAME(cleaned)(depth[x]);
    sums[0] = clean[0] + 2 * clean[0] + clean[last < 1 ? last : 1];
    long x = 1;
    for (; x + 16 <= last; x += 16) FB_ROW_SUMS16(x);
    if (x < last && last - 16 >= 1) {
        FB_ROW_SUMS16(last - 16);
        x = last;
    }
    for (; x < last; x++) sums[x] = clean[x - 1] + 2 * clean[x] + clean[x + 1];
    if (last > 0) sums[last] = clean[last - 1] + 2 * clean[last] + clean[last];
}
#undef FB_ROW_SUMS16

static FB_TARGET void FB_NAME(edge_column_sums)(const float *restrict up, const float *restrict mid,
                                                const float *restrict down, float *restrict sums, long width) {
    for (long x = 0; x < width; x++) sums[x] = up[x] + 2 * mid[x] + down[x];
}

static inline __attribute__((always_inline)) uint32_t FB_NAME(edge_mark)(
    const float *columns, const float *above, const float *below, const float *centre, float scale, long left,
    long x, long right) {
    float gx = columns[right] - columns[left];
    float gy = below[x] - above[x];
    float limit = scale * centre[x];
    return gx * gx + gy * gy > limit * limit ? 1u : 0u;
}

/// One pixel of the output row, borders included (`left`/`right` clamped by the caller).
static inline __attribute__((always_inline)) uint32_t FB_NAME(edge_pixel)(
    const float *columns, const float *above, const float *below, const float *centre, float scale,
    const fb_palette *palette, const float *depth, long left, long x, long right, int channels) {
    return FB_NAME(edge_mark)(columns, above, below, centre, scale, left, x, right)
        ? FB_NAME(pack)(palette, depth[x], channels) : 0;
}

/// Sixteen interior output pixels from `start`: the marks in one vector loop, then the palette only when one of
/// them is an edge.
#define FB_EDGE_GROUP16(start, channels)                                                                             \
    do {                                                                                                             \
        uint32_t marks[16], any = 0;                                                                                 \
        for (int i = 0; i < 16; i++) {                                                                               \
            marks[i] = FB_NAME(edge_mark)(columns, above, below, centre, scale, (start) + i - 1, (start) + i,        \
                                          (start) + i + 1);                                                          \
            any |= marks[i];                                                                                         \
        }                                                                                                            \
        if (any == 0) {                                                                                              \
            for (int i = 0; i < 16; i++) out[(start) + i] = 0;                                                       \
        } else {                                                                                                     \
            for (int i = 0; i < 16; i++)                                                                             \
                out[(start) + i] = marks[i] ? FB_NAME(pack)(&copy, depth[(start) + i], channels) : 0;                \
        }                                                                                                            \
    } while (0)

/// The interior in groups of sixteen, the last group overlapping the one before (a pixel computed twice gets the
/// same word), as the row sums do: left to the compiler, a 256-wide row's last 14 pixels went through a 4-wide
/// loop that divided for every pixel and took a fifth of this function's time.
#define FB_EDGE_LOOP(channels)                                                                                       \
    do {                                                                                                             \
        const fb_palette copy = *palette;                                                                            \
        out[0] = FB_NAME(edge_pixel)(columns, above, below, centre, scale, &copy, depth, 0, 0, last < 1 ? last : 1,  \
                                     channels);                                                                      \
        if (last == 0) return;                                                                                       \
        long x = 1;                                                                                                  \
        for (; x + 16 <= last; x += 16) FB_EDGE_GROUP16(x, channels);                                                \
        if (x < last && last - 16 >= 1) {                                                                            \
            FB_EDGE_GROUP16(last - 16, channels);                                                                    \
            x = last;                                                                                                \
        }                                                                                                            \
        for (; x < last; x++)                                                                                        \
            out[x] = FB_NAME(edge_pixel)(columns, above, below, centre, scale, &copy, depth, x - 1, x, x + 1,        \
                                         channels);                                                                  \
        out[last] = FB_NAME(edge_pixel)(columns, above, below, centre, scale, &copy, depth, last - 1, last, last,    \
                                        channels);                                                                   \
    } while (0)

static FB_TARGET void FB_NAME(edge_row)(const float *restrict columns, const float *restrict above,
                                        const float *restrict below, const float *restrict centre, float scale,
                                        const fb_palette *palette, const float *restrict depth,
                                        uint32_t *restrict out, long width) {
    long last = width - 1;
    FB_FOR_PALETTE_CHANNELS(FB_EDGE_LOOP);
}
#undef FB_EDGE_LOOP
#undef FB_EDGE_GROUP16

#undef FB_NAME
#undef FB_PASTE
#undef FB_PASTE2
#undef FB_FOR_PALETTE_CHANNELS
