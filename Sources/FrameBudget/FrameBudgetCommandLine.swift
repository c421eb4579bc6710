// The public API of the FrameBudget library: one `import FrameBudget` gives a package what it needs to declare
// benchmarks (Measurement's `Benchmark`, `Iteration`, `Stage`, `WorkloadSource`, `BenchmarkGroup`, `blackHole`,
// and FrameLoop's `FrameLoopSpec` and `FramePolicy`) and the one entry point below.
@_exported import FrameLoop
@_exported import Measurement
// Types the exported API returns or holds, nameable with `import FrameBudget` alone: `Benchmark.benchmarkID`'s,
// `FramePolicy.kind`'s, and a `BenchmarkDriver`'s result (with its clock).
@_exported import struct Results.BenchmarkID
@_exported import enum Results.FramePolicyKind
@_exported import struct Results.BenchmarkResult
@_exported import struct Results.ClockInfo
import Foundation
import RunPipeline

/// The command line of FrameBudget, as a library: a package's benchmark executable calls ``main(_:)`` (or
/// ``main(benchmarks:budgets:)``) from its `main.swift` and gets the whole CLI (`run`, `list`, `env`, `gate`, `report`,
/// `compare`, `merge`, `history`, `profile`, `counters`, …) over its own benchmarks and budgets file, with the
/// documented exit codes (0 success · 1 budget failed/missing or regression · 2 bad input · 3 inconclusive ·
/// 4 run failure · 5 history server unreachable · 64 malformed command line · 130/143 interrupted).
///
/// ```swift
/// import FrameBudget
///
/// let sum = Benchmark(hotPath: "sum", variant: "optimized", workload: "64KiB", bytesPerIteration: 65_536) { _ in
///     let bytes = [UInt8](repeating: 7, count: 65_536)       // set-up: not timed
///     return Iteration { blackHole(bytes.reduce(0, &+)) }     // timed
/// }
/// FrameBudgetCommandLine.main(benchmarks: [sum], budgets: "Benchmarks/budgets.yaml")
/// ```
public enum FrameBudgetCommandLine {
    /// Runs the command line over `suite`: parses the process's arguments, runs the command and exits with its
    /// status. Never returns.
    public static func main(_ suite: RegisteredSuite) -> Never {
        Registration.register(suite)
        // A package's own declarations, refused in one line before any command (a precondition said nothing in a
        // release build: exit 132 and a backtrace).
        if let problem = suite.problem {
            Console.error(problem)
            exit(ExitStatus.badInput.rawValue)
        }
        // Before any child process: measured processes are replicates only in layouts of their own, which a
        // `setarch -R` of this one would otherwise take from them (AddressSpaceRandomization).
        AddressSpaceLayout.randomizeChildren()
        // A reader that has gone (a worker that died, a `| head` that has read enough) must not kill this process
        // on the next write: exit 141, nothing said, a staging folder left behind. The write fails instead, and the
        // command says so. (Children's stdin is a file, never a pipe: ProcessRunner.) Children start with the
        // default disposition again (swift-subprocess).
        signal(SIGPIPE, SIG_IGN)
        // Before any output is written: an interrupted command removes what it had not put in place. Not in the
        // processes that measure for another (a valgrind-counted `iterate`, a paired `worker`): they write nothing,
        // and the signal sources' thread would run inside their counts (callgrind counts every thread).
        if !["iterate", "worker"].contains(CommandLine.arguments.dropFirst().first ?? "") { SignalExit.install() }
        FrameBudgetCommand.parseAndRun(Array(CommandLine.arguments.dropFirst()))
    }

    /// Runs the command line over `benchmarks`, judged against the budgets file at `budgets` (relative to the
    /// working directory; `--budgets` overrides it), as the tool `name` (default: the executable's file name)
    /// described by `abstract` in `--help`. Never returns.
    public static func main(benchmarks: [Benchmark], budgets: String = RegisteredSuite.defaultBudgetsPath,
                            name: String? = nil, abstract: String? = nil) -> Never {
        main(RegisteredSuite(benchmarks: benchmarks, budgets: budgets, name: name, abstract: abstract))
    }
}

/// What a package hands the command line: every benchmark it declares, and its budgets file.
///
/// Budgets may name only registered benchmarks: an id registered here that did not run is MISSING (exit 1); any other
/// id is a typo, reported as bad input (exit 2) naming the file and the id.
public struct RegisteredSuite: Sendable {
    /// Where `gate`, `report`, `nightly`, `history plot`/`site` and `compare-builds --budgeted` look for budgets
    /// unless told otherwise.
    public static let defaultBudgetsPath = "Benchmarks/budgets.yaml"

    /// Every benchmark, in report order; ids (`hotPath/variant/workload`) must be unique.
    public var benchmarks: [Benchmark]
    /// The default budgets file (`--budgets` overrides it).
    public var budgetsPath: String
    /// Inputs of the kernels that have peers (other libraries' implementations, `framebudget peers`), or nil; the
    /// `peers` command exists only when set.
    public var peers: PeerInputsExport?
    /// The tool's name in `--help`, usage lines, error prefixes and exports.
    public var name: String
    /// The one-line description `--help` opens with.
    public var abstract: String
    /// Offer the `kernel` command (FrameBudget's camera kernels run on `.npy` captures): FrameBudget's own suite only.
    public var captureKernels: Bool

    /// - Parameters:
    ///   - name: the tool's name; default the executable's file name (`string-kernels-bench`).
    ///   - abstract: what `--help` says the tool does; default a description naming the tool.
    /// Ids must be unique and each part (hot path, variant, workload) non-empty and without a `/`: the command
    /// line refuses a suite that breaks this (``problem``), in one line, exit 2.
    public init(benchmarks: [Benchmark], budgets: String = defaultBudgetsPath, peers: PeerInputsExport? = nil,
                name: String? = nil, abstract: String? = nil, captureKernels: Bool = false) {
        self.benchmarks = benchmarks
        self.budgetsPath = budgets
        self.peers = peers
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "benchmarks").lastPathComponent
        self.name = name ?? executable
        self.abstract = abstract ?? "Benchmark \(name ?? executable)'s code against the budgets of \(budgets) (built on FrameBudget)."
        self.captureKernels = captureKernels
    }

    /// What is wrong with the declared benchmarks, in one line, or nil: an id declared twice, an id part that is
    /// empty or holds a `/` (ids are hotPath/variant/workload: `64/KiB` as a workload made a four-part id that id
    /// filters, folders and results files read as another), a `regressionThreshold` outside (0, 1] (a fraction:
    /// `5` meant as 5% would be 500%, and that benchmark could never be called REGRESSED), fewer than 1 thread, or a
    /// size, byte, flop or item count that is not finite (a results file cannot hold it).
    public var problem: String? {
        for benchmark in benchmarks {
            for (part, value) in [("hotPath", benchmark.hotPath), ("variant", benchmark.variant), ("workload", benchmark.workload)]
            where value.isEmpty || value.contains("/") {
                return "benchmark '\(benchmark.id)': its \(part) '\(value)' \(value.isEmpty ? "is empty" : "holds a '/'") (ids are hotPath/variant/workload)"
            }
            if let threshold = benchmark.regressionThreshold, !Benchmark.isRegressionThreshold(threshold) {
                return "benchmark '\(benchmark.id)': regressionThreshold \(threshold) is outside (0, 1] (a fraction: 0.05 is 5%)"
            }
            if let problem = Self.recordingProblem(benchmark) ?? benchmark.frameLoop?.problem {
                return "benchmark '\(benchmark.id)': \(problem)"
            }
        }
        let repeated = Dictionary(grouping: benchmarks.map(\.id)) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
        if !repeated.isEmpty { return "benchmark ids must be unique: \(repeated.joined(separator: ", ")) declared more than once" }
        // A peer kernel the suite does not declare: `peers merge` would refuse every peer of it, after the timing.
        let ids = Set(benchmarks.map(\.id))
        if let unknown = peers?.kernelIDs.first(where: { !ids.contains($0) }) {
            return "peers: kernel '\(unknown)' is not a benchmark of this suite (PeerInputsExport.kernelIDs names benchmark ids)"
        }
        return nil
    }

    /// A declared value the results file could not hold, so that every reader would refuse the file a run wrote
    /// (`threads: 0` ran, exit 0, and then `report`, `gate` and `compare` said "threads: 0 is less than 1").
    private static func recordingProblem(_ benchmark: Benchmark) -> String? {
        if benchmark.threads < 1 { return "threads \(benchmark.threads) is less than 1" }
        let finite: [(String, Double?)] = [
            ("sweepSize", benchmark.sweepSize), ("bytesPerIteration", benchmark.bytesPerIteration),
            ("flopsPerIteration", benchmark.flopsPerIteration), ("itemsPerIteration", benchmark.itemsPerIteration),
        ]
        for case let (name, value?) in finite where !value.isFinite { return "\(name) \(value) is not a finite number" }
        if let bytes = benchmark.workingSetBytes, !(bytes >= 0 && bytes.isFinite) {
            return "workingSetBytes \(bytes) is not a finite number ≥ 0"
        }
        return nil
    }

    /// The benchmarks of every group, in the groups' order.
    public init(groups: [any BenchmarkGroup.Type], budgets: String = defaultBudgetsPath, peers: PeerInputsExport? = nil,
                name: String? = nil, abstract: String? = nil, captureKernels: Bool = false) {
        self.init(benchmarks: groups.flatMap { $0.benchmarks() }, budgets: budgets, peers: peers, name: name,
                  abstract: abstract, captureKernels: captureKernels)
    }
}

/// How `framebudget peers` exports the inputs of the kernels that have peers (as `.npy` capture folders with a
/// `manifest.json` that `scripts/peers.py` reads).
public struct PeerInputsExport: Sendable {
    /// The ids of the benchmarks that have peers.
    public var kernelIDs: [String]
    /// Writes the inputs for `seed` into a folder; returns how many kernels' inputs it wrote.
    public var export: @Sendable (_ folder: String, _ seed: UInt64) throws -> Int

    public init(kernelIDs: [String], export: @escaping @Sendable (_ folder: String, _ seed: UInt64) throws -> Int) {
        self.kernelIDs = kernelIDs
        self.export = export
    }
}
