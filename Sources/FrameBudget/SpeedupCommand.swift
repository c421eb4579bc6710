import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import Measurement
import Results
import RunPipeline
import Statistics

/// `framebudget speedup BASELINE CANDIDATE`: how many times faster one benchmark runs than another, measured
/// interleaved in one process (a kernel's optimized variant against its reference, the design's "≥ 10× the
/// reference"), with an interval, and a verdict against `--at-least`.
struct SpeedupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speedup",
        abstract: "How many times faster one benchmark runs than another: interleaved, in fresh processes, with an interval.",
        discussion: HelpText.named("""
            Example: framebudget speedup fusion/reference/256x192-to-518x392 fusion/optimized/256x192-to-518x392 --at-least 10
            In each of --processes fresh processes both benchmarks are set up and warmed up; then blocks of one \
            sample of each (about --sample-time apiece, each side its own iterations, each just after \
            --block-warmup untimed ones of its own so that it starts in its own cache state) alternate A B, B A, … \
            A block's ratio is the baseline's time per iteration over the candidate's, so a slow stretch of the \
            machine that outlasts a block cancels in it; a process's speed-up is the median of its block ratios. \
            The speed-up is the geometric mean over the processes, with its 95% t interval over them: a fresh \
            process moves a speed-up by about 1.5%, far more than one process's blocks say. --processes 1: this \
            process only, with the distribution-free interval of its blocks, widened when neighbouring blocks are \
            alike (a figure of one process: no --at-least). \
            With --at-least X: PASS when the interval lies at or above X (exit 0), FAIL when it lies below (exit 1), \
            INCONCLUSIVE otherwise (exit 3). Two benchmarks that differ in hot path or workload, not only in variant, \
            are measured with a warning. Exit 2 bad input, 4 a set-up or a process failed, 130/143 interrupted (the \
            blocks or processes measured are reported, marked; none before the first).
            """))

    @Argument(help: "The benchmark compared against (exact id), e.g. a kernel's reference variant.")
    var baseline: String

    @Argument(help: "The benchmark whose speed-up is measured (exact id).")
    var candidate: String

    @Option(help: "Interleaved blocks (one sample of each benchmark per block).")
    var blocks = 200

    // One untimed sample before each timed one since 2 Dec 2026, as compare-builds: a kernel that streams megabytes
    // otherwise starts its timed sample in the cache state the other benchmark left.
    @Option(name: .customLong("block-warmup"), help: "Untimed samples each side runs just before its timed one in every block.")
    var blockWarmup = PairedSettings.standardWarmupSamplesPerBlock

    @Option(name: .customLong("sample-time"), parsing: .unconditional, help: "Target duration of one sample, in milliseconds.")
    var sampleTime: Double = PairedSettings.standardSampleMilliseconds

    @Option(parsing: .unconditional, help: "Warm-up of each benchmark, in milliseconds.")
    var warmup: Double = 200

    @Option(name: .customLong("at-least"), parsing: .unconditional, help: "The speed-up the candidate must reach (a verdict and exit code).")
    var atLeast: Double?

    @Option(parsing: .unconditional, help: "Fresh processes to measure in; the interval is over them (1: this process only, no --at-least).")
    var processes = 3

    @Option(parsing: .unconditional, help: "Seed of the synthetic workloads.")
    var seed: UInt64 = 0x5EED

    @Flag(name: .customLong("allow-debug"), help: "Measure a debug build anyway (numbers are meaningless).")
    var allowDebug = false

    @Option(help: "Output: console or json.")
    var format: Format = .console

    enum Format: String, ExpressibleByArgument, CaseIterable { case console, json }

    func validate() throws {
        guard blocks >= 6 else { throw badOptionValue("--blocks must be in 6...100000 (got \(blocks)): fewer give no 95% interval") }
        guard blocks <= 100_000 else { throw badOptionValue("--blocks must be in 6...100000 (got \(blocks))") }
        guard (0...1000).contains(blockWarmup) else { throw badOptionValue("--block-warmup must be in 0...1000 (got \(blockWarmup))") }
        guard sampleTime.isFinite, (0.01...10_000).contains(sampleTime) else {
            throw badOptionValue("--sample-time must be in 0.01...10000 (got \(sampleTime))")
        }
        guard warmup.isFinite, (0...600_000).contains(warmup) else { throw badOptionValue("--warmup must be in 0...600000 (got \(warmup))") }
        if let atLeast, !(atLeast.isFinite && atLeast > 0) { throw badOptionValue("--at-least must be a positive number (got \(atLeast))") }
        guard (1...100).contains(processes) else { throw badOptionValue("--processes must be in 1...100 (got \(processes))") }
        // Options that do not go together: a malformed command line (64), as README's exit codes say.
        if atLeast != nil && processes < 2 {
            throw ValidationError("--at-least needs --processes of 2 or more: one process's interval says nothing of the next one's")
        }
    }

    func run() throws {
        try reportingFailures {
            if EnvironmentProbe.buildConfiguration == "debug" && !allowDebug {
                throw CommandFailure.debugBuild
            }
            let benchmarks = try [baseline, candidate].map(Self.timedBenchmark)  // both checked before any set-up
            if processes > 1 { return try overProcesses(mismatch: Self.mismatch(benchmarks[0], benchmarks[1])) }
            let interruption = Interruption()
            interruption.install()
            if let mismatch = Self.mismatch(benchmarks[0], benchmarks[1]) { Console.warning(mismatch) }
            let stopRequested = { interruption.signal != nil }
            var sides: [PreparedBenchmark] = []
            defer { sides.forEach { $0.tearDown() } }
            for benchmark in benchmarks where !stopRequested() { sides.append(try prepare(benchmark, shouldStop: stopRequested)) }
            let figure = sides.count < 2 ? nil : InterleavedSpeedup.measure(
                baseline: sides[0], candidate: sides[1], blocks: blocks, untimedSamplesPerBlock: blockWarmup, shouldStop: stopRequested)
            guard let figure else { throw Self.interruptedBeforeAnyBlock(interruption.signal) }
            let verdict = atLeast.map { SpeedupVerdict(interval: figure.interval, atLeast: $0) }
            let complete = interruption.signal == nil
            switch format {
            case .console: print(SpeedupText.line(figure, verdict: verdict, complete: complete))
            case .json: print(try SpeedupText.json(figure, atLeast: atLeast, verdict: verdict, complete: complete))
            }
            try Self.exit(signal: interruption.signal, verdict: verdict)
        }
    }

    /// `--processes` fresh processes of this executable, one after another, and the figure over them.
    private func overProcesses(mismatch: String?) throws {
        let interruption = Interruption.shared
        interruption.install()
        if let mismatch { Console.warning(mismatch) }
        // What weakens the figure here (a VM, high load, a governor), as run says it: a speed-up said nothing.
        let environment = EnvironmentProbe.collect(clock: MonotonicClock.characterize())
        let warnings = StabilityWarnings.warnings(for: environment)
        for warning in warnings { Console.warning(warning) }
        var options = ["--blocks", "\(blocks)", "--block-warmup", "\(blockWarmup)", "--sample-time", "\(sampleTime)",
                       "--warmup", "\(warmup)", "--seed", "\(seed)"]
        if allowDebug { options.append("--allow-debug") }
        let figures = try SpeedupOverProcesses.measure(baseline: baseline, candidate: candidate, options: options,
                                                       processes: processes, interruption: interruption) { Console.info($0) }
        guard let overall = SpeedupOverProcesses(figures) else {
            let signal = interruption.signal ?? .sigint  // only a signal leaves no process measured whole
            Console.warning("interrupted by \(signal.rawValue) before any process was measured whole: no speed-up")
            throw ExitCode(signal.exitStatus)
        }
        let verdict = atLeast.map { SpeedupVerdict(interval: overall.interval, atLeast: $0) }
        let complete = interruption.signal == nil
        switch format {
        case .console: print(SpeedupText.line(overall, verdict: verdict, complete: complete, target: atLeast))
        case .json: print(try SpeedupText.json(overall, processes: figures, atLeast: atLeast, verdict: verdict, complete: complete,
                                               environment: environment, warnings: warnings))
        }
        try Self.exit(signal: interruption.signal, verdict: verdict)
    }

    /// The command's exit, one process or several: the signal's status, else 1 below the target, 3 undecided.
    private static func exit(signal: InterruptingSignal?, verdict: SpeedupVerdict?) throws {
        if let signal { throw ExitCode(signal.exitStatus) }
        if let verdict, verdict != .pass { throw (verdict == .fail ? ExitStatus.budgetFailure : .inconclusive).code }
    }

    /// The registered benchmark `id` names, if it is timed in samples.
    /// - Throws: ``CommandFailure`` (bad input) for an unknown id or a frame loop.
    private static func timedBenchmark(_ id: String) throws -> Benchmark {
        let benchmark = try Registration.benchmark(id: id)
        guard benchmark.driver == nil else {
            throw CommandFailure(.badInput, "\(id): a frame loop runs at a cadence, not in timed samples; it has no speed-up")
        }
        return benchmark
    }

    /// A warning when the two benchmarks differ in hot path or workload, not only in variant: their ratio then
    /// says as much about the two workloads as about the two implementations (which may be intended, or a typo).
    static func mismatch(_ baseline: Benchmark, _ candidate: Benchmark) -> String? {
        let differences = [("hot path", baseline.hotPath, candidate.hotPath), ("workload", baseline.workload, candidate.workload)]
            .filter { $0.1 != $0.2 }
            .map { "\($0.0) (\($0.1) against \($0.2))" }
        guard !differences.isEmpty else { return nil }
        return "\(baseline.id) and \(candidate.id) differ in \(differences.joined(separator: " and ")): "
            + "the ratio is not one of two variants on one workload"
    }

    /// A stop in the set-up or warm-up leaves no block, hence no ratio to print: one line, the signal's exit.
    private static func interruptedBeforeAnyBlock(_ signal: InterruptingSignal?) -> ExitCode {
        let signal = signal ?? .sigint  // only a signal leaves no block: measure runs at least one otherwise
        Console.warning("interrupted by \(signal.rawValue) before any block: no speed-up measured")
        return ExitCode(signal.exitStatus)
    }

    private func prepare(_ benchmark: Benchmark, shouldStop: () -> Bool) throws -> PreparedBenchmark {
        var settings = MeasurementSettings()
        settings.targetSampleNanoseconds = sampleTime * 1e6
        settings.warmupNanoseconds = warmup * 1e6
        settings.seed = seed
        do {
            return try PreparedBenchmark(benchmark, source: .synthetic(seed: seed), settings: settings, clock: Self.clock,
                                         shouldStop: shouldStop)
        } catch { throw CommandFailure(.runFailure, "\(benchmark.id): set-up failed: \(error)") }
    }

    private static let clock = MonotonicClock.characterize()
}

/// Whether a measured speed-up reaches its target beyond the interval.
enum SpeedupVerdict: String, Codable, Equatable {
    case pass = "PASS", fail = "FAIL", inconclusive = "INCONCLUSIVE"

    init(interval: ConfidenceInterval?, atLeast target: Double) {
        guard let interval else { self = .inconclusive; return }
        self = interval.lower >= target ? .pass : interval.upper < target ? .fail : .inconclusive
    }
}

/// The command's two outputs, from the one figure.
enum SpeedupText {
    static func line(_ figure: InterleavedSpeedup, verdict: SpeedupVerdict?, complete: Bool) -> String {
        let blocks = figure.blockRatios.count
        // Neighbouring blocks alike (a drift slower than a block): the interval is of fewer independent blocks, said.
        let effective = figure.blockDependence.flatMap { $0 > 1.05 ? Int((Double(blocks) / $0).rounded(.down)) : nil }
        let basis = effective.map { "95%; neighbouring blocks alike: as informative as \($0) independent ones" } ?? "95%"
        let interval = figure.interval.map { " [\(ratio($0.lower)), \(ratio($0.upper))] (\(basis))" }
            ?? (effective == nil ? " (too few blocks for an interval)" : " (no interval: \(basis.dropFirst(5)))")
        var line = "\(figure.candidateID) runs " + ratio(figure.speedup) + "×" + interval
            + " as fast as \(figure.baselineID): median of \(figure.blockRatios.count) interleaved block ratios ("
            + String(format: "%.4g ns against %.4g ns per iteration", figure.candidateMedianNanoseconds, figure.baselineMedianNanoseconds) + ")"
        if let verdict { line += ": \(verdict.rawValue)" }
        if !complete { line += " — interrupted, blocks measured so far" }
        return line
    }

    /// A ratio to four significant figures (0.2174, 4.583, 104.4): "%.2f" read 0.22 [0.22, 0.22] and 0.01 [0.01, 0.01].
    static func ratio(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return String(value) }
        let decimals = max(0, 3 - Int(log10(value).rounded(.down)))
        return String(format: "%.\(decimals)f", value)
    }

    static func line(_ overall: SpeedupOverProcesses, verdict: SpeedupVerdict?, complete: Bool, target: Double? = nil) -> String {
        let count = overall.perProcess.count
        let interval = overall.interval.map { " [\(ratio($0.lower)), \(ratio($0.upper))] (95% over \(count) processes)" }
            ?? " (one process: no interval over processes)"
        var line = "\(overall.candidateID) runs " + ratio(overall.speedup) + "×" + interval
            + " as fast as \(overall.baselineID): per process " + overall.perProcess.map { ratio($0) + "×" }.joined(separator: ", ")
        if let verdict { line += ": \(verdict.rawValue)" + (target.map { " (at least \(ratio($0))×)" } ?? "") }
        if !complete { line += " — interrupted, processes measured whole so far" }
        return line
    }

    /// The figure over processes with the machine it was measured on (CPU, build, load, warnings): a speed-up
    /// quoted later must say where it came from.
    static func json(_ overall: SpeedupOverProcesses, processes: [InterleavedSpeedup], atLeast: Double?, verdict: SpeedupVerdict?,
                     complete: Bool, environment: EnvironmentInfo? = nil, warnings: [String] = []) throws -> String {
        struct Document: Encodable {
            let speedup: SpeedupOverProcesses, processes: [InterleavedSpeedup], atLeast: Double?, verdict: SpeedupVerdict?, complete: Bool
            let environment: EnvironmentInfo?, warnings: [String]
        }
        let document = Document(speedup: overall, processes: processes, atLeast: atLeast, verdict: verdict, complete: complete,
                                environment: environment, warnings: warnings)
        return String(decoding: try ResultsFile.encoder(pretty: false).encode(document), as: UTF8.self)
    }

    static func json(_ figure: InterleavedSpeedup, atLeast: Double?, verdict: SpeedupVerdict?, complete: Bool) throws -> String {
        struct Document: Encodable {
            let speedup: InterleavedSpeedup, atLeast: Double?, verdict: SpeedupVerdict?, complete: Bool
        }
        let data = try ResultsFile.encoder(pretty: false).encode(Document(speedup: figure, atLeast: atLeast, verdict: verdict, complete: complete))
        return String(decoding: data, as: UTF8.self)
    }
}
