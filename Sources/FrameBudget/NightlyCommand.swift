import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import Glibc
import History
import Measurement
import Results
import RunPipeline

/// `framebudget nightly`: tonight's gate (the budgets, absolute), then tonight's build compared in pairs with the
/// baseline build (regressions, on tonight's machine state), and both recorded in the history.
struct NightlyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "The nightly gate: budgets (absolute), a paired comparison with the baseline build, recorded in the history.",
        discussion: ToolName.named("""
            Example: framebudget nightly --branch main --baseline-executable .build-compare/bin/1a2b3c4d5e6f/framebudget
            1. The gate, as `framebudget gate --reports REPORTS --run-id nightly-<time> [gate arguments after --]`: every \
            budget PASS/FAIL beyond noise, undecided ones re-measured in fresh processes. \
            2. With --baseline-executable (make nightly builds the branch's last recorded commit once and caches it): \
            this build against that one in pairs, over the budgeted benchmarks (compare-builds' procedure); written \
            beside the reports (paired.md, paired.json) and kept in results.json as pairedChange. \
            3. The run, with its paired change, recorded in --database on --branch. \
            Exit: 1 a budget failed or a benchmark regressed against the baseline; otherwise the gate's (0, 3 with \
            --strict, 2, 4); 130/143 interrupted (what was measured is recorded, marked incomplete).
            """))

    @Option(help: "The branch the run is recorded on.")
    var branch: String

    @Option(name: .customLong("baseline-executable"), help: "The baseline build's executable (the branch's last recorded commit).")
    var baselineExecutable: String?

    @Option(help: "Folder of the night's run folder.")
    var reports = "Reports"

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var paired: PairedOptions

    @Option(name: .customLong("gate-max-minutes"), help: """
        Minutes the gate may re-measure undecided budgets in fresh processes (its --max-minutes; a --max-minutes \
        among the gate arguments wins). Longer than a gate's own 8: a nightly has the night, and one left yellow \
        by a busy host is a nightly nobody reads.
        """)
    var gateMaxMinutes: Double = NightlyCommand.defaultGateMinutes

    @Argument(parsing: .postTerminator, help: ArgumentHelp(HelpText.named("Arguments for the gate (after --), e.g. -- --strict 'colormap/*'.")))
    var gateArguments: [String] = []

    /// The nightly gate's default re-measuring time. On the model-167 Intel guest (3 Dec) the host's busy minutes
    /// left 1–4 budgets undecided at the gate's 8-minute cap on 2 of 7 nights, after 9–14 processes of ~50 s.
    static let defaultGateMinutes = 20.0

    func validate() throws {
        if !(gateMaxMinutes >= 0 && gateMaxMinutes.isFinite) {
            throw badOptionValue("--gate-max-minutes must be ≥ 0 (got \(gateMaxMinutes))")
        }
        if paired.linkOrders {
            throw badOptionValue("--link-orders is for compare-builds and gate-quality: the nightly's head is this executable, which has no link orders")
        }
    }

    func run() throws {
        try reportingFailures {
            let interruption = Interruption()
            interruption.install()
            let runID = "nightly-" + Self.stamp()
            let gateStatus = try runGate(runID: runID, interruption: interruption)
            let path = "\(reports)/\(runID)/results.json"
            guard FileManager.default.fileExists(atPath: path) else { throw ExitCode(gateStatus) }
            var run = try ResultsFile.read(from: path)
            var regressed = false
            if let baseline = baselineExecutable, interruption.signal == nil, run.complete {
                let report = try paired.compareBudgeted(base: baseline, head: ProcessRunner.currentExecutable, interruption: interruption)
                try writePaired(report, folder: "\(reports)/\(runID)")
                run.pairedChange = Self.summary(report, baseline: baseline)
                do { try ResultsFile.write(run, to: path) } catch { throw CommandFailure(.runFailure, "\(error)") }
                regressed = report.count(.regressed) > 0
            }
            try record(run)
            if let signal = interruption.signal { throw ExitCode(signal.exitStatus) }
            if regressed { throw ExitStatus.budgetFailure.code }
            if gateStatus != 0 { throw ExitCode(gateStatus) }
        }
    }

    static func stamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }

    /// The gate as a child process of this executable, its output shown as it comes; a signal to the nightly is
    /// forwarded to it (it saves what it measured, marked incomplete). Returns its exit status.
    private func runGate(runID: String, interruption: Interruption) throws -> Int32 {
        let gate = Process()
        gate.executableURL = URL(fileURLWithPath: ProcessRunner.currentExecutable)
        // Given first, so that a --max-minutes among the gate arguments (parsed after it) wins.
        gate.arguments = ["gate", "--reports", reports, "--run-id", runID, "--max-minutes", "\(gateMaxMinutes)"] + gateArguments
        do { try gate.run() } catch { throw CommandFailure(.runFailure, "cannot start the gate: \(error.localizedDescription)") }
        var forwarded = false
        while gate.isRunning {
            if !forwarded, let signal = interruption.receivedSignal {
                kill(gate.processIdentifier, signal)
                forwarded = true
            }
            usleep(50_000)
        }
        return gate.terminationReason == .uncaughtSignal ? 128 + gate.terminationStatus : gate.terminationStatus
    }

    private func writePaired(_ report: PairedComparisonReport, folder: String) throws {
        do {
            try AtomicFile.write(PairedComparisonText.markdown(report), to: "\(folder)/paired.md")
            try AtomicFile.write(try PairedComparisonText.json(report), to: "\(folder)/paired.json")
        } catch { throw CommandFailure(.runFailure, "\(error)") }
        Console.output(PairedComparisonText.console(report), terminator: "")
    }

    static func summary(_ report: PairedComparisonReport, baseline: String) -> PairedChangeSummary {
        var summary = PairedChangeSummary(baseline: report.base, benchmarks: report.benchmarks.map { b in
            PairedChangeSummary.Entry(id: b.id, relativeChange: b.estimate?.relativeChange ?? 0, lower: b.interval?.lower,
                                      upper: b.interval?.upper, pairs: b.estimate?.pairs ?? 0, verdict: b.verdict.rawValue)
        })
        summary.pairHostSteal = report.pairHostSteal
        return summary
    }

    private func record(_ run: RunResults) throws {
        if database.isServer {
            let number = try SpoolingRecorder(database: database, spool: HistorySpool(folder: "\(reports)/spool"))
                .record(run, document: ResultsFile.encode(run), branch: branch, insideTransaction: {})
            Console.info("recorded run \(run.runID) as #\(number) in \(database.path)")
            return
        }
        let history = try database.open()
        do {
            let number = try history.record(run, branch: branch)
            Console.info("recorded run \(run.runID) as #\(number) in \(database.path)")
        } catch let error as HistoryError { throw CommandFailure(.runFailure, error.description) }
    }
}
