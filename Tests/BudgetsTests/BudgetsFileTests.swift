import Budgets
import Foundation
import XCTest

final class BudgetsFileTests: XCTestCase {
    private let known: Set<String> = ["colormap/optimized/256x192", "colormap/reference/256x192", "frame-loop/photo/drop"]

    private func yaml(_ entry: String) -> String {
        "version: 1\nbudgets:\n  - name: colormap-p95\n" + entry
    }

    private let validEntry = """
            hot-path: colormap
            workload: 256x192
            metric: time
            statistic: p95
            limit: 1
            unit: ms
            direction: max
            source: "000 Performance Targets"

        """.replacingOccurrences(of: "        ", with: "    ")

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try BudgetsFile.parse(text, path: "budgets.yaml", knownIDs: known)
            XCTFail("expected an error", file: file, line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testValidEntryDefaultsTheVariantToOptimized() throws {
        let budgets = try BudgetsFile.parse(yaml(validEntry), path: "budgets.yaml", knownIDs: known)
        XCTAssertEqual(budgets.count, 1)
        XCTAssertEqual(budgets[0].benchmarkID, "colormap/optimized/256x192")
        XCTAssertEqual(budgets[0].limit, 1)
        XCTAssertEqual(budgets[0].unit, .ms)
        XCTAssertEqual(budgets[0].rule, "p95 time < 1 ms")
    }

    func testRegressionThresholdsArePercentagesOfRegisteredBenchmarks() throws {
        let path = NSTemporaryDirectory() + "thresholds-\(UUID().uuidString).yaml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = yaml(validEntry) + "regression-thresholds:\n  colormap/optimized/256x192: 5\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try BudgetsFile.regressionThresholds(path: path, knownIDs: known), ["colormap/optimized/256x192": 0.05])
        XCTAssertEqual(try BudgetsFile.load(path: path, knownIDs: known).count, 1, "the budgets read as before")
        let typo = error(yaml(validEntry) + "regression-thresholds:\n  colormap/optimised/256x192: 5\n")
        XCTAssertTrue(typo.contains("regression-thresholds.colormap/optimised/256x192") && typo.contains("no registered benchmark"), typo)
        let zero = error(yaml(validEntry) + "regression-thresholds:\n  colormap/optimized/256x192: 0\n")
        XCTAssertTrue(zero.contains("(0, 100]"), zero)
    }

    func testACustomBudgetNamesItsMetricAndOnlyACustomBudgetMay() throws {
        let custom = validEntry.replacingOccurrences(of: "metric: time", with: "metric: custom\n    custom-metric: boxes-kept")
            .replacingOccurrences(of: "statistic: p95", with: "statistic: mean").replacingOccurrences(of: "unit: ms", with: "unit: value")
        let budgets = try BudgetsFile.parse(yaml(custom), path: "budgets.yaml", knownIDs: known)
        XCTAssertEqual(budgets.first?.customMetric, "boxes-kept")
        let unnamed = error(yaml(custom.replacingOccurrences(of: "\n    custom-metric: boxes-kept", with: "")))
        XCTAssertTrue(unnamed.contains("custom-metric"), unnamed)
        let misplaced = error(yaml(validEntry + "    custom-metric: boxes-kept\n"))
        XCTAssertTrue(misplaced.contains("applies to metric: custom only"), misplaced)
    }

    func testABudgetMayAskForMoreProcessesAndTheCountIsAWholeNumberInRange() throws {
        let budgets = try BudgetsFile.parse(yaml(validEntry + "    max-processes: 20\n"), path: "budgets.yaml", knownIDs: known)
        XCTAssertEqual(budgets.first?.maxProcesses, 20)
        XCTAssertNil(try BudgetsFile.parse(yaml(validEntry), path: "budgets.yaml", knownIDs: known).first?.maxProcesses,
                     "without the field the gate's own cap applies")
        for bad in ["0", "1.5", "many", "1001", "[3]"] {
            let message = error(yaml(validEntry + "    max-processes: \(bad)\n"))
            XCTAssertTrue(message.hasPrefix("budgets.yaml:12: max-processes: must be a whole number of processes from 1 to 1000"), message)
        }
    }

    func testMalformedYAMLNamesTheLine() {
        XCTAssertEqual(error("version: 1\nbudgets:\n  - name: [unclosed\n"), "budgets.yaml:4: malformed YAML: did not find expected ',' or ']'")
    }

    /// A key given twice used to be Yams's message with the whole document after it, its newlines escaped.
    func testAKeyGivenTwiceIsNamedWithItsLineInOneLine() {
        XCTAssertEqual(error(yaml(validEntry + "    limit: 5\n")), "budgets.yaml:8: 'limit' given twice in one mapping (each key once)")
    }

    func testUnknownBenchmarkIDNamesTheLineAndTheKnownOnes() {
        let text = yaml(validEntry.replacingOccurrences(of: "workload: 256x192", with: "workload: 1920x1440"))
        XCTAssertEqual(error(text), "budgets.yaml:5: workload: unknown benchmark id 'colormap/optimized/1920x1440' "
                       + "(known: colormap/optimized/256x192, colormap/reference/256x192)", "the line of the part that is wrong")
        let variant = yaml(validEntry.replacingOccurrences(of: "workload: 256x192", with: "workload: 256x192\n    variant: optimised"))
        XCTAssertTrue(error(variant).hasPrefix("budgets.yaml:6: variant: unknown benchmark id 'colormap/optimised/256x192'"), error(variant))
        let other = yaml(validEntry.replacingOccurrences(of: "hot-path: colormap", with: "hot-path: colourmap"))
        XCTAssertTrue(error(other).hasSuffix("(no benchmark of hot path 'colourmap'; did you mean 'colormap'?)"), error(other))
        let far = yaml(validEntry.replacingOccurrences(of: "hot-path: colormap", with: "hot-path: sgemm"))
        XCTAssertTrue(error(far).hasSuffix("(no benchmark of hot path 'sgemm')"), "nothing close: no guess: \(error(far))")
    }

    func testZeroAndNegativeLimitsAreRejectedForTimes() {
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "limit: 1", with: "limit: 0"))),
                       "budgets.yaml:8: limit: must be positive (got 0) (0 is allowed only for allocations and custom metrics with direction: max, meaning exactly none)")
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "limit: 1", with: "limit: -2"))),
                       "budgets.yaml:8: limit: must be positive (got -2) (0 is allowed only for allocations and custom metrics with direction: max, meaning exactly none)")
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "limit: 1", with: "limit: fast"))),
                       "budgets.yaml:8: limit: must be a number (got 'fast')")
        for infinite in ["1e400", ".inf", "nan"] {
            XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "limit: 1", with: "limit: \(infinite)"))),
                           "budgets.yaml:8: limit: must be a finite number (got '\(infinite)')", "a number, not a finite one")
        }
        // YAML 1.1 reads `1:30` as 90 and Swift's Double `0x10` as 16: not the limit the author wrote.
        for odd in ["1:30", "0x10"] {
            XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "limit: 1", with: "limit: \(odd)"))),
                           "budgets.yaml:8: limit: must be a decimal number such as 2 or 0.5 (got '\(odd)')")
        }
        XCTAssertNoThrow(try BudgetsFile.parse(yaml(validEntry.replacingOccurrences(of: "limit: 1", with: "limit: 2.5e-1")), path: "budgets.yaml", knownIDs: known))
    }

    func testZeroLimitIsAllowedForAllocations() throws {
        let entry = validEntry.replacingOccurrences(of: "metric: time", with: "metric: allocations")
            .replacingOccurrences(of: "statistic: p95", with: "statistic: mean")
            .replacingOccurrences(of: "limit: 1", with: "limit: 0").replacingOccurrences(of: "unit: ms", with: "unit: count")
        let budgets = try BudgetsFile.parse(yaml(entry), path: "budgets.yaml", knownIDs: known)
        XCTAssertEqual(budgets[0].rule, "mean allocations ≤ 0 count")
    }

    func testUnknownVocabularyIsNamedWithTheAllowedValues() {
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "statistic: p95", with: "statistic: p97"))),
                       "budgets.yaml:7: statistic: 'p97' is not a statistic of time (use p50, median, p90, p95, p99, p99.9, max, mean, min)")
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "metric: time", with: "metric: speed"))),
                       "budgets.yaml:6: metric: unknown metric 'speed' (known: time, allocations, frame-time, fps-share, peak-memory, drift, custom)")
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "unit: ms", with: "unit: MB"))),
                       "budgets.yaml:9: unit: 'MB' is not a unit of time (use ns, us, µs, ms, s)")
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "unit: ms", with: "unit: msec"))),
                       "budgets.yaml:9: unit: 'msec' is not a unit of time (use ns, us, µs, ms, s)", "only the metric's units")
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "direction: max", with: "direction: up"))),
                       "budgets.yaml:10: direction: unknown direction 'up' (known: max, min)")
    }

    func testAGreekMuReadsAsMicroseconds() throws {
        // U+03BC and the micro sign U+00B5 look the same: a file typed with either means microseconds.
        let entry = validEntry.replacingOccurrences(of: "unit: ms", with: "unit: \u{03BC}s")
        let budgets = try BudgetsFile.parse(yaml(entry), path: "budgets.yaml", knownIDs: known)
        XCTAssertEqual(budgets[0].unit, .µs)
    }

    func testZeroLimitIsAllowedForCustomMetricsWithMax() throws {
        let entry = validEntry.replacingOccurrences(of: "metric: time", with: "metric: custom\n    custom-metric: dropped")
            .replacingOccurrences(of: "statistic: p95", with: "statistic: mean")
            .replacingOccurrences(of: "limit: 1", with: "limit: 0").replacingOccurrences(of: "unit: ms", with: "unit: count")
        XCTAssertEqual(try BudgetsFile.parse(yaml(entry), path: "budgets.yaml", knownIDs: known)[0].limit, 0)
    }

    func testMissingUnitIsAnErrorNeverASilentPass() {
        XCTAssertEqual(error(yaml(validEntry.replacingOccurrences(of: "    unit: ms\n", with: ""))),
                       "budgets.yaml:3: unit: missing")
    }

    func testMisspeltFieldIsRejected() {
        XCTAssertTrue(error(yaml(validEntry.replacingOccurrences(of: "direction:", with: "dirction:"))).hasPrefix("budgets.yaml:10: dirction: unknown field"))
    }

    func testDuplicateNamesAndWrongVersionAreRejected() {
        let twice = yaml(validEntry) + "  - name: colormap-p95\n" + validEntry
        XCTAssertEqual(error(twice), "budgets.yaml:12: name: duplicate budget name 'colormap-p95'")
        XCTAssertEqual(error("version: 2\nbudgets: []\n"), "budgets.yaml:1: version: unsupported version '2' (this framebudget reads 1)")
        XCTAssertEqual(error(""), "budgets.yaml: empty file (expected 'version: 1' and 'budgets:')")
    }

    /// A frame-loop metric on a kernel benchmark can never be read: refused when loading, not MISSING at the end.
    func testAFrameLoopMetricOnABenchmarkThatIsNoFrameLoopIsRefused() throws {
        let frameTime = validEntry.replacingOccurrences(of: "metric: time", with: "metric: frame-time")
        let text = yaml(frameTime)
        do {
            _ = try BudgetsFile.parse(text, path: "budgets.yaml", knownIDs: known, frameLoopIDs: ["frame-loop/photo/drop"])
            XCTFail("a frame-time budget on a kernel benchmark loaded")
        } catch {
            XCTAssertEqual("\(error)", "budgets.yaml:6: metric: frame-time is measured on frame-loop benchmarks only, "
                           + "and colormap/optimized/256x192 is not one (use time, allocations, peak-memory or custom)")
        }
        let onAFrameLoop = frameTime.replacingOccurrences(of: "hot-path: colormap", with: "hot-path: frame-loop")
            .replacingOccurrences(of: "workload: 256x192", with: "workload: drop").replacingOccurrences(of: "    hot-path", with: "    variant: photo\n    hot-path")
        let budgets = try BudgetsFile.parse(yaml(onAFrameLoop), path: "budgets.yaml", knownIDs: known, frameLoopIDs: ["frame-loop/photo/drop"])
        XCTAssertEqual(budgets.first?.benchmarkID, "frame-loop/photo/drop")
    }

    func testAShareOfFramesOverAHundredPercentIsRefused() throws {
        let share = validEntry.replacingOccurrences(of: "metric: time", with: "metric: fps-share")
            .replacingOccurrences(of: "statistic: p95", with: "statistic: mean").replacingOccurrences(of: "direction: max", with: "direction: min")
        XCTAssertEqual(error(yaml(share.replacingOccurrences(of: "limit: 1", with: "limit: 150").replacingOccurrences(of: "unit: ms", with: "unit: percent"))),
                       "budgets.yaml:8: limit: a share of frames is at most 100 percent (got 150)")
        XCTAssertEqual(error(yaml(share.replacingOccurrences(of: "limit: 1", with: "limit: 1.5").replacingOccurrences(of: "unit: ms", with: "unit: ratio"))),
                       "budgets.yaml:8: limit: a share of frames is at most 1 ratio (got 1.5)")
        let whole = try BudgetsFile.parse(yaml(share.replacingOccurrences(of: "limit: 1", with: "limit: 100").replacingOccurrences(of: "unit: ms", with: "unit: percent")),
                                          path: "budgets.yaml", knownIDs: known)
        XCTAssertEqual(whole.first?.limit, 100)
    }

    func testUnreadableFileIsOneLine() {
        XCTAssertThrowsError(try BudgetsFile.load(path: "/nonexistent/budgets.yaml", knownIDs: nil)) { error in
            XCTAssertTrue("\(error)".hasPrefix("/nonexistent/budgets.yaml: cannot read:"), "\(error)")
        }
    }
}
