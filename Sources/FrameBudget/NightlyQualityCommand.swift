import ArgumentParser
import ChildProcesses
import Foundation
import Measurement
import RunPipeline

/// `framebudget nightly-quality UNCHANGED SLOWED`: the nightly gate's two promises on real builds, N gate runs of
/// each, alternating (the procedure and the counting: ``NightlyQualitySession``).
struct NightlyQualityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly-quality",
        abstract: "Measure the nightly gate on real builds: no FAIL when unchanged, a FAIL of a real slowdown every time.",
        discussion: HelpText.named("""
            Example: framebudget nightly-quality unchanged/framebudget slowed/framebudget -n 10 \
            --watch colormap-1920x1440-p95 --out Reports/nightly-quality -- 'colormap/*' 'photo-frame/*'
            Each of the N rounds runs `gate` of both builds as child processes, the unchanged build first in odd \
            rounds and the slowed one in even rounds, each as `gate --reports OUT --run-id <build>-<round> [gate \
            arguments after --]`, its output kept in OUT/<build>-<round>.log. Each gate's verdicts are read \
            from the verdicts.json in its run folder. Per build: runs, runs that wrote no verdicts, red runs (exit ≠ 0, \
            or any FAIL or MISSING: a night that would go red), runs with any FAIL, exit 1, and the --watch \
            budget's FAIL / INCONCLUSIVE / PASS / MISSING or no verdicts; the rates (red unchanged runs, slowed runs \
            FAILing the --watch budget) are over the runs that wrote verdicts; written to summary.md and summary.json \
            in OUT after every gate (with the rounds asked for and the load before each gate), printed at the end. \
            Exit: 0 every round ran and every gate reported (the counts are the result) · 2 bad input (also: a gate \
            that refuses its input or its command line, a --watch that names no budget) · 4 a gate could not be \
            started or its verdicts read, or a gate wrote no verdicts (left out of the rates; see its log) · 130/143 \
            interrupted (the running gate stops, uncounted; the summary keeps the gates before and says it was \
            interrupted).
            """))

    @Argument(help: "The unchanged build's executable.") var unchanged: String
    @Argument(help: "A build with a real slowdown that should FAIL the --watch budget.") var slowed: String

    @Option(name: .short, help: "Rounds: gate runs of each build.")
    var n = 10

    // No default: a default budget name is FrameBudget's own, which a package's suite does not have (its gate would
    // run a whole round before the name was refused).
    @Option(help: ArgumentHelp(HelpText.named("The budget the slowed build should FAIL, e.g. colormap-1920x1440-p95 (required).")))
    var watch: String

    @Option(help: "Folder of the gates' run folders and logs, summary.md and summary.json.")
    var out = "Reports/nightly-quality"

    @Argument(parsing: .postTerminator, help: ArgumentHelp(HelpText.named("""
        Arguments for every gate (after --): options and benchmark ids or globs, e.g. -- --max-processes 3 'colormap/*' \
        (default: the whole gate).
        """)))
    var gateArguments: [String] = []

    func validate() throws {
        guard (1...1000).contains(n) else { throw badOptionValue("-n must be in 1...1000 (got \(n))") }
        guard !watch.isEmpty else { throw badOptionValue("--watch: name the budget the slowed build should FAIL") }
    }

    func run() throws {
        try reportingFailures {
            let interruption = Interruption()
            interruption.install()
            let session = NightlyQualitySession(
                unchanged: unchanged, slowed: slowed, gateArguments: gateArguments, rounds: n, folder: out,
                interrupted: { interruption.signal }, progress: { Console.info("nightly-quality: \($0)") })
            try session.check()
            let environment = EnvironmentProbe.collect(clock: MonotonicClock.characterize())
            let quality = NightlyQuality(watch: watch, machine: "\(environment.cpuModel), \(environment.logicalCores) cores",
                                         date: ISO8601DateFormatter().string(from: Date()))
            let (measured, signal) = try session.run(quality, launcher: ProcessGateRunLauncher(receivedSignals: { interruption.receivedSignals }))
            Console.output(measured.table.joined(separator: "\n"))
            Console.output("\nsummary: \(out)/summary.md")
            if let signal {
                Console.warning("interrupted by \(signal.rawValue): \(measured.runs.count) of \(2 * n) gate runs counted "
                                + "(not the one it stopped)")
                throw ExitCode(signal.exitStatus)
            }
            let silent = measured.runs.filter { $0.verdicts == nil }.map(\.runID)
            if !silent.isEmpty {
                throw CommandFailure(.runFailure, "\(silent.count) gate run(s) wrote no verdicts (\(silent.joined(separator: ", "))): "
                                     + "left out of the rates; see \(out)/<run>.log")
            }
        }
    }
}
