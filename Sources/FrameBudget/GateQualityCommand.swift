import ArgumentParser
import ChildProcesses
import Foundation
import Measurement
import Results
import RunPipeline

/// `framebudget gate-quality BASE SAME SLOWED --slowed ID…`: the paired comparison's error rates on this machine,
/// on real builds, through exactly what `compare-builds` runs.
struct GateQualityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate-quality",
        abstract: "Measure the paired comparison's false alarms and power on real builds (A/A and A/B, alternating).",
        discussion: HelpText.named("""
            Example: framebudget gate-quality a/framebudget a2/framebudget slowed/framebudget \
            --slowed colormap/optimized/256x192 -n 20 --budgeted --out Reports/gate-quality
            BASE and SAME are builds of identical code (another path or commit); SLOWED adds real slowdowns to the \
            benchmarks named by --slowed. Each of the N rounds compares BASE with SAME, then BASE with SLOWED, with \
            compare-builds' procedure, caps and exit rule; the rates go to gate-quality.md and .json in --out, \
            written after every comparison (an interruption keeps the comparisons before it, and says so). \
            Refused before anything is measured (exit 2): an --out that holds an earlier gate-quality.json (pool \
            runs with gate-quality-pool instead), a --slowed id that is not a benchmark the builds compare; an \
            --out that cannot be made is exit 4.
            """))

    @Argument(help: "The base build's executable.") var base: String
    @Argument(help: "A build of identical code.") var same: String
    @Argument(help: "A build with real slowdowns of the --slowed benchmarks.") var slowedBuild: String
    @Argument(help: "Benchmark ids or globs (default: every timed benchmark the builds have).") var filters: [String] = []

    @Option(name: .customLong("slowed"), help: "A benchmark SLOWED makes slower on purpose (repeatable).")
    var slowed: [String] = []

    @Option(name: .short, help: "Rounds: comparisons of each kind.")
    var n = 20

    @Option(help: "Folder of gate-quality.md and gate-quality.json.")
    var out = "Reports/gate-quality"

    @OptionGroup var paired: PairedOptions

    func validate() throws {
        guard (1...1000).contains(n) else { throw badOptionValue("-n must be in 1...1000 (got \(n))") }
        guard !slowed.isEmpty else { throw badOptionValue("--slowed: name at least one benchmark SLOWED makes slower") }
    }

    func run() throws {
        try reportingFailures {
            // Before the first round's line: a missing build is refused before anything says it has started.
            for path in [base, same, slowedBuild] {
                if let problem = SystemFile.executableProblem(path) { throw CommandFailure(.badInput, "\(path): \(problem)") }
            }
            try checkOutput()
            try checkSlowed()
            let interruption = Interruption()
            interruption.install()
            let clock = MonotonicClock.characterize()
            let environment = EnvironmentProbe.collect(clock: clock)
            var quality = PairedQuality(machine: "\(environment.cpuModel), \(environment.logicalCores) cores",
                                        date: ISO8601DateFormatter().string(from: Date()), slowed: slowed)
            quality.requestedRounds = n
            for round in 1...n {
                for (kind, head) in [("A/A", same), ("A/B", slowedBuild)] {
                    let load = EnvironmentProbe.loadAverage().first
                    Console.info("gate-quality: round \(round) of \(n), \(kind)")
                    let report = try paired.compare(base: base, head: head, filters: filters, interruption: interruption,
                                                    progress: { _ in })
                    if let signal = interruption.signal {
                        quality.interruptedBy = signal.rawValue
                        try Self.save(quality, to: out)
                        Console.warning("interrupted by \(signal.rawValue): \(quality.identical.count) A/A and "
                                        + "\(quality.slowedOutcomes.count) A/B comparisons kept in \(out)/gate-quality.md "
                                        + "(not the one it stopped)")
                        throw ExitCode(signal.exitStatus)
                    }
                    let outcome = PairedQuality.Outcome(report, load: load,
                                                        loadAtEnd: EnvironmentProbe.loadAverage().first)
                    if kind == "A/A" { quality.identical.append(outcome) } else { quality.slowedOutcomes.append(outcome) }
                    Console.info("gate-quality: \(kind) exit \(outcome.exitStatus), \(outcome.pairs) pairs, \(Int(outcome.seconds)) s")
                    try Self.save(quality, to: out)
                }
            }
            Console.output(quality.lines.joined(separator: "\n"))
        }
    }

    /// The output folder, made now (not after the first comparison, minutes in); one holding an earlier run's
    /// results is refused: the first save would have replaced them with an empty report.
    private func checkOutput() throws {
        try Folders.create(out, what: "output folder")
        if FileManager.default.fileExists(atPath: "\(out)/gate-quality.json") {
            throw CommandFailure(.badInput, "\(out)/gate-quality.json: an earlier run's results are there; choose another "
                                 + "--out (pool runs with gate-quality-pool) or remove it")
        }
    }

    /// Each --slowed id must be a benchmark the comparisons measure: a typo was measured for hours, its slowdown
    /// "missed" every time and the real one counted as a stray verdict. One pair of workers says hello and stops.
    private func checkSlowed() throws {
        let compared = Set(try paired.comparedBenchmarks(base: base, head: slowedBuild, filters: filters))
        if let unknown = slowed.first(where: { !compared.contains($0) }) {
            throw CommandFailure(.badInput, "--slowed \(unknown): not a benchmark these builds compare "
                                 + "(an exact id of '\(ToolName.current) list', selected by the filters and --budgeted)")
        }
    }

    /// Written after every comparison: an interrupted measurement keeps what it has.
    static func save(_ quality: PairedQuality, to out: String) throws {
        do {
            try Folders.create(out)
            try AtomicFile.write(quality.markdown, to: "\(out)/gate-quality.md")
            try AtomicFile.write(String(decoding: try ResultsFile.encoder().encode(quality), as: UTF8.self) + "\n",
                                 to: "\(out)/gate-quality.json")
        } catch let failure as CommandFailure { throw failure }
        catch { throw CommandFailure(.runFailure, "\(error)") }
    }
}
