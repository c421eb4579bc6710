import ChildProcesses
import Foundation
import XCTest

final class ProcessRunnerTests: XCTestCase {
    private func shell(_ script: String, stdin: String? = nil, environment: [String: String] = [:],
                       in directory: String? = nil) throws -> ProcessRunner.Outcome {
        try ProcessRunner.run(.init("/bin/sh", ["-c", script], environment: environment, workingDirectory: directory,
                                    standardInput: stdin))
    }

    func testTheExitCodeAndBothOutputsComeBack() throws {
        let outcome = try shell("echo out; echo err >&2; exit 3")
        XCTAssertEqual(outcome.termination, .exited(3))
        XCTAssertEqual(outcome.termination.status, 3)
        XCTAssertEqual(outcome.standardOutput, "out\n")
        XCTAssertEqual(outcome.standardError, "err\n")
    }

    func testStdinIsFedAndEndsAndIsEmptyWhenNotGiven() throws {
        XCTAssertEqual(try shell("cat", stdin: "line 1\nline 2\n").standardOutput, "line 1\nline 2\n")
        XCTAssertEqual(try shell("cat").standardOutput, "")
    }

    /// A child asked to run in its own process group leads one (a terminal's Ctrl-C to this process's group does not
    /// reach it); by default a child shares this process's group.
    func testAChildInItsOwnProcessGroupLeadsItAndOthersShareOurs() throws {
        let script = "echo $$; ps -o pgid= -p $$"
        let own = try ProcessRunner.run(.init("/bin/sh", ["-c", script], ownProcessGroup: true)).standardOutput
            .split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(own.count, 2, "\(own)")
        XCTAssertEqual(own[0], own[1], "its pid is its group")
        let shared = try shell(script).standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(shared.last, String(getpgrp()), "this process's group")
    }

    func testEnvironmentEntriesAreAddedAndTheWorkingFolderIsSet() throws {
        let outcome = try shell("echo \"$FB_RUNNER_TEST\"; pwd; test -n \"$PATH\" && echo has-path",
                                environment: ["FB_RUNNER_TEST": "x y"], in: "/tmp")
        XCTAssertEqual(outcome.standardOutput, "x y\n/tmp\nhas-path\n")
    }

    func testOutputLargerThanAPipeBufferIsCollectedWhole() throws {
        // 1 MiB on each stream: a runner that read one stream to its end before the other would deadlock here.
        let outcome = try shell("head -c 1048576 /dev/zero | tr '\\0' a; head -c 1048576 /dev/zero | tr '\\0' b >&2")
        XCTAssertEqual(outcome.standardOutput.utf8.count, 1_048_576)
        XCTAssertEqual(outcome.standardError.utf8.count, 1_048_576)
    }

    func testAChildKilledByASignalSaysWhichSignal() throws {
        XCTAssertEqual(try shell("kill -TERM $$").termination, .signaled(SIGTERM))
        XCTAssertEqual(try shell("kill -INT $$").termination.status, SIGINT)
    }

    func testAChildStartsWithDefaultSignalActionsEvenWhenThisProcessIgnoresThem() throws {
        // The CLI ignores SIGTERM while it handles it itself; its children (gnuplot, valgrind) must still stop.
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }
        XCTAssertEqual(try shell("kill -TERM $$; echo survived").termination, .signaled(SIGTERM))
    }

    func testAMissingExecutableIsALaunchErrorNamingIt() {
        XCTAssertThrowsError(try ProcessRunner.run(.init("/nonexistent/framebudget-no-such-tool"))) { error in
            XCTAssertEqual(error as? ProcessRunner.LaunchError,
                           ProcessRunner.LaunchError(executable: "/nonexistent/framebudget-no-such-tool", reason: "no such file"))
            XCTAssertEqual("\(error)", "/nonexistent/framebudget-no-such-tool: cannot start: no such file")
        }
    }

    func testANonExecutableFileIsALaunchError() throws {
        let path = NSTemporaryDirectory() + "fb-runner-\(UUID().uuidString)"
        try "echo hi\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        XCTAssertThrowsError(try ProcessRunner.run(.init(path))) { error in
            XCTAssertEqual((error as? ProcessRunner.LaunchError)?.reason, "not executable")
        }
    }

    func testLocateSearchesPathInOrderThenTheExtraFolders() throws {
        let folder = NSTemporaryDirectory() + "fb-locate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = folder + "/fb-tool"
        try "#!/bin/sh\n".write(toFile: tool, atomically: true, encoding: .utf8)
        XCTAssertNil(ProcessRunner.locate("fb-tool", environment: ["PATH": "/bin:\(folder)"]), "not executable yet")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
        XCTAssertEqual(ProcessRunner.locate("fb-tool", environment: ["PATH": "/nonexistent:\(folder)"]), tool)
        XCTAssertEqual(ProcessRunner.locate("fb-tool", alsoIn: [folder], environment: ["PATH": "/nonexistent"]), tool)
        XCTAssertEqual(ProcessRunner.locate("sh", alsoIn: [folder], environment: [:]), "/usr/bin/sh",
                       "no PATH: /usr/bin:/bin")
    }
}
