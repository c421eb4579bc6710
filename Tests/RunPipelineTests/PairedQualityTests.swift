import Comparison
import Foundation
import Statistics
import XCTest
@testable import RunPipeline

/// gate-quality's counting, on a recorded set with a known answer.
final class PairedQualityTests: XCTestCase {
    private func report(_ verdicts: [String: Verdict], mde: Double = 0.01,
                        settings: PairedSettings = PairedSettings()) -> PairedComparisonReport {
        let benchmarks = verdicts.sorted { $0.key < $1.key }.map { id, verdict in
            PairedBenchmarkComparison(
                id: id, threads: id.hasPrefix("two") ? 2 : 1, threshold: 0.02,
                estimate: PairedChange.estimate(pairLogRatios: [0.01, 0.012, 0.011]), interval: nil, testedAlpha: 0.005,
                minimumDetectableEffect: id.hasPrefix("two") ? mde * 3 : mde, iterationsPerSample: [1, 1, 1],
                verdict: verdict, reason: "")
        }
        return PairedComparisonReport(base: "a", head: "b", settings: settings, benchmarks: benchmarks, notPaired: [:],
                                      pairsStarted: 3, seconds: 60, stop: "decided", complete: true, warnings: [])
    }

    func testRatesAreCountedAgainstTheirTargets() {
        var quality = PairedQuality(machine: "cpu, 2 cores", date: "2026-11-26", slowed: ["one/optimized/x"])
        quality.identical = [
            .init(report(["one/optimized/x": .unchanged, "two/optimized/y": .unchanged]), load: 0.5),
            .init(report(["one/optimized/x": .regressed, "two/optimized/y": .inconclusive]), load: 1.5),
        ]
        quality.slowedOutcomes = [
            .init(report(["one/optimized/x": .regressed, "two/optimized/y": .unchanged]), load: 0.7),
            .init(report(["one/optimized/x": .inconclusive, "two/optimized/y": .improved]), load: 0.9),
        ]
        let lines = quality.lines
        XCTAssertEqual(lines[0], "A/A (identical code, 2 comparisons): 1 exited 1 [95%: 9.5–90.5%] (target ≤ 1 of 20), 0 exited 3 (no answer) [95%: 0.0–65.8%]; 1 of 4 verdicts "
                       + "REGRESSED/IMPROVED (target ≤ 1%); 1 of 2 single-threaded verdicts UNCHANGED (target ≥ 90%)")
        XCTAssertEqual(lines[1], "A/B one/optimized/x: REGRESSED in 1 of 2 comparisons [95%: 9.5–90.5%] (target ≥ 19 of 20)")
        XCTAssertEqual(lines[2], "A/B other benchmarks: 1 of 2 verdicts REGRESSED/IMPROVED (target 0)")
        XCTAssertEqual(lines[3], "median MDE, single-threaded: 1.00% (target ≤ 2%)")
        XCTAssertEqual(lines[4], "median MDE, two-thread: 3.00% (target ≤ 5%)")
        XCTAssertTrue(lines[6].hasSuffix("1-minute load 0.50–1.50"), lines[6])
        XCTAssertTrue(quality.markdown.contains("Machine: cpu, 2 cores. Date: 2026-11-26."))
    }

    /// An A/A comparison that exits 3 gave no answer; an interrupted run's report read like a finished one of fewer
    /// rounds.
    func testUnansweredComparisonsAndAnInterruptionAreSaid() {
        var quality = PairedQuality(machine: "cpu, 2 cores", date: "2026-12-07", slowed: ["one/optimized/x"])
        quality.identical = [.init(report(["one/optimized/x": .inconclusive]), load: 0.5),
                             .init(report(["one/optimized/x": .unchanged]), load: 0.5)]
        quality.requestedRounds = 20
        quality.interruptedBy = "SIGINT"
        XCTAssertTrue(quality.lines[0].contains(", 1 exited 3 (no answer) [95%: 9.5–90.5%]; "), quality.lines[0])
        XCTAssertTrue(quality.markdown.contains("Date: 2026-12-07. Rounds asked for: 20.\n**Interrupted by SIGINT** after "
                                                + "2 A/A and 0 A/B comparisons"), quality.markdown)
        let decoded = try? JSONDecoder().decode(PairedQuality.self, from: JSONEncoder().encode(quality))
        XCTAssertEqual(decoded?.interruptedBy, "SIGINT")
    }

    func testTheLoadRangeTakesTheEndOfAComparisonThatStartedQuiet() {
        var quality = PairedQuality(machine: "cpu, 2 cores", date: "2026-11-27", slowed: ["one/optimized/x"])
        quality.identical = [.init(report(["one/optimized/x": .unchanged]), load: 0.5, loadAtEnd: 4.25)]
        quality.slowedOutcomes = [.init(report(["one/optimized/x": .regressed]), load: 1.0)]
        XCTAssertTrue(quality.lines.last!.hasSuffix("1-minute load 0.50–4.25"), quality.lines.last!)
    }

    /// The busy-hour evidence: the steal of every pair of every comparison, with how many pairs the host took more
    /// than 5% of; a set recorded before steal was kept says nothing of it.
    func testTheHostNoiseLineGivesTheStealOfEveryPair() {
        var quality = PairedQuality(machine: "cpu, 2 cores", date: "2026-12-03", slowed: ["one/optimized/x"])
        var quiet = report(["one/optimized/x": .unchanged]), busy = report(["one/optimized/x": .regressed])
        quality.identical = [.init(quiet, load: 0.5)]
        XCTAssertFalse(quality.lines.last!.contains("steal"), quality.lines.last!)
        quiet.pairHostSteal = [0, 0.01, 0.002]
        busy.pairHostSteal = [0.37, 0.08, 0.04]
        quality.identical = [.init(quiet, load: 0.5)]
        quality.slowedOutcomes = [.init(busy, load: 1.5)]
        XCTAssertTrue(quality.lines.last!.hasSuffix("1-minute load 0.50–1.50; host steal per pair 0.0–37.0%, above 5% in 2 of 6 pairs"),
                      quality.lines.last!)
    }

    func testPooledRunsCountEveryComparisonOnceAndRefuseAnotherSlowdown() throws {
        var quiet = PairedQuality(machine: "cpu, 2 cores", date: "d1", slowed: ["one/optimized/x"])
        quiet.identical = [.init(report(["one/optimized/x": .unchanged]), load: 0.5)]
        quiet.slowedOutcomes = [.init(report(["one/optimized/x": .regressed]), load: 0.5)]
        var busy = PairedQuality(machine: "cpu, 2 cores", date: "d2", slowed: ["one/optimized/x"])
        busy.identical = Array(repeating: .init(report(["one/optimized/x": .inconclusive]), load: 3.0), count: 2)
        let pooled = try PairedQuality.pooled([("quiet.json", quiet), ("busy.json", busy)])
        XCTAssertEqual(pooled.identical.count, 3)
        XCTAssertEqual(pooled.slowedOutcomes.count, 1)
        XCTAssertEqual(pooled.date, "d1, d2")
        XCTAssertTrue(pooled.lines[0].hasSuffix("1 of 3 single-threaded verdicts UNCHANGED (target ≥ 90%)"), pooled.lines[0])
        let other = PairedQuality(machine: "cpu, 2 cores", date: "d3", slowed: ["two/optimized/y"])
        XCTAssertThrowsError(try PairedQuality.pooled([("quiet.json", quiet), ("other.json", other)])) { error in
            XCTAssertEqual("\(error)", "other.json: slows two/optimized/y, not one/optimized/x like quiet.json")
        }
    }

    /// One placement and eight are two procedures: their rates are not one rate. A file from before the settings
    /// were recorded ran one placement, so it pools with one-placement runs and not with others.
    func testPoolingRefusesRunsOfAnotherProcedureAndNamesTheSetting() throws {
        func run(_ date: String, _ settings: PairedSettings?) -> PairedQuality {
            var quality = PairedQuality(machine: "cpu, 2 cores", date: date, slowed: ["one/optimized/x"])
            var outcome = PairedQuality.Outcome(report(["one/optimized/x": .unchanged], settings: settings ?? PairedSettings()),
                                                load: 0.5)
            if settings == nil { outcome.settings = nil }
            quality.identical = [outcome]
            return quality
        }
        let old = run("d0", nil), one = run("d1", PairedSettings(placements: 1))
        let eight = run("d2", PairedSettings(placements: 8)), longer = run("d3", PairedSettings(maximumPairs: 80))
        XCTAssertEqual(try PairedQuality.pooled([("old.json", old), ("one.json", one)]).identical.count, 2)
        XCTAssertThrowsError(try PairedQuality.pooled([("old.json", old), ("eight.json", eight)])) { error in
            XCTAssertEqual("\(error)", "eight.json: measured with placements 8, not 1 like old.json")
        }
        XCTAssertThrowsError(try PairedQuality.pooled([("one.json", one), ("longer.json", longer)])) { error in
            XCTAssertEqual("\(error)", "longer.json: measured with maximumPairs 80, not 40 like one.json")
        }
        let shuffled = run("d4", PairedSettings(placements: 1, linkOrders: 8))
        XCTAssertThrowsError(try PairedQuality.pooled([("one.json", one), ("shuffled.json", shuffled)])) { error in
            XCTAssertEqual("\(error)", "shuffled.json: measured with linkOrders 8, not none like one.json")
        }
        XCTAssertThrowsError(try PairedQuality.pooled([("old.json", old), ("shuffled.json", shuffled)])) { error in
            XCTAssertEqual("\(error)", "shuffled.json: measured with linkOrders 8, not none like old.json")
        }
    }

    /// An empty first run (an interrupted gate-quality saves one) does not turn the procedure check off, and a
    /// comparison two files hold (a pooled file pooled again with one of its runs) is refused, not counted twice.
    func testAnEmptyFirstRunStillChecksTheProcedureAndAComparisonCountsOnce() throws {
        func run(_ date: String, _ settings: PairedSettings, verdict: Verdict = .unchanged) -> PairedQuality {
            var quality = PairedQuality(machine: "cpu, 2 cores", date: date, slowed: ["one/optimized/x"])
            quality.identical = [.init(report(["one/optimized/x": verdict], settings: settings), load: 0.5)]
            return quality
        }
        let empty = PairedQuality(machine: "cpu, 2 cores", date: "d0", slowed: ["one/optimized/x"])
        let forty = run("d1", PairedSettings()), eighty = run("d2", PairedSettings(maximumPairs: 80), verdict: .inconclusive)
        XCTAssertThrowsError(try PairedQuality.pooled([("empty.json", empty), ("p40.json", forty), ("p80.json", eighty)])) { error in
            XCTAssertEqual("\(error)", "p80.json: measured with maximumPairs 80, not 40 like p40.json")
        }
        let pooled = try PairedQuality.pooled([("a.json", forty), ("b.json", run("d2", PairedSettings(), verdict: .regressed))])
        XCTAssertThrowsError(try PairedQuality.pooled([("pool.json", pooled), ("a.json", forty)])) { error in
            XCTAssertEqual("\(error)", "a.json: holds a comparison pool.json holds too: each comparison counts once")
        }
    }

    func testTheMarkdownNamesTheProcedureOfItsComparisons() {
        var quality = PairedQuality(machine: "cpu, 2 cores", date: "2026-12-05", slowed: ["one/optimized/x"])
        let settings = PairedSettings(sampleMilliseconds: 1, pinnedCPU: 1, freshCopies: true, placements: 8)
        quality.identical = [.init(report(["one/optimized/x": .unchanged], settings: settings), load: 0.5)]
        quality.slowedOutcomes = [.init(report(["one/optimized/x": .regressed], settings: settings), load: 0.5)]
        XCTAssertTrue(quality.markdown.contains("""
            Machine: cpu, 2 cores. Date: 2026-12-05.
            Procedure: 120 blocks a pair of 1 sample of 1 ms after 1 untimed, 3–40 pairs, no new pair after 10 minutes; \
            measuring threads pinned to CPU 1; each worker from a fresh copy of its executable; each benchmark set up 8 \
            times in each worker, a block on each in turn.

            """), quality.markdown)
    }

    func testTheExitStatusIsTheOneCompareBuildsReturns() {
        XCTAssertEqual(report(["a": .regressed, "b": .inconclusive]).exitStatus, .budgetFailure)
        XCTAssertEqual(report(["a": .unchanged, "b": .inconclusive]).exitStatus, .inconclusive)
        XCTAssertEqual(report(["a": .unchanged, "b": .improved]).exitStatus, .success)
        var unpaired = report(["a": .unchanged])
        unpaired.notPaired = ["c": "not in the base build"]
        XCTAssertEqual(unpaired.exitStatus, .inconclusive, "a benchmark that could not be compared is not a pass")
    }

    func testEachOutcomeKeepsTheChangesIntervalsAndPairRatiosSoAWrongVerdictCanBeLookedAt() throws {
        var full = report(["one/optimized/x": .regressed, "two/optimized/y": .unchanged])
        full.benchmarks[0].interval = ConfidenceInterval(lower: 0.004, upper: 0.018, level: 0.9)
        let outcome = PairedQuality.Outcome(full, load: 0.5)
        XCTAssertEqual(try XCTUnwrap(outcome.changes?["one/optimized/x"]), exp(0.011) - 1, accuracy: 1e-9)
        XCTAssertEqual(outcome.intervals, ["one/optimized/x": [0.004, 0.018]], "a benchmark without an interval has none")
        XCTAssertEqual(outcome.pairLogRatios?["one/optimized/x"], [0.01, 0.012, 0.011], "in measurement order")
        let old = #"{"exitStatus":0,"verdicts":{},"threads":{},"minimumDetectableEffects":{},"pairs":3,"seconds":1,"stop":"decided"}"#
        XCTAssertNil(try JSONDecoder().decode(PairedQuality.Outcome.self, from: Data(old.utf8)).changes, "older files still read")
    }
}
