import Foundation
import Gate
import Results
import RunFixtures
import XCTest

/// The real launcher against stand-in executables (shell scripts): the arguments it hands `run`, the results it
/// reads back, and how a failing or interrupted process is reported.
final class ExecutableLauncherTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-launcher-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func script(_ body: String) throws -> String {
        let path = folder + "/stand-in.sh"
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    func testRunsTheExecutableWithRunArgumentsAndReadsTheResultsItWrote() throws {
        let fixture = folder + "/fixture.json"
        try ResultsFile.write(Fixture.run("p2", [Fixture.result("nms/optimized/typical", [1, 2, 3])]), to: fixture)
        // Records its arguments, then writes its run folder where `run --reports F --run-id L` would.
        let stand = try script("echo \"$@\" > \(folder)/arguments; mkdir -p \"$5/$7\" && cp \(fixture) \"$5/$7/results.json\"")
        let launcher = ExecutableLauncher(executable: stand, arguments: ["--seed", "7", "--quick"], folder: folder + "/processes")
        let run = try launcher.measure(["nms/optimized/typical", "fusion/optimized/x"], label: "p2")
        XCTAssertEqual(run.benchmarks.map(\.id), ["nms/optimized/typical"])
        XCTAssertEqual(try String(contentsOfFile: folder + "/arguments", encoding: .utf8),
                       "run --format none --reports \(folder)/processes --run-id p2 --seed 7 --quick nms/optimized/typical fusion/optimized/x\n")
    }

    /// The process run is named with its gate, in the merged run and in its own file: a merge of the gate's file
    /// with one of its rounds finds the same id and counts that round once.
    func testAProcessRunIsNamedWithItsGateInItsOwnFileToo() throws {
        let fixture = folder + "/fixture.json"
        try ResultsFile.write(Fixture.run("p2", [Fixture.result("nms/optimized/typical", [1, 2, 3])]), to: fixture)
        let stand = try script("mkdir -p \"$5/$7\" && cp \(fixture) \"$5/$7/results.json\"")
        let launcher = ExecutableLauncher(executable: stand, arguments: [], folder: folder + "/processes", runIDPrefix: "g")
        XCTAssertEqual(try launcher.measure(["nms/optimized/typical"], label: "p2").runID, "g-p2")
        XCTAssertEqual(try ResultsFile.read(from: folder + "/processes/p2/results.json").runID, "g-p2")
    }

    func testAFailingProcessIsReportedWithItsLastStderrLine() throws {
        let stand = try script("echo 'framebudget: warning: noise' >&2; echo 'framebudget: error: set-up failed' >&2; exit 4")
        let launcher = ExecutableLauncher(executable: stand, arguments: [], folder: folder + "/processes")
        XCTAssertThrowsError(try launcher.measure(["a/b/c"], label: "p2")) { error in
            XCTAssertEqual(error as? LaunchFailure, .failed(status: 4, detail: "framebudget: error: set-up failed"))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/processes/p2.log"), "its stderr is kept")
    }

    func testAFailureIsReportedWithItsErrorLineNotTheUsageThatFollowsIt() throws {
        // swift-argument-parser's refusal: the error, then a usage block whose last line says nothing of the error.
        let stand = try script("""
            echo "Error: Unknown option '--bogus'" >&2; echo 'Usage: framebudget run [<filters> ...]' >&2
            echo "  See 'framebudget run --help' for more information." >&2; exit 64
            """)
        let launcher = ExecutableLauncher(executable: stand, arguments: ["--bogus"], folder: folder + "/processes")
        XCTAssertThrowsError(try launcher.measure(["a/b/c"], label: "p2")) { error in
            XCTAssertEqual(error as? LaunchFailure, .failed(status: 64, detail: "Error: Unknown option '--bogus'"))
        }
    }

    func testAProcessEndedByASignalTheGateDidNotReceiveDiedAndIsNamedWithIt() throws {
        // Not "interrupted by SIGINT": the gate was not interrupted; its process was stopped or killed from outside.
        let exits130 = ExecutableLauncher(executable: try script("exit 130"), arguments: [], folder: folder + "/processes",
                                          ownSignalGrace: 0)
        XCTAssertThrowsError(try exits130.measure(["a/b/c"], label: "p2")) { error in
            guard case let .died(label, pid, signal, exitStatus) = error as? LaunchFailure else { return XCTFail("\(error)") }
            XCTAssertEqual([label, "\(signal)", "\(exitStatus ?? -1)"], ["p2", "\(SIGINT)", "130"])
            XCTAssertEqual("\(error)", "re-measuring process p2 (pid \(pid)) was stopped by SIGINT (exit 130), a signal the gate did not receive")
        }
        let killed = ExecutableLauncher(executable: try script("kill -KILL $$"), arguments: [], folder: folder + "/processes",
                                        ownSignalGrace: 0)
        XCTAssertThrowsError(try killed.measure(["a/b/c"], label: "p3")) { error in
            guard case .died(_, let pid, SIGKILL, nil) = error as? LaunchFailure else { return XCTFail("\(error)") }
            XCTAssertEqual("\(error)", "re-measuring process p3 (pid \(pid)) was killed by SIGKILL")
        }
    }

    func testTheGatesSignalIsPassedOnToTheProcessAndMeansTheGateWasInterrupted() throws {
        // The stand-in says when it listens; from then on the "gate" has received SIGTERM.
        let listening = folder + "/listening", got = folder + "/got"
        let stand = try script("trap 'echo TERM > \(got); exit 143' TERM; touch \(listening); while true; do sleep 0.02; done")
        let launcher = ExecutableLauncher(executable: stand, arguments: [], folder: folder + "/processes", receivedSignals: {
            FileManager.default.fileExists(atPath: listening) ? [SIGTERM] : []
        })
        XCTAssertThrowsError(try launcher.measure(["a/b/c"], label: "p2")) { error in
            XCTAssertEqual(error as? LaunchFailure, .interrupted(.sigterm))
        }
        XCTAssertEqual(try String(contentsOfFile: got, encoding: .utf8), "TERM\n", "the process got the gate's signal")
    }

    func testAProcessThatWritesNoResultsIsAFailure() throws {
        let launcher = ExecutableLauncher(executable: try script("exit 0"), arguments: [], folder: folder + "/processes")
        XCTAssertThrowsError(try launcher.measure(["a/b/c"], label: "p2")) { error in
            guard case let .failed(status, _) = error as? LaunchFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(status, 0)
            XCTAssertTrue("\(error)".hasPrefix("a re-measuring process wrote results that cannot be read: "),
                          "it did not fail: it exited 0 (\(error))")
        }
    }
}
