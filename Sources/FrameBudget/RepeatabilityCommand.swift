import ArgumentParser
import ChildProcesses
import Gate
import Measurement
import RunPipeline

/// `framebudget repeatability BENCHMARK --runs N`: one benchmark in N fresh processes of this executable, and the
/// spread of its median across them (the procedure: ``RepeatabilitySession``).
struct RepeatabilityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repeatability",
        abstract: "Measure one benchmark in N fresh processes: each run's median, and their spread across runs.",
        discussion: HelpText.named("""
            Example: framebudget repeatability colormap/optimized/256x192 --runs 10
            Each run is `run --format none --reports OUT --run-id run-<n> [run arguments] BENCHMARK` in a fresh process \
            of this executable, one after another. Printed: each run's median with its interval and the CV of its \
            samples, then the mean of the medians, their standard deviation and CV: the run-to-run noise a comparison \
            or a budget verdict has to see through. Written to OUT/repeatability.json after every run. \
            Run arguments are checked as `run` would before any process starts: a benchmark id or glob, --reports, \
            --run-id or --format among them is refused (this command sets them). \
            Exit: 0 every run measured · 2 bad input (a run that refused its input included) · 4 a run failed · \
            64 malformed command line (run arguments included) · 130/143 interrupted (the runs so far are printed; repeatability.json says complete: false, with requestedRuns and the signal).
            """))

    /// What every run gets when no run arguments are given: no roof or counter passes, which a repeatability
    /// reading does not use and which would lengthen every run.
    static let defaultRunArguments = ["--no-roofs", "--counters", "none"]

    @Argument(help: "The benchmark: an id, or a prefix or glob that selects exactly one.")
    var benchmark: String

    @Option(help: "Fresh processes to measure it in.")
    var runs = 10

    @Option(help: "Folder of the runs' folders and logs, and repeatability.json.")
    var out = "Reports/repeatability"

    @Argument(parsing: .postTerminator, help: "Arguments for every run (after --), instead of --no-roofs --counters none.")
    var runArguments: [String] = []

    /// Options each run is given by this command, which the run arguments must not give again.
    static let ownRunOptions = ["--reports", "--run-id", "--format"]

    func validate() throws {
        guard (2...1000).contains(runs) else { throw badOptionValue("--runs must be in 2...1000 (got \(runs))") }
        try Self.checkRunArguments(runArguments)
    }

    /// Refuses, before any process starts, run arguments that every run would refuse, or that would take from this
    /// command what it decides: the benchmark (an id or glob after -- would add benchmarks to every run), and where
    /// each run writes (its results would not be where they are read from).
    /// - Throws: `ValidationError` (exit 64) for a malformed command line; `run`'s own exit for an option value
    ///   it refuses (exit 2, already printed).
    static func checkRunArguments(_ arguments: [String]) throws {
        let parsed: RunCommand
        do { parsed = try RunCommand.parse(arguments) } catch {
            let message = RunCommand.message(for: error)
            if message.isEmpty { throw RunCommand.exitCode(for: error) }  // printed by run's own validation
            throw ValidationError("run arguments after --: \(message.split(separator: "\n").first ?? "")")
        }
        if let filter = parsed.measurement.filters.first {
            throw ValidationError("run arguments after --: '\(filter)' is a benchmark; the benchmark is repeatability's own argument")
        }
        for argument in arguments {
            if let option = ownRunOptions.first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) {
                throw ValidationError("run arguments after --: \(option) is set by repeatability for every run (use --out for the folder)")
            }
        }
    }

    func run() throws {
        try reportingFailures {
            let interruption = Interruption()
            interruption.install()
            let benchmark = try resolvedID()
            try Folders.create(out, what: "output folder")  // a file in the way is named before any process starts
            let session = RepeatabilitySession(benchmark: benchmark, runs: runs, folder: out,
                                               progress: { Console.info("repeatability: \($0)") })
            let launcher = ExecutableLauncher(
                executable: ProcessRunner.currentExecutable,
                arguments: runArguments.isEmpty ? Self.defaultRunArguments : runArguments, folder: out,
                receivedSignals: { interruption.receivedSignals })
            let (measured, signal) = try session.run(launcher: launcher)
            Console.output(measured.lines.joined(separator: "\n"))
            if let signal {
                Console.warning("interrupted by \(signal.rawValue) after \(measured.runs.count) of \(runs) runs")
                throw ExitCode(signal.exitStatus)
            }
        }
    }

    /// The one registered id `benchmark` selects, checked before any process starts.
    private func resolvedID() throws -> String {
        let filter = IDFilter([benchmark])
        let ids = Registration.suite.benchmarks.map(\.id).filter(filter.matches)
        switch ids.count {
        case 0: throw CommandFailure(.badInput, ToolName.named("\(benchmark): no benchmark matches (framebudget list shows them)"))
        case 1: return ids[0]
        default:
            throw CommandFailure(.badInput, "\(benchmark): selects \(ids.count) benchmarks (\(ids.prefix(3).joined(separator: ", "))"
                                 + (ids.count > 3 ? ", …" : "") + "); name one")
        }
    }
}
