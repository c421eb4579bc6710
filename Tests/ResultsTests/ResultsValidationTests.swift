import Foundation
import Results
import XCTest

/// What the loader refuses although it decodes: one line naming the file, the field and the problem. The committed
/// examples and real runs load as before (ResultsExamplesTests, ResultsFileTests).
final class ResultsValidationTests: XCTestCase {
    private static let example = RealRun.repositoryRoot + "/Schemas/examples/results-complete.json"

    /// The complete example with `edit` applied to its JSON, decoded; returns the error's one line.
    private func refusal(_ edit: (inout [String: Any]) -> Void, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        edit(&json)
        let data = try JSONSerialization.data(withJSONObject: json)
        do {
            _ = try ResultsFile.decode(data, path: "results.json")
            XCTFail("accepted", file: file, line: line)
            return ""
        } catch {
            XCTAssertFalse("\(error)".contains("\n"), "one line", file: file, line: line)
            return "\(error)"
        }
    }

    /// Applies `edit` to benchmark `index` of the document.
    /// An edit setting `key` of benchmark `index`'s statistics to `value`.
    private func statistic(_ key: String, of index: Int, _ value: Any) -> (inout [String: Any]) -> Void {
        benchmark(index) { result in
            var statistics = result["statistics"] as! [String: Any]
            statistics[key] = value
            result["statistics"] = statistics
        }
    }

    private func benchmark(_ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        { json in
            var benchmarks = json["benchmarks"] as! [[String: Any]]
            edit(&benchmarks[index])
            json["benchmarks"] = benchmarks
        }
    }

    /// Replicates for benchmark 0 (20 samples) as (runID, firstSample, sampleCount).
    private func replicates(_ shares: [(String, Int, Int)]) -> (inout [String: Any]) -> Void {
        benchmark(0) { $0["replicates"] = shares.map { ["runID": $0.0, "firstSample": $0.1, "sampleCount": $0.2, "counters": []] } }
    }

    func testANegativeReplicateSampleCountIsNamedWithItsField() throws {
        XCTAssertEqual(try refusal(replicates([("r1", 0, 20), ("r2", 20, -5)])),
                       "results.json: benchmarks[0].replicates[1].sampleCount: -5 is negative")
        XCTAssertEqual(try refusal(replicates([("r1", 0, -5)])), "results.json: benchmarks[0].replicates[0].sampleCount: -5 is negative")
    }

    /// A steal is a share of the CPUs' time: beyond 0...1 the file was written by something else.
    func testAHostStealOutsideZeroToOneIsNamedWithItsField() throws {
        XCTAssertEqual(try refusal(benchmark(0) { $0["hostSteal"] = 1.5 }), "results.json: benchmarks[0].hostSteal: 1.5 is outside 0...1")
        XCTAssertEqual(try refusal { $0["hostSteal"] = -0.1 }, "results.json: hostSteal: -0.1 is outside 0...1")
        XCTAssertEqual(try refusal(benchmark(0) {
            $0["replicates"] = [["runID": "r1", "firstSample": 0, "sampleCount": 20, "counters": [], "hostSteal": 2]]
        }), "results.json: benchmarks[0].replicates[0].hostSteal: 2.0 is outside 0...1")
    }

    /// A nightly's paired change: a verdict the reports do not know showed no regression (`REGRESSED` in capitals
    /// read as none), so it is refused, as are bounds out of order and a level outside (0, 1).
    func testAPairedChangeHoldsKnownVerdictsAndOrderedBoundsAtALevel() throws {
        func paired(_ entry: [String: Any]) -> (inout [String: Any]) -> Void {
            { $0["pairedChange"] = ["baseline": "abc", "benchmarks": [["id": "a/b/c", "relativeChange": 0.01, "pairs": 3,
                                                                        "verdict": "unchanged"].merging(entry) { $1 }]] }
        }
        XCTAssertEqual(try refusal(paired(["verdict": "REGRESSED"])), "results.json: pairedChange.benchmarks[0].verdict: "
                       + "'REGRESSED' is none of 'regressed', 'improved', 'unchanged', 'inconclusive'")
        XCTAssertEqual(try refusal(paired(["lower": 0.02, "upper": 0.01])), "results.json: pairedChange.benchmarks[0].lower: 0.02 is above upper (0.01)")
        XCTAssertEqual(try refusal(paired(["lower": 0.02])), "results.json: pairedChange.benchmarks[0].upper: is absent while its other bound is given")
        XCTAssertEqual(try refusal(paired(["level": 1.0])), "results.json: pairedChange.benchmarks[0].level: 1.0 is outside (0, 1)")
        XCTAssertEqual(try refusal(paired(["pairs": -1])), "results.json: pairedChange.benchmarks[0].pairs: -1 is negative")
    }

    func testANegativeFirstSampleIsRefused() throws {
        XCTAssertEqual(try refusal(replicates([("r1", -1, 20)])), "results.json: benchmarks[0].replicates[0].firstSample: -1 is negative")
    }

    func testAReplicateRunningPastTheSamplesIsRefusedWithoutOverflow() throws {
        XCTAssertEqual(try refusal(replicates([("r1", 0, 10), ("r2", 10, Int.max)])),
                       "results.json: benchmarks[0].replicates[1].sampleCount: \(Int.max) from sample 10 runs past the 20 samples")
        XCTAssertEqual(try refusal(replicates([("r1", Int.max, 20)])),
                       "results.json: benchmarks[0].replicates[0].firstSample: \(Int.max) is not 0: the first replicate starts at the first sample")
    }

    func testReplicatesMustCoverEverySampleOnce() throws {
        XCTAssertEqual(try refusal(replicates([("r1", 0, 10), ("r2", 5, 15)])),
                       "results.json: benchmarks[0].replicates[1].firstSample: 5 is not 10, where replicates[0] ends")
        XCTAssertEqual(try refusal(replicates([("r1", 0, 10), ("r2", 10, 5)])),
                       "results.json: benchmarks[0].replicates: cover 15 of the 20 samples: every sample belongs to one replicate")
        XCTAssertEqual(try refusal(replicates([("r1", 0, 0), ("r2", 0, 20)])),
                       "results.json: benchmarks[0].replicates[0].sampleCount: is 0: a replicate has at least one sample")
        XCTAssertEqual(try refusal(replicates([])),
                       "results.json: benchmarks[0].replicates: is empty: a merged result has at least one replicate (leave the field out for a single run)")
    }

    func testAProcessRunCountsOnceAmongAResultsReplicates() throws {
        XCTAssertEqual(try refusal(replicates([("q1", 0, 10), ("q1", 10, 10)])),
                       "results.json: benchmarks[0].replicates[1].runID: 'q1' repeats replicates[0]: a process run counts once")
    }

    func testABenchmarkIDAppearsOnce() throws {
        let error = try refusal { json in
            var benchmarks = json["benchmarks"] as! [[String: Any]]
            benchmarks.append(benchmarks[0])
            json["benchmarks"] = benchmarks
        }
        XCTAssertEqual(error, "results.json: benchmarks[2].id: 'colormap/optimized/256x192' repeats benchmarks[0]: each benchmark appears once in a run")
    }

    func testABenchmarkHasSamples() throws {
        XCTAssertEqual(try refusal(benchmark(0) { $0["samplesNanoseconds"] = [Double]() }),
                       "results.json: benchmarks[0].samplesNanoseconds: is empty: a benchmark has at least one sample")
    }

    /// The gate reads the summary, not the samples: a p95 far above the max used to PASS on its interval, and a
    /// negative median went into the history and the exports (found by a bad-input audit).
    func testTheSummaryOfTimesIsInOrderAndItsIntervalsBetweenMinAndMax() throws {
        func statistics(_ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
            benchmark(0) { result in
                var summary = result["statistics"] as! [String: Any]
                edit(&summary)
                result["statistics"] = summary
            }
        }
        func interval(_ key: String, lower: Double? = nil, upper: Double? = nil) -> (inout [String: Any]) -> Void {
            statistics { summary in
                var intervals = summary["intervals"] as! [String: Any]
                var bounds = intervals[key] as! [String: Any]
                if let lower { bounds["lower"] = lower }
                if let upper { bounds["upper"] = upper }
                intervals[key] = bounds
                summary["intervals"] = intervals
            }
        }
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        let first = (summary["benchmarks"] as! [[String: Any]])[0]["statistics"] as! [String: Any]
        let max = first["max"] as! Double, min = first["min"] as! Double

        XCTAssertEqual(try refusal(statistics { $0["p95"] = max * 5 }),
                       "results.json: benchmarks[0].statistics.p95: \(max * 5) is above the max (\(max))")
        XCTAssertEqual(try refusal(statistics { $0["median"] = -1.0 }),
                       "results.json: benchmarks[0].statistics.median: -1.0 is below the min (\(min))")
        XCTAssertEqual(try refusal(statistics { $0["min"] = -1.0 }), "results.json: benchmarks[0].statistics.min: -1.0 is negative")
        XCTAssertTrue(try refusal(statistics { $0["p99"] = min }).hasPrefix("results.json: benchmarks[0].statistics.p99: \(min) is below the p95 ("))
        XCTAssertEqual(try refusal(interval("p95", lower: max * 1.5, upper: max)),
                       "results.json: benchmarks[0].statistics.intervals.p95.upper: \(max) is below its lower bound (\(max * 1.5))")
        XCTAssertEqual(try refusal(interval("p95", upper: max * 2)),
                       "results.json: benchmarks[0].statistics.intervals.p95.upper: \(max * 2) is above the max (\(max))")
    }

    /// Foundation on Linux reports these as "corrupted at top level: The given data was not valid JSON" with no
    /// field: the field is found again (JSONFieldLocator).
    func testANumberThatDoesNotFitItsFieldOrADateThatIsNoneIsNamedWithItsField() throws {
        XCTAssertEqual(try refusal(benchmark(0) { $0["iterationsPerSample"] = 2.5 }),
                       "results.json: not a FrameBudget results file: benchmarks[0].iterationsPerSample: 2.5 is not a whole number")
        XCTAssertEqual(try refusal(benchmark(1) { $0["threads"] = 1e30 }),
                       "results.json: not a FrameBudget results file: benchmarks[1].threads: 1e+30 is out of the range of this field "
                       + "(-9223372036854775808…9223372036854775807)")
        XCTAssertEqual(try refusal { $0["startedAt"] = "yesterday" },
                       "results.json: not a FrameBudget results file: startedAt: 'yesterday' is not an ISO 8601 date and time "
                       + "(e.g. 2026-12-06T12:00:00Z)")
    }

    /// Valid JSON numbers no field holds (Python reads them; Foundation's decoder refuses them naming no field):
    /// named with their field, and a schema version that is no whole number is not "missing".
    func testNumbersPastTheRangeOfTheirFieldAreNamedWithIt() throws {
        let text = try String(contentsOfFile: Self.example, encoding: .utf8)
        func refusal(_ old: String, _ new: String) -> String {
            let range = text.range(of: old)!
            do {
                _ = try ResultsFile.decode(Data(text.replacingCharacters(in: range, with: new).utf8), path: "results.json")
                return "accepted"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(refusal("\"threads\" : 1", "\"threads\" : 9223372036854775808"),
                       "results.json: not a FrameBudget results file: benchmarks[0].threads: 9223372036854775808 is out of the range "
                       + "of this field (-9223372036854775808…9223372036854775807)")
        let line = text[..<text.range(of: "\"warmupNanoseconds\" : 20000000")!.lowerBound].filter { $0 == "\n" }.count + 1
        let refused = refusal("\"warmupNanoseconds\" : 20000000", "\"warmupNanoseconds\" : -1e999")
        XCTAssertTrue(refused.hasPrefix("results.json: not a FrameBudget results file: the number -1e999 at line \(line), column "), refused)
        XCTAssertTrue(refused.hasSuffix(" is out of the range of any field (no double or integer holds it)"), refused)
        XCTAssertEqual(refusal("\"schemaVersion\" : 1", "\"schemaVersion\" : 1.5"),
                       "results.json: not a FrameBudget results file: schemaVersion: 1.5 is not a whole number")
    }

    func testAByteThatIsNotUTF8IsNamedWithItsOffset() throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: Self.example))
        let quote = try XCTUnwrap(data.firstRange(of: Data("\"runID\" : \"".utf8)) ?? data.firstRange(of: Data("\"runID\": \"".utf8)))
        data[quote.upperBound] = 0xFF
        XCTAssertThrowsError(try ResultsFile.decode(data, path: "results.json")) {
            XCTAssertEqual("\($0)", "results.json: not a FrameBudget results file: not UTF-8 text: the byte at offset "
                           + "\(quote.upperBound) is not UTF-8")
        }
    }

    func testSamplesAreFiniteAndNotNegative() throws {
        func withSample(_ value: Any) -> (inout [String: Any]) -> Void {
            benchmark(0) { result in
                var samples = result["samplesNanoseconds"] as! [Any]
                samples[3] = value
                result["samplesNanoseconds"] = samples
            }
        }
        XCTAssertEqual(try refusal(withSample("NaN")), "results.json: benchmarks[0].samplesNanoseconds[3]: nan is not a finite number")
        XCTAssertEqual(try refusal(withSample("Infinity")), "results.json: benchmarks[0].samplesNanoseconds[3]: inf is not a finite number")
        XCTAssertEqual(try refusal(withSample(-2.5)), "results.json: benchmarks[0].samplesNanoseconds[3]: -2.5 is negative")
    }

    /// The gate reads the summary, compare and merge the samples: a file in which they disagree tells two stories.
    func testASummaryThatIsNotOfItsSamplesIsRefusedNamingTheFigure() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        let statistics = (json["benchmarks"] as! [[String: Any]])[0]["statistics"] as! [String: Any]
        let (p90, p95, p99) = (statistics["p90"] as! Double, statistics["p95"] as! Double, statistics["p99"] as! Double)
        json = [:]
        // Still between its neighbours, so only the samples can tell.
        let moved = (p90 + p95) / 2
        XCTAssertLessThan(p90, moved)
        XCTAssertLessThan(moved, p99)
        let message = try refusal(benchmark(0) { result in
            var edited = result["statistics"] as! [String: Any]
            edited["p95"] = moved
            result["statistics"] = edited
        })
        XCTAssertTrue(message.hasPrefix("results.json: benchmarks[0].statistics.p95: \(moved) is not the p95 of samplesNanoseconds ("), message)
        XCTAssertTrue(message.hasSuffix("): the summary is not of these samples"), message)
        XCTAssertTrue(message.contains("(\(String(p95).prefix(8))"), "the samples' own p95, \(p95), up to rounding: \(message)")
        // A sample made slower than the max: the summary's max is no longer the samples'.
        XCTAssertTrue(try refusal(benchmark(0) { result in
            var samples = result["samplesNanoseconds"] as! [Double]
            samples[0] = (statistics["max"] as! Double) * 2
            result["samplesNanoseconds"] = samples
        }).hasPrefix("results.json: benchmarks[0].statistics.max: "))
    }

    func testSamplesAndCountersStayWhereSumsOverRunsAreFinite() throws {
        // Found by make fuzz: samples of 1e308 loaded, and merging the run with another made a pooled mean of NaN that
        // no reader would load again; counters alike, averaged over runs.
        XCTAssertEqual(try refusal(benchmark(0) { result in
            var samples = result["samplesNanoseconds"] as! [Double]
            samples[2] = 1e19
            result["samplesNanoseconds"] = samples
        }), "results.json: benchmarks[0].samplesNanoseconds[2]: 1e+19 is more than 1e+18, beyond any measurement")
        XCTAssertEqual(try refusal(benchmark(0) { result in
            result["counters"] = [["name": "PAPI_TOT_INS", "perIteration": -1e300, "source": "papi-hw"]]
        }), "results.json: benchmarks[0].counters[0].perIteration: -1e+300 is more than 1e+18 in size, beyond any measurement")
    }

    /// A complete run that names an interrupting signal contradicts itself: a gate read it as its own interruption
    /// and exited 130 in silence.
    func testACompleteRunInterruptedByASignalIsAContradiction() throws {
        XCTAssertEqual(try refusal { run in
            run["complete"] = true
            run["interruptingSignal"] = "SIGINT"
        }, "results.json: interruptingSignal: SIGINT interrupted a run that says it is complete (complete: true)")
    }

    /// A key twice in one object: Foundation's decoder kept the first `"complete"`, Python's `json` the last, so the
    /// tool and Schemas/validate.py judged two different runs. Refused, naming the field and the line of its second
    /// use, at any depth and however the key is spelled (`\u0063omplete` is `complete`).
    func testAKeyTwiceInOneObjectIsRefusedWhereverItIs() throws {
        let text = try String(contentsOfFile: Self.example, encoding: .utf8)
        func refusal(_ edited: String) -> String {
            do {
                _ = try ResultsFile.decode(Data(edited.utf8), path: "results.json")
                return "accepted"
            } catch { return "\(error)" }
        }
        let top = try XCTUnwrap(text.range(of: "\"complete\""))
        let twice = text.replacingCharacters(in: top, with: "\"complete\": false, \"complete\"")
        XCTAssertTrue(refusal(twice).hasPrefix("results.json: complete: appears twice in one object (again on line "), refusal(twice))
        let spelled = text.replacingCharacters(in: top, with: "\"complete\": false, \"\\u0063omplete\"")
        XCTAssertTrue(refusal(spelled).hasPrefix("results.json: complete: appears twice"), refusal(spelled))
        let median = try XCTUnwrap(text.range(of: "\"median\""))
        let nested = text.replacingCharacters(in: median, with: "\"median\": 1, \"median\"")
        XCTAssertTrue(refusal(nested).contains(": appears twice in one object"), refusal(nested))
        XCTAssertTrue(refusal(nested).hasPrefix("results.json: benchmarks[0]."), refusal(nested))
        XCTAssertNoThrow(try ResultsFile.decode(Data(text.utf8), path: "results.json"), "the example itself has none")
        // Foundation's decoder reads UTF-16 too: its keys are scanned as text, not as bytes. U+5C00 is `00 5C`, which
        // read as a backslash lost the scanner its strings (an index out of range, found by hand after make fuzz).
        let utf16 = try XCTUnwrap(twice.data(using: .utf16LittleEndian))
        XCTAssertThrowsError(try ResultsFile.decode(utf16, path: "results.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("results.json: complete: appears twice"), "\(error)")
        }
        let hostile = try XCTUnwrap(#"{"schemaVersion":1,"x":"\#u{5C00}","y":"]],"}"#.data(using: .utf16LittleEndian))
        XCTAssertThrowsError(try ResultsFile.decode(hostile, path: "results.json"), "refused, not a trap")
    }

    func testTheIDIsItsHotPathVariantAndWorkload() throws {
        XCTAssertEqual(try refusal(benchmark(0) { $0["variant"] = "reference" }),
                       "results.json: benchmarks[0].id: 'colormap/optimized/256x192' is not its hotPath/variant/workload ('colormap/reference/256x192')")
        XCTAssertEqual(try refusal(benchmark(0) { result in
            result["hotPath"] = "colormap/optimized"
            result["variant"] = "256x192"
            result["workload"] = "x"
            result["id"] = "colormap/optimized/256x192/x"
        }), "results.json: benchmarks[0].hotPath: 'colormap/optimized' holds a '/' (ids are hot-path/variant/workload)")
        // A workload with a '/' (what the schema's id pattern refuses) was accepted: ids then split wrong everywhere.
        XCTAssertEqual(try refusal(benchmark(0) { result in
            result["workload"] = "256x192/</script>"
            result["id"] = "colormap/optimized/256x192/</script>"
        }), "results.json: benchmarks[0].workload: '256x192/</script>' holds a '/' (ids are hot-path/variant/workload)")
    }

    func testTheStatisticsCountTheSamplesTheySummarize() throws {
        XCTAssertEqual(try refusal(statistic("count", of: 0, 19)),
                       "results.json: benchmarks[0].statistics.count: 19 is not the 20 samples it summarizes")
    }

    func testOutlierCountsFitInTheSample() throws {
        // Int.max + 1 would trap where the counts are added up (OutlierClassification.total).
        XCTAssertEqual(try refusal(benchmark(0) { result in
            var statistics = result["statistics"] as! [String: Any]
            var outliers = statistics["outliers"] as! [String: Any]
            outliers["lowSevere"] = Int.max
            outliers["lowMild"] = 1
            statistics["outliers"] = outliers
            result["statistics"] = statistics
        }), "results.json: benchmarks[0].statistics.outliers.lowSevere: \(Int.max) outliers more than the 20 values hold")
    }

    func testAnUnavailableCounterHasNoValue() throws {
        XCTAssertEqual(try refusal(benchmark(0) { result in
            result["counters"] = [["name": "PAPI_TOT_CYC", "perIteration": 0, "source": "unavailable", "note": "no PMU"]]
        }), "results.json: benchmarks[0].counters[0].perIteration: an unavailable counter has no value (its note says why)")
    }

    func testFrameLoopCountsAreNotNegative() throws {
        XCTAssertEqual(try refusal(benchmark(1) { result in
            var loop = result["frameLoop"] as! [String: Any]
            loop["framesDropped"] = -1
            result["frameLoop"] = loop
        }), "results.json: benchmarks[1].frameLoop.framesDropped: -1 is negative")
    }

    /// The dropped frames' indexes place each processed frame: one per dropped frame, increasing, offered.
    func testDroppedFrameIndexesAreOnePerDropIncreasingAndOffered() throws {
        func refusalWith(_ dropped: [Int], droppedCount: Int) throws -> String? {
            try refusal(benchmark(1) { result in
                var loop = result["frameLoop"] as! [String: Any]
                loop["droppedFrames"] = dropped
                loop["framesDropped"] = droppedCount
                result["frameLoop"] = loop
            })
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        let offered = ((json["benchmarks"] as! [[String: Any]])[1]["frameLoop"] as! [String: Any])["framesOffered"] as! Int
        XCTAssertEqual(try refusalWith([1, 2], droppedCount: 1),
                       "results.json: benchmarks[1].frameLoop.droppedFrames: 2 indexes for 1 dropped frames (framesDropped)")
        XCTAssertEqual(try refusalWith([2, 1], droppedCount: 2),
                       "results.json: benchmarks[1].frameLoop.droppedFrames[1]: 1 is not an offered frame after 2 (0..<\(offered), increasing)")
        XCTAssertEqual(try refusalWith([offered], droppedCount: 1),
                       "results.json: benchmarks[1].frameLoop.droppedFrames[0]: \(offered) is not an offered frame after -1 (0..<\(offered), increasing)")
    }

    /// A loop that dropped frames has a trial per offered frame after the first (a drop is not on rate): a run with
    /// drops wrote 299 effective intervals for 300 offered and 86 processed frames, and `report`, `compare` and
    /// `history` refused the file the run had just written ("more than the 85 intervals between processed frames").
    func testAShareOverOfferedFramesWithDropsLoads() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        benchmark(1) { result in
            var loop = result["frameLoop"] as! [String: Any]
            XCTAssertEqual(loop["framesOffered"] as? Int, 120)
            XCTAssertEqual(loop["framesProcessed"] as? Int, 6)
            loop["shareEffectiveIntervals"] = 119
            result["frameLoop"] = loop
        }(&json)
        XCTAssertNoThrow(try ResultsFile.decode(JSONSerialization.data(withJSONObject: json), path: "results.json"))
        XCTAssertEqual(try refusal(benchmark(1) { result in
            var loop = result["frameLoop"] as! [String: Any]
            loop["shareEffectiveIntervals"] = 120
            result["frameLoop"] = loop
        }), "results.json: benchmarks[1].frameLoop.shareEffectiveIntervals: 120.0 is more than the 119 frames offered after the first")
    }

    /// A negative spread or rate, or a run that finished before it started, loaded and was reported and recorded.
    func testImpossibleSpreadsRatesAndTimesAreRefused() throws {
        XCTAssertEqual(try refusal(statistic("coefficientOfVariation", of: 0, -1)),
                       "results.json: benchmarks[0].statistics.coefficientOfVariation: -1.0 is negative")
        XCTAssertEqual(try refusal(benchmark(0) { result in
            var throughput = result["throughput"] as? [String: Any] ?? ["bytesPerIteration": 1]
            throughput["gigabytesPerSecond"] = -1
            result["throughput"] = throughput
        }), "results.json: benchmarks[0].throughput.gigabytesPerSecond: -1.0 is negative")
        XCTAssertEqual(try refusal { json in
            json["startedAt"] = "2026-12-07T10:00:00Z"
            json["finishedAt"] = "2026-12-07T09:59:00Z"
        }, "results.json: finishedAt: 2026-12-07T09:59:00Z is before startedAt 2026-12-07T10:00:00Z")
    }

    func testCountedAllocationsAreCountedOverAtLeastOneIteration() throws {
        XCTAssertEqual(try refusal(benchmark(0) { result in
            result["allocations"] = ["perIteration": 0, "bytesPerIteration": 0, "iterations": 0, "counted": true]
        }), "results.json: benchmarks[0].allocations.iterations: 0 is less than 1")
    }

    /// An interrupted run keeps its results; a benchmark whose allocation pass the stop skipped says so (0 iterations,
    /// not counted) and still loads, so the history can record the run.
    func testAnAllocationPassSkippedByAStopLoads() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        benchmark(0) { $0["allocations"] = ["perIteration": 0, "bytesPerIteration": 0, "iterations": 0, "counted": false] }(&json)
        let run = try ResultsFile.decode(JSONSerialization.data(withJSONObject: json), path: "results.json")
        XCTAssertEqual(run.benchmarks[0].allocations.notCountedReason, "the run was stopped before its allocation pass")
        XCTAssertEqual(try refusal(benchmark(0) { result in
            result["allocations"] = ["perIteration": 0, "bytesPerIteration": 0, "iterations": -1, "counted": false]
        }), "results.json: benchmarks[0].allocations.iterations: -1 is negative")
    }

    func testAnEmptyRunIDIsRefused() throws {
        XCTAssertEqual(try refusal { $0["runID"] = "" }, "results.json: runID: is empty")
    }

    func testAValidMergedResultLoads() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.example))) as! [String: Any]
        replicates([("r1", 0, 12), ("r2", 12, 8)])(&json)
        let run = try ResultsFile.decode(JSONSerialization.data(withJSONObject: json), path: "results.json")
        XCTAssertEqual(run.samplesByReplicate("colormap/optimized/256x192").map(\.count), [12, 8])
    }
}
