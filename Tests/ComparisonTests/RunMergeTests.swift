import RunFixtures
import XCTest
@testable import Comparison
import Results

final class RunMergeTests: XCTestCase {
    func testConcatenatesSamplesInRoundOrderAndRecomputesStatistics() throws {
        let first = Fixture.run("r1", [Fixture.result("a/x/1", [1, 2, 3], counters: [
            CounterReading(name: "Ir", perIteration: 10, source: .callgrind)])])
        let second = Fixture.run("r2", [Fixture.result("a/x/1", [4, 5], counters: [
            CounterReading(name: "Ir", perIteration: 20, source: .callgrind)]), Fixture.result("b/x/1", [7])],
            complete: false)
        let merged = try RunMerge.merge([first, second], runID: "m")
        XCTAssertEqual(merged.runID, "m")
        XCTAssertFalse(merged.complete, "complete only when every round was")
        XCTAssertEqual(merged.benchmarks.map(\.id), ["a/x/1", "b/x/1"])
        XCTAssertEqual(merged.benchmarks[0].samplesNanoseconds, [1, 2, 3, 4, 5])
        XCTAssertEqual(merged.benchmarks[0].statistics.median, 3)
        XCTAssertEqual(merged.benchmarks[0].counters.first?.perIteration, 15)
        XCTAssertEqual(merged.benchmarks[1].samplesNanoseconds, [7])
    }

    /// An exact count is judged on one count: the first file's alone made a zero-allocation budget PASS or FAIL by
    /// the order of the files. The run that allocated most is kept, whatever the order.
    func testTheMergedAllocationCountIsTheLargestWhateverTheOrder() throws {
        var allocating = Fixture.result("a/x/1", [4, 5])
        allocating.allocations = AllocationStatistics(perIteration: 5, bytesPerIteration: 320, iterations: 10, counted: true)
        let quiet = Fixture.result("a/x/1", [1, 2, 3])
        XCTAssertEqual(quiet.allocations.perIteration, 0)
        for order in [[quiet, allocating], [allocating, quiet]] {
            let runs = order.enumerated().map { Fixture.run("r\($0.offset)", [$0.element]) }
            let merged = try RunMerge.merge(runs, runID: "m")
            XCTAssertEqual(merged.benchmarks[0].allocations.perIteration, 5)
            XCTAssertEqual(merged.benchmarks[0].allocations.bytesPerIteration, 320)
        }
    }

    func testAnInterruptedRoundsSignalCarriesIntoTheMergedRun() throws {
        var cut = Fixture.run("r2", [Fixture.result("a/x/1", [4])], complete: false)
        cut.incompleteReason = "interrupted by SIGTERM"
        cut.interruptingSignal = .sigterm
        let merged = try RunMerge.merge([Fixture.run("r1", [Fixture.result("a/x/1", [1])]), cut])
        XCTAssertEqual(merged.interruptingSignal, .sigterm)
        XCTAssertNil(try RunMerge.merge([Fixture.run("r1", [Fixture.result("a/x/1", [1])])]).interruptingSignal)
    }

    func testKeepsEachProcessRunAsAReplicateWithItsOwnSamplesAndCounters() throws {
        let first = Fixture.run("r1", [Fixture.result("a/x/1", [1, 2, 3], counters: [
            CounterReading(name: "Ir", perIteration: 10, source: .callgrind)])])
        let second = Fixture.run("r2", [Fixture.result("a/x/1", [4, 5], counters: [
            CounterReading(name: "Ir", perIteration: 20, source: .callgrind)])])
        let merged = try RunMerge.merge([first, second], runID: "m")
        let replicates = try XCTUnwrap(merged.benchmarks[0].replicates)
        XCTAssertEqual(replicates.map(\.runID), ["r1", "r2"])
        XCTAssertEqual(replicates.map(\.firstSample), [0, 3])
        XCTAssertEqual(replicates.map(\.sampleCount), [3, 2])
        XCTAssertEqual(replicates.map { $0.counters.first?.perIteration }, [10, 20])
        XCTAssertEqual(merged.samplesByReplicate("a/x/1").map(Array.init), [[1, 2, 3], [4, 5]])
    }

    func testAMergedFileMergesAgainWithItsReplicatesCarriedOver() throws {
        let ab = try RunMerge.merge([Fixture.run("r1", [Fixture.result("a/x/1", [1, 2])]),
                                     Fixture.run("r2", [Fixture.result("a/x/1", [3])])], runID: "m")
        let abc = try RunMerge.merge([ab, Fixture.run("r3", [Fixture.result("a/x/1", [4, 5, 6])])], runID: "m2")
        XCTAssertEqual(abc.benchmarks[0].replicates?.map(\.runID), ["r1", "r2", "r3"])
        XCTAssertEqual(abc.samplesByReplicate("a/x/1").map(Array.init), [[1, 2], [3], [4, 5, 6]])
        XCTAssertEqual(abc.benchmarks[0].replicateCount, 3)
    }

    /// Each process run keeps the steal it measured under; the merged result and run read the mean, and a run that
    /// recorded none (an older file) does not pull the mean to zero.
    func testEachProcessRunKeepsItsStealAndTheMergeReadsTheMeanOfThoseKnown() throws {
        var quiet = Fixture.run("r1", [Fixture.result("a/x/1", [1, 2])]), busy = Fixture.run("r2", [Fixture.result("a/x/1", [3])])
        let older = Fixture.run("r3", [Fixture.result("a/x/1", [4])])
        quiet.benchmarks[0].hostSteal = 0.01
        quiet.hostSteal = 0.02
        busy.benchmarks[0].hostSteal = 0.31
        busy.hostSteal = 0.20
        let merged = try RunMerge.merge([quiet, busy, older], runID: "m")
        XCTAssertEqual(merged.benchmarks[0].replicates?.map(\.hostSteal), [0.01, 0.31, nil])
        XCTAssertEqual(try XCTUnwrap(merged.benchmarks[0].hostSteal), 0.16, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(merged.hostSteal), 0.11, accuracy: 1e-12)
        XCTAssertNil(try RunMerge.merge([older, Fixture.run("r4", [Fixture.result("a/x/1", [5])])]).hostSteal)
    }

    func testAnUnmergedRunIsItsOwnSingleReplicate() {
        let run = Fixture.run("solo", [Fixture.result("a/x/1", [1, 2, 3])])
        XCTAssertEqual(run.samplesByReplicate("a/x/1").map(Array.init), [[1, 2, 3]])
        XCTAssertEqual(run.benchmarks[0].replicateCount, 1)
    }

    func testRunsOfDifferentBuildsAreRefusedNamingTheFileAndTheField() {
        var a = Fixture.run("r1", [Fixture.result("a/x/1", [1])]), b = Fixture.run("r2", [Fixture.result("a/x/1", [2])])
        a.environment.executableDigest = "aaaaaaaaaaaaaaaa"
        b.environment.executableDigest = "bbbbbbbbbbbbbbbb"
        XCTAssertThrowsError(try RunMerge.merge([a, b], names: ["base-1.json", "base-2.json"])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("base-2.json: measured by a different build than base-1.json (executable"), text)
        }
        b.environment.executableDigest = nil
        b.environment.gitCommit = "fedcba"
        XCTAssertThrowsError(try RunMerge.merge([a, b])) { XCTAssertTrue("\($0)".contains("commit"), "\($0)") }
    }

    func testRunsOfOneBuildOnCPUsOfDifferentFeaturesAreRefused() {
        var a = Fixture.run("r1", [Fixture.result("a/x/1", [1])]), b = Fixture.run("r2", [Fixture.result("a/x/1", [2])])
        a.environment.cpuFeatures = "avx2 avx512"
        b.environment.cpuFeatures = "avx2 avx512 sha_ni"
        XCTAssertThrowsError(try RunMerge.merge([a, b], names: ["1.json", "2.json"])) { error in
            XCTAssertTrue("\(error)".contains("CPU features"), "\(error)")
        }
    }

    func testRunsMeasuredWithDifferentSettingsAreRefusedButFiltersAndSampleCountsMayDiffer() throws {
        let a = Fixture.run("r1", [Fixture.result("a/x/1", [1])])
        var b = Fixture.run("r2", [Fixture.result("a/x/1", [2])])
        b.settings.filters = ["a/x/1"]
        b.settings.samples = 150
        XCTAssertNoThrow(try RunMerge.merge([a, b]))
        for change in [{ (s: inout RunSettings) in s.targetSampleNanoseconds = 1e6 }, { $0.cacheMode = .cold },
                       { $0.counters = .callgrind }, { $0.quick = true }] {
            var c = Fixture.run("r3", [Fixture.result("a/x/1", [3])])
            change(&c.settings)
            XCTAssertThrowsError(try RunMerge.merge([a, c], names: ["a.json", "c.json"])) { error in
                XCTAssertTrue("\(error)".hasPrefix("c.json: measured with different settings than a.json"), "\(error)")
            }
        }
    }

    /// Two seeds draw two synthetic scenes, and a realtime frame loop measures what a simulated one does not: never
    /// one side's replicates (both merged before, without a word).
    func testRunsOfOtherInputsOrAnotherFrameLoopModeAreRefused() {
        let a = Fixture.run("r1", [Fixture.frameLoopResult("frame-loop/photo/drop", [1, 2, 3], mode: "simulated")])
        var seeded = Fixture.run("r2", [Fixture.frameLoopResult("frame-loop/photo/drop", [1, 2, 3], mode: "simulated")])
        seeded.settings.seed = 5
        XCTAssertThrowsError(try RunMerge.merge([a, seeded], names: ["a.json", "b.json"])) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.json: measured with different settings than a.json (seed 5 vs 24301)"), "\(error)")
        }
        let realtime = Fixture.run("r3", [Fixture.frameLoopResult("frame-loop/photo/drop", [1, 2, 3], mode: "realtime")])
        XCTAssertThrowsError(try RunMerge.merge([a, realtime], names: ["a.json", "c.json"])) { error in
            XCTAssertTrue("\(error)".contains("(frame-loop mode of frame-loop/photo/drop realtime vs simulated)"), "\(error)")
        }
    }

    /// Each process calibrates its own iterations per sample: a merged result kept its first run's count for all
    /// ("× 1 iterations" where later runs timed 2) and its first run's measuring time.
    func testEachProcessRunKeepsItsIterationsAndTheMeasuringTimesAdd() throws {
        var a = Fixture.run("r1", [Fixture.result("a/x/1", [1, 2, 3])]), b = Fixture.run("r2", [Fixture.result("a/x/1", [4, 5, 6])])
        a.benchmarks[0].iterationsPerSample = 1
        b.benchmarks[0].iterationsPerSample = 2
        a.benchmarks[0].measurementSeconds = 1.5
        b.benchmarks[0].measurementSeconds = 2.5
        let merged = try RunMerge.merge([a, b]).benchmarks[0]
        XCTAssertEqual(merged.replicates?.map(\.iterationsPerSample), [1, 2])
        XCTAssertEqual(merged.iterationsPerSampleText, "1–2")
        XCTAssertEqual(merged.measurementSeconds, 4)
        // Merged again with one of its own runs first: that run's time is not counted twice.
        var both = try RunMerge.merge([a, b])
        both.runID = "both"
        XCTAssertEqual(try RunMerge.merge([b, both]).benchmarks[0].measurementSeconds, 4)
        b.benchmarks[0].iterationsPerSample = 1
        XCTAssertEqual(try RunMerge.merge([a, b]).benchmarks[0].iterationsPerSampleText, "1")
    }

    /// A share on rate or a drift over 120 frames is not one over 600: loops of other lengths, cadences or policies
    /// are not one benchmark's replicates (runs of `--frames 120` and `--frames 600` merged without a word).
    func testFrameLoopsOfOtherLengthsCadencesOrPoliciesAreRefused() {
        let a = Fixture.run("r1", [Fixture.frameLoopResult("frame-loop/photo/drop", [1, 2, 3], mode: "simulated")])
        let longer = Fixture.run("r2", [Fixture.frameLoopResult("frame-loop/photo/drop", [1, 2, 3, 4], mode: "simulated")])
        XCTAssertThrowsError(try RunMerge.merge([a, longer], names: ["a.json", "b.json"])) { error in
            XCTAssertEqual("\(error)", "b.json: measured with different settings than a.json (frames offered (--frames) of "
                           + "frame-loop/photo/drop 4 vs 3); merge runs measured alike")
        }
        var slower = Fixture.run("r3", [Fixture.frameLoopResult("frame-loop/photo/drop", [4, 5, 6], mode: "simulated")])
        slower.benchmarks[0].frameLoop?.cadenceMilliseconds = 33.33
        XCTAssertThrowsError(try RunMerge.merge([a, slower])) { XCTAssertTrue("\($0)".contains("frame cadence"), "\($0)") }
        var queued = Fixture.run("r4", [Fixture.frameLoopResult("frame-loop/photo/drop", [4, 5, 6], mode: "simulated")])
        queued.benchmarks[0].frameLoop?.policy = .queue
        XCTAssertThrowsError(try RunMerge.merge([a, queued])) { XCTAssertTrue("\($0)".contains("frame policy"), "\($0)") }
        let same = Fixture.run("r5", [Fixture.frameLoopResult("frame-loop/photo/drop", [4, 5, 6], mode: "simulated")])
        XCTAssertNoThrow(try RunMerge.merge([a, same]))
    }

    /// Two files that name no build (no executable digest, no commit) were taken for one build: nil equalled nil.
    func testARunThatNamesNoBuildIsRefused() {
        let a = Fixture.run("r1", [Fixture.result("a/x/1", [1])])
        let anonymous = Fixture.run("r2", [Fixture.result("a/x/1", [2])], commit: nil)
        XCTAssertThrowsError(try RunMerge.merge([anonymous, anonymous.withRunID("r3")], names: ["x.json", "y.json"])) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.json: environment names no build (neither executableDigest nor gitCommit)"), "\(error)")
        }
        XCTAssertThrowsError(try RunMerge.merge([a, anonymous], names: ["a.json", "b.json"])) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.json: environment names no build"), "\(error)")
        }
        XCTAssertNoThrow(try RunMerge.merge([anonymous]), "one run is its own side")
    }

    /// A run on the portable path (FRAMEBUDGET_ISA=portable, 20.5 µs) merged with one on AVX-512 (8.3 µs) kept the
    /// first run's path, and compare's "code path differs" warning never came.
    func testRunsOfOneBenchmarkOnDifferentCodePathsAreRefused() {
        var wide = Fixture.result("a/x/1", [1, 2, 3])
        wide.parameters["isa"] = "avx512"
        var portable = Fixture.result("a/x/1", [4, 5, 6])
        portable.parameters["isa"] = "portable"
        XCTAssertThrowsError(try RunMerge.merge([Fixture.run("r1", [wide]), Fixture.run("r2", [portable])],
                                                names: ["a.json", "b.json"])) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.json: measured with different settings than a.json (vector path of a/x/1 "
                                                + "portable vs avx512)"), "\(error)")
        }
        var again = wide
        again.samplesNanoseconds = [2, 3, 4]
        XCTAssertNoThrow(try RunMerge.merge([Fixture.run("r1", [wide]), Fixture.run("r3", [again])]), "one path: merged")
    }

    /// A run's samples copied under another run id passed as a second replicate with no spread between the two (a
    /// "+5.0% [+5.0%, +5.0%]" of two copies against two others).
    func testACopyOfARunUnderAnotherIdIsRefused() {
        let run = Fixture.result("a/x/1", [1, 2, 3])
        XCTAssertThrowsError(try RunMerge.merge([Fixture.run("z1", [run]), Fixture.run("z2", [run])], names: ["z1.json", "z2.json"])) {
            XCTAssertEqual("\($0)", "z2.json: process run z2 has the very samples of a/x/1 that run z1 of z1.json has: a copy "
                           + "under another run id, not a second replicate (it would show no spread between them)")
        }
    }

    func testAWholeSuiteRunStaysWholeWhenFilteredRoundsAreMergedIntoIt() throws {
        let whole = Fixture.run("gate", [Fixture.result("a/x/1", [1]), Fixture.result("a/x/2", [1])])
        var round = Fixture.run("p2", [Fixture.result("a/x/1", [2])])
        round.settings.filters = ["a/x/1"]
        XCTAssertEqual(try RunMerge.merge([whole, round]).settings.filters, [], "no filter: every benchmark was asked for")
        var filtered = whole
        filtered.settings.filters = ["a/x/*"]
        XCTAssertEqual(try RunMerge.merge([filtered, round]).settings.filters, ["a/x/*", "a/x/1"])
    }

    func testNothingToMergeIsAnError() {
        XCTAssertThrowsError(try RunMerge.merge([])) { XCTAssertEqual($0 as? RunMergeError, .noRuns) }
    }

    func testTheSameRunMergedTwiceCountsOnce() throws {
        let q1 = Fixture.run("q1", [Fixture.result("a/x/1", [1, 2, 3]), Fixture.result("b/x/1", [7, 8])])
        let merged = try RunMerge.merge([q1, q1], runID: "m")
        XCTAssertEqual(merged.benchmarks.map { $0.replicates?.map(\.runID) }, [["q1"], ["q1"]])
        XCTAssertEqual(merged.benchmarks.map(\.samplesNanoseconds), [[1, 2, 3], [7, 8]])
        XCTAssertEqual(merged.benchmarks.map(\.replicateCount), [1, 1])
        XCTAssertEqual(merged.benchmarks[0].statistics, q1.benchmarks[0].statistics)
    }

    func testAMergedFileWithOneOfItsOwnRoundsCountsThatRoundOnce() throws {
        let r1 = Fixture.run("r1", [Fixture.result("a/x/1", [1, 2])])
        let r2 = Fixture.run("r2", [Fixture.result("a/x/1", [3]), Fixture.result("b/x/1", [9])])
        let r3 = Fixture.run("r3", [Fixture.result("a/x/1", [4, 5])])
        let merged = try RunMerge.merge([try RunMerge.merge([r1, r2], runID: "m"), r2, r3], names: ["m.json", "r2.json", "r3.json"])
        XCTAssertEqual(merged.benchmarks[0].replicates?.map(\.runID), ["r1", "r2", "r3"])
        XCTAssertEqual(merged.samplesByReplicate("a/x/1").map(Array.init), [[1, 2], [3], [4, 5]])
        XCTAssertEqual(merged.benchmarks[1].samplesNanoseconds, [9])
        XCTAssertEqual(merged.benchmarks[0].notes.last, "merged from 3 process runs (2 of 3 files; 5 samples)")
    }

    func testARunGivenTwiceIsReportedWithBothFiles() throws {
        let r1 = Fixture.run("r1", [Fixture.result("a/x/1", [1, 2]), Fixture.result("b/x/1", [9])])
        let r2 = Fixture.run("r2", [Fixture.result("a/x/1", [3])])
        let outcome = try RunMerge.outcome(of: [r1, r2, r1], names: ["r1.json", "r2.json", "again.json"])
        XCTAssertEqual(outcome.repeatedRuns, [RunMerge.RepeatedRun(runID: "r1", file: "again.json", firstFile: "r1.json")],
                       "once per file, however many benchmarks it repeats")
        XCTAssertEqual(outcome.run.benchmarks[0].replicates?.map(\.runID), ["r1", "r2"])
    }

    func testTwoDifferentRunsUnderOneRunIDAreRefused() {
        let first = Fixture.run("same", [Fixture.result("a/x/1", [1, 2, 3])])
        let other = Fixture.run("same", [Fixture.result("a/x/1", [1, 2, 4])])
        XCTAssertThrowsError(try RunMerge.merge([first, other], names: ["a.json", "b.json"])) {
            XCTAssertEqual("\($0)", "b.json: process run same is also in a.json, with other samples of a/x/1; "
                           + "two runs under one run id cannot both be replicates (give each run its own --run-id)")
        }
    }

    func testTwoOldGatesReMeasuringProcessesUnderOneNameAreExplained() {
        // Gates before 7 Dec 2026 named their extra process runs p2, p3, … whatever their own run id.
        let first = Fixture.run("p2", [Fixture.result("a/x/1", [1, 2, 3])])
        let other = Fixture.run("p2", [Fixture.result("a/x/1", [1, 2, 4])])
        XCTAssertThrowsError(try RunMerge.merge([first, other], names: ["g1.json", "g2.json"])) {
            XCTAssertTrue("\($0)".hasSuffix("two gates' re-measuring processes both named p2 (gates before 7 Dec 2026 named "
                                            + "them p2, p3, … in every run): these two files cannot be one side; gate again with this build, whose runs name them apart"), "\($0)")
        }
    }
}

/// A gate merges its processes' runs: a condition each process warned of in its own numbers is said once.
final class MergedWarningsTests: XCTestCase {
    /// Each process run with its own samples (a copy of another's under a new id is refused).
    private func run(_ id: String, warnings: [String]) -> RunResults {
        let level = Double(id.unicodeScalars.last.map { $0.value } ?? 0)
        var run = Fixture.run(id, [Fixture.result("a/x/1", [1 + level, 2 + level])])
        run.warnings = warnings
        return run
    }

    func testHighLoadReadInEveryProcessIsOneWarningInTheFirstProcesssWords() throws {
        let merged = try RunMerge.merge([
            run("p1", warnings: ["high load: 1-minute load average 5.76 on 2 cores", "virtual machine (KVM): expect noise"]),
            run("p2", warnings: ["high load: 1-minute load average 5.86 on 2 cores", "virtual machine (KVM): expect noise"]),
            run("p3", warnings: ["high load: 1-minute load average 6.1 on 2 cores", "slow clock: one read costs 120 ns"]),
        ])
        XCTAssertEqual(merged.warnings, ["high load: 1-minute load average 5.76 on 2 cores", "slow clock: one read costs 120 ns",
                                         "virtual machine (KVM): expect noise"])
    }

    /// Steal is a percentage each process reads for itself: one condition, said once (the report's header gives the
    /// range over the processes).
    func testStealReadInEveryProcessIsOneWarning() throws {
        let merged = try RunMerge.merge([
            run("p1", warnings: ["host steal: the hypervisor took 5.5% of the CPUs' time for other guests while this process measured"]),
            run("p2", warnings: ["host steal: the hypervisor took 11.1% of the CPUs' time for other guests while this process measured"]),
        ])
        XCTAssertEqual(merged.warnings, ["host steal: the hypervisor took 5.5% of the CPUs' time for other guests while this process measured"])
        XCTAssertEqual(MergedWarnings.shape("took 7.4% of -2% and 5%%"), "took # of # and 5%%")
    }

    func testWarningsNamingDifferentBenchmarksStayApart() throws {
        let merged = try RunMerge.merge([
            run("p1", warnings: ["skipped nms/reference/n=100: no detections.npy"]),
            run("p2", warnings: ["skipped nms/reference/n=1000: no detections.npy"]),
        ])
        XCTAssertEqual(merged.warnings.count, 2, "\(merged.warnings)")
    }

    func testAReadingBeforePunctuationIsStillAReading() {
        XCTAssertEqual(MergedWarnings.shape("load 5.76, on 2 cores; 120: x"), "load #, on # cores; #: x")
        XCTAssertEqual(MergedWarnings.shape("id 256x192 and n=100 and -3"), "id 256x192 and n=100 and #")
    }
}

private extension RunResults {
    func withRunID(_ id: String) -> RunResults {
        var run = self
        run.runID = id
        run.benchmarks = run.benchmarks.map { var result = $0; result.samplesNanoseconds = result.samplesNanoseconds.map { $0 + 1 }; return result }
        return run
    }
}
