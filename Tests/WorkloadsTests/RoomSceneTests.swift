import XCTest
@testable import Workloads

final class RoomSceneTests: XCTestCase {
    func testSameSeedGivesIdenticalFramesAndAnotherSeedDiffers() {
        let a = RoomScene.lidar(seed: 7), b = RoomScene.lidar(seed: 7), c = RoomScene.lidar(seed: 8)
        XCTAssertEqual(a.depth.values.map(\.bitPattern), b.depth.values.map(\.bitPattern))
        XCTAssertEqual(a.confidence, b.confidence)
        XCTAssertNotEqual(a.depth.values.map(\.bitPattern), c.depth.values.map(\.bitPattern))
    }

    func testTrueDepthSpansTheRoomFromTheNearBoxToTheBackWall() {
        let truth = RoomScene.trueDepth(width: 256, height: 192)
        let nearest = truth.values.min()!, farthest = truth.values.max()!
        XCTAssertEqual(farthest, 4.6, accuracy: 1e-5, "the back wall")
        XCTAssertGreaterThan(nearest, 0.5)
        XCTAssertLessThan(nearest, 1.3, "the near box or the floor in front of the camera")
        XCTAssertTrue(truth.values.allSatisfy { $0.isFinite && $0 > 0 })
    }

    func testCentrePixelLooksAtTheBoxStraightAhead() {
        // Box 3 spans x ∈ [−0.3, 0.3], its top at y = −0.25; the optical axis passes above it to the back wall.
        let truth = RoomScene.trueDepth(width: 256, height: 192)
        XCTAssertEqual(truth[128, 95], 4.6, accuracy: 0.05)
    }

    func testLidarHasAboutTwoPercentHolesOfEveryKindAllWithZeroConfidence() {
        let frame = RoomScene.lidar(seed: 1)
        let holes = frame.depth.values.indices.filter { !(frame.depth.values[$0].isFinite && frame.depth.values[$0] > 0) }
        XCTAssertGreaterThan(holes.count, frame.depth.values.count / 70)
        XCTAssertLessThanOrEqual(holes.count, frame.depth.values.count / 50)
        XCTAssertTrue(holes.allSatisfy { frame.confidence[$0] == 0 })
        XCTAssertTrue(frame.depth.values.contains { $0.isNaN })
        XCTAssertTrue(frame.depth.values.contains { $0 == .infinity })
        XCTAssertTrue(frame.depth.values.contains { $0 == 0 })
        XCTAssertTrue(Set(frame.confidence).isSubset(of: [0, 1, 2]))
        XCTAssertTrue(frame.confidence.contains(1), "depth edges get medium confidence")
    }

    func testRelativeMapInvertsToTrueDepthThroughAlphaAndBeta() {
        let truth = RoomScene.trueDepth(width: 518, height: 392)
        let relative = RoomScene.relativeDepth(noise: 0, seed: 3)
        for i in stride(from: 0, to: truth.values.count, by: 997) {
            let metric = RoomScene.defaultAlpha * relative.values[i] + RoomScene.defaultBeta
            XCTAssertEqual(metric, truth.values[i], accuracy: 1e-5)
        }
    }

    func testDisparityFallsAsDepthRises() {
        let truth = RoomScene.trueDepth(width: 518, height: 392)
        let disparity = RoomScene.disparity()
        let far = truth.values.firstIndex(of: truth.values.max()!)!
        let near = truth.values.firstIndex(of: truth.values.min()!)!
        XCTAssertLessThan(disparity.values[far], disparity.values[near])
    }

    func testCameraFrameIsOpaqueBGRAAndDeterministic() {
        let frame = CameraFrame.room(width: 64, height: 48, seed: 2)
        XCTAssertEqual(frame.bytes.count, 64 * 48 * 4)
        XCTAssertTrue(stride(from: 3, to: frame.bytes.count, by: 4).allSatisfy { frame.bytes[$0] == 255 })
        XCTAssertEqual(frame, CameraFrame.room(width: 64, height: 48, seed: 2))
        XCTAssertGreaterThan(Set(frame.bytes).count, 50, "textured, not flat")
    }
}
