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
        discussion: ToolName.named("""
            Example: framebudget repeatability colormap/optimized/256x192 --runs 10
            Each run is `run --format none --reports OUT --run-id run-<n> [run arguments] BENCHMARK` in a fresh process \
            of this executable, one after another. Printed: each run's median with its interval and the CV of its \
            samples, then the mean of the medians, their standard deviation and CV: the run-to-run noise a comparison \
            or a budget verdict has to see through. Written to OUT/repeatability.json after every run. \
            Exit: 0 every run measured · 2 bad input · 4 a run failed · 130/143 interrupted (the runs so far are printed).
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

    func validate() throws {
        guard (2...1000).contains(runs) else { throw badOptionValue("--runs must be in 2...1000 (got \(runs))") }
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
