import Foundation
import Gate
import Results
import RunFixtures
import RunPipeline
import XCTest

/// repeatability's procedure with a launcher that hands back runs of chosen samples (no process, no measuring): the
/// runs asked for, the spread of their medians, the file, interruption and failures.
final class RepeatabilitySessionTests: XCTestCase {
    private var folder = ""
    private let id = "colormap/optimized/256x192"

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "repeatability-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A launcher whose n-th process measures what `script(n)` returns: samples around a median, or a failure.
    private final class FakeRuns: ProcessLauncher {
        var calls: [(ids: [String], label: String)] = []
        let script: (Int) throws -> RunResults

        init(_ script: @escaping (Int) throws -> RunResults) { self.script = script }

        func measure(_ ids: [String], label: String) throws -> RunResults {
            calls.append((ids, label))
            return try script(calls.count)
        }
    }

    /// One run of `id` whose samples have exactly this median.
    private func run(median: Double, id: String? = nil) -> RunResults {
        Fixture.run("r", [Fixture.result(id ?? self.id, [median * 0.99, median, median * 1.01])])
    }

    private func session(runs: Int) -> RepeatabilitySession {
        RepeatabilitySession(benchmark: id, runs: runs, folder: folder)
    }

    func testEachRunIsAFreshProcessOfTheOneBenchmarkInItsOwnRunFolder() throws {
        let launcher = FakeRuns { _ in self.run(median: 100) }
        _ = try session(runs: 3).run(launcher: launcher)
        XCTAssertEqual(launcher.calls.map(\.label), ["run-1", "run-2", "run-3"])
        XCTAssertTrue(launcher.calls.allSatisfy { $0.ids == [self.id] })
    }

    func testTheSpreadAcrossRunsIsTheMeanAndSampleStandardDeviationOfTheirMedians() throws {
        let medians = [100.0, 110, 120]
        let (measured, signal) = try session(runs: 3).run(launcher: FakeRuns { self.run(median: medians[$0 - 1]) })
        XCTAssertNil(signal)
        XCTAssertEqual(measured.runs.map(\.median), medians)
        XCTAssertEqual(measured.spread.mean, 110, accuracy: 1e-9)
        XCTAssertEqual(measured.spread.standardDeviation ?? 0, 10, accuracy: 1e-9)
        XCTAssertEqual(measured.coefficientOfVariation ?? 0, 10.0 / 110, accuracy: 1e-12)
        let lines = measured.lines
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines[0].hasPrefix("run  1: median        100.0 ns  ["), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("CV within run 1.00%"), lines[0])
        // 9.09% × [0.5207, 6.2847] (scipy: √(2 / chi2.ppf(0.975, 2)), √(2 / chi2.ppf(0.025, 2))): three runs say little.
        XCTAssertEqual(lines[3], "\(id): 3 runs, mean of medians 110.0 ns, sd 10.0 ns, CV of the median across runs 9.09% "
                       + "[95%: 4.73%, 57.13%] (runs back to back: a machine's state that outlasts a run narrows it)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/repeatability.json"))) as! [String: Any]
        XCTAssertEqual((json["medians"] as? [String: Any])?["mean"] as? Double, 110)
        let cvInterval = try XCTUnwrap(json["coefficientOfVariationInterval"] as? [String: Any])
        XCTAssertEqual(cvInterval["upper"] as? Double ?? 0, 10.0 / 110 * 6.2847346964853825, accuracy: 1e-9)
        XCTAssertEqual((json["runs"] as? [Any])?.count, 3)
    }

    func testAnInterruptedRunStopsWithTheRunsSoFar() throws {
        let launcher = FakeRuns { n in
            if n == 3 { throw LaunchFailure.interrupted(.sigterm) }
            return self.run(median: 100)
        }
        let (measured, signal) = try session(runs: 5).run(launcher: launcher)
        XCTAssertEqual(signal, .sigterm)
        XCTAssertEqual(measured.runs.map(\.runID), ["run-1", "run-2"])
        XCTAssertEqual(launcher.calls.count, 3)
        // The file says it holds 2 of 5 runs, and why (it read as a whole measurement of two runs).
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/repeatability.json"))) as! [String: Any]
        XCTAssertEqual(json["complete"] as? Bool, false)
        XCTAssertEqual(json["requestedRuns"] as? Int, 5)
        XCTAssertEqual(json["interruptingSignal"] as? String, "SIGTERM")
        XCTAssertTrue(measured.lines.contains("interrupted by SIGTERM after 2 of 5 runs"), "\(measured.lines)")
    }

    func testAFailedRunIsARunFailureNamingItsLog() {
        let launcher = FakeRuns { n in
            if n == 2 { throw LaunchFailure.failed(status: 4, detail: "framebudget: error: boom") }
            return self.run(median: 100)
        }
        XCTAssertThrowsError(try session(runs: 3).run(launcher: launcher)) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .runFailure)
            XCTAssertEqual("\(error)", "run-2 failed (exit 4): framebudget: error: boom (log: \(self.folder)/run-2.log)")
        }
    }

    func testARunThatRefusesItsInputOrCommandLineIsBadInput() {
        for status: Int32 in [2, 64] {
            let launcher = FakeRuns { _ in throw LaunchFailure.failed(status: status, detail: "Error: Unknown option '--bogus'") }
            XCTAssertThrowsError(try session(runs: 3).run(launcher: launcher)) { error in
                XCTAssertEqual((error as? CommandFailure)?.status, .badInput, "exit \(status)")
                XCTAssertEqual("\(error)", "run-1 failed (exit \(status)): Error: Unknown option '--bogus' (log: \(self.folder)/run-1.log)")
            }
        }
    }

    func testARunWithoutTheBenchmarkIsARunFailureNamingItsResults() {
        XCTAssertThrowsError(try session(runs: 2).run(launcher: FakeRuns { _ in self.run(median: 100, id: "nms/optimized/typical") })) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .runFailure)
            XCTAssertEqual("\(error)", "\(self.folder)/run-1/results.json: no samples of \(self.id)")
        }
    }

    func testAnExistingRunFolderIsBadInputBeforeAnyRun() throws {
        try FileManager.default.createDirectory(atPath: "\(folder)/run-2", withIntermediateDirectories: true)
        let launcher = FakeRuns { _ in self.run(median: 100) }
        XCTAssertThrowsError(try session(runs: 2).run(launcher: launcher)) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .badInput)
        }
        XCTAssertTrue(launcher.calls.isEmpty)
    }
}
