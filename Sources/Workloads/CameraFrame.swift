/// An 8-bit, 4-channel camera image (BGRA, as AVFoundation delivers the preview), rows tightly packed.
public struct CameraFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes, B, G, R, A per pixel.
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "a \(width)x\(height) BGRA frame needs \(width * height * 4) bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A textured frame of the room: shading by depth, a fine checker (so scaling has edges to get right) and
    /// seeded sensor noise. Alpha is 255.
    public static func room(width: Int = 1920, height: Int = 1440, seed: UInt64) -> CameraFrame {
        var noise = SeededNoise(seed: seed ^ 0xCA3E_4A)
        // Depth at a quarter of the resolution is enough for shading and keeps generation fast in debug builds.
        let coarse = RoomScene.trueDepth(width: Swift.max(width / 4, 1), height: Swift.max(height / 4, 1))
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let d = coarse[Swift.min(x / 4, coarse.width - 1), Swift.min(y / 4, coarse.height - 1)]
                let shade = 230 - 40 * Double(d)
                let checker = ((x / 8) + (y / 8)) % 2 == 0 ? 12.0 : -12.0
                let grain = 4 * noise.gaussian()
                let i = (y * width + x) * 4
                bytes[i] = clampByte(shade * 0.8 + checker + grain)
                bytes[i + 1] = clampByte(shade * 0.9 - checker + grain)
                bytes[i + 2] = clampByte(shade + checker + grain)
            }
        }
        return CameraFrame(width: width, height: height, bytes: bytes)
    }

    private static func clampByte(_ value: Double) -> UInt8 {
        UInt8(Swift.max(0, Swift.min(255, value.rounded())))
    }
}
