/// 2D → 3D unprojection and effect scale as 001 §6–7 write them, one detection at a time.
public enum ReferenceUnprojection {
    /// The world point of `pixel` at `depth` metres: camera space `((u − cx)/fx·d, (v − cy)/fy·d, −d)` (the camera
    /// looks along −Z), then `cameraTransform · (x, y, z, 1)`.
    public static func unproject(pixel: SIMD2<Float>, depth: Float, intrinsics: ColumnMajorMatrix3,
                                 cameraTransform: ColumnMajorMatrix4) -> SIMD3<Float> {
        let k = PinholeIntrinsics(intrinsics)
        return unproject(pixel: pixel, depth: depth, k, cameraTransform)
    }

    static func unproject(pixel: SIMD2<Float>, depth: Float, _ k: PinholeIntrinsics,
                          _ cameraTransform: ColumnMajorMatrix4) -> SIMD3<Float> {
        let x = (pixel.x - k.cx) / k.fx * depth
        let y = (pixel.y - k.cy) / k.fy * depth
        let world = cameraTransform * SIMD4(x, y, -depth, 1)
        return SIMD3(world.x, world.y, world.z)
    }

    /// 001 §7: the real width of a box `normalizedWidth` of the image wide at `depth`, `pixelWidth·depth / fx`,
    /// clamped to 0.1...3.0 m.
    public static func effectScale(normalizedWidth: Float, depth: Float, intrinsics: ColumnMajorMatrix3,
                                   imageWidth: Float = 1920) -> Float {
        let fx = intrinsics[0][0]
        let realWidth = (normalizedWidth * imageWidth * depth) / fx
        return min(max(realWidth, 0.1), 3.0)
    }

    /// Every detection of a batch: its world point (box centre at its depth) and its effect scale.
    public static func place(_ detections: [PlacementRequest], intrinsics: ColumnMajorMatrix3,
                             cameraTransform: ColumnMajorMatrix4, imageWidth: Float = 1920) -> [Placement] {
        detections.map { request in
            Placement(position: unproject(pixel: request.centre, depth: request.depth, intrinsics: intrinsics,
                                          cameraTransform: cameraTransform),
                      scale: effectScale(normalizedWidth: request.normalizedWidth, depth: request.depth,
                                         intrinsics: intrinsics, imageWidth: imageWidth))
        }
    }
}

/// A detection to place an effect on: its box centre in image pixels, its width as a fraction of the image, its depth.
public struct PlacementRequest: Sendable, Equatable {
    public var centre: SIMD2<Float>
    public var normalizedWidth: Float
    public var depth: Float

    public init(centre: SIMD2<Float>, normalizedWidth: Float, depth: Float) {
        self.centre = centre; self.normalizedWidth = normalizedWidth; self.depth = depth
    }
}

/// Where an effect goes (world coordinates, metres) and how large it is (metres, 0.1...3.0).
public struct Placement: Sendable, Equatable {
    public var position: SIMD3<Float>
    public var scale: Float

    public init(position: SIMD3<Float>, scale: Float) { self.position = position; self.scale = scale }
}
