import XCTest
import HotPaths
import Workloads

/// The video-mode edge overlay (seed 002 AC4): edges only at depth discontinuities, cyan near → magenta far.
final class EdgeOverlayTests: XCTestCase {
    private let clear = RGBA8(0, 0, 0, 0)

    /// Renders with the reference and with the optimized variant on every vector path this machine runs; fails
    /// unless they all agree.
    private func edges(_ map: DepthMap, threshold: Float = EdgeOverlay.defaultThreshold,
                       palette: GradientPalette = .cyanToMagenta()) -> ImageBuffer<RGBA8> {
        let source = PaddedDepth(map, padding: 3)
        let reference = ImageBuffer<RGBA8>(width: map.width, height: map.height)
        EdgeOverlay(width: map.width, height: map.height, threshold: threshold, palette: palette)
            .renderReference(source.view, into: reference)
        for isa in VectorISA.supported {
            let overlay = EdgeOverlay(width: map.width, height: map.height, threshold: threshold, palette: palette, isa: isa)
            let optimized = ImageBuffer<RGBA8>(width: map.width, height: map.height)
            overlay.render(source.view, into: optimized)
            XCTAssertEqual(optimized.packedPixels(), reference.packedPixels(), "\(isa) path")
        }
        return reference
    }

    /// A 20×12 map: a wall at `far` with a box at `near` in columns 8..<14.
    private func stepMap(near: Float = 1, far: Float = 3) -> DepthMap {
        depthMap((0..<12).map { _ in (0..<20).map { (8..<14).contains($0) ? near : far } })
    }

    func testEdgesAreFoundOnlyBesideTheDiscontinuity() {
        let image = edges(stepMap())
        for y in 0..<12 {
            for x in 0..<20 {
                let expectEdge = [7, 8, 13, 14].contains(x)
                XCTAssertEqual(image[x, y] != clear, expectEdge, "pixel (\(x), \(y))")
            }
        }
    }

    func testEdgeColourFollowsTheCentreDepthFromCyanToMagenta() {
        let image = edges(stepMap(near: 0.5, far: 5))
        XCTAssertEqual(image[8, 5], RGBA8(0, 255, 255, 255), "the near side of the step is cyan")
        XCTAssertEqual(image[7, 5], RGBA8(255, 0, 255, 255), "the far side is magenta")
        let half = edges(stepMap(near: 2.75, far: 5), palette: .cyanToMagenta(opacity: 0.4))
        XCTAssertEqual(half[8, 5], RGBA8(128, 128, 255, 102), "t = 0.5 at 2.75 m; alpha round(255 · 0.4)")
    }

    func testSmoothSlopeAndSmallStepsAreNotEdges() {
        // A ramp of 1% of the depth per pixel and a 6% step: relative gradients 0.01 and 0.03, below 0.05.
        let ramp = depthMap((0..<6).map { _ in (0..<16).map { 2 + 0.02 * Float($0) } })
        XCTAssertTrue(edges(ramp).packedPixels().allSatisfy { $0 == clear })
        let smallStep = depthMap((0..<6).map { _ in (0..<16).map { $0 < 8 ? 2 : 2.12 } })
        XCTAssertTrue(edges(smallStep).packedPixels().allSatisfy { $0 == clear })
        XCTAssertTrue(edges(smallStep, threshold: 0.02).packedPixels().contains { $0 != clear }, "found with a lower threshold")
    }

    func testHolesAreNotEdgesAndBlankTheirNeighbourhood() {
        for hole: Float in [.nan, 0, .infinity, -.infinity, -1] {
            var map = stepMap()
            map.values[5 * 20 + 8] = hole  // on the near side of the step
            let image = edges(map)
            for y in 4...6 {
                for x in 7...9 { XCTAssertEqual(image[x, y], clear, "hole \(hole): pixel (\(x), \(y))") }
            }
            XCTAssertNotEqual(image[8, 3], clear, "the step above the hole's neighbourhood is still an edge")
            XCTAssertNotEqual(image[13, 5], clear, "the other side of the box is still an edge")
        }
    }

    func testBorderPixelsUseClampedNeighbours() {
        // A step right at the image border: columns 0 and 1 differ; the clamped Sobel still sees it.
        let map = depthMap((0..<4).map { _ in [1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3] })
        let image = edges(map)
        XCTAssertNotEqual(image[0, 0], clear)
        XCTAssertNotEqual(image[1, 3], clear)
        XCTAssertEqual(image[2, 2], clear)
    }

    func testOptimizedEqualsReferenceOnTheRoom() {
        let image = edges(roomLidar)
        let edgeCount = image.packedPixels().filter { $0 != clear }.count
        XCTAssertGreaterThan(edgeCount, 300, "the boxes' outlines are found")
        XCTAssertLessThan(edgeCount, 256 * 192 / 5, "walls and floor are not edges")
    }

    /// Every size from 1×1 to 6×6 (where border rows and columns are most of the image), random depths with steps
    /// and a few holes, through each channel set the optimized loop specializes on.
    func testOptimizedEqualsReferenceOnTinySizesWithStepsAndHolesOnTheBorder() {
        let values: [Float] = [0.4, 0.9, 1, 1.05, 1.2, 2, 2.5, 3.5, 4, 6, 1.5, 3, .nan, 0, .infinity, -1]
        let palettes: [GradientPalette] = [
            .cyanToMagenta(), .redToBlue(),
            GradientPalette(nearColor: [1, 0.5, 0], farColor: [0.2, 0.5, 1], near: 0.5, far: 5, opacity: 0.7),
            GradientPalette(nearColor: [0, 0.3, 0.5], farColor: [1, 0.9, 0.5], near: 0.5, far: 5, opacity: 0.7),
            GradientPalette(nearColor: [0.1, 0.2, 0.3], farColor: [0.9, 0.6, 0.4], near: 0.5, far: 5, opacity: 0.7),
        ]
        var state: UInt64 = 0x0E06E
        var edgePixels = 0
        for width in 1...6 {
            for height in 1...6 {
                for _ in 0..<4 {
                    let map = DepthMap(width: width, height: height, values: (0..<(width * height)).map { _ in
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        // Holes in one pixel of 16, so many 3×3 blocks are whole.
                        let draw = Int(state >> 33)
                        return draw % 16 == 0 ? values[12 + (draw >> 4) % 4] : values[(draw >> 4) % 12]
                    })
                    for palette in palettes {
                        edgePixels += edges(map, threshold: 0.05, palette: palette).packedPixels().filter { $0 != clear }.count
                    }
                }
            }
        }
        XCTAssertGreaterThan(edgePixels, 1000, "the maps have edges to compare")
    }

    /// Widths around the vector steps of sixteen (none, one, one and a tail, several and a tail): the row sums
    /// computed twice where the last sixteen overlap, and the scalar tails of the edge loop, must match the reference.
    func testOptimizedEqualsReferenceOnWidthsAroundTheGroupsOfSixteen() {
        let values: [Float] = [0.6, 1, 1.1, 2, 2.2, 3, 4.5, .nan]
        var state: UInt64 = 0x5EED_16
        var edgePixels = 0
        for width in [16, 17, 18, 19, 24, 33, 34, 35, 40, 49, 50, 63] {
            let map = DepthMap(width: width, height: 4, values: (0..<(width * 4)).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let draw = Int(state >> 33)
                return draw % 23 == 0 ? values[7] : values[(draw >> 5) % 7]
            })
            for palette in [GradientPalette.cyanToMagenta(), .redToBlue()] {
                edgePixels += edges(map, threshold: 0.05, palette: palette).packedPixels().filter { $0 != clear }.count
            }
        }
        XCTAssertGreaterThan(edgePixels, 500, "the maps have edges to compare")
    }
}
