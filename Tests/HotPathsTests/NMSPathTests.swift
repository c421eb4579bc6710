import XCTest
@testable import HotPaths
import Workloads

/// The optimized NMS has two paths (score order for few candidates, per-class runs above the crossover); each must
/// equal the reference alone, whatever the crossover is set to.
final class NMSPathTests: XCTestCase {
    private let paths: [(name: String, directLimit: Int)] = [("per-class runs", 0), ("score order", .max)]

    private func assertEveryPathAgrees(_ scene: YoloCandidates, _ parameters: NMSParameters, _ label: String,
                                       line: UInt = #line) {
        let reference = ReferenceNMS.run(boxes: scene.boxes, scores: scene.scores, classes: scene.classes, parameters: parameters)
        for path in paths {
            let nms = NonMaxSuppression(capacity: 4)
            nms.directLimit = path.directLimit
            XCTAssertEqual(nms.run(boxes: scene.boxes, scores: scene.scores, classes: scene.classes, parameters: parameters),
                           reference, "\(path.name), \(label)", line: line)
        }
    }

    func testBothPathsAgreeWithReferenceOnTheBenchmarkScenes() {
        assertEveryPathAgrees(.typical(seed: 5), NMSParameters(confidence: 0.7), "typical")
        for count in [100, 1000, 8400] {
            assertEveryPathAgrees(.crowded(count: count, seed: 5), NMSParameters(confidence: 0.25), "crowded n=\(count)")
        }
    }

    func testBothPathsAgreeOnTiesClassExtremesAndLimits() {
        for seed in 0..<24 {
            var scene = YoloCandidates.scene(count: 40 + 37 * seed, objects: 1 + seed % 4, nearFraction: 0.6, seed: UInt64(seed))
            scene.scores = scene.scores.map { ($0 * 8).rounded() / 8 }  // many ties
            // Int32.min's class key is 0, the key of the padding lanes of the kept-box chunks.
            let classIds: [Int32] = [.min, -1, 0, .max]
            scene.classes = scene.classes.map { classIds[Int($0) % classIds.count] }
            for parameters in [NMSParameters(confidence: 0.2, iou: 0.45), NMSParameters(confidence: 0, iou: 0.7, maxDetections: 5),
                               NMSParameters(confidence: 0.1, iou: -0.5), NMSParameters(confidence: 0.1, maxDetections: 0)] {
                assertEveryPathAgrees(scene, parameters, "seed \(seed) \(parameters)")
            }
        }
    }

    /// Class ids spanning fewer than 256 values are grouped by one counting pass, wider ones by a radix sort: both
    /// sides of the boundary, offset from zero, must give the reference's result.
    func testPerClassRunsAgreeOnEitherSideOfTheCountingSortsClassSpan() {
        for span in [1, 2, 255, 256, 257, 100_000] {
            var scene = YoloCandidates.crowded(count: 2000, seed: UInt64(span))
            // Eight classes (a scene of this size has 80), spread over exactly `span` values from −500.
            scene.classes = scene.classes.map { -500 + Int32(Int($0 % 8) * (span - 1) / 7) }
            XCTAssertEqual(Set(scene.classes).count, min(span, 8), "span \(span)")
            assertEveryPathAgrees(scene, NMSParameters(confidence: 0.25), "class span \(span)")
        }
    }
}
