/// ``GradientPalette/pixel(_:)`` as one little-endian RGBA8 word (R in the low byte), written so the compiler
/// vectorizes loops over it: no branches, no trapping float-to-integer conversion.
///
/// Bit-for-bit equal to the palette's pixel for finite depths (the same IEEE operations in the same order; the
/// rounding is an exact form of `rint`), and 0 (transparent black) for NaN or ±Inf.
struct PalettePacker {
    private let near: Float
    private let range: Float
    private let base: SIMD3<Float>
    private let slope: SIMD3<Float>
    private let alphaBits: UInt32

    init(_ palette: GradientPalette) {
        near = palette.near
        range = palette.far - palette.near
        base = palette.nearColor
        slope = palette.farColor - palette.nearColor
        alphaBits = UInt32(quantizeUnit(palette.opacity)) << 24
    }

    /// The packed pixel of one depth.
    @inline(__always)
    func pack(_ depth: Float) -> UInt32 {
        var t = (depth - near) / range
        t = t > 0 ? t : 0  // also NaN → 0
        t = t < 1 ? t : 1
        let r = Self.quantize(base.x + slope.x * t)
        let g = Self.quantize(base.y + slope.y * t)
        let b = Self.quantize(base.z + slope.z * t)
        let rgba = r | (g << 8) | (b << 16) | alphaBits
        return depth.magnitude < .infinity ? rgba : 0
    }

    /// `quantizeUnit` for a channel mixed from two colours within 0…1 (so 255·c lies within −0.001…255.001):
    /// adding 1.5·2²³ rounds 255·c to the nearest integer, ties to even, in the low mantissa bits.
    @inline(__always)
    static func quantize(_ channel: Float) -> UInt32 {
        (255 * channel + 12_582_912).bitPattern & 0x1FF
    }
}
