/// A two-colour depth gradient: `mix(nearColor, farColor, t)` with t = saturate((depth − near)/(far − near)), and a
/// constant alpha. Shared by the photo-mode colormap (red → blue) and the video-mode edge overlay (cyan → magenta).
public struct GradientPalette: Sendable, Equatable {
    public var nearColor: SIMD3<Float>
    public var farColor: SIMD3<Float>
    /// Depth (metres) mapped to `nearColor`; closer depths clamp to it.
    public var near: Float
    /// Depth (metres) mapped to `farColor`; farther depths clamp to it.
    public var far: Float
    /// Alpha of every valid pixel, 0…1.
    public var opacity: Float

    public init(nearColor: SIMD3<Float>, farColor: SIMD3<Float>, near: Float, far: Float, opacity: Float) {
        self.nearColor = nearColor
        self.farColor = farColor
        self.near = near
        self.far = far
        self.opacity = opacity
    }

    /// Why these values cannot be used (near ≥ far, non-finite values, opacity outside 0…1), or nil.
    public var problem: String? {
        guard near.isFinite, far.isFinite else { return "near and far must be finite" }
        guard near < far else { return "near (\(near)) must be less than far (\(far))" }
        guard opacity >= 0 && opacity <= 1 else { return "opacity (\(opacity)) must be within 0...1" }
        let inUnitRange = { (c: SIMD3<Float>) in (0..<3).allSatisfy { c[$0] >= 0 && c[$0] <= 1 } }
        guard inUnitRange(nearColor) && inUnitRange(farColor) else { return "colour channels must be within 0...1" }
        return nil
    }

    /// The shader's normalized depth: saturate((depth − near)/(far − near)) (a NaN ratio gives 0).
    @inline(__always)
    public func normalized(_ depth: Float) -> Float {
        saturate((depth - near) / (far - near))
    }

    /// The colour of a finite depth, as the shader computes it: `mix(nearColor, farColor, t)` = near + (far − near)·t.
    @inline(__always)
    public func color(_ depth: Float) -> SIMD3<Float> {
        nearColor + (farColor - nearColor) * normalized(depth)
    }

    /// The RGBA8 pixel of a finite depth: round(255·c) per channel, alpha round(255·opacity).
    public func pixel(_ depth: Float) -> RGBA8 {
        let c = color(depth)
        return RGBA8(quantizeUnit(c.x), quantizeUnit(c.y), quantizeUnit(c.z), quantizeUnit(opacity))
    }

    /// Metal's `saturate`, with NaN mapped to 0 so no NaN ever reaches a conversion.
    @inline(__always)
    public func saturate(_ x: Float) -> Float { x > 0 ? (x < 1 ? x : 1) : 0 }
}

extension GradientPalette {
    /// Red (1, 0, 0) → blue (0, 0, 1): seed 000 AC1.
    public static func redToBlue(near: Float = 0.5, far: Float = 5.0, opacity: Float = 0.4) -> GradientPalette {
        GradientPalette(nearColor: [1, 0, 0], farColor: [0, 0, 1], near: near, far: far, opacity: opacity)
    }

    /// Cyan (0, 1, 1) → magenta (1, 0, 1): seed 002 AC4.
    public static func cyanToMagenta(near: Float = 0.5, far: Float = 5.0, opacity: Float = 1.0) -> GradientPalette {
        GradientPalette(nearColor: [0, 1, 1], farColor: [1, 0, 1], near: near, far: far, opacity: opacity)
    }
}
