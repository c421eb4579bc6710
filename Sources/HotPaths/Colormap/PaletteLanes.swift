/// ``GradientPalette`` over 8 depths at once, packed as little-endian RGBA8 words (R in the low byte).
///
/// Bit-for-bit equal to ``GradientPalette/pixel(_:)`` (the same IEEE operations in the same order; the rounding is
/// an exact vector form of round-half-away), with non-finite depths → 0 (transparent black).
struct PaletteLanes {
    private let near: SIMD8<Float>
    private let range: SIMD8<Float>
    private let base: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>)
    private let slope: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>)
    private let alphaBits: SIMD8<UInt32>

    init(_ palette: GradientPalette) {
        near = SIMD8(repeating: palette.near)
        range = SIMD8(repeating: palette.far - palette.near)
        let delta = palette.farColor - palette.nearColor
        base = (SIMD8(repeating: palette.nearColor.x), SIMD8(repeating: palette.nearColor.y), SIMD8(repeating: palette.nearColor.z))
        slope = (SIMD8(repeating: delta.x), SIMD8(repeating: delta.y), SIMD8(repeating: delta.z))
        alphaBits = SIMD8(repeating: UInt32(quantizeUnit(palette.opacity)) << 24)
    }

    /// Packed RGBA8 of 8 depths; lanes with NaN or ±Inf are 0.
    @inline(__always)
    func pack(_ depth: SIMD8<Float>) -> SIMD8<UInt32> {
        var t = (depth - near) / range
        t.replace(with: 0, where: .!(t .> 0))
        t.replace(with: 1, where: .!(t .< 1))  // a NaN was replaced above, so `not below 1` means 1
        let r = Self.quantize(base.0 + slope.0 * t)
        let g = Self.quantize(base.1 + slope.1 * t)
        let b = Self.quantize(base.2 + slope.2 * t)
        let rgba = r | (g &<< 8) | (b &<< 16) | alphaBits
        let finite = (depth .< .infinity) .& (depth .> -.infinity)
        return rgba.replacing(with: 0, where: .!finite)
    }

    /// round(255·c) with halves away from zero, clamped to 0…255, for finite c, without a trapping conversion:
    /// adding 1.5·2²³ rounds to the nearest integer (ties to even) in the low mantissa bits; exact ties k + ½ with
    /// k even are then bumped up.
    @inline(__always)
    static func quantize(_ channel: SIMD8<Float>) -> SIMD8<UInt32> {
        var scaled = 255 * channel
        scaled.replace(with: 0, where: .!(scaled .> 0))
        scaled.replace(with: 255, where: scaled .> 255)
        let magic = SIMD8<Float>(repeating: 12_582_912)
        let shifted = scaled + magic
        let nearestEven = shifted - magic
        let integer = unsafeBitCast(shifted, to: SIMD8<UInt32>.self) & 0x1FF
        let tie = SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: scaled - nearestEven .== 0.5)
        return integer &+ tie
    }
}
