import ArgumentParser
import Foundation
import Glibc
import Measurement
import Results
import RunPipeline

/// `framebudget worker`: the worker side of `compare-builds` (hidden). Speaks the paired protocol on stdin/stdout
/// for the coordinator of another process; a user never runs it by hand.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker", abstract: "Serve paired measurement requests on stdin/stdout (started by compare-builds).",
        shouldDisplay: false)

    @Option(name: .customLong("sample-time"), help: "Target duration of one sample, in milliseconds.")
    var sampleTimeMilliseconds: Double = 5

    @Option(name: .customLong("warmup"), help: "Warm-up per benchmark, in milliseconds.")
    var warmupMilliseconds: Double = 200

    @Option(help: "Pin the measuring thread to this CPU.")
    var pin: Int?

    @Option(help: "Seed of the synthetic workloads.")
    var seed: UInt64 = 0x5EED

    func run() throws {
        // The coordinator owns the workers: a Ctrl-C reaches the whole process group, and the coordinator stops the
        // workers itself once it has written what it measured. A coordinator that dies closes stdin: the worker ends.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        if let pin { try? ProcessResources.pinCurrentThread(to: pin) }
        var settings = MeasurementSettings()
        settings.targetSampleNanoseconds = sampleTimeMilliseconds * 1e6
        settings.warmupNanoseconds = warmupMilliseconds * 1e6
        settings.seed = seed
        settings.pinnedCPU = pin
        let worker = PairedWorker(benchmarks: Registration.suite.benchmarks, settings: settings,
                                  source: .synthetic(seed: seed), build: Self.buildIdentity)
        worker.serve(readLine: { Swift.readLine() }, write: { line in
            print(line)
            fflush(nil)  // every stream: naming `stdout` is not concurrency-safe in Swift 6
        })
    }
}

extension WorkerCommand {
    /// What the coordinator reports of a build: its configuration, the start of its executable's digest, and the
    /// commit it was built from when known (``EnvironmentProbe/commit``). Starts with the configuration: the
    /// coordinator refuses a build whose identity starts with "debug" unless told otherwise.
    static var buildIdentity: String {
        "\(EnvironmentProbe.buildConfiguration) build, executable sha256 "
            + (EnvironmentProbe.executableDigest().map { String($0.prefix(12)) } ?? "unknown")
            + (EnvironmentProbe.commit.map { ", commit \($0.prefix(10))" } ?? "")
    }
}
