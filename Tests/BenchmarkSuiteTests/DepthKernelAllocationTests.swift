import XCTest
import BenchmarkSuite
import HotPaths
import Measurement

/// The optimized depth-side kernels allocate nothing per frame after warm-up, threads included (the malloc
/// interposer counts every thread). Sizes are chosen so every parallel path runs, yet debug builds stay fast.
final class DepthKernelAllocationTests: XCTestCase {
    private func assertNoAllocations(_ name: String, _ body: () -> Void) {
        body()  // warm-up: one-time runtime metadata
        // Fewest of 8 windows: the counter also sees other threads of the test process (see ``AllocationCounter/fewest``).
        let stats = AllocationCounter.fewest(windows: 8, iterations: 2, body: body)
        XCTAssertEqual(stats.perIteration, 0, "\(name) allocates \(stats.perIteration) times per iteration")
    }

    override func setUpWithError() throws {
        try XCTSkipUnless(AllocationCounter.isAvailable, "allocation counting is compiled out in sanitizer builds")
    }

    func testTextureUploadAllocatesNothingAlsoOverThreads() {
        let pool = WorkerPool(threads: 2)
        let source = UnsafeMutableRawPointer.allocate(byteCount: 1024 * (4096 + 64), alignment: 64)
        defer { source.deallocate() }
        source.initializeMemory(as: UInt8.self, repeating: 7, count: 1024 * (4096 + 64))
        let frame = ImageView<BGRA8>(base: source, width: 1024, height: 1024, bytesPerRow: 4096 + 64)
        let uploader = TextureUploader<BGRA8>(width: 1024, height: 1024, pool: pool)
        assertNoAllocations("texture upload (4 MB, 2 threads)") { uploader.upload(from: frame) }
    }

    func testColormapAllocatesNothingAtDepthSizeAndUpsampledOverThreads() {
        let depth = ImageBuffer<Float>(width: 256, height: 192)
        let small = DepthColormap(sourceWidth: 256, sourceHeight: 192)
        let smallOutput = ImageBuffer<RGBA8>(width: 256, height: 192)
        assertNoAllocations("colormap 256x192") { small.render(depth.view, into: smallOutput) }
        let large = DepthColormap(sourceWidth: 256, sourceHeight: 192, outputWidth: 512, outputHeight: 512, pool: WorkerPool(threads: 2))
        let largeOutput = ImageBuffer<RGBA8>(width: 512, height: 512)
        assertNoAllocations("colormap 512x512, 2 threads") { large.render(depth.view, into: largeOutput) }
    }

    func testEdgeOverlayAllocatesNothing() {
        let depth = ImageBuffer<Float>(width: 256, height: 192)
        let overlay = EdgeOverlay(width: 256, height: 192)
        let output = ImageBuffer<RGBA8>(width: 256, height: 192)
        assertNoAllocations("edge overlay") { overlay.render(depth.view, into: output) }
    }

    func testPreviewScaleAllocatesNothingInBothPaths() {
        let frame = ImageBuffer<BGRA8>(width: 640, height: 480)
        let pool = WorkerPool(threads: 2)
        for (width, height) in [(320, 240), (300, 250)] {
            let scaler = PreviewScaler(sourceWidth: 640, sourceHeight: 480, outputWidth: width, outputHeight: height, pool: pool)
            let preview = ImageBuffer<BGRA8>(width: width, height: height)
            assertNoAllocations("preview \(width)x\(height)") { scaler.scale(frame.view, into: preview) }
        }
    }

    func testFusionAllocatesNothingOverTwoThreads() {
        // A relative map that rises along x, and LiDAR depth 1.8·rel + 0.35 where each LiDAR column samples it.
        let relative: [Float] = (0..<518 * 392).map { (i: Int) -> Float in 0.5 + Float(i % 518) / 259 }
        let lidar: [Float] = (0..<256 * 192).map { (i: Int) -> Float in
            let rel: Float = 0.5 + Float(i % 256) / 255 * 517 / 259
            return 1.8 * rel + 0.35
        }
        let input = FusionInput(lidarDepth: lidar, confidence: nil, lidarWidth: 256, lidarHeight: 192,
                                relative: relative, relativeWidth: 518, relativeHeight: 392)
        let fusion = OptimizedFusion(lidarWidth: 256, lidarHeight: 192, relativeWidth: 518, relativeHeight: 392,
                                     pool: WorkerPool(threads: 2))
        let output = UnsafeMutableBufferPointer<Float>.allocate(capacity: 518 * 392)
        defer { output.deallocate() }
        fusion.fuse(input, into: output)
        guard case .fit = fusion.fit else { return XCTFail("expected a fit, so the apply pass runs: \(fusion.fit)") }
        assertNoAllocations("fusion 256x192 → 518x392, 2 threads") { fusion.fuse(input, into: output) }
    }

    func testDepthBenchmarksOfTheSuiteRunWithoutAllocating() throws {
        let ids = ["texture-upload/optimized/256x192", "texture-upload/memcpy/256x192",
                   "colormap/optimized/256x192", "edge-overlay/optimized/256x192"]
        let benchmarks = Suite.all().filter { ids.contains($0.id) }
        XCTAssertEqual(benchmarks.count, ids.count)
        for benchmark in benchmarks {
            let iteration = try benchmark.setUp(.synthetic(seed: 1))
            defer { iteration.tearDown() }
            assertNoAllocations(benchmark.id, iteration.run)
        }
    }
}
