/// An 8-bit RGBA pixel: x = red, y = green, z = blue, w = alpha (byte order R, G, B, A in memory, as
/// `MTLPixelFormat.rgba8Unorm`).
public typealias RGBA8 = SIMD4<UInt8>

/// An 8-bit BGRA pixel: x = blue, y = green, z = red, w = alpha (byte order B, G, R, A in memory, as
/// `kCVPixelFormatType_32BGRA` camera frames and `MTLPixelFormat.bgra8Unorm`).
public typealias BGRA8 = SIMD4<UInt8>

/// Rounds a colour channel in 0…1 to a byte: round(255·c) to the nearest integer, halves to even (IEEE `rint`, the
/// rounding GPUs apply when they store a float into a unorm8 render target), clamped to 0…255 (NaN → 0).
///
/// Every kernel quantizes through this (or an exactly equal fast form), so reference and optimized outputs agree
/// byte for byte.
@inline(__always)
public func quantizeUnit(_ channel: Float) -> UInt8 {
    let scaled = 255 * channel
    if !(scaled > 0) { return 0 }
    if scaled >= 255 { return 255 }
    return UInt8(scaled.rounded(.toNearestOrEven))
}
