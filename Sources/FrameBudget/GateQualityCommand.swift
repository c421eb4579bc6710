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
            compare-builds' procedure, caps and exit rule; the rates go to gate-quality.md and .json in --out.
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
            let interruption = Interruption()
            interruption.install()
            let clock = MonotonicClock.characterize()
            let environment = EnvironmentProbe.collect(clock: clock)
            var quality = PairedQuality(machine: "\(environment.cpuModel), \(environment.logicalCores) cores",
                                        date: ISO8601DateFormatter().string(from: Date()), slowed: slowed)
            for round in 1...n {
                for (kind, head) in [("A/A", same), ("A/B", slowedBuild)] {
                    let load = EnvironmentProbe.loadAverage().first
                    Console.info("gate-quality: round \(round) of \(n), \(kind)")
                    let report = try paired.compare(base: base, head: head, filters: filters, interruption: interruption,
                                                    progress: { _ in })
                    if let signal = interruption.signal {
                        try Self.save(quality, to: out)
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
