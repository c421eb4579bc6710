import HotPaths
import Measurement

/// texture-upload (seed 000 Task 3, budget < 1 ms p95): a padded source into a 256-byte-aligned texture allocated
/// once, for the 256×192 LiDAR depth map and the 1920×1440 BGRA camera frame, beside a plain contiguous memcpy of
/// the same payload: the optimized copy should reach at least half of memcpy's bandwidth in the same run.
enum TextureUploadBenchmarks: BenchmarkGroup {
    static func benchmarks() -> [Benchmark] {
        depthBenchmarks() + frameBenchmarks()
    }

    private static func depthBenchmarks() -> [Benchmark] {
        let bytes = Double(256 * 192 * 4 * 2)  // payload read + written
        let parameters = ["width": "256", "height": "192", "format": "r32Float", "sourcePadding": "\(DepthInputs.sourceRowPadding)"]
        return ["reference", "optimized", "memcpy"].map { variant in
            Benchmark(hotPath: "texture-upload", variant: variant, workload: "256x192",
                      parameters: parameters, bytesPerIteration: bytes) { source in
                let map = try DepthInputs.depth(source)
                return iteration(variant, PaddedSource(map.values, width: map.width, height: map.height), pool: .serial)
            }
        }
    }

    private static func frameBenchmarks() -> [Benchmark] {
        let bytes = Double(1920 * 1440 * 4 * 2)
        let parameters = ["width": "1920", "height": "1440", "format": "bgra8", "sourcePadding": "\(DepthInputs.sourceRowPadding)"]
        return ["reference", "optimized", "memcpy"].map { variant in
            let threads = variant == "optimized" ? WorkerPool.shared.threads : 1
            return Benchmark(hotPath: "texture-upload", variant: variant, workload: "1920x1440-bgra",
                             parameters: parameters.merging(["threads": "\(threads)"]) { $1 },
                             bytesPerIteration: bytes, threads: threads) { source in
                let frame = try DepthInputs.frame(source)
                return iteration(variant, PaddedSource(DepthInputs.pixels(frame), width: frame.width, height: frame.height), pool: .shared)
            }
        }
    }

    private static func iteration<Pixel>(_ variant: String, _ source: PaddedSource<Pixel>, pool: WorkerPool) -> Iteration {
        let uploader = TextureUploader<Pixel>(width: source.view.width, height: source.view.height, pool: pool)
        let view = source.view
        switch variant {
        case "reference":
            return Iteration(tearDown: { source.deallocate() }) {
                uploader.uploadReference(from: view)
                blackHole(uploader.texture.base)
            }
        case "optimized":
            return Iteration(tearDown: { source.deallocate() }) {
                uploader.upload(from: view)
                blackHole(uploader.texture.base)
            }
        default:
            // The floor: one contiguous copy of the same payload bytes.
            let payload = view.payloadBytes
            let contiguous = UnsafeMutableRawPointer.allocate(byteCount: payload, alignment: 64)
            contiguous.copyMemory(from: view.base, byteCount: payload)
            let held = Retained(value: contiguous)
            return Iteration(tearDown: { source.deallocate(); held.value.deallocate() }) {
                uploader.texture.base.copyMemory(from: held.value, byteCount: payload)
                blackHole(uploader.texture.base)
            }
        }
    }
}
