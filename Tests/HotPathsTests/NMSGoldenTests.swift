import XCTest
import HotPaths
import NumpyFiles

/// Both NMS variants against an independent numpy implementation (Golden/make_nms_golden.py): 600 boxes, 4
/// classes, tied and NaN scores, conf 0.25, IoU 0.5, at most 40 detections.
final class NMSGoldenTests: XCTestCase {
    private func golden<T: NpyElement>(_ name: String, as type: T.Type) throws -> [T] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Golden/\(name)", withExtension: "npy"))
        return try NpyFile.read(url.path).values(as: T.self)
    }

    func testBothVariantsKeepWhatNumpyKeeps() throws {
        let boxes = try golden("nms_boxes", as: Float.self), scores = try golden("nms_scores", as: Float.self)
        let classes = try golden("nms_classes", as: Int32.self), expected = try golden("nms_keep", as: Int32.self)
        let parameters = NMSParameters(confidence: 0.25, iou: 0.5, maxDetections: 40)
        XCTAssertEqual(expected.count, 40, "the golden reaches max_det")
        XCTAssertEqual(ReferenceNMS.run(boxes: boxes, scores: scores, classes: classes, parameters: parameters), expected)
        XCTAssertEqual(NonMaxSuppression().run(boxes: boxes, scores: scores, classes: classes, parameters: parameters), expected)
    }
}
