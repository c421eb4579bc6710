import XCTest
@testable import HotPaths

/// A 6×5 LiDAR frame fused onto an 8×7 relative map, checked against numpy (Golden/fusion_make_golden.py): the
/// coordinate mapping, the bilinear samples (bit for bit), the edge clamp x1 = min(x0 + 1, W − 1), the pair filter,
/// the fit and the clamped metric map.
final class FusionGoldenTests: XCTestCase {
    struct Coordinate: Decodable { let lx, ly, x0, x1, y0, y1: Int; let daX, daY, fx, fy: Float }
    struct Golden: Decodable {
        let relativeWidth, relativeHeight, lidarWidth, lidarHeight: Int
        let relative: [Float]
        let lidar: [Float?]
        let lidarNonFinite: [String: String]
        let confidence: [UInt8]
        let coordinates: [Coordinate]
        let samples: [Float]
        let pairs: Int
        let alpha, beta: Double
        let metric: [Float]

        var input: FusionInput {
            var depth = lidar.map { $0 ?? 0 }
            for (index, kind) in lidarNonFinite { depth[Int(index)!] = kind == "nan" ? .nan : .infinity }
            return FusionInput(lidarDepth: depth, confidence: confidence, lidarWidth: lidarWidth, lidarHeight: lidarHeight,
                               relative: relative, relativeWidth: relativeWidth, relativeHeight: relativeHeight)
        }
    }

    private func golden() throws -> Golden {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "fusion_small", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }

    func testMappingMatchesNumpyIncludingTheClampedLastColumnAndRow() throws {
        let golden = try golden()
        let geometry = FusionGeometry(lidarWidth: golden.lidarWidth, lidarHeight: golden.lidarHeight,
                                      relativeWidth: golden.relativeWidth, relativeHeight: golden.relativeHeight)
        for c in golden.coordinates {
            XCTAssertEqual(Int(geometry.x0[c.lx]), c.x0, "x0 of column \(c.lx)")
            XCTAssertEqual(Int(geometry.x1[c.lx]), c.x1, "x1 of column \(c.lx)")
            XCTAssertEqual(geometry.fx[c.lx], c.fx, "fx of column \(c.lx)")
            XCTAssertEqual(geometry.y0[c.ly], c.y0, "y0 of row \(c.ly)")
            XCTAssertEqual(geometry.y1[c.ly], c.y1, "y1 of row \(c.ly)")
            XCTAssertEqual(geometry.fy[c.ly], c.fy, "fy of row \(c.ly)")
        }
        // The last column lands exactly on W − 1 = 7, so its right neighbour is clamped onto itself.
        let last = try XCTUnwrap(golden.coordinates.first { $0.lx == golden.lidarWidth - 1 })
        XCTAssertEqual(last.daX, 7)
        XCTAssertEqual(last.x1, 7)
        XCTAssertEqual(golden.coordinates.first { $0.lx == 1 }?.daX ?? 0, 1.4, accuracy: 1e-6)
    }

    func testBilinearSamplesAreBitIdenticalToNumpy() throws {
        let golden = try golden()
        for c in golden.coordinates {
            let sample = ReferenceFusion.bilinearSample(golden.relative, x: c.daX, y: c.daY,
                                                        width: golden.relativeWidth, height: golden.relativeHeight)
            XCTAssertEqual(sample.bitPattern, golden.samples[c.ly * golden.lidarWidth + c.lx].bitPattern,
                           "sample at (\(c.lx), \(c.ly)): \(sample)")
        }
    }

    func testEveryVariantKeepsTheSamePairsAndFitsLikeNumpy() throws {
        let golden = try golden()
        let input = golden.input
        let reference = ReferenceFusion.fuse(input)
        let optimized = OptimizedFusion(lidarWidth: 6, lidarHeight: 5, relativeWidth: 8, relativeHeight: 7)
        let blas = BlasFusion(lidarWidth: 6, lidarHeight: 5, relativeWidth: 8, relativeHeight: 7)
        var optimizedMap = [Float](repeating: 0, count: 56), blasMap = optimizedMap
        let fits = [reference.fit,
                    optimizedMap.withUnsafeMutableBufferPointer { optimized.fuse(input, into: $0) },
                    blasMap.withUnsafeMutableBufferPointer { blas.fuse(input, into: $0) }]
        for (fit, map) in zip(fits, [try XCTUnwrap(reference.depthMap), optimizedMap, blasMap]) {
            guard case let .fit(alpha, beta, pairs) = fit else { return XCTFail("no fit: \(fit)") }
            XCTAssertEqual(pairs, golden.pairs, "NaN, ∞, too far, too near, medium confidence and rel < 0 are dropped")
            XCTAssertEqual(Double(alpha), golden.alpha, accuracy: 1e-4 * golden.alpha)
            XCTAssertEqual(Double(beta), golden.beta, accuracy: 1e-4)
            for (value, expected) in zip(map, golden.metric) {
                XCTAssertEqual(value, expected, accuracy: 1e-4 * max(expected, 1))
            }
            XCTAssertEqual(map[0], 0.01, "α·(−3) + β is negative: clamped to 1 cm")
        }
    }
}
