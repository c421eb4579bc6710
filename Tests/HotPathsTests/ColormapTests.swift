import XCTest
@testable import HotPaths
import Workloads

/// Behaviour of the photo-mode colormap (seed 000 AC1) on hand-computed depths, and optimized == reference.
final class ColormapTests: XCTestCase {
    /// Colours `values` (one row) at their own size with both variants; fails unless they agree.
    private func colour(_ values: [Float], palette: GradientPalette = .redToBlue()) -> [RGBA8] {
        let reference = ImageBuffer<RGBA8>(width: values.count, height: 1)
        for isa in VectorISA.supported {
            let colormap = DepthColormap(sourceWidth: values.count, sourceHeight: 1, palette: palette, pool: .serial, isa: isa)
            let optimized = ImageBuffer<RGBA8>(width: values.count, height: 1)
            ImageView.withPacked(values, width: values.count, height: 1) {
                colormap.renderReference($0, into: reference)
                colormap.render($0, into: optimized)
            }
            XCTAssertEqual(optimized.packedPixels(), reference.packedPixels(), "\(isa) path")
        }
        return reference.packedPixels()
    }

    func testColormapMapsNaNAndInfinityToTransparent() {
        XCTAssertEqual(colour([.nan, .infinity, -.infinity, 1]).prefix(3), [RGBA8(0, 0, 0, 0), RGBA8(0, 0, 0, 0), RGBA8(0, 0, 0, 0)])
    }

    func testDepthAtOrBelowNearIsRedWithOpacityAlpha() {
        // round(255 · 0.4) = 102
        XCTAssertEqual(colour([0.5, 0.2, 0, -3]), Array(repeating: RGBA8(255, 0, 0, 102), count: 4))
    }

    func testDepthAtOrBeyondFarIsBlue() {
        XCTAssertEqual(colour([5.0, 7.5, 1e30]), Array(repeating: RGBA8(0, 0, 255, 102), count: 3))
    }

    func testMidpointRoundsHalvesAwayFromZero() {
        // 2.75 m is t = 0.5: 127.5 rounds to 128 in both channels; 1.625 m is t = 0.25: 191.25 → 191, 63.75 → 64.
        XCTAssertEqual(colour([2.75, 1.625]), [RGBA8(128, 0, 128, 102), RGBA8(191, 0, 64, 102)])
    }

    func testOpacityAndRangeAreParameters() {
        let palette = GradientPalette.redToBlue(near: 1, far: 3, opacity: 1)
        XCTAssertEqual(colour([2, 0.5, 3], palette: palette), [RGBA8(128, 0, 128, 255), RGBA8(255, 0, 0, 255), RGBA8(0, 0, 255, 255)])
        XCTAssertEqual(colour([2], palette: .redToBlue(opacity: 0)), [RGBA8(170, 0, 85, 0)])
    }

    func testFastRoundingEqualsScalarRoundingOnEveryCentiStepAndNearHalves() {
        var channels: [Float] = (0...100_000).map { Float($0) / 100_000 }
        for k in 0..<255 {  // the floats around every k + ½ after scaling by 255
            let half = (Float(k) + 0.5) / 255
            channels += [half.nextDown.nextDown, half.nextDown, half, half.nextUp, half.nextUp.nextUp]
        }
        channels += [-0.0, Float(1).nextUp, -Float(1e-7), .leastNonzeroMagnitude]
        for channel in channels {
            XCTAssertEqual(PalettePacker.quantize(channel), UInt32(quantizeUnit(channel)), "channel \(channel)")
        }
    }

    func testHalvesRoundToEven() {
        XCTAssertEqual(quantizeUnit(0.5 / 255), 0)
        XCTAssertEqual(quantizeUnit(1.5 / 255), 2)
        XCTAssertEqual(quantizeUnit(2.5 / 255), 2)
        XCTAssertEqual(quantizeUnit(0.5), 128, "127.5 → 128")
        XCTAssertEqual(quantizeUnit(.nan), 0)
        XCTAssertEqual(quantizeUnit(2), 255)
    }

    func testOptimizedEqualsReferenceOnTheRoomAtDepthSize() {
        let source = PaddedDepth(roomLidar)
        let reference = ImageBuffer<RGBA8>(width: 256, height: 192)
        DepthColormap(sourceWidth: 256, sourceHeight: 192).renderReference(source.view, into: reference)
        for isa in VectorISA.supported {
            let optimized = ImageBuffer<RGBA8>(width: 256, height: 192)
            DepthColormap(sourceWidth: 256, sourceHeight: 192, isa: isa).render(source.view, into: optimized)
            XCTAssertEqual(optimized.packedPixels(), reference.packedPixels(), "\(isa) path")
        }
        let transparent = reference.packedPixels().filter { $0 == RGBA8(0, 0, 0, 0) }.count
        XCTAssertEqual(transparent, roomLidar.values.filter { !$0.isFinite }.count, "exactly the NaN/Inf holes")
    }

    func testOptimizedEqualsReferenceOnTheRoomUpsampledOverThreads() {
        let source = PaddedDepth(roomLidar)
        let pool = WorkerPool(threads: 2)
        let reference = ImageBuffer<RGBA8>(width: 640, height: 480)
        DepthColormap(sourceWidth: 256, sourceHeight: 192, outputWidth: 640, outputHeight: 480, pool: pool)
            .renderReference(source.view, into: reference)
        for isa in VectorISA.supported {
            let colormap = DepthColormap(sourceWidth: 256, sourceHeight: 192, outputWidth: 640, outputHeight: 480,
                                         pool: pool, isa: isa)
            let optimized = ImageBuffer<RGBA8>(width: 640, height: 480)
            colormap.render(source.view, into: optimized)
            XCTAssertEqual(memcmp(optimized.base, reference.base, optimized.bytesPerRow * 480), 0, "\(isa) path")
        }
    }

    func testOptimizedEqualsReferenceForPalettesWithAnyVaryingChannels() {
        let source = PaddedDepth(RoomScene.lidar(width: 40, height: 30, seed: 9).depth)
        let palettes = [
            GradientPalette(nearColor: [0.2, 0.4, 0.6], farColor: [0.9, 0.1, 0.3], near: 1, far: 4, opacity: 0.7),
            GradientPalette(nearColor: [0, 1, 1], farColor: [1, 0, 1], near: 0.5, far: 5, opacity: 1),  // blue constant
            GradientPalette(nearColor: [1, 0.5, 0], farColor: [0, 0.5, 1], near: 0.5, far: 5, opacity: 0.4),  // green constant
            GradientPalette(nearColor: [0.3, 0.3, 0.3], farColor: [0.3, 0.3, 0.3], near: 0.5, far: 5, opacity: 0.4),
        ]
        for palette in palettes {
            for (width, height) in [(40, 30), (97, 61)] {
              for isa in VectorISA.supported {
                let colormap = DepthColormap(sourceWidth: 40, sourceHeight: 30, outputWidth: width, outputHeight: height,
                                             palette: palette, pool: .serial, isa: isa)
                let reference = ImageBuffer<RGBA8>(width: width, height: height)
                let optimized = ImageBuffer<RGBA8>(width: width, height: height)
                colormap.renderReference(source.view, into: reference)
                colormap.render(source.view, into: optimized)
                XCTAssertEqual(optimized.packedPixels(), reference.packedPixels(), "\(palette) at \(width)x\(height), \(isa)")
              }
            }
        }
    }

    /// Optimized == reference on every path for `map` sampled at each of `sizes` (one thread).
    private func assertOptimizedEqualsReference(_ map: DepthMap, padding: Int, sizes: [(Int, Int)],
                                                line: UInt = #line) {
        let source = PaddedDepth(map, padding: padding)
        for (width, height) in sizes {
          for isa in VectorISA.supported {
            let colormap = DepthColormap(sourceWidth: map.width, sourceHeight: map.height, outputWidth: width,
                                         outputHeight: height, pool: .serial, isa: isa)
            let reference = ImageBuffer<RGBA8>(width: width, height: height)
            let optimized = ImageBuffer<RGBA8>(width: width, height: height)
            colormap.renderReference(source.view, into: reference)
            colormap.render(source.view, into: optimized)
            XCTAssertEqual(optimized.packedPixels(), reference.packedPixels(), "\(width)x\(height), \(isa)", line: line)
          }
        }
    }

    func testOptimizedEqualsReferenceForOddSizesWithRowTails() {
        // Sixteen output columns read < 16, 16…31 and ≥ 32 source columns at 101, 30 and 17 wide: the vector
        // sampler's one-window, two-window and gather cases.
        assertOptimizedEqualsReference(RoomScene.lidar(width: 37, height: 11, seed: 5).depth, padding: 5,
                                       sizes: [(37, 11), (101, 29), (30, 9), (17, 5), (13, 4), (1, 1)])
    }

    func testOptimizedEqualsReferenceForSourcesNarrowerThanOneVector() {
        assertOptimizedEqualsReference(RoomScene.lidar(width: 7, height: 5, seed: 11).depth, padding: 2,
                                       sizes: [(50, 20), (7, 5), (3, 2), (19, 1)])
    }

    /// Outputs of 4 MiB or more take the streamed palette (non-temporal stores): the reference's bytes with rows on
    /// 256-byte boundaries and with packed rows of an odd width (each row starting off a cache line).
    func testStreamedDisplaySizeOutputsEqualTheReferenceWithAlignedAndUnalignedRows() {
        let source = PaddedDepth(roomLidar)
        let pool = WorkerPool(threads: 2)
        XCTAssertFalse(DepthColormap(sourceWidth: 256, sourceHeight: 192, outputWidth: 640, outputHeight: 480).streamsOutput)
        for (width, height, alignment) in [(1920, 1440, 256), (2001, 547, 4)] {
            let reference = ImageBuffer<RGBA8>(width: width, height: height, rowAlignment: alignment)
            DepthColormap(sourceWidth: 256, sourceHeight: 192, outputWidth: width, outputHeight: height, pool: pool)
                .renderReference(source.view, into: reference)
            for isa in VectorISA.supported {
                let colormap = DepthColormap(sourceWidth: 256, sourceHeight: 192, outputWidth: width,
                                             outputHeight: height, pool: pool, isa: isa)
                XCTAssertTrue(colormap.streamsOutput, "\(width)x\(height)")
                let optimized = ImageBuffer<RGBA8>(width: width, height: height, rowAlignment: alignment)
                colormap.render(source.view, into: optimized)
                XCTAssertEqual(memcmp(optimized.base, reference.base, optimized.bytesPerRow * height), 0,
                               "\(width)x\(height), rows aligned to \(alignment), \(isa)")
            }
        }
    }
}
