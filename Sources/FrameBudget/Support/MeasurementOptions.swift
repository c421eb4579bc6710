import ArgumentParser
import Measurement
import RunPipeline

/// How to measure: shared by `run`, `gate` and anything else that runs the suite.
struct MeasurementOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(HelpText.named("Benchmark ids or globs (e.g. 'colormap', 'nms/optimized/*'). Default: every benchmark (profile: exactly one id, or a glob that selects one).")))
    var filters: [String] = []

    @Flag(help: "A short smoke pass: fewer, shorter samples (numbers are indicative only).")
    var quick = false

    // `parsing: .unconditional` on the numbers: `--samples -1` is the value -1 (refused in one line, exit 2), not a
    // missing value followed by an unknown option -1 (a usage error).
    @Option(parsing: .unconditional, help: "Samples per benchmark (fewer for slow benchmarks that would exceed --max-time).")
    var samples: Int?

    @Option(name: .customLong("sample-time"), parsing: .unconditional, help: "Target duration of one sample, in milliseconds (at most 60000).")
    var sampleTimeMilliseconds: Double?

    @Option(name: .customLong("warmup"), parsing: .unconditional, help: "Warm-up per benchmark, in milliseconds (at most 3600000).")
    var warmupMilliseconds: Double?

    @Option(name: .customLong("max-time"), parsing: .unconditional, help: "Time cap of the sampling phase of one benchmark, in seconds (at most 86400).")
    var maxTimeSeconds: Double?

    @Option(parsing: .unconditional, help: "Pin the measuring thread to this CPU.")
    var pin: Int?

    @Flag(help: "Cold-cache mode: evict caches before every sample and time single iterations.")
    var cold = false

    @Option(help: "Benchmark on a recorded capture: a folder of .npy files (see README, Captures).")
    var workload: String?

    @Option(parsing: .unconditional, help: "Seed of the synthetic workloads and of the bootstrap.")
    var seed: UInt64 = 0x5EED

    @Flag(name: .customLong("allow-debug"), help: "Measure a debug build anyway (numbers are meaningless).")
    var allowDebug = false

    @Option(name: .customLong("inject-slowdown"), help: .hidden)
    var injectSlowdown: Double = 0  // test-only: busy-wait this fraction of every sample (gate-quality.sh)

    @Option(name: .customLong("test-wait-for-signal-after"), help: .hidden)
    var waitForSignalAfter: Int?  // test-only: after saving this many benchmarks, wait for SIGINT/SIGTERM

    @Flag(name: .customLong("test-hold-after-signal"), help: .hidden)
    var holdAfterSignal = false  // test-only: with the wait above, keep holding after the signal (a benchmark that cannot stop)

    @Option(name: .customLong("test-fresh-processes-wait-for-signal-after"), help: .hidden)
    var freshProcessesWaitForSignalAfter: Int?  // test-only: the gate's fresh processes get --test-wait-for-signal-after N

    @OptionGroup var frameLoop: FrameLoopOptions

    func validate() throws {
        if let samples, samples < 2 { throw badOptionValue("--samples must be at least 2 (got \(samples))") }
        // Upper bounds too: a sample of more than a minute or a cap of more than a day is no benchmark, and past
        // them the engine's sample counts and calibration leave Int's range (a trap) or never finish.
        for (name, value, unit, limit, words) in [
            ("--sample-time", sampleTimeMilliseconds, "milliseconds", 60_000.0, "a minute"),
            ("--warmup", warmupMilliseconds, "milliseconds", 3_600_000, "an hour"),
            ("--max-time", maxTimeSeconds, "seconds", 86_400, "a day"),
        ] {
            if let value, !(value > 0 && value <= limit) {
                throw badOptionValue("\(name) must be a positive number of \(unit) up to \(Int(limit)) (\(words)) (got \(value))")
            }
        }
        if !(0...10).contains(injectSlowdown) { throw badOptionValue("--inject-slowdown must be in 0...10 (got \(injectSlowdown))") }
        if let pin, pin < 0 { throw badOptionValue("--pin must be a CPU number ≥ 0 (got \(pin))") }
    }

    /// The engine settings these options ask for.
    /// The options given that only shape a measurement, for a command that may not measure (`gate --results`).
    var measuringOptionsGiven: [String] {
        [(quick, "--quick"), (samples != nil, "--samples"), (sampleTimeMilliseconds != nil, "--sample-time"),
         (warmupMilliseconds != nil, "--warmup"), (maxTimeSeconds != nil, "--max-time"), (pin != nil, "--pin"),
         (cold, "--cold"), (workload != nil, "--workload"),
         // A results file's loops were run already: `gate --results x --frame-loop-mode realtime` judged a simulated file.
         (frameLoop.frames != nil, "--frames"), (frameLoop.mode != nil, "--frame-loop-mode")].filter(\.0).map(\.1)
    }

    var settings: MeasurementSettings {
        var settings = quick ? MeasurementSettings.quick : MeasurementSettings()
        if let samples { settings.samples = samples; settings.minimumSamples = min(settings.minimumSamples, samples) }
        if let sampleTimeMilliseconds { settings.targetSampleNanoseconds = sampleTimeMilliseconds * 1e6 }
        if let warmupMilliseconds { settings.warmupNanoseconds = warmupMilliseconds * 1e6 }
        if let maxTimeSeconds { settings.maxBenchmarkSeconds = maxTimeSeconds }
        settings.coldCache = cold
        settings.pinnedCPU = pin
        settings.seed = seed
        settings.injectedSlowdown = injectSlowdown
        return settings
    }

    /// The run these options and `output` ask for.
    func request(_ output: OutputOptions) -> RunRequest {
        RunRequest(
            filters: filters, quick: quick, settings: settings, workload: workload, allowDebug: allowDebug,
            frameLoop: frameLoop.settings(quick: quick), waitForSignalAfter: waitForSignalAfter,
            holdAfterSignal: holdAfterSignal, reportsRoot: output.reportsRoot, runID: output.runID)
    }
}

/// Where results go.
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("reports"), help: "Folder of run reports; each run writes <reports>/<run-id>/.")
    var reportsRoot: String = "Reports"

    @Option(name: .customLong("run-id"), help: "Name of the run folder (default: a time-sorted unique id).")
    var runID: String?

    func validate() throws {
        if let runID, runID.isEmpty || runID.contains("/") || runID.hasPrefix(".") || runID == "latest" {
            throw badOptionValue("--run-id '\(runID)' must be a plain folder name (no '/', not 'latest')")
        }
        // A newline or a bidirectional override in a folder name splits or reorders every line that names the run
        // (history list, warnings); the value itself is not echoed.
        if let runID, let odd = runID.unicodeScalars.first(where: { $0.properties.generalCategory == .control
                                                                    || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }) {
            throw badOptionValue(String(format: "--run-id must be a plain folder name: it holds the control character U+%04X", odd.value))
        }
        // 255: NAME_MAX of Linux file systems (and of macOS's).
        if let runID, runID.utf8.count > 255 {
            throw badOptionValue("--run-id must be at most 255 bytes (it names a folder; got \(runID.utf8.count))")
        }
    }
}
