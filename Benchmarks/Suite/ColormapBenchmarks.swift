import HotPaths
import Measurement

/// colormap (seed 000 AC1, shader budget < 1 ms p95; < 2 ms together with the upload): the uploaded depth texture
/// coloured red → blue at the depth map's own size and sampled bilinearly into a 1920×1440 display-sized overlay.
/// Targets: optimized p50 ≤ 50 µs at 256×192 and ≤ 2 ms at 1920×1440 on two cores.
enum ColormapBenchmarks: BenchmarkGroup {
    /// Per output pixel: sub, div and saturate for t; mix (mul + add) and ×255 on 3 channels. Sampling adds
    /// 3 lerps (sub, mul, add each).
    static let paletteFlops = 11.0, samplerFlops = 9.0

    static func benchmarks() -> [Benchmark] {
        [("256x192", 256, 192), ("1920x1440", 1920, 1440)].flatMap { workload, width, height in
            ["reference", "optimized"].map { variant in
                benchmark(variant, workload, width, height)
            }
        }
    }

    private static func benchmark(_ variant: String, _ workload: String, _ width: Int, _ height: Int) -> Benchmark {
        let pixels = Double(width * height)
        let sampled = workload != "256x192"
        let threads = variant == "optimized" && sampled ? WorkerPool.shared.threads : 1
        let palette = GradientPalette.redToBlue()
        return Benchmark(
            hotPath: "colormap", variant: variant, workload: workload,
            parameters: ["width": "\(width)", "height": "\(height)", "near": "\(palette.near)", "far": "\(palette.far)",
                         "opacity": "\(palette.opacity)", "threads": "\(threads)"]
                .merging(variant == "optimized" ? ["isa": VectorISA.active.rawValue] : [:]) { $1 },
            bytesPerIteration: 256 * 192 * 4 + pixels * 4,
            flopsPerIteration: pixels * (paletteFlops + (sampled ? samplerFlops : 0)),
            threads: threads
        ) { source in
            let texture = try DepthInputs.depthTexture(source)
            let colormap = DepthColormap(sourceWidth: texture.width, sourceHeight: texture.height,
                                         outputWidth: width, outputHeight: height,
                                         palette: palette, pool: threads > 1 ? .shared : .serial)
            let output = ImageBuffer<RGBA8>(width: width, height: height)
            // `depth` is a view of the texture's memory: the iteration must own the texture, or the body reads
            // freed memory (garbage, with timing that depends on what reused it).
            let depth = texture.view, keepAlive: @Sendable () -> Void = { withExtendedLifetime(texture) {} }
            if variant == "reference" {
                return Iteration(tearDown: keepAlive) {
                    colormap.renderReference(depth, into: output)
                    blackHole(output.base)
                }
            }
            return Iteration(tearDown: keepAlive) {
                colormap.render(depth, into: output)
                blackHole(output.base)
            }
        }
    }
}
