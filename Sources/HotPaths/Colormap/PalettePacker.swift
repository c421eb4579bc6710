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
            channels = .redAndBlue
            constant |= UInt32(quantizeUnit(base.y)) << 8
        } else if slope.z == 0 && slope.x != 0 && slope.y != 0 {
            channels = .redAndGreen
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
        let r = Set.red ? Self.quantize(base.x + slope.x * t) : 0
        let g = Set.green ? Self.quantize(base.y + slope.y * t) : 0
        let b = Set.blue ? Self.quantize(base.z + slope.z * t) : 0
        let rgba = r | (g << 8) | (b << 16) | constantBits
        return depth.magnitude < .infinity ? rgba : 0
    }

    /// `quantizeUnit` for a channel mixed from two colours within 0…1 (so 255·c lies within −0.001…255.001):
    /// adding 1.5·2²³ rounds 255·c to the nearest integer, ties to even, in the low mantissa bits.
    @inline(__always)
    static func quantize(_ channel: Float) -> UInt32 {
        (255 * channel + 12_582_912).bitPattern & 0x1FF
    }
}

/// The channel sets kernels specialize on: red → blue (the colormap), cyan → magenta (the edges), anything else.
enum VaryingChannels {
    case redAndBlue, redAndGreen, all
}

/// A compile-time set of varying channels, so a loop specialized on it drops the constant channel's work.
protocol ChannelSet {
    static var red: Bool { get }
    static var green: Bool { get }
    static var blue: Bool { get }
}

enum RedAndBlue: ChannelSet {
    static let red = true, green = false, blue = true
}

enum RedAndGreen: ChannelSet {
    static let red = true, green = true, blue = false
}

enum AllChannels: ChannelSet {
    static let red = true, green = true, blue = true
}
