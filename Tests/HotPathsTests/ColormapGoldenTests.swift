import XCTest
import HotPaths

/// The bilinear sampler (pixel centres, clamp to edge, holes poison their samples) against images computed with
/// numpy by Golden/make_golden.py.
final class ColormapGoldenTests: XCTestCase {
    struct Case: Decodable {
        let name: String
        let width: Int, height: Int
        let depth: [String]
        let outputWidth: Int, outputHeight: Int
        let near: Float, far: Float, opacity: Float
        let rgba: [[UInt8]]
    }

    private func cases() throws -> [Case] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "colormap_bilinear", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    func testBilinearColormapMatchesNumpyGolden() throws {
        let cases = try cases()
        XCTAssertEqual(cases.count, 4)
        for golden in cases {
            let depth = try golden.depth.map { try XCTUnwrap(Float($0), $0) }
            let colormap = DepthColormap(sourceWidth: golden.width, sourceHeight: golden.height,
                                         outputWidth: golden.outputWidth, outputHeight: golden.outputHeight,
                                         palette: .redToBlue(near: golden.near, far: golden.far, opacity: golden.opacity),
                                         pool: .serial)
            let expected = golden.rgba.map { RGBA8($0[0], $0[1], $0[2], $0[3]) }
            for optimized in [false, true] {
                let output = ImageBuffer<RGBA8>(width: golden.outputWidth, height: golden.outputHeight)
                ImageView.withPacked(depth, width: golden.width, height: golden.height) {
                    optimized ? colormap.render($0, into: output) : colormap.renderReference($0, into: output)
                }
                XCTAssertEqual(output.packedPixels(), expected, "\(golden.name), optimized: \(optimized)")
            }
        }
    }

    func testPixelCentreTapsClampToTheEdge() {
        // 3 texels to 7 pixels: u = (i + 0.5)·3/7 − 0.5.
        let taps = (0..<7).map { BilinearTap.at($0, inputSize: 3, outputSize: 7) }
        XCTAssertEqual(taps[0].first, 0)
        XCTAssertEqual(taps[0].second, 0, "u < 0 clamps both taps to texel 0")
        XCTAssertEqual(taps[3], BilinearTap(first: 1, second: 1, weight: 0), "the centre pixel reads texel 1 alone")
        XCTAssertEqual(taps[6].first, 2)
        XCTAssertEqual(taps[6].second, 2)
        XCTAssertEqual(taps[1].first, 0)
        XCTAssertEqual(taps[1].second, 1)
        XCTAssertEqual(taps[1].weight, Float(1.5 * 3 / 7 - 0.5), accuracy: 1e-7)
    }
}
