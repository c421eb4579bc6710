import XCTest
import CaptureKernels
import NumpyFiles

/// `framebudget kernel unproject`: placements from simd_float3x3-ordered intrinsics, and a textbook K refused.
final class UnprojectKernelTests: XCTestCase {
    private var folder: KernelFolder!

    override func setUpWithError() throws { folder = try KernelFolder() }
    override func tearDown() { folder.remove() }

    /// Rows are the simd_float3x3 columns: (fx, 0, 0), (0, fy, 0), (cx, cy, 1).
    private let columns: [Float] = [1450, 0, 0,  0, 1460, 0,  962.5, 718.25, 1]

    func testPrincipalPointLandsOnTheOpticalAxisAndScaleIsClamped() throws {
        try folder.write("intrinsics.npy", NpyArray(shape: [3, 3], values: columns))
        try folder.write("detections.npy", NpyArray(shape: [2, 4], values: [962.5, 718.25, 0.25, 2,  1252.5, 572.25, 0.001, 3] as [Float]))
        XCTAssertEqual(try folder.run(UnprojectKernel.self), "unproject: placed 2 detections (optimized)")
        let placements = try folder.read("placements.npy").values(as: Float.self)
        XCTAssertEqual(Array(placements[0..<3]), [0, 0, -2])
        XCTAssertEqual(placements[3], 480 * 2 / 1450, accuracy: 1e-6)
        XCTAssertEqual(placements[4], 0.6, accuracy: 1e-5)
        XCTAssertEqual(placements[5], -0.3, accuracy: 1e-5)
        XCTAssertEqual(placements[7], 0.1, "clamped to 0.1 m")
    }

    func testTextbookRowMajorIntrinsicsAreRefused() throws {
        try folder.write("intrinsics.npy", NpyArray(shape: [3, 3], values: [1450, 0, 962.5,  0, 1460, 718.25,  0, 0, 1] as [Float]))
        try folder.write("detections.npy", NpyArray(shape: [1, 4], values: [1, 1, 0.1, 1] as [Float]))
        XCTAssertTrue(folder.failure(UnprojectKernel.self).hasPrefix("\(folder.input)/intrinsics.npy: not simd_float3x3 columns (K[0][2] = 962.5"))
    }

    func testNonPositiveDepthIsRefusedWithItsRow() throws {
        try folder.write("intrinsics.npy", NpyArray(shape: [3, 3], values: columns))
        try folder.write("detections.npy", NpyArray(shape: [2, 4], values: [1, 1, 0.1, 1,  1, 1, 0.1, 0] as [Float]))
        XCTAssertEqual(folder.failure(UnprojectKernel.self), "\(folder.input)/detections.npy: row 1: values must be finite, depth > 0 and width ≥ 0")
    }
}
