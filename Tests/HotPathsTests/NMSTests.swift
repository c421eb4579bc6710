import XCTest
import HotPaths
import Workloads

/// Class-aware greedy NMS: hand-built cases with known answers, the documented edge cases, and the optimized
/// variant against the reference on seeded scenes.
final class NMSTests: XCTestCase {
    private let optimized = NonMaxSuppression(capacity: 16)

    /// Both variants, asserting they agree, on boxes given as rows.
    private func nms(_ rows: [(Float, Float, Float, Float)], _ scores: [Float], _ classes: [Int32],
                     _ parameters: NMSParameters = NMSParameters(), line: UInt = #line) -> [Int32] {
        let boxes = rows.flatMap { [$0.0, $0.1, $0.2, $0.3] }
        let reference = ReferenceNMS.run(boxes: boxes, scores: scores, classes: classes, parameters: parameters)
        XCTAssertEqual(optimized.run(boxes: boxes, scores: scores, classes: classes, parameters: parameters),
                       reference, "optimized differs from reference", line: line)
        return reference
    }

    func testOverlappingBoxOfTheSameClassIsSuppressedButNotOfAnotherClass() {
        // Boxes 0 and 1 overlap with IoU 81/119 = 0.68; box 2 is box 1 in another class; box 4 is under 0.7.
        let rows: [(Float, Float, Float, Float)] = [(0, 0, 10, 10), (1, 1, 11, 11), (1, 1, 11, 11), (50, 50, 60, 60), (0, 0, 10, 10)]
        XCTAssertEqual(nms(rows, [0.9, 0.8, 0.85, 0.75, 0.6], [0, 0, 1, 0, 1]), [0, 2, 3])
    }

    func testEqualScoresKeepInputOrder() {
        let rows: [(Float, Float, Float, Float)] = [(20, 20, 30, 30), (0, 0, 10, 10), (0, 0, 10, 10.5)]
        XCTAssertEqual(nms(rows, [0.8, 0.8, 0.8], [3, 3, 3]), [0, 1], "box 2 loses to the identical-score box 1 before it")
    }

    func testIoUExactlyAtTheThresholdIsNotSuppressed() {
        // Intersection 2, union 4: IoU exactly 0.5, and suppression needs IoU > 0.5.
        let rows: [(Float, Float, Float, Float)] = [(0, 0, 4, 1), (0, 0, 2, 1)]
        XCTAssertEqual(nms(rows, [0.9, 0.8], [0, 0]), [0, 1])
        XCTAssertEqual(nms(rows, [0.9, 0.8], [0, 0], NMSParameters(iou: 0.49)), [0])
    }

    func testConfidenceThresholdIsStrictAndNaNScoresNeverPass() {
        let rows: [(Float, Float, Float, Float)] = [(0, 0, 1, 1), (2, 2, 3, 3), (4, 4, 5, 5)]
        XCTAssertEqual(nms(rows, [0.7, .nan, 0.71], [0, 0, 0]), [2])
    }

    func testInvertedBoxHasZeroAreaAndSuppressesNothing() {
        // Box 0 is (10,10,0,0) inverted: kept on its score, it overlaps nothing; two empty boxes have IoU 0.
        let rows: [(Float, Float, Float, Float)] = [(10, 10, 0, 0), (0, 0, 10, 10), (10, 10, 0, 0)]
        XCTAssertEqual(nms(rows, [0.95, 0.9, 0.8], [0, 0, 0]), [0, 1, 2])
    }

    func testZeroCandidatesAndNoneOverTheThresholdGiveNoDetections() {
        XCTAssertEqual(nms([], [], []), [])
        XCTAssertEqual(nms([(0, 0, 1, 1)], [0.2], [0]), [])
    }

    func testMaxDetectionsKeepsTheHighestScores() {
        let rows = (0..<10).map { (Float(20 * $0), Float(0), Float(20 * $0 + 10), Float(10)) }
        let scores = (0..<10).map { Float(0.71 + 0.02 * Float($0 % 7)) }
        let kept = nms(rows, scores, [Int32](repeating: 1, count: 10), NMSParameters(maxDetections: 3))
        XCTAssertEqual(kept, [6, 5, 4])
        XCTAssertEqual(nms(rows, scores, [Int32](repeating: 1, count: 10), NMSParameters(maxDetections: 0)), [])
        XCTAssertEqual(nms(rows, scores, [Int32](repeating: 1, count: 10), NMSParameters(maxDetections: .max)).count, 10,
                       "a huge max_det sizes nothing beyond the input")
        let sized = NonMaxSuppression(capacity: 4, maxDetections: .max)  // trapped: the padding of max_det overflowed
        XCTAssertEqual(sized.run(boxes: rows.prefix(2).flatMap { [$0.0, $0.1, $0.2, $0.3] }, scores: [0.9, 0.8], classes: [1, 1],
                                 parameters: NMSParameters(maxDetections: .max)), [0, 1])
    }

    func testNegativeAndLargeClassIdsAreSeparateClasses() {
        let rows: [(Float, Float, Float, Float)] = [(0, 0, 10, 10), (0, 0, 10, 10), (0, 0, 10, 10), (0, 0, 10, 10)]
        XCTAssertEqual(nms(rows, [0.9, 0.8, 0.85, 0.75], [-1, Int32.max, -1, Int32.min]), [0, 1, 3])
    }

    func testOptimizedAgreesWithReferenceOnTypicalAndCrowdedScenes() {
        let typical = YoloCandidates.typical(seed: 1)
        let crowded = YoloCandidates.crowded(seed: 1)
        for (scene, confidence) in [(typical, Float(0.7)), (crowded, 0.25), (YoloCandidates.crowded(count: 1000, seed: 3), 0.25)] {
            let parameters = NMSParameters(confidence: confidence)
            let reference = ReferenceNMS.run(boxes: scene.boxes, scores: scene.scores, classes: scene.classes, parameters: parameters)
            let fast = NonMaxSuppression().run(boxes: scene.boxes, scores: scene.scores, classes: scene.classes, parameters: parameters)
            XCTAssertEqual(fast, reference)
            XCTAssertFalse(reference.isEmpty)
        }
    }

    func testOptimizedAgreesWithReferenceOnTiedScoresAcrossManySeeds() {
        // Scores quantized to steps of 1/16 make ties common; few classes and a small max make every rule matter.
        let nms = NonMaxSuppression(capacity: 4)  // grows on demand
        for seed in 0..<40 {
            var scene = YoloCandidates.scene(count: 30 + 20 * seed, objects: 1 + seed % 5, nearFraction: 0.5, seed: UInt64(seed))
            scene.scores = scene.scores.map { ($0 * 16).rounded() / 16 }
            scene.classes = scene.classes.map { $0 % 3 }
            for parameters in [NMSParameters(confidence: 0.3, iou: 0.45), NMSParameters(confidence: 0, iou: 0.7, maxDetections: 7)] {
                XCTAssertEqual(nms.run(boxes: scene.boxes, scores: scene.scores, classes: scene.classes, parameters: parameters),
                               ReferenceNMS.run(boxes: scene.boxes, scores: scene.scores, classes: scene.classes, parameters: parameters),
                               "seed \(seed) \(parameters)")
            }
        }
    }

    func testScenesHaveTheDocumentedNumberOfCandidates() {
        let typical = YoloCandidates.typical(seed: 1), crowded = YoloCandidates.crowded(seed: 1)
        XCTAssertEqual(typical.count, 8400)
        XCTAssertEqual(typical.boxes.count, 4 * 8400)
        let typicalOver = typical.scores.filter { $0 > 0.7 }.count, crowdedOver = crowded.scores.filter { $0 > 0.25 }.count
        XCTAssertTrue((12...100).contains(typicalOver), "a few dozen at 0.7: \(typicalOver)")
        XCTAssertTrue((300...2500).contains(crowdedOver), "hundreds at 0.25: \(crowdedOver)")
        XCTAssertEqual(YoloCandidates.typical(seed: 1), typical, "same seed, same scene")
    }
}
