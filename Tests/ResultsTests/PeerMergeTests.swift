import Foundation
@testable import Results
import Statistics
import XCTest

/// Peers (`scripts/peers.py` output) merged into a run as `peer` variants.
final class PeerMergeTests: XCTestCase {
    static let samples: [Double] = [2100, 2000, 2300, 1900, 2050, 2200, 2000, 1950]

    static func peer(variant: String = "peer-1core", samples: [Double] = samples, conversion: [Double]? = nil)
        -> PeerMeasurements.Peer {
        PeerMeasurements.Peer(
            id: "sum/\(variant)/n=1000", hotPath: "sum", variant: variant, workload: "n=1000", kernel: "sum/reference/n=1000",
            threads: 1, library: "numpy.sum", parameters: ["n": "1000"],
            call: .init(iterationsPerSample: 10, samplesNanoseconds: samples),
            conversion: conversion.map { .init(iterationsPerSample: 100, samplesNanoseconds: $0) },
            conversionNote: conversion == nil ? nil : "list to ndarray")
    }

    func testAPeerBecomesABenchmarkWithTheHarnessStatisticsAndTheKernelsWork() throws {
        var run = try RealRun.make()
        try run.mergePeers(PeerMeasurements(environment: ["numpy": "2.4.6"], peers: [Self.peer(conversion: [500, 520, 480])]))
        let peer = try XCTUnwrap(run.benchmark("sum/peer-1core/n=1000"))
        XCTAssertEqual(peer.statistics, SampleSummary.of(Self.samples, resamples: 2000, seed: run.settings.seed))
        XCTAssertEqual(peer.iterationsPerSample, 10)
        XCTAssertEqual(peer.threads, 1)
        XCTAssertEqual(peer.parameters["library"], "numpy.sum")
        XCTAssertEqual(peer.parameters["peerOf"], "sum/reference/n=1000")
        XCTAssertEqual(peer.throughput?.bytesPerIteration, 4000, "the kernel's declared work")
        XCTAssertFalse(peer.allocations.counted)
        XCTAssertEqual(peer.stages?.map(\.name), ["conversion: list to ndarray", "library call: numpy.sum"])
        XCTAssertEqual(try XCTUnwrap(peer.stages?.first?.statistics.median), 500)
        XCTAssertTrue(peer.notes.contains { $0.contains("numpy 2.4.6") })
    }

    func testAPeerDoesNotInheritTheKernelsCodePaths() throws {
        var run = try RealRun.make()
        var peer = Self.peer()
        peer.parameters.merge(["isa": "avx512", "sha256": "BoringSSL AVX"]) { $1 }
        try run.mergePeers(PeerMeasurements(environment: [:], peers: [peer]))
        let merged = try XCTUnwrap(run.benchmark("sum/peer-1core/n=1000"))
        XCTAssertNil(merged.parameters["isa"], "numpy does not run FrameBudget's AVX-512 loops")
        XCTAssertNil(merged.parameters["sha256"])
        XCTAssertEqual(merged.parameters["n"], "1000", "the workload's parameters stay")
    }

    func testMergingAgainReplacesTheEntryAndTheFileStaysValid() throws {
        var run = try RealRun.make()
        try run.mergePeers(PeerMeasurements(environment: [:], peers: [Self.peer(), Self.peer(variant: "peer")]))
        try run.mergePeers(PeerMeasurements(environment: [:], peers: [Self.peer(samples: [10, 11, 12])]))
        XCTAssertEqual(run.benchmarks.map(\.id), ["sum/reference/n=1000", "sum/peer-1core/n=1000", "sum/peer/n=1000"])
        XCTAssertEqual(run.benchmark("sum/peer-1core/n=1000")?.statistics.median, 11)
        let path = NSTemporaryDirectory() + "fb-peers-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ResultsFile.write(run, to: path)
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
        XCTAssertEqual(status, 0, output)
    }

    func testAPeerWithoutSamplesOrWithAnotherVariantIsRefused() throws {
        var run = try RealRun.make()
        XCTAssertThrowsError(try run.mergePeers(PeerMeasurements(environment: [:], peers: [Self.peer(samples: [])]))) {
            XCTAssertTrue("\($0)".contains("call.samplesNanoseconds"), "\($0)")
        }
        XCTAssertThrowsError(try run.mergePeers(PeerMeasurements(environment: [:], peers: [Self.peer(variant: "optimized")])))
        XCTAssertEqual(run.benchmarks.count, 1, "nothing merged")
    }

    /// Peers are compared with kernels on the same inputs: ones timed on another scene seed's are refused, naming
    /// both seeds; the run's own seed, or a peers.json from before the seed was recorded, merge.
    func testPeersTimedOnAnotherSeedsInputsAreRefused() throws {
        var run = try RealRun.make()
        run.settings.workload = "synthetic"
        let seed = run.settings.seed
        XCTAssertThrowsError(try run.mergePeers(PeerMeasurements(environment: ["inputsSeed": "\(seed &+ 1)"], peers: [Self.peer()]))) {
            XCTAssertEqual("\($0)", "peers timed on the inputs of seed \(seed &+ 1), this run measured seed \(seed)'s: "
                           + "export and time them with --seed \(seed)")
        }
        XCTAssertEqual(run.benchmarks.count, 1, "nothing merged")
        XCTAssertNoThrow(try run.mergePeers(PeerMeasurements(environment: ["inputsSeed": "\(seed)"], peers: [Self.peer()])))
        XCTAssertNoThrow(try run.mergePeers(PeerMeasurements(environment: [:], peers: [Self.peer()])))
    }

    /// A peer is compared with a kernel of the same machine: peers timed on another CPU are refused, naming both;
    /// the run's own CPU, or a peers.json from before the CPU was recorded, merge.
    func testPeersTimedOnAnotherMachineAreRefused() throws {
        var run = try RealRun.make()
        run.environment.cpuModel = "AMD EPYC (family 25, model 17)"
        let intel = PeerMeasurements(environment: ["cpu": "Intel Xeon Processor (family 6, model 207)"], peers: [Self.peer()])
        XCTAssertThrowsError(try run.mergePeers(intel)) {
            XCTAssertEqual("\($0)", "peers timed on Intel Xeon Processor (family 6, model 207), this run measured on "
                           + "AMD EPYC (family 25, model 17): time them on the run's machine")
        }
        XCTAssertEqual(run.benchmarks.count, 1, "nothing merged")
        XCTAssertNoThrow(try run.mergePeers(PeerMeasurements(environment: ["cpu": "AMD EPYC (family 25, model 17)"], peers: [Self.peer()])))
        XCTAssertNoThrow(try run.mergePeers(PeerMeasurements(environment: [:], peers: [Self.peer()])))
    }

    /// A merge wrote files the tool then refused to read (iterations 0, negative threads, a negative conversion
    /// sample) and took peers of kernels the run does not have: each is refused naming the peer and its field.
    func testAPeerThatWouldMakeAnUnreadableRunOrStandsBesideNoKernelIsRefused() throws {
        func refusal(_ edit: (inout PeerMeasurements.Peer) -> Void) -> String {
            var run = try! RealRun.make()
            var peer = Self.peer(conversion: [500, 520])
            edit(&peer)
            do { try run.mergePeers(PeerMeasurements(environment: [:], peers: [peer])); return "merged" }
            catch { return "\(error)" }
        }
        // Each field named as the peers file names it, not as the benchmark the peer became.
        XCTAssertEqual(refusal { $0.call.iterationsPerSample = 0 }, "peer 'sum/peer-1core/n=1000': call.iterationsPerSample: 0 is less than 1")
        XCTAssertEqual(refusal { $0.threads = -2 }, "peer 'sum/peer-1core/n=1000': threads: -2 is less than 1")
        XCTAssertEqual(refusal { $0.conversion?.samplesNanoseconds = [-1, 500] },
                       "peer 'sum/peer-1core/n=1000': conversion.samplesNanoseconds must be finite numbers ≥ 0")
        XCTAssertEqual(RunResults.peersField("samplesNanoseconds[0]"), "call.samplesNanoseconds[0]")
        XCTAssertEqual(RunResults.peersField("stages[0].statistics.max"), "conversion.samplesNanoseconds (their stages[0].statistics.max)")
        XCTAssertEqual(RunResults.peersField("threads"), "threads")
        XCTAssertEqual(refusal { $0.kernel = "sum/optimized/n=999" },
                       "peer 'sum/peer-1core/n=1000': its kernel 'sum/optimized/n=999' is not a benchmark of this run")
    }
}
