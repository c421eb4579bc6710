import XCTest
import CaptureKernels
import HotPaths
import NumpyFiles

/// `framebudget kernel mask-upsample` on files: masks as the library makes them, the empty case, and refusals.
final class MaskUpsampleKernelTests: XCTestCase {
    private var folder: KernelFolder!
    private let channels = 32, protoHeight = 12, protoWidth = 16

    override func setUpWithError() throws { folder = try KernelFolder() }
    override func tearDown() { folder.remove() }

    private var prototypes: [Float] {
        (0..<(channels * protoHeight * protoWidth)).map { Float(($0 * 37) % 101) / 25 - 2 }
    }

    private func write(coefficientRows: Int, channels coefficientChannels: Int? = nil, boxes: [Float]) throws {
        let width = coefficientChannels ?? channels
        try folder.write("protos.npy", NpyArray(shape: [channels, protoHeight, protoWidth], values: prototypes))
        try folder.write("coeffs.npy", NpyArray(shape: [coefficientRows, width],
                                                values: (0..<(coefficientRows * width)).map { Float($0 % 7) / 10 - 0.3 }))
        try folder.write("boxes.npy", NpyArray(shape: [boxes.count / 4, 4], values: boxes))
    }

    func testMasksAreTheLibrarysAtTheRequestedSizeAndClipBoxesOutsideTheImage() throws {
        let boxes: [Float] = [4, 6, 40, 30,  -30, 20, 90, 70]
        try write(coefficientRows: 2, boxes: boxes)
        XCTAssertEqual(try folder.run(MaskUpsampleKernel.self, ["width": "64", "height": "48", "flip": "false"]),
                       "mask-upsample: 2 masks of 64x48 from 16x12 prototypes (optimized)")
        let masks = try folder.read("masks.npy")
        XCTAssertEqual(masks.shape, [2, 48, 64])
        let geometry = MaskGeometry(protoWidth: protoWidth, protoHeight: protoHeight, width: 64, height: 48, flip: false)
        let coefficients = (0..<(2 * channels)).map { Float($0 % 7) / 10 - 0.3 }
        XCTAssertEqual(masks.bytes, InstanceMaskPipeline(geometry: geometry).run(prototypes: prototypes, coefficients: coefficients, boxes: boxes))
        XCTAssertTrue(masks.bytes.contains { $0 > 0 })
    }

    func testZeroDetectionsWriteAnEmptyMaskArray() throws {
        try write(coefficientRows: 0, boxes: [])
        try folder.run(MaskUpsampleKernel.self, ["width": "64", "height": "48"])
        XCTAssertEqual(try folder.read("masks.npy").shape, [0, 48, 64])
    }

    func testCoefficientsThatDoNotMatchThePrototypeChannelsAreRefused() throws {
        try write(coefficientRows: 1, channels: 31, boxes: [0, 0, 10, 10])
        XCTAssertEqual(folder.failure(MaskUpsampleKernel.self),
                       "\(folder.input)/coeffs.npy: shape [1, 31], expected [1, 32] (one row of 32 coefficients per box, as protos.npy has 32 channels)")
    }

    func testInvertedBoxesAndBadSizesAreRefused() throws {
        try write(coefficientRows: 1, boxes: [10, 0, 5, 10])
        XCTAssertEqual(folder.failure(MaskUpsampleKernel.self),
                       "\(folder.input)/boxes.npy: row 0 is inverted (x1 10.0, y1 0.0, x2 5.0, y2 10.0); boxes are x1, y1, x2, y2")
        try write(coefficientRows: 1, boxes: [0, 0, 5, 10])
        XCTAssertEqual(folder.failure(MaskUpsampleKernel.self, ["width": "0"]), "parameter 'width': 0 is not in 1...16384")
        try folder.write("protos.npy", NpyArray(shape: [channels, protoHeight * protoWidth], values: prototypes))
        XCTAssertEqual(folder.failure(MaskUpsampleKernel.self), "\(folder.input)/protos.npy: shape [32, 192], expected 3 dimensions")
    }
}
