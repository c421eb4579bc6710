import XCTest
import CaptureKernels
import NumpyFiles
import Workloads

/// `framebudget kernel finger-count`: raised fingers of recorded hands, and malformed landmark files.
final class FingerCountKernelTests: XCTestCase {
    private var folder: KernelFolder!

    override func setUpWithError() throws { folder = try KernelFolder() }
    override func tearDown() { folder.remove() }

    func testPeaceSignAndFistGiveTheirFingersAndGesture() throws {
        let hands = [HandLandmarks.pose(raised: [false, true, true, false, false]), HandLandmarks.pose(raised: [false, false, false, false, false])]
        try folder.write("landmarks.npy", NpyArray(shape: [2, 21, 2], values: hands.flatMap { $0.flatMap { [$0.x, $0.y] } }))
        XCTAssertEqual(try folder.run(FingerCountKernel.self), "finger-count: 2 hands: 2 peace, 0")
        XCTAssertEqual(try folder.read("raised.npy").bytes, [0, 1, 1, 0, 0,  0, 0, 0, 0, 0])
    }

    func testWrongLandmarkCountAndNaNAreRefused() throws {
        try folder.write("landmarks.npy", NpyArray(shape: [1, 20, 2], values: [Double](repeating: 0.5, count: 40)))
        XCTAssertEqual(folder.failure(FingerCountKernel.self), "\(folder.input)/landmarks.npy: shape [1, 20, 2], expected [H, 21, 2] (21 x, y landmarks per hand)")
        var values = [Float](repeating: 0.5, count: 84)
        values[50] = .nan
        try folder.write("landmarks.npy", NpyArray(shape: [2, 21, 2], values: values))
        XCTAssertEqual(folder.failure(FingerCountKernel.self), "\(folder.input)/landmarks.npy: hand 1 has a non-finite landmark")
        // Both float widths are read: an integer file is told so, not that only float64 would do.
        try folder.write("landmarks.npy", NpyArray(shape: [1, 21, 2], values: [Int32](repeating: 1, count: 42)))
        XCTAssertEqual(folder.failure(FingerCountKernel.self), "\(folder.input)/landmarks.npy: dtype is int32, expected float64 or float32")
    }
}
