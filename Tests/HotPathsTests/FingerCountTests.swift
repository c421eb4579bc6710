import XCTest
import HotPaths
import Workloads

/// Finger detection from 21 landmarks (004 Step 3.3) on hand-built poses, the gesture mapping, and the optimized
/// detector against the reference on seeded random poses.
final class FingerCountTests: XCTestCase {
    private func hand(_ raised: [Bool], rotation: Double = 0) -> HandPose {
        HandPose(points: HandLandmarks.pose(raised: raised, rotation: rotation))
    }

    private func assertBothDetect(_ pose: HandPose, _ expected: [Finger], line: UInt = #line) {
        XCTAssertEqual(ReferenceFingerDetector.raisedFingers(pose), expected, "reference", line: line)
        XCTAssertEqual(FingerDetector.raisedFingers(pose).fingers, expected, "optimized", line: line)
    }

    func testFistRaisesNoFinger() {
        assertBothDetect(hand([false, false, false, false, false]), [])
        XCTAssertNil(Gesture.detect(FingerDetector.raisedFingers(hand([false, false, false, false, false]))))
    }

    func testOpenHandRaisesAllFiveEvenTurned() {
        for rotation in [0.0, -35, 40, 180] {
            assertBothDetect(hand([true, true, true, true, true], rotation: rotation), Finger.allCases)
        }
        XCTAssertEqual(FingerDetector.raisedFingers(hand([true, true, true, true, true])).count, 5)
    }

    func testPeaceSignIsIndexAndMiddle() {
        let pose = hand([false, true, true, false, false])
        assertBothDetect(pose, [.index, .middle])
        XCTAssertEqual(Gesture.detect(FingerDetector.raisedFingers(pose)), .peace)
    }

    func testThumbsUpAndTheDocumentsOKSign() {
        XCTAssertEqual(Gesture.detect(FingerDetector.raisedFingers(hand([true, false, false, false, false]))), .thumbsUp)
        XCTAssertEqual(Gesture.detect(FingerDetector.raisedFingers(hand([true, true, false, false, false]))), .ok)
        XCTAssertNil(Gesture.detect(FingerDetector.raisedFingers(hand([false, true, false, false, false]))),
                     "004 declares pointing but never returns it")
        XCTAssertNil(Gesture.detect([.index, .middle, .ring]))
    }

    func testStraightButShorteningFingerIsNotRaised() {
        // Collinear joints (180° at the PIP) but the tip lies nearer the wrist than the DIP: folded back on itself.
        var points = HandLandmarks.pose(raised: [true, true, true, true, true])
        let (tip, dip) = (1 + 4 * 2, 2 + 4 * 2)  // middle finger
        points.swapAt(tip, dip)
        XCTAssertFalse(ReferenceFingerDetector.raisedFingers(HandPose(points: points)).contains(.middle))
        XCTAssertFalse(FingerDetector.raisedFingers(HandPose(points: points)).contains(.middle))
    }

    func testBentFingerUnder150DegreesIsNotRaisedThoughItLengthens() {
        // Index tip moved sideways so the angle at the PIP is about 135° while every distance still grows.
        var points = HandLandmarks.pose(raised: [true, true, true, true, true])
        let pip = points[3 + 4], mcp = points[4 + 4]
        let along = (pip - mcp) / ((pip - mcp) * (pip - mcp)).sum().squareRoot()
        let across = SIMD2(along.y, -along.x)
        points[1 + 4] = pip + (along + across) * 0.06
        points[2 + 4] = pip + along * 0.02
        XCTAssertEqual(ReferenceFingerDetector.raisedFingers(HandPose(points: points)), [.thumb, .middle, .ring, .little])
        XCTAssertEqual(FingerDetector.raisedFingers(HandPose(points: points)), [.thumb, .middle, .ring, .little])
    }

    /// The angle is scale-free in 004's atan2; the optimized test's fourth powers overflowed from about 1e79 and
    /// underflowed below 1e-78, calling an open hand a fist.
    func testAnOpenHandIsOpenAtEveryScaleBothDetectorsCanMeasure() {
        let points = HandLandmarks.pose(raised: [true, true, true, true, true])
        for scale in [1e-150, 1e-120, 1e-80, 1e-78, 1e78, 1e80, 1e120, 1e150] {
            assertBothDetect(HandPose(points: points.map { $0 * scale }), Finger.allCases)
        }
        var bent = points
        let pip = bent[3 + 4], mcp = bent[4 + 4]
        bent[1 + 4] = pip + SIMD2((pip - mcp).y, -(pip - mcp).x) * 2 + (pip - mcp) * 2
        bent[2 + 4] = pip + (pip - mcp) * 0.5
        for scale in [1e-120, 1, 1e120] {
            assertBothDetect(HandPose(points: bent.map { $0 * scale }), [.thumb, .middle, .ring, .little])
        }
    }

    func testOptimizedAgreesWithReferenceOnSeededPoses() {
        var matchingLabels = 0
        for seed in 0..<500 {
            let (points, raised) = HandLandmarks.random(seed: UInt64(seed))
            let pose = HandPose(points: points)
            XCTAssertEqual(FingerDetector.raisedFingers(pose).fingers, ReferenceFingerDetector.raisedFingers(pose), "seed \(seed)")
            if ReferenceFingerDetector.raisedFingers(pose) == Finger.allCases.filter({ raised[$0.rawValue] }) { matchingLabels += 1 }
        }
        XCTAssertGreaterThan(matchingLabels, 450, "the generator's raised fingers are what 004's test sees")
    }
}
