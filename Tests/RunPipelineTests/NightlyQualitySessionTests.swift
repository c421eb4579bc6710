import Budgets
import Foundation
import Reports
import Results
import RunFixtures
import RunPipeline
import XCTest

/// nightly-quality's procedure with a launcher that writes each gate's verdicts.json as the gate's own exporter does
/// (no process, no measuring): the alternation, the counting per build, the files, interruption and bad input.
final class NightlyQualitySessionTests: XCTestCase {
    private var folder = ""
    private let watch = "colormap-1920x1440-p95"

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "nightly-quality-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A gate that, instead of measuring, writes the verdicts `script` gives for (executable, run id), or none.
    private final class FakeGate: GateRunLauncher {
        struct Call: Equatable { var executable, reports, runID: String; var arguments: [String] }
        var calls: [Call] = []
        let script: (_ executable: String, _ runID: String) -> (status: Int32, verdicts: [String: VerdictOutcome]?)

        init(_ script: @escaping (String, String) -> (status: Int32, verdicts: [String: VerdictOutcome]?)) { self.script = script }

        func gate(_ executable: String, reports: String, runID: String, arguments: [String]) throws -> Int32 {
            calls.append(Call(executable: executable, reports: reports, runID: runID, arguments: arguments))
            let (status, verdicts) = script(executable, runID)
            if let verdicts {
                try FileManager.default.createDirectory(atPath: "\(reports)/\(runID)", withIntermediateDirectories: true)
                let input = ReportInput(run: Fixture.run(runID, []), verdicts: verdicts.sorted { $0.key < $1.key }.map(Self.verdict))
                try VerdictsExporter().render(input).write(to: URL(fileURLWithPath: "\(reports)/\(runID)/verdicts.json"))
            }
            return status
        }

        static func verdict(_ name: String, _ outcome: VerdictOutcome) -> BudgetVerdict {
            BudgetVerdict(budget: Budget(name: name, hotPath: "colormap", workload: "1920x1440", metric: .time, statistic: .p95,
                                         limit: 2, unit: .ms, source: "test"),
                          outcome: outcome, measured: nil, interval: nil, headroomPercent: nil, warning: nil)
        }
    }

    private func session(rounds: Int, interrupted: @escaping () -> InterruptingSignal? = { nil }) -> NightlyQualitySession {
        NightlyQualitySession(unchanged: "/bin/true", slowed: "/bin/false", gateArguments: ["--max-processes", "3", "colormap/*"],
                              rounds: rounds, folder: folder, interrupted: interrupted)
    }

    private func quality() -> NightlyQuality { NightlyQuality(watch: watch, machine: "cpu, 2 cores", date: "2026-11-26") }

    func testTheBuildsAlternateWhichGoesFirstEveryRoundEachInItsOwnRunFolder() throws {
        let gate = FakeGate { _, _ in (0, [self.watch: .pass]) }
        _ = try session(rounds: 3).run(quality(), launcher: gate)
        XCTAssertEqual(gate.calls.map(\.runID), ["unchanged-1", "slowed-1", "slowed-2", "unchanged-2", "unchanged-3", "slowed-3"])
        XCTAssertEqual(gate.calls.map(\.executable), ["/bin/true", "/bin/false", "/bin/false", "/bin/true", "/bin/true", "/bin/false"])
        XCTAssertTrue(gate.calls.allSatisfy { $0.reports == folder && $0.arguments == ["--max-processes", "3", "colormap/*"] })
    }

    func testEachBuildsRunsAreCountedFromTheVerdictsFilesTheGatesWrote() throws {
        let gate = FakeGate { executable, runID in
            if executable == "/bin/true" {
                return (0, [self.watch: runID == "unchanged-2" ? .inconclusive : .pass, "other-p95": .pass])
            }
            if runID == "slowed-3" { return (4, nil) }  // stopped before writing reports
            return (1, [self.watch: runID == "slowed-2" ? .pass : .fail, "other-p95": runID == "slowed-2" ? .fail : .pass])
        }
        let (measured, signal) = try session(rounds: 3).run(quality(), launcher: gate)
        XCTAssertNil(signal)
        XCTAssertEqual(measured.runs.count, 6)
        let unchanged = measured.tally(.unchanged), slowed = measured.tally(.slowed)
        XCTAssertEqual([unchanged.runs, unchanged.runsWithFail, unchanged.exitOne], [3, 0, 0])
        XCTAssertEqual([unchanged.watchedFail, unchanged.watchedInconclusive, unchanged.watchedPass, unchanged.watchedMissing], [0, 1, 2, 0])
        XCTAssertEqual([slowed.runs, slowed.runsWithFail, slowed.exitOne], [3, 2, 2], "another budget's FAIL is a run with a FAIL too")
        XCTAssertEqual([slowed.watchedFail, slowed.watchedInconclusive, slowed.watchedPass, slowed.watchedMissing], [1, 0, 1, 1])
        XCTAssertEqual([slowed.withoutVerdicts, slowed.reported, slowed.red], [1, 2, 2])
        let markdown = try String(contentsOfFile: "\(folder)/summary.md", encoding: .utf8)
        XCTAssertTrue(markdown.contains("| unchanged | 3 | 0 | 0 | 0 | 0 | 0 | 1 | 2 | 0 |"), markdown)
        XCTAssertTrue(markdown.contains("| slowed | 3 | 1 | 2 | 2 | 2 | 1 | 0 | 1 | 1 |"), markdown)
        XCTAssertTrue(markdown.contains("slowed runs with \(watch) FAIL 1 of 2 [95%: 9.5–90.5%]; 1 gate run(s) wrote no verdicts: "
                                        + "left out of both rates"), markdown)
        XCTAssertTrue(markdown.contains("Machine: cpu, 2 cores. Date: 2026-11-26."), markdown)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/summary.json"))) as! [String: Any]
        XCTAssertEqual((json["builds"] as? [[String: Any]])?.map { $0["watchedFail"] as? Int }, [0, 1])
        XCTAssertEqual((json["runs"] as? [[String: Any]])?.count, 6)
        XCTAssertEqual(json["requestedRounds"] as? Int, 3)
    }

    /// Unchanged gates that went red only through MISSING or an exit ≠ 0, and gates that wrote no verdicts, were
    /// all counted as clean nights: "unchanged runs with any FAIL 0 of 4" while every night had failed somehow.
    func testRedUnchangedNightsCountWhateverTurnedThemRedAndSilentGatesLeaveTheDenominator() throws {
        let gate = FakeGate { executable, runID in
            guard executable == "/bin/true" else { return (1, [self.watch: .fail]) }
            switch runID {
            case "unchanged-1": return (70, nil)  // crashed before reporting
            case "unchanged-2": return (1, [self.watch: .pass, "other-p95": .missing])
            case "unchanged-3": return (4, [self.watch: .pass])
            default: return (0, [self.watch: .pass])
            }
        }
        var session = session(rounds: 4)
        session.load = { 1.25 }
        let (measured, _) = try session.run(quality(), launcher: gate)
        let unchanged = measured.tally(.unchanged)
        XCTAssertEqual([unchanged.runs, unchanged.withoutVerdicts, unchanged.reported, unchanged.red, unchanged.runsWithFail], [4, 1, 3, 2, 0])
        XCTAssertTrue(measured.rates.hasPrefix("Rates (95%): unchanged runs red (exit ≠ 0, or a FAIL or MISSING) 2 of 3 ["), measured.rates)
        let markdown = try String(contentsOfFile: "\(folder)/summary.md", encoding: .utf8)
        XCTAssertTrue(markdown.contains("Load (1 min) before each gate: 1.25–1.25."), markdown)
        XCTAssertTrue(markdown.contains("Rounds asked for: 4."), markdown)
    }

    func testAGateThatRefusesItsCommandLineIsBadInputToo() throws {
        XCTAssertThrowsError(try session(rounds: 2).run(quality(), launcher: FakeGate { _, _ in (64, nil) })) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .badInput)
            XCTAssertTrue("\(error)".hasPrefix("gate unchanged-1 refused its input (exit 64): "), "\(error)")
        }
    }

    /// A gate that refuses its input (no budgets file where it runs) would refuse it every round, and a --watch that
    /// names no budget is never FAILed: both used to end in exit 0 and a summary of nothing.
    func testAGateThatRefusesItsInputOrAWatchThatNamesNoBudgetIsBadInput() throws {
        try "framebudget: error: Benchmarks/budgets.yaml: cannot read: No such file or directory\n"
            .write(toFile: "\(folder)/unchanged-1.log", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try session(rounds: 2).run(quality(), launcher: FakeGate { _, _ in (2, nil) })) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .badInput)
            XCTAssertEqual((error as? CommandFailure)?.message, "gate unchanged-1 refused its input (exit 2): "
                           + "framebudget: error: Benchmarks/budgets.yaml: cannot read: No such file or directory")
        }
        try FileManager.default.removeItem(atPath: folder)
        XCTAssertThrowsError(try session(rounds: 2).run(quality(), launcher: FakeGate { _, _ in (0, ["other-p95": .pass]) })) { error in
            XCTAssertEqual((error as? CommandFailure)?.message, "--watch '\(self.watch)' names no budget of the gate (its budgets: other-p95)")
        }
    }

    func testAnInterruptionStopsAfterTheRunningGateWhichIsNotCountedAndTheSummaryKeepsTheRunsBefore() throws {
        var checks = 0
        let gate = FakeGate { _, _ in (0, [self.watch: .pass]) }
        let (measured, signal) = try session(rounds: 5, interrupted: {
            checks += 1
            return checks == 3 ? .sigint : nil
        }).run(quality(), launcher: gate)
        XCTAssertEqual(signal, .sigint)
        XCTAssertEqual(gate.calls.count, 3)
        XCTAssertEqual(measured.runs.map(\.runID), ["unchanged-1", "slowed-1"], "the gate the signal stopped part-way is not counted")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/summary.json"))) as! [String: Any]
        XCTAssertEqual((json["runs"] as? [Any])?.count, 2)
        XCTAssertEqual(json["interruptedBy"] as? String, "SIGINT")
        let markdown = try String(contentsOfFile: "\(folder)/summary.md", encoding: .utf8)
        XCTAssertTrue(markdown.contains("**Interrupted by SIGINT**: 2 gate run(s) of the 10 asked for counted"), markdown)
    }

    func testAnExistingRunFolderIsBadInputBeforeAnyGateRuns() throws {
        try FileManager.default.createDirectory(atPath: "\(folder)/slowed-2", withIntermediateDirectories: true)
        let gate = FakeGate { _, _ in (0, [:]) }
        XCTAssertThrowsError(try session(rounds: 2).run(quality(), launcher: gate)) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .badInput)
            XCTAssertEqual("\(error)", "\(self.folder)/slowed-2: run folder exists already; choose another output folder or remove it")
        }
        XCTAssertTrue(gate.calls.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/summary.md"))
    }

    func testAMissingBuildIsBadInputNamingIt() {
        let session = NightlyQualitySession(unchanged: "/bin/true", slowed: "\(folder)/nothing", gateArguments: [], rounds: 1, folder: folder)
        XCTAssertThrowsError(try session.check()) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .badInput)
            XCTAssertEqual("\(error)", "\(self.folder)/nothing: no such file")
        }
    }

    func testAVerdictsFileThatIsNoneIsARunFailureNamingTheFileAndField() throws {
        let gate = FakeGate { _, runID in
            try? FileManager.default.createDirectory(atPath: "\(self.folder)/\(runID)", withIntermediateDirectories: true)
            try? #"{"verdicts": [{"budget": {"name": "x"}}]}"#.write(toFile: "\(self.folder)/\(runID)/verdicts.json", atomically: true, encoding: .utf8)
            return (0, nil)
        }
        XCTAssertThrowsError(try session(rounds: 1).run(quality(), launcher: gate)) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .runFailure)
            XCTAssertTrue("\(error)".hasPrefix("\(self.folder)/unchanged-1/verdicts.json: not a verdicts file: missing field 'outcome'"), "\(error)")
        }
    }
}
