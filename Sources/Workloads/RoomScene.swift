/// A room seen by the rear camera: floor, ceiling, three walls and three boxes, rendered analytically.
///
/// Camera at the origin looking along −Z with +Y up (ARKit's camera space). Depth is the distance along the optical
/// axis (−z of the hit point), in metres, as ARKit's `sceneDepth` reports it. The back wall stands at 4.6 m, beyond
/// fusion's 4.0 m limit, so part of every frame must be filtered out; the nearest box is about 0.8 m away.
public enum RoomScene {
    /// The fusion model's α and β used by ``relativeDepth(width:height:alpha:beta:noise:seed:)`` unless given.
    public static let defaultAlpha: Float = 1.8
    public static let defaultBeta: Float = 0.35

    /// Noiseless metric depth at any resolution (the same view: the intrinsics scale with the image).
    public static func trueDepth(width: Int, height: Int) -> DepthMap {
        let camera = PinholeCamera.standard(width: width, height: height)
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                values[y * width + x] = Float(RoomGeometry.depth(along: camera.ray(x: x, y: y)))
            }
        }
        return DepthMap(width: width, height: height, values: values)
    }

    /// A LiDAR frame: true depth with 1% Gaussian range noise, about 2% holes (NaN, 0 and +Inf in equal parts, each
    /// with confidence 0), medium confidence at depth edges, and low confidence beyond 4 m and on a dark patch of
    /// the left wall.
    public static func lidar(width: Int = 256, height: Int = 192, seed: UInt64) -> LidarFrame {
        let truth = trueDepth(width: width, height: height)
        var noise = SeededNoise(seed: seed)
        var depth = truth.values
        var confidence = [UInt8](repeating: 2, count: depth.count)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let d = truth.values[i]
                depth[i] = d * Float(1 + 0.01 * noise.gaussian())
                if d > 4 || isDarkPatch(x: x, y: y, width: width, height: height) { confidence[i] = 0 }
                else if isDepthEdge(truth, x: x, y: y) { confidence[i] = 1 }
            }
        }
        for _ in 0..<(depth.count / 50) {
            let i = noise.index(below: depth.count)
            depth[i] = [Float.nan, 0, .infinity][noise.index(below: 3)]
            confidence[i] = 0
        }
        return LidarFrame(depth: DepthMap(width: width, height: height, values: depth), confidence: confidence)
    }

    /// A relative map that rises with depth, as fusion's model assumes: rel = (d − β) / α + N(0, noise²).
    /// Fitting metric = α·rel + β on it must recover α and β.
    public static func relativeDepth(
        width: Int = 518, height: Int = 392, alpha: Float = defaultAlpha, beta: Float = defaultBeta,
        noise sigma: Float = 0.01, seed: UInt64
    ) -> DepthMap {
        var noise = SeededNoise(seed: seed ^ 0x5E1A_7105)
        var map = trueDepth(width: width, height: height)
        for i in map.values.indices {
            map.values[i] = (map.values[i] - beta) / alpha + sigma * Float(noise.gaussian())
        }
        return map
    }

    /// A disparity-like map, as Depth Anything really emits (larger is nearer): 10 / d. The documented fit gives
    /// α < 0 on it, which its guard α ∈ (0.01, 100) must reject as "no fit".
    public static func disparity(width: Int = 518, height: Int = 392) -> DepthMap {
        var map = trueDepth(width: width, height: height)
        for i in map.values.indices { map.values[i] = 10 / map.values[i] }
        return map
    }

    private static func isDarkPatch(x: Int, y: Int, width: Int, height: Int) -> Bool {
        x < width / 8 && y > height / 4 && y < height / 2
    }

    private static func isDepthEdge(_ map: DepthMap, x: Int, y: Int) -> Bool {
        guard x > 0, y > 0, x < map.width - 1, y < map.height - 1 else { return false }
        let d = map[x, y]
        let neighbours = [map[x - 1, y], map[x + 1, y], map[x, y - 1], map[x, y + 1]]
        return neighbours.contains { abs($0 - d) > 0.1 * d }
    }
}

/// Pinhole intrinsics for a view of the room at a given resolution (about 64° horizontal field of view).
public struct PinholeCamera: Sendable, Equatable {
    public let fx: Double, fy: Double, cx: Double, cy: Double

    public init(fx: Double, fy: Double, cx: Double, cy: Double) {
        self.fx = fx
        self.fy = fy
        self.cx = cx
        self.cy = cy
    }

    /// The camera every scene uses, scaled to `width × height` so all resolutions see the same view.
    public static func standard(width: Int, height: Int) -> PinholeCamera {
        PinholeCamera(fx: 0.8 * Double(width), fy: 0.8 * Double(width),
                      cx: Double(width) / 2, cy: Double(height) / 2)
    }

    /// The ray through the centre of pixel (x, y), with z = −1 (so the hit's depth is the ray parameter).
    func ray(x: Int, y: Int) -> SIMD3<Double> {
        SIMD3((Double(x) + 0.5 - cx) / fx, -(Double(y) + 0.5 - cy) / fy, -1)
    }
}

/// The room's surfaces; every ray from the camera hits one of them.
enum RoomGeometry {
    /// Axis-aligned boxes standing on the floor: (min corner, max corner).
    static let boxes: [(SIMD3<Double>, SIMD3<Double>)] = [
        (SIMD3(-1.2, -1.3, -2.6), SIMD3(-0.6, -0.7, -1.9)),
        (SIMD3(0.4, -1.3, -3.5), SIMD3(1.3, -0.2, -2.8)),
        (SIMD3(-0.3, -1.3, -1.2), SIMD3(0.3, -0.25, -0.8)),
    ]

    /// Depth (−z) of the first surface along `ray` (with z = −1).
    static func depth(along ray: SIMD3<Double>) -> Double {
        // Walls: x = −2.0 and x = 2.2, floor y = −1.3, ceiling y = 1.4, back wall z = −4.6.
        var nearest = 4.6
        if ray.x < 0 { nearest = Swift.min(nearest, -2.0 / ray.x) }
        if ray.x > 0 { nearest = Swift.min(nearest, 2.2 / ray.x) }
        if ray.y < 0 { nearest = Swift.min(nearest, -1.3 / ray.y) }
        if ray.y > 0 { nearest = Swift.min(nearest, 1.4 / ray.y) }
        for (low, high) in boxes {
            if let t = slabIntersection(ray, low, high) { nearest = Swift.min(nearest, t) }
        }
        return nearest
    }

    /// Entry parameter of the ray into an axis-aligned box, if it enters it in front of the camera.
    private static func slabIntersection(_ ray: SIMD3<Double>, _ low: SIMD3<Double>, _ high: SIMD3<Double>) -> Double? {
        var entry = 0.0, exit = Double.infinity
        for axis in 0..<3 {
            if ray[axis] == 0 {
                if 0 < low[axis] || 0 > high[axis] { return nil }
                continue
            }
            let a = low[axis] / ray[axis], b = high[axis] / ray[axis]
            entry = Swift.max(entry, Swift.min(a, b))
            exit = Swift.min(exit, Swift.max(a, b))
        }
        return entry <= exit && entry > 0 ? entry : nil
    }
}
