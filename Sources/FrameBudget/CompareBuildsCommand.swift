import ArgumentParser
import Comparison
import Foundation
import Measurement
import Results
import RunPipeline

/// `framebudget compare-builds BASE HEAD`: two builds of a FrameBudget executable measured in pairs, both alive at
/// once, blocks of samples alternating between them, process pairs added until every benchmark is decided.
struct CompareBuildsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare-builds",
        abstract: "Compare two builds in pairs: both alive at once, alternating blocks; pairs added until decided.",
        discussion: """
            Example: framebudget compare-builds .build-compare/base/framebudget .build/release/framebudget 'colormap/*'
            Each process pair starts one worker of each build; benchmark by benchmark, both warm up, then blocks of \
            samples alternate A B B A with the same iterations per sample, so a disturbance of the machine hits both. \
            A pair's change is the median of its blocks' log ratios; the interval is a t interval over pairs. \
            REGRESSED/IMPROVED: p within the family-wise --alpha (Bonferroni) and the change beyond the threshold; \
            UNCHANGED: the 90% interval inside ±threshold; anything else is INCONCLUSIVE and gets another pair, up to \
            --max-pairs or --max-minutes. Frame loops are not paired. \
            Exit 0 all unchanged or improved, 1 something regressed, 3 something inconclusive or not paired (none \
            regressed), 2 bad input, 130/143 interrupted (the pairs measured are reported).
            """)

    @Argument(help: "The base build's executable (a program calling FrameBudgetCommandLine.main).")
    var base: String

    @Argument(help: "The head build's executable.")
    var head: String

    @Argument(help: "Benchmark ids or globs (default: every timed benchmark both builds have).")
    var filters: [String] = []

    @Option(help: "The change that matters for single-threaded benchmarks, in percent.")
    var threshold: Double = 2

    @Option(name: .customLong("threshold-multithreaded"), help: "The same for benchmarks on more than one thread, in percent.")
    var thresholdMultithreaded: Double = 5

    @Option(name: .customLong("threshold-for"), help: ArgumentHelp("A benchmark's own threshold in percent (repeatable).", valueName: "id=percent"))
    var thresholdFor: [String] = []

    @Option(help: "Family-wise error of REGRESSED/IMPROVED over the compared benchmarks.")
    var alpha: Double = 0.01

    @Option(name: .customLong("min-pairs"), help: "Process pairs before any verdict.")
    var minimumPairs = 3

    @Option(name: .customLong("max-pairs"), help: "Most process pairs for one benchmark.")
    var maximumPairs = 12

    @Option(name: .customLong("max-minutes"), help: "No new pair starts after this many minutes of measuring.")
    var maximumMinutes: Double = 10

    @Option(help: "Blocks per benchmark in each pair.")
    var blocks = 16

    @Option(name: .customLong("block-samples"), help: "Timed samples per side in one block.")
    var blockSamples = 3

    @Option(name: .customLong("sample-time"), help: "Target duration of one sample, in milliseconds.")
    var sampleTime: Double = 5

    @Option(help: "Warm-up of each benchmark in each worker, in milliseconds.")
    var warmup: Double = 200

    @Option(help: "Pin both workers' measuring threads to this CPU.")
    var pin: Int?

    @Option(help: "Output: console, markdown (a PR comment) or json.")
    var format: CompareCommand.Format = .console

    @Option(help: "Write the output to this file (atomically) instead of stdout; the summary line is still printed.")
    var out: String?

    @Flag(name: .customLong("allow-debug"), help: "Compare debug builds anyway (numbers are meaningless).")
    var allowDebug = false

    func validate() throws {
        for (name, value, range) in [("--threshold", threshold, 0.0...100), ("--threshold-multithreaded", thresholdMultithreaded, 0...100),
                                     ("--alpha", alpha, 1e-12...0.5), ("--max-minutes", maximumMinutes, 0.01...1440),
                                     ("--sample-time", sampleTime, 0.01...10_000), ("--warmup", warmup, 0...600_000)] {
            guard value.isFinite && range.contains(value) else {
                throw ValidationError("\(name) must be in \(range.lowerBound)...\(range.upperBound) (got \(value))")
            }
        }
        guard (2...1000).contains(minimumPairs) else { throw ValidationError("--min-pairs must be in 2...1000 (got \(minimumPairs))") }
        guard maximumPairs >= minimumPairs && maximumPairs <= 1000 else {
            throw ValidationError("--max-pairs must be in --min-pairs...1000 (got \(maximumPairs))")
        }
        guard (1...10_000).contains(blocks), (1...1000).contains(blockSamples) else {
            throw ValidationError("--blocks must be in 1...10000 and --block-samples in 1...1000")
        }
        if let pin, pin < 0 { throw ValidationError("--pin must be a CPU number ≥ 0 (got \(pin))") }
        _ = try perBenchmarkThresholds()
    }

    private func perBenchmarkThresholds() throws -> [String: Double] {
        var thresholds: [String: Double] = [:]
        for entry in thresholdFor {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite, (0...100).contains(value) else {
                throw ValidationError("--threshold-for takes id=percent, e.g. nms/optimized/typical=3 (got \(entry))")
            }
            thresholds[parts[0]] = value / 100
        }
        return thresholds
    }

    var settings: PairedSettings {
        PairedSettings(threshold: threshold / 100, multithreadedThreshold: thresholdMultithreaded / 100,
                       thresholds: (try? perBenchmarkThresholds()) ?? [:], alpha: alpha, minimumPairs: minimumPairs,
                       maximumPairs: maximumPairs, maximumSeconds: maximumMinutes * 60, blocks: blocks,
                       samplesPerBlock: blockSamples)
    }

    func run() throws {
        try reportingFailures {
            for path in [base, head] where !FileManager.default.isExecutableFile(atPath: path) {
                throw CommandFailure(.badInput, "\(path): not an executable file")
            }
            let interruption = Interruption()
            interruption.install()
            var arguments = ["--sample-time", "\(sampleTime)", "--warmup", "\(warmup)"]
            if let pin { arguments += ["--pin", "\(pin)"] }
            let launcher = PairedProcessLauncher(base: base, head: head, arguments: arguments)
            let session = PairedSession(settings: settings, filters: filters, interrupted: { interruption.signal },
                                        progress: { Console.info($0) })
            let report: PairedComparisonReport
            do { report = try session.run(launcher: launcher, base: base, head: head, allowDebug: allowDebug) }
            catch let error as PairedWorkerError { throw CommandFailure(.runFailure, "\(error)") }
            try write(report)
            if let signal = interruption.signal { throw ExitCode(signal.exitStatus) }
            if report.count(.regressed) > 0 { throw ExitStatus.budgetFailure.code }
            if report.count(.inconclusive) > 0 || !report.notPaired.isEmpty { throw ExitStatus.inconclusive.code }
        }
    }

    private func write(_ report: PairedComparisonReport) throws {
        let text: String
        switch format {
        case .console: text = PairedComparisonText.console(report)
        case .markdown: text = PairedComparisonText.markdown(report)
        case .json: text = try PairedComparisonText.json(report)
        }
        guard let out else { return format == .json ? Console.outputRendered(text, terminator: "") : Console.output(text, terminator: "") }
        do { try AtomicFile.write(text, to: out) } catch { throw CommandFailure(.runFailure, "\(error)") }
        Console.output(PairedComparisonText.footer(report).joined(separator: "\n"))
    }
}
