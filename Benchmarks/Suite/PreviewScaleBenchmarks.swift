import HotPaths
import Measurement

/// preview-scale (seed 003 MetalPreviewScaler): a 1920×1440 BGRA camera frame downscaled into a 960×720 preview
/// buffer created once (exact 2×2 average, equal to the bilinear filter at 2:1).
enum PreviewScaleBenchmarks: BenchmarkGroup {
    static func benchmarks() -> [Benchmark] {
        ["reference", "optimized"].map { variant in
            let threads = variant == "optimized" ? WorkerPool.shared.threads : 1
            return Benchmark(hotPath: "preview-scale", variant: variant, workload: "1920x1440-to-960x720",
                             parameters: ["width": "1920", "height": "1440", "outputWidth": "960", "outputHeight": "720",
                                          "threads": "\(threads)"],
                             bytesPerIteration: Double(1920 * 1440 * 4 + 960 * 720 * 4), threads: threads) { source in
                let frame = try DepthInputs.frame(source)
                let input = PaddedSource(DepthInputs.pixels(frame), width: frame.width, height: frame.height, padding: 0)
                let scaler = PreviewScaler(sourceWidth: frame.width, sourceHeight: frame.height,
                                           outputWidth: 960, outputHeight: 720, pool: threads > 1 ? .shared : .serial)
                let preview = ImageBuffer<BGRA8>(width: 960, height: 720)
                let view = input.view
                if variant == "reference" {
                    return Iteration(tearDown: { input.deallocate() }) {
                        scaler.scaleReference(view, into: preview)
                        blackHole(preview.base)
                    }
                }
                return Iteration(tearDown: { input.deallocate() }) {
                    scaler.scale(view, into: preview)
                    blackHole(preview.base)
                }
            }
        }
    }
}
