/// A single-channel Float32 image, row-major and tightly packed (`width` floats per row).
public struct DepthMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height` values; metres for metric maps, model units for relative ones.
    public var values: [Float]

    public init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "a \(width)x\(height) map needs \(width * height) values")
        self.width = width
        self.height = height
        self.values = values
    }

    /// The value at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Float { values[y * width + x] }
}

/// What ARKit's `sceneDepth` delivers: metric depth and a confidence of 0 (low), 1 (medium) or 2 (high) per pixel.
public struct LidarFrame: Sendable, Equatable {
    public var depth: DepthMap
    /// One of 0, 1, 2 per pixel, same layout as `depth`.
    public var confidence: [UInt8]

    public init(depth: DepthMap, confidence: [UInt8]) {
        precondition(confidence.count == depth.values.count, "confidence must match the depth map")
        self.depth = depth
        self.confidence = confidence
    }
}
