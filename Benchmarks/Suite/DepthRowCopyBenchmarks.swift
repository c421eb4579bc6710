import Measurement

/// A strided Float32 row copy of a 256×192 LiDAR depth map into a row-padded buffer, next to a plain memcpy of the
/// same bytes: the floor every depth kernel is measured against.
enum DepthRowCopyBenchmarks: BenchmarkGroup {
    static let width = 256, height = 192
    /// Source rows as ARKit delivers them: 256 floats plus padding to a 64-byte multiple.
    static let sourceRowFloats = 256 + 16
    /// Destination rows padded to a 256-byte alignment, as a Metal texture's bytesPerRow would be.
    static let destinationRowFloats = 256 + 64

    static func benchmarks() -> [Benchmark] {
        let bytes = Double(width * height * MemoryLayout<Float>.size * 2)
        return [
            Benchmark(hotPath: "row-copy", variant: "strided", workload: "256x192",
                      parameters: ["width": "256", "height": "192"], bytesPerIteration: bytes) { _ in
                stridedCopy()
            },
            Benchmark(hotPath: "row-copy", variant: "memcpy", workload: "256x192",
                      parameters: ["width": "256", "height": "192"], bytesPerIteration: bytes) { _ in
                contiguousCopy()
            },
        ]
    }

    private static func stridedCopy() -> Iteration {
        let source = UnsafeMutablePointer<Float>.allocate(capacity: sourceRowFloats * height)
        let destination = UnsafeMutablePointer<Float>.allocate(capacity: destinationRowFloats * height)
        for i in 0..<(sourceRowFloats * height) { source[i] = Float(i % 997) * 0.01 }
        let buffers = SendablePointers(source: source, destination: destination)
        return Iteration(tearDown: { buffers.deallocate() }) {
            for row in 0..<height {
                (buffers.destination + row * destinationRowFloats)
                    .update(from: buffers.source + row * sourceRowFloats, count: width)
            }
            blackHole(buffers.destination.pointee)
        }
    }

    private static func contiguousCopy() -> Iteration {
        let count = width * height
        let source = UnsafeMutablePointer<Float>.allocate(capacity: count)
        let destination = UnsafeMutablePointer<Float>.allocate(capacity: count)
        source.initialize(repeating: 1.5, count: count)
        let buffers = SendablePointers(source: source, destination: destination)
        return Iteration(tearDown: { buffers.deallocate() }) {
            buffers.destination.update(from: buffers.source, count: count)
            blackHole(buffers.destination.pointee)
        }
    }
}

/// Two buffers owned by one benchmark's set-up and freed by its tear-down.
private struct SendablePointers: @unchecked Sendable {
    let source: UnsafeMutablePointer<Float>
    let destination: UnsafeMutablePointer<Float>

    func deallocate() {
        source.deallocate()
        destination.deallocate()
    }
}
