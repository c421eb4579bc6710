import HotPaths
import Measurement

/// edge-overlay (seed 002 AC4, part of the 30 fps video frame loop): Sobel depth edges of the 256×192 LiDAR map
/// coloured cyan → magenta, everything else transparent.
enum EdgeOverlayBenchmarks: BenchmarkGroup {
    /// Per pixel: gx and gy (2 muls, 5 adds/subs each), gx² + gy² (3), limit² = (8·threshold·d)² (3); the palette
    /// runs on edge pixels only and is not counted.
    static let flopsPerPixel = 20.0

    static func benchmarks() -> [Benchmark] {
        ["reference", "optimized"].map { variant in
            Benchmark(hotPath: "edge-overlay", variant: variant, workload: "256x192",
                      parameters: ["width": "256", "height": "192", "threshold": "\(EdgeOverlay.defaultThreshold)",
                                   "near": "0.5", "far": "5.0", "opacity": "1.0"]
                        .merging(variant == "optimized" ? ["isa": VectorISA.active.rawValue] : [:]) { $1 },
                      bytesPerIteration: 256 * 192 * 8, flopsPerIteration: 256 * 192 * flopsPerPixel) { source in
                let texture = try DepthInputs.depthTexture(source)
                let overlay = EdgeOverlay(width: texture.width, height: texture.height)
                let output = ImageBuffer<RGBA8>(width: texture.width, height: texture.height)
                // `depth` is a view of the texture's memory: the iteration must own the texture, or the body reads
                // freed memory (garbage, with timing that depends on what reused it).
                let depth = texture.view, keepAlive: @Sendable () -> Void = { withExtendedLifetime(texture) {} }
                if variant == "reference" {
                    return Iteration(tearDown: keepAlive) {
                        overlay.renderReference(depth, into: output)
                        blackHole(output.base)
                    }
                }
                return Iteration(tearDown: keepAlive) {
                    overlay.render(depth, into: output)
                    blackHole(output.base)
                }
            }
        }
    }
}
