import XCTest

/// `--frames` and `--frame-loop-mode` on the real binary.
final class FrameLoopOptionTests: XCTestCase {
    /// 2^63 frames made arrays of that many frame times: a crash (exit 139) with a backtrace, a run folder left.
    func testZeroOrHugeFramesIsBadInputInOneLine() throws {
        for frames in ["0", "9223372036854775807"] {
            let result = try Framebudget.run(["run", "--frames", frames])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "framebudget: error: --frames must be in 1...1000000 (got \(frames))\n")
        }
    }

    func testUnknownFrameLoopModeIsAUsageError() throws {
        let result = try Framebudget.run(["run", "--frame-loop-mode", "sometimes"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--frame-loop-mode"), result.stderr)
    }
}
