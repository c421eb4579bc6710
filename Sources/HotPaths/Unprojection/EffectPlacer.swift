/// Unprojection and effect scale for a batch of detections, optimized: the intrinsics are read once (column-major,
/// as ``PinholeIntrinsics``), divisions become multiplications by `1/fx`, `1/fy`, and eight detections are placed at
/// a time from structure-of-arrays buffers. Agrees with ``ReferenceUnprojection`` to float rounding. Allocates nothing.
public struct EffectPlacer: Sendable {
    public let intrinsics: PinholeIntrinsics
    public let cameraTransform: ColumnMajorMatrix4
    public let imageWidth: Float

    public init(intrinsics: ColumnMajorMatrix3, cameraTransform: ColumnMajorMatrix4, imageWidth: Float = 1920) {
        self.intrinsics = PinholeIntrinsics(intrinsics)
        self.cameraTransform = cameraTransform
        self.imageWidth = imageWidth
    }

    /// Inputs and outputs are `N` floats each: box centres `u`, `v` (pixels), widths (fraction of the image) and
    /// depths (metres) in; world `x`, `y`, `z` and scale out.
    public func place(u: UnsafeBufferPointer<Float>, v: UnsafeBufferPointer<Float>, widths: UnsafeBufferPointer<Float>,
                      depths: UnsafeBufferPointer<Float>, x: UnsafeMutableBufferPointer<Float>,
                      y: UnsafeMutableBufferPointer<Float>, z: UnsafeMutableBufferPointer<Float>,
                      scales: UnsafeMutableBufferPointer<Float>) {
        let count = u.count
        precondition(v.count == count && widths.count == count && depths.count == count && x.count == count
                     && y.count == count && z.count == count && scales.count == count, "N of everything")
        var i = 0
        while i + 8 <= count {
            let p = placeEight(load(u, i), load(v, i), load(widths, i), load(depths, i))
            store(p.x, x, i); store(p.y, y, i); store(p.z, z, i); store(p.scale, scales, i)
            i += 8
        }
        while i < count {  // the tail, one lane at a time through the same arithmetic
            let p = placeEight(SIMD8(repeating: u[i]), SIMD8(repeating: v[i]), SIMD8(repeating: widths[i]), SIMD8(repeating: depths[i]))
            x[i] = p.x[0]; y[i] = p.y[0]; z[i] = p.z[0]; scales[i] = p.scale[0]
            i += 1
        }
    }

    /// Convenience for callers holding requests (allocates the buffers and the result).
    public func place(_ requests: [PlacementRequest]) -> [Placement] {
        let count = requests.count
        let u = requests.map { $0.centre.x }, v = requests.map { $0.centre.y }
        let widths = requests.map { $0.normalizedWidth }, depths = requests.map { $0.depth }
        var x = [Float](repeating: 0, count: count), y = x, z = x, scales = x
        u.withUnsafeBufferPointer { u in
            v.withUnsafeBufferPointer { v in
                widths.withUnsafeBufferPointer { w in
                    depths.withUnsafeBufferPointer { d in
                        x.withUnsafeMutableBufferPointer { x in
                            y.withUnsafeMutableBufferPointer { y in
                                z.withUnsafeMutableBufferPointer { z in
                                    scales.withUnsafeMutableBufferPointer { s in
                                        place(u: u, v: v, widths: w, depths: d, x: x, y: y, z: z, scales: s)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (0..<count).map { Placement(position: SIMD3(x[$0], y[$0], z[$0]), scale: scales[$0]) }
    }

    @inline(__always)
    private func placeEight(_ u: SIMD8<Float>, _ v: SIMD8<Float>, _ width: SIMD8<Float>, _ depth: SIMD8<Float>)
        -> (x: SIMD8<Float>, y: SIMD8<Float>, z: SIMD8<Float>, scale: SIMD8<Float>) {
        let inverseFx = 1 / intrinsics.fx, inverseFy = 1 / intrinsics.fy
        let cameraX = (u - intrinsics.cx) * inverseFx * depth
        let cameraY = (v - intrinsics.cy) * inverseFy * depth
        let realWidth = width * (imageWidth * inverseFx) * depth
        // min(max(w, 0.1), 3.0) exactly as the scalar Swift.max/Swift.min pick (the generic `clamped` is not vectorized).
        let low = SIMD8<Float>(repeating: 0.1), high = SIMD8<Float>(repeating: 3.0)
        let raised = realWidth.replacing(with: low, where: low .>= realWidth)
        let scale = raised.replacing(with: high, where: high .< raised)
        return (world(0, cameraX, cameraY, depth), world(1, cameraX, cameraY, depth), world(2, cameraX, cameraY, depth), scale)
    }

    /// Row `row` of `cameraTransform · (x, y, −depth, 1)`.
    @inline(__always)
    private func world(_ row: Int, _ x: SIMD8<Float>, _ y: SIMD8<Float>, _ depth: SIMD8<Float>) -> SIMD8<Float> {
        let t = cameraTransform.columns
        return x * t.0[row] + y * t.1[row] - depth * t.2[row] + t.3[row]
    }

    @inline(__always)
    private func load(_ buffer: UnsafeBufferPointer<Float>, _ i: Int) -> SIMD8<Float> {
        UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    private func store(_ value: SIMD8<Float>, _ buffer: UnsafeMutableBufferPointer<Float>, _ i: Int) {
        UnsafeMutableRawPointer(buffer.baseAddress! + i).storeBytes(of: value, as: SIMD8<Float>.self)
    }
}
