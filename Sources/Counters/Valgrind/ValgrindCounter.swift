import ChildProcesses
import Foundation
import Measurement
import Results

/// Deterministic counting: runs one benchmark under valgrind's cachegrind, in a child `framebudget` process, for n
/// and for 2n iterations, and takes the difference, so set-up and start-up cancel and exact instructions per
/// iteration remain. Same binary and input give the same count: the child runs with `SWIFT_DETERMINISTIC_HASHING=1`
/// and without address randomization (`setarch <machine> -R`), OpenBLAS on one thread (see ``environment``), from a
/// debug-stripped copy of the binary at a path that depends only on the build (see ``ValgrindBinary``).
///
/// valgrind 3.19 emulates no AVX-512: OpenBLAS and glibc take other (AVX2) code paths under it than natively.
public struct ValgrindCounter: CounterProbe {
    /// The `framebudget` binary whose hidden `iterate` subcommand runs set-up and n iterations without timing.
    public let binary: String
    /// The debug-stripped copy valgrind actually runs (see ``ValgrindBinary``).
    private let counted: ValgrindBinary
    /// Extra arguments for `iterate` (the workload source: `--seed`, `--workload`).
    public let workloadArguments: [String]
    /// Simulate caches (explicit geometry, since the VM reports a wrong LLC) and estimate cycles.
    public let simulateCaches: Bool
    /// n: the smaller run's iterations, at most (a slow benchmark gets fewer: see ``readings(_:running:)``).
    public let iterations: Int
    /// Count every benchmark over exactly n and 2n iterations, whatever its timed sample holds. Two runs then use
    /// the same n for sure (a sample's calibrated size is a timing, and may differ from run to run).
    public let fixedIterations: Bool
    /// The run folder in which to keep each benchmark's cachegrind outputs and per-function counts (see
    /// ``InstructionArtifacts``), or nil to keep nothing.
    public let outputFolder: String?
    /// The signals to pass on to valgrind (``ExternalTool/run(_:_:environment:stdin:forwardedSignals:)``): it runs in
    /// a process group of its own, so a stop sent to this process alone reaches it. Without them a `kill` waited
    /// minutes for valgrind to finish its count, and valgrind wrote into the run folder after a second signal's exit.
    private let forwardedSignals: (@Sendable () -> [Int32])?
    private let valgrind: String
    private let setarch: String

    /// - Throws: ``ToolError`` (missing) when valgrind or setarch is not installed (without setarch the counts
    ///   drift by tens of instructions with address randomization, and nothing would say so).
    public init(binary: String, workloadArguments: [String] = [], simulateCaches: Bool = false, iterations: Int = 10,
                fixedIterations: Bool = false, outputFolder: String? = nil,
                forwardedSignals: (@Sendable () -> [Int32])? = nil) throws {
        self.forwardedSignals = forwardedSignals
        self.fixedIterations = fixedIterations
        self.binary = binary
        self.outputFolder = outputFolder
        self.workloadArguments = workloadArguments
        self.simulateCaches = simulateCaches
        self.iterations = Swift.max(1, iterations)
        valgrind = try ExternalTool.require("valgrind", neededFor: "--counters callgrind", package: "valgrind")
        setarch = try ExternalTool.require("setarch", neededFor: "--counters callgrind (exact counts need address randomization off)",
                                           package: "util-linux")
        counted = try ValgrindBinary(original: binary)
    }

    /// The valgrind options: cachegrind, with the cache simulator off or with an explicit geometry.
    var toolOptions: [String] {
        simulateCaches
            ? ["--tool=cachegrind", "--cache-sim=yes", "--I1=32768,8,64", "--D1=49152,12,64", "--LL=33554432,16,64"]
            : ["--tool=cachegrind", "--cache-sim=no"]
    }

    /// Counts the context's benchmark in child processes (a body that is no benchmark's whole iteration cannot be).
    /// `context.sampleIterations` (one timed sample's worth) only bounds n: a benchmark whose sample holds fewer than n
    /// iterations is slow, and under valgrind (20–50× slower) 3n of them would take minutes; n = 1 then. Warm
    /// iterations execute the same instructions, so n does not change the count.
    public func readings(_ context: CountingContext, running _: () -> Void) -> [CounterReading] {
        guard let id = context.benchmarkID else {
            return [.unavailable("Ir", reason: "valgrind counts a benchmark by id; no id given")]
        }
        let n = fixedIterations || context.sampleIterations >= iterations ? iterations : 1
        do { return try count(id, iterations: n) } catch { return [.unavailable("Ir", reason: "\(error)")] }
    }

    /// Instructions (and simulated cache events) per iteration of benchmark `id`.
    public func count(_ id: String, iterations: Int? = nil) throws -> [CounterReading] {
        let iterations = iterations ?? self.iterations
        let (single, singleText) = try summary(id, iterations: iterations)
        let (double, doubleText) = try summary(id, iterations: 2 * iterations)
        let counts = CachegrindSummary.perIteration(single: single, double: double, iterations: iterations)
        if let outputFolder {
            let functions = CachegrindFunctions.perIteration(
                single: CachegrindFunctions.parse(singleText), double: CachegrindFunctions.parse(doubleText),
                iterations: iterations)
            let text = FunctionCountsFile.render(functions, names: SymbolDemangler.demangle(functions.keys))
            let path = "\(outputFolder)/\(InstructionArtifacts.functionsFile(for: id))"
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
                throw ToolError(kind: .failed, message: "\(path): cannot write")
            }
        }
        let method = "cachegrind, (count(\(2 * iterations)) − count(\(iterations))) / \(iterations)"
        var readings = counts.keys.sorted { order($0) < order($1) }.map {
            CounterReading(name: $0, perIteration: counts[$0], source: .callgrind, note: method)
        }
        if let cycles = CachegrindSummary.estimatedCycles(counts) {
            readings.append(CounterReading(name: "estimated-cycles", perIteration: cycles, source: .callgrind,
                                           note: "L1 hits + 5·LL hits + 35·RAM accesses (simulated caches)"))
        }
        return readings
    }

    /// The command line of one counted child run, as a user could replay it.
    public func commandLine(_ id: String, iterations: Int, output: String) -> (String, [String]) {
        let command = [valgrind] + toolOptions + ["--cachegrind-out-file=\(output)", counted.path, "iterate", id,
                                                 "--iterations", "\(iterations)"] + workloadArguments
        return Self.deterministic(command, setarch: setarch)
    }

    /// The deterministic environment of counted children. A thread pool's start-up and idle waits interleave with the
    /// work differently from run to run (thousands of instructions for HotPaths' worker pool, tens for OpenBLAS's),
    /// so counted children run both on one thread: a multithreaded kernel's count is then all of its work.
    public static let environment = [
        "SWIFT_DETERMINISTIC_HASHING": "1", "SWIFT_BACKTRACE": "enable=no", "OPENBLAS_NUM_THREADS": "1",
        "HOTPATHS_THREADS": "1",
    ]

    /// `env -i <sorted fixed variables> setarch <machine> -R <command>`. The environment is fixed and sorted because
    /// getenv walks it in order: the inherited one, handed over as a Swift dictionary, comes in a new order every
    /// run, and a different order costs a different number of instructions.
    static func deterministic(_ command: [String], setarch: String) -> (String, [String]) {
        let path = "PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let variables = environment.map { "\($0.key)=\($0.value)" }.sorted() + [path]
        return ("/usr/bin/env", ["-i"] + variables + [setarch, ExternalTool.machine, "-R"] + command)
    }

    /// One counted run: its totals and the whole output file's text. The file is kept in the run folder when there
    /// is one (``outputFolder``), else written to a temporary file and removed.
    private func summary(_ id: String, iterations: Int) throws -> (CachegrindSummary, String) {
        let output: String
        if let outputFolder {
            output = "\(outputFolder)/\(InstructionArtifacts.cachegrindOutput(for: id, iterations: iterations))"
            try FileManager.default.createDirectory(
                atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } else {
            output = NSTemporaryDirectory() + "framebudget-cachegrind-\(getpid())-\(UUID().uuidString).out"
        }
        defer { if outputFolder == nil { unlink(output) } }
        let (executable, arguments) = commandLine(id, iterations: iterations, output: output)
        let result = try ExternalTool.run(executable, arguments, forwardedSignals: forwardedSignals)
        if let signal = forwardedSignals?().first {
            // Stopped by the signal passed on: no count, and no tool failure with valgrind's last warning as its reason.
            throw ToolError(kind: .failed, message: "valgrind on \(id) was stopped by \(ProcessRunner.signalName(signal))")
        }
        guard result.status == 0 else {
            let last = ExternalTool.lastMessage(result.stderr)
            throw ToolError(kind: .failed, message: "valgrind on \(id) exited with \(result.status): \(last)")
        }
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return (try CachegrindSummary(parsing: text, path: output), text)
    }

    private func order(_ event: String) -> Int {
        ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"].firstIndex(of: event) ?? 99
    }
}
