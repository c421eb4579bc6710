import XCTest
@testable import HotPaths
import Workloads

/// Optimized == reference, byte for byte, on the depths where a faster form could differ: holes (NaN, ±Inf), zero
/// and negative depths, the extremes of Float (whose lerps overflow to ±Inf or NaN), the palette's near and far
/// and their neighbouring floats, and the depths whose channels land on k + ½ (a rounding tie) and one float
/// either side, for every k. Sampled at the depth map's size, upsampled by an odd ratio, downsampled and to one
/// pixel, for every specialized channel set.
final class ColormapEdgeCaseTests: XCTestCase {
    private static let palettes = [
        GradientPalette.redToBlue(),
        .redToBlue(near: 1, far: 3, opacity: 1),
        .redToBlue(near: -0.25, far: 0.25, opacity: 0),  // range < 1: the largest floats overflow t
        .cyanToMagenta(),
        GradientPalette(nearColor: [0.2, 0.4, 0.6], farColor: [0.9, 0.1, 0.3], near: 1, far: 4, opacity: 0.7),
        GradientPalette(nearColor: [1, 0.5, 0], farColor: [0, 0.5, 1], near: 0.5, far: 5, opacity: 0.4),
        GradientPalette(nearColor: [0, 0.2, 0.5], farColor: [1, 0.9, 0.5], near: 0.5, far: 5, opacity: 0.4),
        // Ranges of every scale for the palette's quotient (depth − near)/range: one ulp, tiny, a range whose
        // reciprocal is inexact, and far − near overflowing to +Inf (a finite depth's t is 0, an infinite one's NaN).
        .redToBlue(near: 1, far: Float(1).nextUp, opacity: 1),
        .redToBlue(near: 1e-30, far: 3e-30, opacity: 1),
        .cyanToMagenta(near: 0.1, far: 0.7),
        .redToBlue(near: -3e38, far: 3e38, opacity: 1),
    ]

    /// The edge-case depths of `palette`.
    static func edgeDepths(_ palette: GradientPalette) -> [Float] {
        var values: [Float] = [.nan, .infinity, -.infinity, 0, -0.0, -1, 1e-30, .leastNonzeroMagnitude, 1e30,
                               .greatestFiniteMagnitude, -.greatestFiniteMagnitude, Float.greatestFiniteMagnitude.nextDown]
        for edge in [palette.near, palette.far] { values += [edge.nextDown, edge, edge.nextUp] }
        for k in 0..<255 {
            let tie = palette.near + (palette.far - palette.near) * (Float(k) + 0.5) / 255
            values += [tie.nextDown.nextDown, tie.nextDown, tie, tie.nextUp, tie.nextUp.nextUp]
        }
        return values
    }

    /// The values laid out as a `width`-wide map, neighbours scattered by a fixed stride (so lerps mix unlike
    /// values), the last row filled with a mid-range depth.
    static func edgeMap(_ values: [Float], width: Int) -> DepthMap {
        let height = (values.count + width - 1) / width
        var grid = [Float](repeating: 2.75, count: width * height)
        for index in values.indices { grid[(index * 37) % values.count] = values[index] }
        return DepthMap(width: width, height: height, values: grid)
    }

    func testOptimizedEqualsReferenceOnEdgeCaseDepthsForEveryChannelSet() {
        for palette in Self.palettes {
            let map = Self.edgeMap(Self.edgeDepths(palette), width: 31)
            let source = PaddedDepth(map, padding: 3)
            let sizes = [(map.width, map.height), (map.width * 15 / 2 + 2, map.height * 7 + 1), (13, 7), (1, 1), (map.width, 3)]
            for (width, height) in sizes {
              for isa in VectorISA.supported {
                let colormap = DepthColormap(sourceWidth: map.width, sourceHeight: map.height, outputWidth: width,
                                             outputHeight: height, palette: palette, pool: .serial, isa: isa)
                let reference = ImageBuffer<RGBA8>(width: width, height: height)
                let optimized = ImageBuffer<RGBA8>(width: width, height: height)
                colormap.renderReference(source.view, into: reference)
                colormap.render(source.view, into: optimized)
                let expected = reference.packedPixels(), actual = optimized.packedPixels()
                let differing = zip(expected, actual).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(palette) at \(width)x\(height), \(isa): \(differing) pixels differ")
              }
            }
        }
    }

    func testEdgeCasesCoverHolesTiesAndBothClamps() {
        let palette = GradientPalette.redToBlue()
        let values = Self.edgeDepths(palette)
        let colormap = DepthColormap(sourceWidth: values.count, sourceHeight: 1, palette: palette, pool: .serial)
        let output = ImageBuffer<RGBA8>(width: values.count, height: 1)
        ImageView.withPacked(values, width: values.count, height: 1) { colormap.render($0, into: output) }
        let pixels = output.packedPixels()
        XCTAssertEqual(pixels.prefix(3), [RGBA8(0, 0, 0, 0), RGBA8(0, 0, 0, 0), RGBA8(0, 0, 0, 0)])
        XCTAssertEqual(pixels[3], RGBA8(255, 0, 0, 102), "depth 0 is finite: red")
        XCTAssertEqual(pixels[9], RGBA8(0, 0, 255, 102), "the largest float is blue")
        XCTAssertEqual(Set(pixels.map { $0.z }).count, 256, "every blue level is reached")
    }
}
