import XCTest
import HotPaths
import NumpyFiles

/// YOLO post-processing (the budgeted `yolo-post` hot path) against numpy on boxes with known answers
/// (Golden/make_yolo_post_golden.py): detections chosen in camera pixels, letterboxed into the 640×640 model input;
/// both variants must keep what numpy keeps and map the survivors back to the chosen camera boxes, for a landscape
/// camera (padded top and bottom) and a portrait one (padded left and right).
final class YoloPostGoldenTests: XCTestCase {
    private func golden<T: NpyElement>(_ camera: String, _ name: String, as type: T.Type = T.self) throws -> [T] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Golden/yolo_post_\(camera)_\(name)", withExtension: "npy"))
        return try NpyFile.read(url.path).values(as: T.self)
    }

    private let parameters = NMSParameters(confidence: 0.5, iou: 0.5, maxDetections: 10)

    func testBothVariantsKeepWhatNumpyKeepsAndMapTheBoxesBackToTheCamerasPixels() throws {
        for (camera, width, height) in [("landscape", 64, 48), ("portrait", 48, 64)] {
            let boxes: [Float] = try golden(camera, "boxes"), scores: [Float] = try golden(camera, "scores")
            let classes: [Int32] = try golden(camera, "classes"), coefficients: [Float] = try golden(camera, "coeffs")
            let prototypes: [Float] = try golden(camera, "protos")
            let keep: [Int32] = try golden(camera, "keep"), imageBoxes: [Float] = try golden(camera, "image_boxes")
            let geometry = MaskGeometry(protoWidth: 16, protoHeight: 12, width: width, height: height)

            let reference = ReferenceYoloPost.run(boxes: boxes, scores: scores, classes: classes, coefficients: coefficients,
                                                  prototypes: prototypes, geometry: geometry, parameters: parameters)
            XCTAssertEqual(reference.keep, keep, camera)
            assertClose(reference.boxes, imageBoxes, camera)

            let processor = YoloPostProcessor(geometry: geometry, candidates: scores.count)
            let optimized = boxes.withUnsafeBufferPointer { b in scores.withUnsafeBufferPointer { s in
                classes.withUnsafeBufferPointer { c in coefficients.withUnsafeBufferPointer { k in
                    prototypes.withUnsafeBufferPointer { p in
                        let result = processor.run(boxes: b, scores: s, classes: c, coefficients: k, prototypes: p, parameters: parameters)
                        return (Array(result.keep), Array(result.boxes), Array(result.masks))
                    }
                } }
            } }
            XCTAssertEqual(optimized.0, keep, camera)
            assertClose(optimized.1, imageBoxes, camera)
            // The masks are the reference pipeline's on the camera boxes (the masks themselves are checked against
            // numpy in MaskGoldenTests): a wrong back-mapping would crop them elsewhere.
            let expectedMasks = ReferenceMasks.run(prototypes: prototypes,
                                                   coefficients: keep.flatMap { Array(coefficients[(Int($0) * 32)..<(Int($0) * 32 + 32)]) },
                                                   boxes: imageBoxes, channels: 32, geometry: geometry)
            XCTAssertEqual(reference.masks, expectedMasks, camera)
            XCTAssertEqual(optimized.2.count, expectedMasks.count, camera)
            let differing = zip(optimized.2, expectedMasks).filter { abs(Int($0) - Int($1)) > 1 }.count
            XCTAssertEqual(differing, 0, "\(camera): optimized masks within one step of 255 of the reference")
            XCTAssertTrue(expectedMasks.contains { $0 > 0 }, camera)
        }
    }

    func testTheLetterboxOfTheBudgetedCameraIsAThirdWithEightyPixelsTopAndBottom() {
        let box = ReferenceYoloPost.letterbox(width: 1920, height: 1440, inputSize: 640)
        XCTAssertEqual(box.gain, 1.0 / 3, accuracy: 1e-15)
        XCTAssertEqual(box.padX, 0)
        XCTAssertEqual(box.padY, 80, accuracy: 1e-12)
    }

    private func assertClose(_ actual: [Float], _ expected: [Float], _ message: String, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, message, line: line)
        for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: 1e-4, message, line: line) }
    }
}
