import CVectorLoops

/// ``GradientPalette/pixel(_:)`` prepared for the vector loops (CVectorLoops' `fb_palette`), which write it as one
/// little-endian RGBA8 word (R in the low byte) with no branches and no trapping float-to-integer conversion.
///
/// Bit-for-bit equal to the palette's pixel for finite depths (the same IEEE operations in the same order; the
/// rounding is an exact form of `rint`), and 0 (transparent black) for NaN or ±Inf.
struct PalettePacker {
    private let near: Float
    private let range: Float
    let base: SIMD3<Float>
    let slope: SIMD3<Float>
    /// Alpha, and the channels the palette's `channels` set holds constant (base + 0·t = base exactly).
    let constantBits: UInt32
    /// XOR-ing a quantized red channel with this clears its float exponent (leaving the byte) and sets the constant
    /// bits in the same instruction: red ^ (magic ^ constant) = byte | constant, as the constant's low byte is 0.
    let redFold: UInt32
    /// Which channels vary with depth: the loops specialize on it, so constant ones cost nothing.
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
        redFold = Self.magic.bitPattern ^ constant
    }

    /// These fields as the C loops (CVectorLoops) read them.
    var loopPalette: fb_palette {
        let code = switch channels {
        case .redToBlue: FB_CHANNELS_RED_TO_BLUE
        case .cyanToMagenta: FB_CHANNELS_CYAN_TO_MAGENTA
        case .redAndBlue: FB_CHANNELS_RED_AND_BLUE
        case .redAndGreen: FB_CHANNELS_RED_AND_GREEN
        case .all: FB_CHANNELS_ALL
        }
        return fb_palette(near: near, range: range, base: (base.x, base.y, base.z), slope: (slope.x, slope.y, slope.z),
                          red_fold: redFold, channels: Int32(code))
    }

    /// 1.5·2²³: adding it to a value in −2²² … 2²² leaves that value rounded to an integer (ties to even) in the low
    /// mantissa bits; its own low 16 bits are 0.
    static let magic: Float = 12_582_912

    /// `quantizeUnit` for a channel mixed from two colours within 0…1 (so 255·c lies within −0.001…255.001), as the
    /// bits of 255·c + 1.5·2²³: the byte is in the low 8 bits above `magic`'s pattern 0x4B40_0000, so `<< 16` and
    /// `<< 24` leave exactly the byte, `& 0xFF` too, and `^ magic` clears everything else.
    @inline(__always)
    static func quantizedBits(_ channel: Float) -> UInt32 {
        (255 * channel + magic).bitPattern
    }

    /// The byte `quantizeUnit` gives a channel within 0…1, as a word.
    @inline(__always)
    static func quantize(_ channel: Float) -> UInt32 {
        quantizedBits(channel) & 0xFF
    }
}

/// The channel sets kernels specialize on: red → blue and cyan → magenta exactly (whose mixes reduce to t and
/// 1 − t), any palette with a constant green or blue, anything else.
enum VaryingChannels {
    case redToBlue, cyanToMagenta, redAndBlue, redAndGreen, all
}
