import XCTest
import HotPaths

/// 2D → 3D unprojection and effect scale (001 §6–7): the column-major intrinsics, hand-computed points, the
/// transposed misreading caught, and the batched placer against the reference.
final class UnprojectionTests: XCTestCase {
    // A non-symmetric K, as ARKit reports for a 1920×1440 image.
    private let k = ColumnMajorMatrix3.intrinsics(fx: 1450, fy: 1460, cx: 962.5, cy: 718.25)

    func testIntrinsicsAreReadFromColumnsAsSimdFloat3x3Stores() {
        XCTAssertEqual(k[0], SIMD3(1450, 0, 0))
        XCTAssertEqual(k[2], SIMD3(962.5, 718.25, 1), "column 2 holds the principal point")
        XCTAssertEqual(PinholeIntrinsics(k), PinholeIntrinsics(fx: 1450, fy: 1460, cx: 962.5, cy: 718.25))
    }

    func testPrincipalPointUnprojectsStraightDownMinusZ() {
        let point = ReferenceUnprojection.unproject(pixel: SIMD2(962.5, 718.25), depth: 2, intrinsics: k, cameraTransform: .identity)
        XCTAssertEqual(point, SIMD3(0, 0, -2))
    }

    func testOffCentrePixelScalesByDepthOverFocalLength() {
        // u − cx = 290 px at fx 1450 → 0.2 of the depth; v − cy = −146 px at fy 1460 → −0.1 of the depth.
        let point = ReferenceUnprojection.unproject(pixel: SIMD2(1252.5, 572.25), depth: 3, intrinsics: k, cameraTransform: .identity)
        XCTAssertEqual(point.x, 0.6, accuracy: 1e-6)
        XCTAssertEqual(point.y, -0.3, accuracy: 1e-6)
        XCTAssertEqual(point.z, -3)
    }

    func testTransposedMisreadingGivesADifferentWrongPoint() {
        // Reading K[0][2], K[1][2] (row-major thinking) yields cx = cy = 0: the principal point no longer maps to
        // the optical axis.
        let wrong = PinholeIntrinsics.transposedMisreading(k)
        XCTAssertEqual(wrong.cx, 0)
        XCTAssertEqual(wrong.cy, 0)
        let misread = ColumnMajorMatrix3.intrinsics(fx: wrong.fx, fy: wrong.fy, cx: wrong.cx, cy: wrong.cy)
        let right = ReferenceUnprojection.unproject(pixel: SIMD2(962.5, 718.25), depth: 2, intrinsics: k, cameraTransform: .identity)
        let bad = ReferenceUnprojection.unproject(pixel: SIMD2(962.5, 718.25), depth: 2, intrinsics: misread, cameraTransform: .identity)
        XCTAssertEqual(right, SIMD3(0, 0, -2))
        XCTAssertGreaterThan(simd_distance(right, bad), 1, "over a metre off at 2 m")
    }

    func testCameraTransformMovesThePointIntoTheWorld() {
        // Camera at (1, 2, 3) turned 90° about +Y: camera −Z points along world −X.
        let transform = ColumnMajorMatrix4(columns: (SIMD4(0, 0, -1, 0), SIMD4(0, 1, 0, 0), SIMD4(1, 0, 0, 0), SIMD4(1, 2, 3, 1)))
        let point = ReferenceUnprojection.unproject(pixel: SIMD2(962.5, 718.25), depth: 2, intrinsics: k, cameraTransform: transform)
        XCTAssertEqual(point, SIMD3(-1, 2, 3))
    }

    func testEffectScaleIsPixelWidthTimesDepthOverFxClamped() {
        // 0.25 of 1920 px = 480 px at 2 m with fx 1450 → 0.662 m.
        XCTAssertEqual(ReferenceUnprojection.effectScale(normalizedWidth: 0.25, depth: 2, intrinsics: k), 480 * 2 / 1450, accuracy: 1e-6)
        XCTAssertEqual(ReferenceUnprojection.effectScale(normalizedWidth: 0.01, depth: 0.5, intrinsics: k), 0.1)
        XCTAssertEqual(ReferenceUnprojection.effectScale(normalizedWidth: 1, depth: 5, intrinsics: k), 3.0)
    }

    func testBatchedPlacerAgreesWithTheReference() {
        let transform = ColumnMajorMatrix4(columns: (SIMD4(0.8, 0, -0.6, 0), SIMD4(0, 1, 0, 0), SIMD4(0.6, 0, 0.8, 0), SIMD4(0.3, 1.4, -2, 1)))
        var requests: [PlacementRequest] = []
        for i in 0..<21 {
            let centre = SIMD2<Float>(Float(i * 91 % 1920), Float(i * 67 % 1440))
            requests.append(PlacementRequest(centre: centre, normalizedWidth: Float(i % 7) * 0.05, depth: 0.3 + Float(i) * 0.2))
        }
        let expected = ReferenceUnprojection.place(requests, intrinsics: k, cameraTransform: transform)
        let placed = EffectPlacer(intrinsics: k, cameraTransform: transform).place(requests)
        XCTAssertEqual(placed.count, 21, "8-wide chunks and a tail of 5")
        for (i, (fast, slow)) in zip(placed, expected).enumerated() {
            for axis in 0..<3 {
                XCTAssertEqual(fast.position[axis], slow.position[axis], accuracy: 1e-5 * max(1, abs(slow.position[axis])), "\(i) \(axis)")
            }
            XCTAssertEqual(fast.scale, slow.scale, accuracy: 1e-6, "scale \(i)")
        }
        XCTAssertTrue(expected.contains { $0.scale == 0.1 } && expected.contains { $0.scale > 0.1 && $0.scale < 3 })
    }

    private func simd_distance(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        let d = a - b
        return (d * d).sum().squareRoot()
    }
}
