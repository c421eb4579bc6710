import Foundation
import XCTest

/// `profile` when its timing or its tools are interrupted or fail: the run folder always says what it holds.
/// The tools are test doubles (a `perf` script on `PATH`), so nothing here depends on the machine's perf.
final class ProfileCommandTests: XCTestCase {
    private var root = ""
    private var reports: String { root + "/reports" }
    private var tools: String { root + "/bin" }
    private let benchmark = "texture-upload/memcpy/256x192"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "fb-profile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    /// Writes an executable `perf` that runs `body` (sh), first on `PATH` for the profile.
    private func fakePerf(_ body: String) throws {
        let path = tools + "/perf"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    private var environment: [String: String] {
        ["PATH": tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "FB_FAKE_PERF_LOG": root + "/perf.log"]
    }

    private func profileArguments(_ runID: String, _ extra: [String] = []) -> [String] {
        ["profile", "--quick", "--allow-debug", "--no-roofs", "--counters", "none", "--seconds", "0.5",
         "--reports", reports, "--run-id", runID] + extra + [benchmark]
    }

    private func results(_ runID: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(reports)/\(runID)/results.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// What the run folder holds besides results.json (no perf.data, no staging folder, no empty profiles tree).
    private func leftovers(_ runID: String) throws -> [String] {
        let folder = "\(reports)/\(runID)"
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder)
        return names.filter { $0 != "results.json" }.sorted()
    }

    func testTheSameIdTwiceProfilesThatOneBenchmark() throws {
        var arguments = profileArguments("twice", ["--no-perf"])
        arguments.append(benchmark)
        let result = try Framebudget.run(arguments, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try results("twice")["complete"] as? Bool, true)
    }
}
