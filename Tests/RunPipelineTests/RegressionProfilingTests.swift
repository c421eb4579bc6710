import Comparison
import Foundation
import Results
import Statistics
import XCTest
@testable import RunPipeline

/// The differential profile of a regression, with the real perf on the real framebudget binary (both sides the same
/// build here: the point is the plumbing — each side profiles itself through `iterate`, the stacks are compared,
/// the flame graph written — not a change).
final class RegressionProfilingTests: XCTestCase {
    private var folder = ""

    override func setUp() {
        folder = NSTemporaryDirectory() + "fb-profiles-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// perf on the PATH, and allowed to sample this user's processes: Debian's kernels set perf_event_paranoid to 3,
    /// which refuses every non-root user (the profiling then says so in a warning, which is not what these test).
    static func skipWithoutPerf() throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/perf" }
        guard path.contains(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("perf is not installed (make deps installs linux-perf)")
        }
        let paranoid = (try? String(contentsOfFile: "/proc/sys/kernel/perf_event_paranoid", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 2
        if getuid() != 0 && paranoid > 2 {
            throw XCTSkip("perf_event_paranoid is \(paranoid): perf may not sample a non-root user's processes")
        }
    }

    private var binary: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("framebudget").path
    }

    private func report(_ verdicts: [(String, Verdict, Double)]) -> PairedComparisonReport {
        let rows = verdicts.map { id, verdict, change in
            PairedBenchmarkComparison(
                id: id, threads: 1, threshold: 0.02, estimate: PairedChange.estimate(pairLogRatios: [log(1 + change)] + [log(1 + change)]),
                interval: nil, testedAlpha: 0.01, minimumDetectableEffect: 0.01, iterationsPerSample: [1, 1], verdict: verdict, reason: "")
        }
        return PairedComparisonReport(base: "a", head: "b", settings: PairedSettings(), benchmarks: rows, notPaired: [:],
                                      pairsStarted: 2, seconds: 1, stop: "decided", complete: true, warnings: [])
    }

    func testEachRegressionIsProfiledOnBothSidesWithAFlameGraphAndNothingElseIs() throws {
        try Self.skipWithoutPerf()
        let profiling = RegressionProfiling(base: binary, head: binary, seconds: 0.5, folder: folder)
        let (profiles, warnings) = profiling.profile(report([
            ("texture-upload/memcpy/256x192", .regressed, 0.05), ("finger-count/optimized/21-landmarks", .unchanged, 0),
        ]))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(profiles.map(\.id), ["texture-upload/memcpy/256x192"], "only the regression")
        let profile = try XCTUnwrap(profiles.first)
        XCTAssertGreaterThan(profile.baseSamples, 50, "0.5 s of a 1 kHz cpu-clock")
        XCTAssertGreaterThan(profile.headSamples, 50)
        XCTAssertEqual(profile.relativeChange, 0.05, accuracy: 1e-9)
        XCTAssertTrue(profile.functions.contains { $0.name.contains("IterateCommand.run()") }, "demangled Swift names")
        let graph = try String(contentsOfFile: "\(folder)/\(try XCTUnwrap(profile.flameGraph))", encoding: .utf8)
        XCTAssertTrue(graph.hasPrefix("<?xml") && graph.hasSuffix("</svg>\n"))
        for side in ["base", "head"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/texture-upload-memcpy-256x192/\(side)/stacks.folded"))
            for round in 1...profiling.rounds {
                XCTAssertTrue(FileManager.default.fileExists(
                    atPath: "\(folder)/texture-upload-memcpy-256x192/\(side)/round-\(round)/stacks.folded"), "alternated runs, each kept")
            }
        }
    }

    /// A Ctrl-C during the profiles went unheeded for half a minute, and a profile one of whose runs the signal cut
    /// to 48 samples was published as whole: no profile is made from a run that ended after the signal, and no run
    /// starts after it.
    func testAnInterruptionLeavesEveryUnfinishedProfileOutWithAWarning() throws {
        try Self.skipWithoutPerf()
        var profiling = RegressionProfiling(base: binary, head: binary, seconds: 0.4, folder: folder)
        nonisolated(unsafe) var polls = 0
        profiling.interrupted = {
            polls += 1
            return polls > 3 ? .sigint : nil  // after the second run: the first benchmark's third run never starts
        }
        let (profiles, warnings) = profiling.profile(report([
            ("texture-upload/memcpy/256x192", .regressed, 0.05), ("finger-count/optimized/21-landmarks", .regressed, 0.03),
        ]))
        XCTAssertEqual(profiles, [])
        XCTAssertEqual(warnings, ["texture-upload/memcpy/256x192: no differential profile: interrupted by SIGINT: not profiled",
                                  "finger-count/optimized/21-landmarks: no differential profile: interrupted by SIGINT"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/texture-upload-memcpy-256x192/base/round-2"), "no run after it")
    }

    func testABenchmarkThatCannotBeProfiledIsAWarningNotAFailure() throws {
        try Self.skipWithoutPerf()
        let profiling = RegressionProfiling(base: binary, head: binary, seconds: 0.2, folder: folder)
        let (profiles, warnings) = profiling.profile(report([("no-such/benchmark/x", .regressed, 0.1)]))
        XCTAssertEqual(profiles, [])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasPrefix("no-such/benchmark/x: no differential profile: perf record exited with"), warnings[0])
    }
}
