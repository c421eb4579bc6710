/// ``GradientPalette/pixel(_:)`` as one little-endian RGBA8 word (R in the low byte), written so the compiler
/// vectorizes loops over it: no branches, no trapping float-to-integer conversion.
///
/// Bit-for-bit equal to the palette's pixel for finite depths (the same IEEE operations in the same order; the
/// rounding is an exact form of `rint`), and 0 (transparent black) for NaN or ±Inf.
struct PalettePacker {
    private let near: Float
    private let range: Float
    let base: SIMD3<Float>
    let slope: SIMD3<Float>
    /// Alpha, and the channels the palette's `channels` set holds constant (base + 0·t = base exactly).
    private let constantBits: UInt32
    /// Which channels vary with depth: kernels specialize their loops on it, so constant ones cost nothing.
    let channels: VaryingChannels

    init(_ palette: GradientPalette) {
        near = palette.near
        range = palette.far - palette.near
        base = palette.nearColor
        slope = palette.farColor - palette.nearColor
        var constant = UInt32(quantizeUnit(palette.opacity)) << 24
        if slope.y == 0 && slope.x != 0 && slope.z != 0 {
            channels = base == [1, 0, 0] && slope == [-1, 0, 1] ? .redToBlue : .redAndBlue
            constant |= UInt32(quantizeUnit(base.y)) << 8
        } else if slope.z == 0 && slope.x != 0 && slope.y != 0 {
            channels = base == [0, 1, 1] && slope == [1, -1, 0] ? .cyanToMagenta : .redAndGreen
            constant |= UInt32(quantizeUnit(base.z)) << 16
        } else {
            channels = .all
        }
        constantBits = constant
    }

    /// The packed pixel of one depth, computing only the channels `Set` says vary (it must match `channels`).
    @inline(__always)
    func pack<Set: ChannelSet>(_ depth: Float, _: Set.Type) -> UInt32 {
        var t = (depth - near) / range
        t = t > 0 ? t : 0  // also NaN → 0
        t = t < 1 ? t : 1
        let rgba = Set.red(t, self) | (Set.green(t, self) << 8) | (Set.blue(t, self) << 16) | constantBits
        return depth.magnitude < .infinity ? rgba : 0
    }

    /// `quantizeUnit` for a channel mixed from two colours within 0…1 (so 255·c lies within −0.001…255.001):
    /// adding 1.5·2²³ rounds 255·c to the nearest integer, ties to even, in the low mantissa bits.
    @inline(__always)
    static func quantize(_ channel: Float) -> UInt32 {
        (255 * channel + 12_582_912).bitPattern & 0x1FF
    }
}

/// The channel sets kernels specialize on: red → blue and cyan → magenta exactly (whose mixes reduce to t and
/// 1 − t), any palette with a constant green or blue, anything else.
enum VaryingChannels {
    case redToBlue, cyanToMagenta, redAndBlue, redAndGreen, all
}

/// A compile-time choice of how each channel is computed (quantized bits, 0 for a constant channel), so a loop
/// specialized on it does only the work its palette needs. Every form is the reference's `base + slope·t` exactly:
/// 1 + (−1)·t is 1 − t and 0 + 1·t is t in IEEE arithmetic (t ≥ +0 here).
protocol ChannelSet {
    static func red(_ t: Float, _ packer: PalettePacker) -> UInt32
    static func green(_ t: Float, _ packer: PalettePacker) -> UInt32
    static func blue(_ t: Float, _ packer: PalettePacker) -> UInt32
}

enum AllChannels: ChannelSet {
    @inline(__always) static func red(_ t: Float, _ p: PalettePacker) -> UInt32 { PalettePacker.quantize(p.base.x + p.slope.x * t) }
    @inline(__always) static func green(_ t: Float, _ p: PalettePacker) -> UInt32 { PalettePacker.quantize(p.base.y + p.slope.y * t) }
    @inline(__always) static func blue(_ t: Float, _ p: PalettePacker) -> UInt32 { PalettePacker.quantize(p.base.z + p.slope.z * t) }
}

enum RedAndBlue: ChannelSet {
    @inline(__always) static func red(_ t: Float, _ p: PalettePacker) -> UInt32 { AllChannels.red(t, p) }
    @inline(__always) static func green(_ t: Float, _ p: PalettePacker) -> UInt32 { 0 }
    @inline(__always) static func blue(_ t: Float, _ p: PalettePacker) -> UInt32 { AllChannels.blue(t, p) }
}

enum RedAndGreen: ChannelSet {
    @inline(__always) static func red(_ t: Float, _ p: PalettePacker) -> UInt32 { AllChannels.red(t, p) }
    @inline(__always) static func green(_ t: Float, _ p: PalettePacker) -> UInt32 { AllChannels.green(t, p) }
    @inline(__always) static func blue(_ t: Float, _ p: PalettePacker) -> UInt32 { 0 }
}

enum RedToBlue: ChannelSet {
    @inline(__always) static func red(_ t: Float, _ p: PalettePacker) -> UInt32 { PalettePacker.quantize(1 - t) }
    @inline(__always) static func green(_ t: Float, _ p: PalettePacker) -> UInt32 { 0 }
    @inline(__always) static func blue(_ t: Float, _ p: PalettePacker) -> UInt32 { PalettePacker.quantize(t) }
}

enum CyanToMagenta: ChannelSet {
    @inline(__always) static func red(_ t: Float, _ p: PalettePacker) -> UInt32 { PalettePacker.quantize(t) }
    @inline(__always) static func green(_ t: Float, _ p: PalettePacker) -> UInt32 { PalettePacker.quantize(1 - t) }
    @inline(__always) static func blue(_ t: Float, _ p: PalettePacker) -> UInt32 { 0 }
}
