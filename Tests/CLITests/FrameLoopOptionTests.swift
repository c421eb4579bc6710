import XCTest

/// `--frames` and `--frame-loop-mode` on the real binary.
final class FrameLoopOptionTests: XCTestCase {
    func testZeroFramesIsBadInputInOneLine() throws {
        let result = try Framebudget.run(["run", "--frames", "0"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: --frames must be at least 1 (got 0)\n")
    }

    func testUnknownFrameLoopModeIsAUsageError() throws {
        let result = try Framebudget.run(["run", "--frame-loop-mode", "sometimes"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--frame-loop-mode"), result.stderr)
    }
}
