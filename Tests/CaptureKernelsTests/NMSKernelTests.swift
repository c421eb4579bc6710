import XCTest
import CaptureKernels
import HotPaths
import NumpyFiles

/// `framebudget kernel nms` on files: the kept indices, the defined empty result, and every refused input.
final class NMSKernelTests: XCTestCase {
    private var folder: KernelFolder!

    override func setUpWithError() throws { folder = try KernelFolder() }
    override func tearDown() { folder.remove() }

    private func write(boxes: [Float], scores: [Float], classes: [Int32]) throws {
        try folder.write("boxes.npy", NpyArray(shape: [boxes.count / 4, 4], values: boxes))
        try folder.write("scores.npy", NpyArray(shape: [scores.count], values: scores))
        try folder.write("classes.npy", NpyArray(shape: [classes.count], values: classes))
    }

    func testKeepHoldsInputIndicesByDescendingScoreForBothVariants() throws {
        try write(boxes: [0, 0, 10, 10,  1, 1, 11, 11,  1, 1, 11, 11,  50, 50, 60, 60],
                  scores: [0.8, 0.9, 0.75, .nan], classes: [0, 0, 1, 0])
        for variant in ["optimized", "reference"] {
            XCTAssertEqual(try folder.run(NMSKernel.self, ["variant": variant]),
                           "nms: kept 2 of 4 candidates (3 over conf 0.7, \(variant))")
            let keep = try folder.read("keep.npy")
            XCTAssertEqual(keep.dtype, .int32)
            XCTAssertEqual(try keep.values(as: Int32.self), [1, 2], "box 0 overlaps box 1 (IoU 0.68); the NaN score never passes")
            try FileManager.default.removeItem(atPath: folder.output)
        }
    }

    func testParametersChangeTheResult() throws {
        try write(boxes: [0, 0, 10, 10,  1, 1, 11, 11], scores: [0.8, 0.9], classes: [0, 0])
        try folder.run(NMSKernel.self, ["iou": "0.7", "conf": "0.5", "max_det": "1"])
        XCTAssertEqual(try folder.read("keep.npy").values(as: Int32.self), [1])
    }

    func testZeroCandidatesWriteAnEmptyKeep() throws {
        try write(boxes: [], scores: [], classes: [])
        XCTAssertEqual(try folder.run(NMSKernel.self), "nms: kept 0 of 0 candidates (0 over conf 0.7, optimized)")
        let keep = try folder.read("keep.npy")
        XCTAssertEqual(keep.shape, [0])
        XCTAssertEqual(keep.dtype, .int32)
    }

    func testInvertedOrNonFiniteBoxIsRefusedWithItsRow() throws {
        try write(boxes: [0, 0, 10, 10,  30, 0, 20, 10], scores: [0.9, 0.9], classes: [0, 0])
        XCTAssertEqual(folder.failure(NMSKernel.self),
                       "\(folder.input)/boxes.npy: row 1 is inverted (x1 30.0, y1 0.0, x2 20.0, y2 10.0); boxes are x1, y1, x2, y2")
        try write(boxes: [0, 0, 10, 10,  0, .infinity, 20, 10], scores: [0.9, 0.9], classes: [0, 0])
        XCTAssertEqual(folder.failure(NMSKernel.self), "\(folder.input)/boxes.npy: row 1 has a non-finite coordinate")
    }

    func testCountsThatDisagreeAreNamed() throws {
        try write(boxes: [0, 0, 10, 10,  1, 1, 2, 2], scores: [0.9], classes: [0, 0])
        XCTAssertEqual(folder.failure(NMSKernel.self), "\(folder.input)/scores.npy: shape [1], expected [2] (one score per box)")
    }

    func testMistypedTruncatedOrMissingFilesAreNamed() throws {
        try write(boxes: [0, 0, 10, 10], scores: [0.9], classes: [0])
        try folder.write("classes.npy", NpyArray(shape: [1], values: [Float(0)]))
        XCTAssertEqual(folder.failure(NMSKernel.self), "\(folder.input)/classes.npy: dtype is float32, expected int32")
        var bytes = NpyFormat.serialize(NpyArray(shape: [1, 4], values: [Float](repeating: 1, count: 4)))
        bytes.removeLast(3)
        try folder.writeRaw("boxes.npy", bytes)
        XCTAssertTrue(folder.failure(NMSKernel.self).hasSuffix("boxes.npy: truncated: header declares 16 data bytes, file has 13"))
        try FileManager.default.removeItem(atPath: folder.input + "/boxes.npy")
        XCTAssertEqual(folder.failure(NMSKernel.self), "\(folder.input)/boxes.npy: missing input file")
        try folder.write("boxes.npy", NpyArray(shape: [4], values: [Float](repeating: 1, count: 4)))
        XCTAssertEqual(folder.failure(NMSKernel.self), "\(folder.input)/boxes.npy: shape [4], expected [N, 4] (x1, y1, x2, y2 per box)")
    }

    func testOutOfRangeParametersAreRefused() throws {
        try write(boxes: [0, 0, 10, 10], scores: [0.9], classes: [0])
        XCTAssertEqual(folder.failure(NMSKernel.self, ["iou": "1.5"]), "parameter 'iou': must be in 0...1")
        XCTAssertEqual(folder.failure(NMSKernel.self, ["max_det": "-1"]), "parameter 'max_det': must be at least 0")
        XCTAssertEqual(folder.failure(NMSKernel.self, ["conf": "high"]), "parameter 'conf': 'high' is not a finite number")
        for conf in ["2", "-1"] {
            XCTAssertEqual(folder.failure(NMSKernel.self, ["conf": conf]), "parameter 'conf': must be in 0...1")
        }
        XCTAssertEqual(folder.failure(NMSKernel.self, ["variant": "fast"]), "parameter 'variant': 'fast' is not optimized or reference")
    }
}
