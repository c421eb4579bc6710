import HotPaths
import Measurement

/// 2D → 3D unprojection and effect scale (001 §6–7) for a batch of 1024 detections: box centre to world point
/// through the column-major intrinsics and the camera transform, and the clamped real width.
enum UnprojectBenchmarks: BenchmarkGroup {
    static let count = 1024
    static let intrinsics = ColumnMajorMatrix3.intrinsics(fx: 1450, fy: 1460, cx: 962.5, cy: 718.25)
    static let transform = ColumnMajorMatrix4(columns: (SIMD4(0.8, 0, -0.6, 0), SIMD4(0, 1, 0, 0),
                                                        SIMD4(0.6, 0, 0.8, 0), SIMD4(0.3, 1.4, -2, 1)))

    /// The batch is synthetic: a capture's unprojection inputs are read by `framebudget kernel unproject` only, so
    /// `run --workload` skips these benchmarks with a note rather than measuring synthetic data under its name.
    private static func syntheticOnly(_ source: WorkloadSource) throws {
        guard case .synthetic = source else { throw MeasurementSetUpError.syntheticOnly("unproject/*/\(count)-detections") }
    }

    static func benchmarks() -> [Benchmark] {
        let parameters = ["detections": "\(count)", "image": "1920x1440"]
        return [
            Benchmark(hotPath: "unproject", variant: "reference", workload: "\(count)-detections", parameters: parameters) { source in
                try syntheticOnly(source)
                let requests = self.requests()
                return Iteration {
                    blackHole(ReferenceUnprojection.place(requests, intrinsics: intrinsics, cameraTransform: transform))
                }
            },
            Benchmark(hotPath: "unproject", variant: "optimized", workload: "\(count)-detections", parameters: parameters) { source in
                try syntheticOnly(source)
                let requests = self.requests()
                let buffers = PlacementBuffers(inputs: [requests.map(\.centre.x), requests.map(\.centre.y),
                                                        requests.map(\.normalizedWidth), requests.map(\.depth)])
                let placer = EffectPlacer(intrinsics: intrinsics, cameraTransform: transform)
                return Iteration(tearDown: { buffers.deallocate() }) {
                    placer.place(u: buffers.input(0), v: buffers.input(1), widths: buffers.input(2), depths: buffers.input(3),
                                 x: buffers.outputs[0], y: buffers.outputs[1], z: buffers.outputs[2], scales: buffers.outputs[3])
                    blackHole(buffers.outputs[3][0])
                }
            },
        ]
    }

    /// Detections spread over the image at 0.3–5 m, 2–40 % of the image wide.
    static func requests() -> [PlacementRequest] {
        (0..<count).map { i in
            let u = Float(i * 379 % 1920), v = Float(i * 211 % 1440)
            let width: Float = 0.02 + Float(i % 19) * 0.02
            let depth: Float = 0.3 + Float(i % 48) * 0.1
            return PlacementRequest(centre: SIMD2(u, v), normalizedWidth: width, depth: depth)
        }
    }
}

/// Four input and four output float arrays of the placer, pinned for the benchmark's lifetime.
final class PlacementBuffers: @unchecked Sendable {
    let inputs: [UnsafeMutableBufferPointer<Float>]
    let outputs: [UnsafeMutableBufferPointer<Float>]

    init(inputs values: [[Float]]) {
        inputs = values.map { pinned($0) }
        outputs = (0..<4).map { _ in pinned([Float](repeating: 0, count: values[0].count)) }
    }

    func input(_ i: Int) -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(inputs[i]) }

    func deallocate() { (inputs + outputs).forEach { $0.deallocate() } }
}
