import ArgumentParser
import Budgets
import Comparison
import Foundation
import Measurement
import Results
import RunPipeline

/// How two builds are measured in pairs and judged: shared by `compare-builds` and `gate-quality`, so that what
/// gate-quality counts is exactly what compare-builds answers.
struct PairedOptions: ParsableArguments {
    /// The library's defaults, so the command line and code that builds ``PairedSettings`` itself agree.
    private static let standard = PairedSettings()

    @Option(parsing: .unconditional, help: "The change that matters for single-threaded benchmarks, in percent.")
    var threshold: Double = PairedOptions.standard.threshold * 100

    @Option(name: .customLong("threshold-multithreaded"), parsing: .unconditional, help: "The same for benchmarks on more than one thread, in percent.")
    var thresholdMultithreaded: Double = PairedOptions.standard.multithreadedThreshold * 100

    @Option(name: .customLong("threshold-for"), help: ArgumentHelp("A benchmark's own threshold in percent (repeatable).", valueName: "id=percent"))
    var thresholdFor: [String] = []

    @Option(parsing: .unconditional, help: "Family-wise error of REGRESSED/IMPROVED over the compared benchmarks.")
    var alpha: Double = PairedOptions.standard.alpha

    @Option(name: .customLong("min-pairs"), help: "Process pairs before any verdict.")
    var minimumPairs = PairedOptions.standard.minimumPairs

    @Option(name: .customLong("max-pairs"), help: "Most process pairs for one benchmark.")
    var maximumPairs = PairedOptions.standard.maximumPairs

    @Option(name: .customLong("max-minutes"), parsing: .unconditional, help: "No new pair starts after this many minutes of measuring.")
    var maximumMinutes: Double = PairedOptions.standard.maximumSeconds / 60

    // The block defaults live in PairedSettings: one 1 ms sample a side per block (since 29 Nov 2026; before: 16
    // blocks of 3 samples of 5 ms, the same 240 ms a side): the two sides of a block are then ~1 ms apart, not 15, so a disturbance of a few to tens of ms (other
    // guests; traced at ~30 ms on the Intel VM) hits both. A/A beside a bursty load (5–40 ms busy, 10–120 ms idle, on
    // both CPUs): the two-thread display colormap's MDE over 8 pairs fell from 33–36% to 2.6–7.6%, mask-upsample's
    // from 41% to 1.5–3.0%; quiet, the same as before (Docs/measurements/2026-11-29-fine-blocks-intel.md).
    // Since 2 Dec 2026, 120 blocks, each side running one untimed sample just before its timed one (the same 240 ms
    // a side): a kernel streaming megabytes began each timed sample in the cache state the other worker left. On
    // the AMD VM, A/A: preview scale's pair spread fell from 10–13% to 2%, the BGRA upload's from 8–11% to 2–3%,
    // both decided instead of INCONCLUSIVE at the cap (Docs/measurements/2026-12-02-untimed-sample-amd.md).
    @Option(help: "Blocks per benchmark in each pair.")
    var blocks = PairedOptions.standard.blocks

    @Option(name: .customLong("block-samples"), help: "Timed samples per side in one block.")
    var blockSamples = PairedOptions.standard.samplesPerBlock

    @Option(name: .customLong("block-warmup"),
            help: "Untimed samples each side runs just before its timed ones in every block (its own cache state, not the other build's).")
    var blockWarmup = PairedOptions.standard.warmupSamplesPerBlock ?? 0

    // On the Zen 3 VM (5 Dec 2026) the 256x192 upload's per-process speed is mostly where its 384 KB of buffers land
    // in a 512 KB L2: with one placement its A/A pairs scatter 5.1-5.9%, set up 16 times and rotated per block
    // 1.3-1.6% (Docs/measurements/2026-12-05-buffer-placements-zen3-amd.md). Not yet the default: a default of the
    // procedure changes after `make gate-quality` on each kind.
    @Option(help: "Set each benchmark up this many times in each worker (its buffers at other addresses) and rotate among them, one per block.")
    var placements = 1

    // On the Zen 5 VM (6 Dec 2026) a slowdown patch to the colormap made typical NMS, whose code it does not touch,
    // read 1.4-2.3% faster in the default link; in eight lld orders shuffled over function sections the same two
    // sources read -0.8% to +0.6% (Docs/measurements/2026-12-06-zen5-busy-nights-link-order-amd.md).
    @Flag(name: .customLong("link-orders"),
          help: "Run process pair i on the i-th link order of each build, in turn: the executables in <executable>.link-orders/ (LINK_ORDERS=K scripts/build-revision.sh writes them), so that where the linker happened to put a kernel averages into the interval.")
    var linkOrders = false

    @Option(name: .customLong("sample-time"), parsing: .unconditional, help: "Target duration of one sample, in milliseconds (a sample holds at least one iteration).")
    var sampleTime: Double = PairedSettings.standardSampleMilliseconds

    @Option(parsing: .unconditional, help: "Warm-up of each benchmark in each worker, in milliseconds.")
    var warmup: Double = 200

    // Pinned and from fresh copies by default since 28 Nov 2026. On the AMD EPYC VM with the same code, 10 + 10
    // quiet comparisons so placed called 70 of 70 single-threaded A/A verdicts UNCHANGED and every slowdown 10 of 10
    // (Docs/measurements/2026-11-28-gate-quality-threads-amd.md). Nightlies of one commit against itself: unpinned,
    // 3 and 4 of 7 single-threaded benchmarks INCONCLUSIVE at the 40-pair cap (MDEs up to 9.9%); pinned from fresh
    // copies, 14 of 14 UNCHANGED three nights of three (Docs/measurements/2026-11-28-nightly-placement-amd.md).
    // Pinned alone, identical builds were called REGRESSED (2 of 3 A/A, 27 Nov): fresh copies, which give
    // every pair its own page-cache pages, are what made pinning safe (0 of 15 A/A exited 1 on 27-28 Nov, 0 of 27 since the Pocock boundary).
    @Option(parsing: .unconditional, help: "Pin both workers' measuring threads to this CPU (default: the last CPU this process may run on, when it may run on two or more).")
    var pin: Int?

    @Flag(name: .customLong("no-pin"), help: "Let the measuring threads float instead (the default before 28 Nov 2026).")
    var noPin = false

    @Flag(name: .customLong("fresh-copies"), inversion: .prefixedNo,
          help: "Start each worker from its own copy of its executable (fresh page-cache pages; the copy is made beside the executable and removed once the worker answers). --no-fresh-copies runs the executables in place.")
    var freshCopies = true

    @Flag(name: .customLong("allow-debug"), help: "Compare debug builds anyway (numbers are meaningless).")
    var allowDebug = false

    @Flag(help: "Select the benchmarks that carry a budget in --budgets (with the filters, if any: both must match); without its budgets file (the default --budgets absent) every timed benchmark, with a warning.")
    var budgeted = false

    @Option(help: "The budgets file --budgeted selects from.")
    var budgets: String = Registration.suite.budgetsPath

    func validate() throws {
        let percent = 0...PairedSettings.largestThreshold * 100
        for (name, value, range) in [("--threshold", threshold, percent), ("--threshold-multithreaded", thresholdMultithreaded, percent),
                                     ("--alpha", alpha, 1e-12...0.5), ("--max-minutes", maximumMinutes, 0.01...1440),
                                     ("--sample-time", sampleTime, 0.01...10_000), ("--warmup", warmup, 0...600_000)] {
            guard value.isFinite && range.contains(value) else {
                throw badOptionValue("\(name) must be in \(range.lowerBound)...\(range.upperBound) (got \(value))")
            }
        }
        guard (2...1000).contains(minimumPairs) else { throw badOptionValue("--min-pairs must be in 2...1000 (got \(minimumPairs))") }
        guard maximumPairs >= minimumPairs && maximumPairs <= PairedSettings.largestMaximumPairs else {
            throw badOptionValue("--max-pairs must be in --min-pairs...\(PairedSettings.largestMaximumPairs) (got \(maximumPairs))")
        }
        guard (1...10_000).contains(blocks), (1...1000).contains(blockSamples), (0...1000).contains(blockWarmup) else {
            throw badOptionValue("--blocks must be in 1...10000, --block-samples in 1...1000 and --block-warmup in 0...1000")
        }
        guard (1...PreparedBenchmark.maximumPlacements).contains(placements) else {
            throw badOptionValue("--placements must be in 1...\(PreparedBenchmark.maximumPlacements) (got \(placements))")
        }
        // Options that do not go together are a malformed command line (exit 64), as everywhere else.
        if placements > 1 && blockWarmup < 1 {
            throw ValidationError("--placements \(placements) needs --block-warmup 1 or more: each block starts on another placement, whose buffers its untimed sample brings into the caches")
        }
        if let pin, pin < 0 { throw badOptionValue("--pin must be a CPU number ≥ 0 (got \(pin))") }
        // The workers would pin nowhere and say nothing: a CPU this process may not use is refused here, as run does.
        if let pin, let last = ProcessResources.lastAllowedCPU(), pin > last {
            throw badOptionValue("--pin \(pin): no such CPU for this process (it may use CPUs up to \(last))")
        }
        if pin != nil && noPin { throw ValidationError("--pin and --no-pin contradict each other: give one") }
        _ = try perBenchmarkThresholds()
    }

    private func perBenchmarkThresholds() throws -> [String: Double] {
        var thresholds: [String: Double] = [:]
        for entry in thresholdFor {
            // At the last '=': ids hold one too (nms/optimized/n=100=5), a percent never does.
            guard let equals = entry.lastIndex(of: "="), equals != entry.startIndex,
                  let value = Double(entry[entry.index(after: equals)...]), value.isFinite, (0...PairedSettings.largestThreshold * 100).contains(value) else {
                throw badOptionValue(HelpText.named("--threshold-for takes id=percent, e.g. nms/optimized/typical=3") + " (got \(entry))")
            }
            thresholds[String(entry[..<equals])] = value / 100
        }
        return thresholds
    }

    /// budgets.yaml's `regression-thresholds`, when the file exists (a package without budgets compares too).
    private func budgetThresholds() throws -> [String: Double] {
        guard FileManager.default.fileExists(atPath: budgets) else { return [:] }
        do { return try BudgetsFile.regressionThresholds(path: budgets, knownIDs: Registration.knownIDs) }
        catch { throw CommandFailure(.badInput, "\(error)") }
    }

    /// The CPU the measuring threads are pinned to: `--pin`, else the last one this process may use; nil with
    /// `--no-pin` or on a single allowed CPU.
    var measuringCPU: Int? { noPin ? nil : pin ?? ProcessResources.lastAllowedCPU() }

    var settings: PairedSettings {
        PairedSettings(threshold: threshold / 100, multithreadedThreshold: thresholdMultithreaded / 100,
                       thresholds: (try? perBenchmarkThresholds()) ?? [:], alpha: alpha, minimumPairs: minimumPairs,
                       maximumPairs: maximumPairs, maximumSeconds: maximumMinutes * 60, blocks: blocks,
                       samplesPerBlock: blockSamples, warmupSamplesPerBlock: blockWarmup, sampleMilliseconds: sampleTime, pinnedCPU: measuringCPU, freshCopies: freshCopies,
                       placements: placements > 1 ? placements : nil)
    }

    /// The paired comparison of the gate's benchmarks (the nightly's regression check): those with a budget in
    /// the gate's `budgets` that its `filters` select; debug builds when the gate allowed one.
    func compareGated(base: String, head: String, budgets: String, filters: [String], allowDebug: Bool,
                      interruption: Interruption) throws -> PairedComparisonReport {
        try gated(budgets: budgets, allowDebug: allowDebug).compare(base: base, head: head, filters: filters, interruption: interruption)
    }

    /// What ``compareGated(base:head:budgets:filters:allowDebug:interruption:)`` would refuse, found before
    /// anything is measured: one pair of workers says hello and stops.
    func checkGated(base: String, head: String, budgets: String, filters: [String], allowDebug: Bool) throws {
        let options = gated(budgets: budgets, allowDebug: allowDebug)
        _ = try options.session(base: base, head: head, filters: filters, interruption: Interruption()) { session, launcher in
            try session.check(launcher: launcher, allowDebug: options.allowDebug)
        }
    }

    /// These options over the gate's budgeted benchmarks: `budgets` selects, and a debug build is allowed when the
    /// gate allowed one.
    private func gated(budgets: String, allowDebug: Bool) -> PairedOptions {
        var options = self
        options.budgeted = true
        options.budgets = budgets
        options.allowDebug = options.allowDebug || allowDebug
        return options
    }

    /// The benchmarks a comparison of two executables would measure, with these options and `filters`: one pair of
    /// workers says hello and stops; what the comparison would refuse is refused.
    func comparedBenchmarks(base: String, head: String, filters: [String]) throws -> [String] {
        try session(base: base, head: head, filters: filters, interruption: Interruption()) { session, launcher in
            try session.check(launcher: launcher, allowDebug: allowDebug)
        }
    }

    /// One paired comparison of two executables, as `compare-builds` runs it.
    func compare(base: String, head: String, filters: [String], interruption: Interruption,
                 progress: @escaping (String) -> Void = { Console.info($0) }) throws -> PairedComparisonReport {
        try session(base: base, head: head, filters: filters, interruption: interruption, progress: progress) { session, launcher in
            try session.run(launcher: launcher, base: base, head: head, allowDebug: allowDebug)
        }
    }

    /// The session and launcher of these options over two executables, handed to `body`.
    private func session<T>(base: String, head: String, filters: [String], interruption: Interruption,
                            progress: @escaping (String) -> Void = { Console.info($0) },
                            _ body: (PairedSession, PairedProcessLauncher) throws -> T) throws -> T {
        for path in [base, head] {
            if let problem = SystemFile.executableProblem(path) { throw CommandFailure(.badInput, "\(path): \(problem)") }
        }
        var arguments = ["--sample-time", "\(sampleTime)", "--warmup", "\(warmup)"]
        if let cpu = measuringCPU { arguments += ["--pin", "\(cpu)"] }
        let executables = try executables(base: base, head: head)
        let launcher = PairedProcessLauncher(base: executables.base, head: executables.head, arguments: arguments, freshCopies: freshCopies)
        var measured = settings.filling(thresholds: try budgetThresholds())
        if linkOrders { measured.linkOrders = executables.base.count }
        var session = PairedSession(settings: measured, filters: filters, interrupted: { interruption.signal }, progress: progress)
        session.namedThresholds = Array(try perBenchmarkThresholds().keys)
        if budgeted && budgets == Registration.suite.budgetsPath && !FileManager.default.fileExists(atPath: budgets) {
            // A package of kernels without budgets yet: compared whole, not refused (make compare passes --budgeted).
            let warning = "--budgeted: no budgets file \(budgets): comparing every timed benchmark\(filters.isEmpty ? "" : " the filters select")"
            Console.warning(warning)
            session.warnings.append(warning)
        } else if budgeted {
            let ids = Set(try ReportPipeline.loadBudgets(budgets, knownIDs: Registration.knownIDs,
                                                         frameLoopIDs: Registration.frameLoopIDs).map(\.benchmarkID))
            session.selection = { ids.contains($0) }
        }
        do { return try body(session, launcher) }
        catch let error as PairedWorkerError { throw CommandFailure(.runFailure, "\(error)") }
    }

    /// The executables each side's process pairs take in turn: the given ones, or with `--link-orders` their link orders.
    private func executables(base: String, head: String) throws -> (base: [String], head: [String]) {
        guard linkOrders else { return ([base], [head]) }
        do { return try LinkOrders.executables(base: base, head: head) }
        catch let error as LinkOrdersError { throw CommandFailure(.badInput, "--link-orders: \(error)") }
    }
}
