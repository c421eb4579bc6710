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
    /// n: the smaller run's iterations, at most (a slow benchmark gets fewer: see ``readings(for:iterations:running:)``).
    public let iterations: Int
    private let valgrind: String
    private let setarch: String?

    /// - Throws: ``ToolError`` (missing) when valgrind is not installed.
    public init(binary: String, workloadArguments: [String] = [], simulateCaches: Bool = false, iterations: Int = 10) throws {
        self.binary = binary
        self.workloadArguments = workloadArguments
        self.simulateCaches = simulateCaches
        self.iterations = Swift.max(1, iterations)
        valgrind = try ExternalTool.require("valgrind", neededFor: "--counters callgrind", package: "valgrind")
        setarch = ExternalTool.locate("setarch")
        counted = try ValgrindBinary(original: binary)
    }

    /// The valgrind options: cachegrind, with the cache simulator off or with an explicit geometry.
    var toolOptions: [String] {
        simulateCaches
            ? ["--tool=cachegrind", "--cache-sim=yes", "--I1=32768,8,64", "--D1=49152,12,64", "--LL=33554432,16,64"]
            : ["--tool=cachegrind", "--cache-sim=no"]
    }

    public func readings(iterations _: Int, threads _: Int, running _: () -> Void) -> [CounterReading] {
        [.unavailable("Ir", reason: "valgrind counts a benchmark by id; no id given")]
    }

    /// Counts benchmark `benchmark` in child processes. `iterations` (one timed sample's worth) only bounds n: a
    /// benchmark whose sample holds fewer than n iterations is slow, and under valgrind (20–50× slower) 3n of them
    /// would take minutes; n = 1 then. Warm iterations execute the same instructions, so n does not change the count.
    public func readings(for benchmark: Benchmark, iterations: Int, running _: () -> Void) -> [CounterReading] {
        do { return try count(benchmark.id, iterations: iterations >= self.iterations ? self.iterations : 1) }
        catch { return [.unavailable("Ir", reason: "\(error)")] }
    }

    /// Instructions (and simulated cache events) per iteration of benchmark `id`.
    public func count(_ id: String, iterations: Int? = nil) throws -> [CounterReading] {
        let iterations = iterations ?? self.iterations
        let single = try summary(id, iterations: iterations)
        let double = try summary(id, iterations: 2 * iterations)
        let counts = CachegrindSummary.perIteration(single: single, double: double, iterations: iterations)
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
    static func deterministic(_ command: [String], setarch: String?) -> (String, [String]) {
        let path = "PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let variables = environment.map { "\($0.key)=\($0.value)" }.sorted() + [path]
        let unrandomized = setarch.map { [$0, ExternalTool.machine, "-R"] + command } ?? command
        return ("/usr/bin/env", ["-i"] + variables + unrandomized)
    }

    private func summary(_ id: String, iterations: Int) throws -> CachegrindSummary {
        let output = NSTemporaryDirectory() + "framebudget-cachegrind-\(getpid())-\(UUID().uuidString).out"
        defer { unlink(output) }
        let (executable, arguments) = commandLine(id, iterations: iterations, output: output)
        let result = try ExternalTool.run(executable, arguments)
        guard result.status == 0 else {
            let last = ExternalTool.lastMessage(result.stderr)
            throw ToolError(kind: .failed, message: "valgrind on \(id) exited with \(result.status): \(last)")
        }
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return try CachegrindSummary(parsing: text, path: output)
    }

    private func order(_ event: String) -> Int {
        ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"].firstIndex(of: event) ?? 99
    }
}
