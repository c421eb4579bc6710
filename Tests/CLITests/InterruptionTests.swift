import Foundation
import XCTest

/// Signals at awkward moments: before the run's first benchmark, and in the middle of `framebudget kernel`.
final class InterruptionTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "fb-signal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// Polls (no time limit on the answer: only a guard against hanging) until `condition` holds.
    private func waitUntil(_ what: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(120)
        while !condition() {
            guard Date() < deadline else { return XCTFail("never happened: \(what)") }
            usleep(1_000)
        }
    }

    func testSIGINTWhileTheRoofsAreMeasuredStillWritesAnIncompleteRun() throws {
        // The run folder appears before the roofs are measured: a signal then used to kill the process outright.
        let process = try Framebudget.start(["run", "--allow-debug", "--reports", root, "--run-id", "early",
                                             "texture-upload/optimized/256x192"])
        waitUntil("run folder created") { FileManager.default.fileExists(atPath: root + "/early") }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "killed by the signal instead of handling it")
        XCTAssertEqual(process.terminationStatus, 130)
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/early/results.json"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["incompleteReason"] as? String, "interrupted by SIGINT")
        XCTAssertEqual(json["interruptingSignal"] as? String, "SIGINT")
    }

    /// A 2x3 depth map in `root/in`.
    private func writeDepth() throws -> String {
        let input = root + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try NpyFixture.float32(rows: 2, columns: 3, [0.5, 1, 2, 3, 4, 4.5]).write(to: URL(fileURLWithPath: input + "/depth.npy"))
        return input
    }

    /// The depth map colormapped to 16384x2048: seconds of work in a debug build, and 128 MB of output.
    private func startSlowKernel(out: String) throws -> Process {
        try Framebudget.start(["kernel", "colormap", "--in", try writeDepth(), "--out", out,
                               "--param", "width=16384", "--param", "height=2048"])
    }

    private func stagingFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".staging-") }
    }

    func testSIGTERMDuringAKernelLeavesNoStagingFolder() throws {
        let process = try startSlowKernel(out: root + "/out")
        waitUntil("staging folder created") { ((try? stagingFolders()) ?? []).isEmpty == false }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "killed by the signal instead of cleaning up")
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertEqual(try stagingFolders(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"))
    }

    func testAKernelRunSweepsStagingFoldersOfDeadProcessesOnly() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = root + "/.out.staging-\(finished.processIdentifier)-12345"
        let alive = root + "/.out.staging-\(getpid())-777"
        for folder in [dead, alive] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: URL(fileURLWithPath: folder + "/rgba.npy"))
        }
        let result = try Framebudget.run(["kernel", "colormap", "--in", try writeDepth(), "--out", root + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead), "a dead process's staging folder is swept")
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive), "a live process's staging folder is left alone")
    }
}
