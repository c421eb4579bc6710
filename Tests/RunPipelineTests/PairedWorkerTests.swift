import ChildProcesses
import Foundation
import Measurement
import XCTest
@testable import RunPipeline

/// The worker side of paired measurement, served over scripted lines: what a hello offers, and a benchmark set up in
/// several placements that each block moves on from.
final class PairedWorkerTests: XCTestCase {
    /// Which set-up each iteration ran, and how many set-ups and tear-downs there were.
    final class Ledger: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var setUps = 0, tearDowns = 0
        private(set) var ran: [Int] = []
        func setUp() -> Int { lock.withLock { setUps += 1; return setUps - 1 } }
        func run(_ placement: Int) { lock.withLock { ran.append(placement) } }
        func tearDown() { lock.withLock { tearDowns += 1 } }
        func forget() { lock.withLock { ran = [] } }
    }

    private func worker(_ ledger: Ledger) -> PairedWorker {
        let benchmark = Benchmark(hotPath: "probe", variant: "optimized", workload: "x") { _ in
            let placement = ledger.setUp()
            return Iteration(tearDown: { ledger.tearDown() }) { ledger.run(placement) }
        }
        let settings = MeasurementSettings(samples: 2, targetSampleNanoseconds: 10_000, warmupNanoseconds: 10_000)
        return PairedWorker(benchmarks: [benchmark], settings: settings, source: .synthetic(seed: 1), build: "test")
    }

    /// A FRAMEBUDGET_GIT_COMMIT given to the coordinator names its own build: a worker of another executable is told
    /// that executable's `.commit`, or finds its commit itself, and only a worker of the coordinator's executable keeps
    /// the variable (it labelled both builds of a compare-builds with one commit).
    func testEachWorkerIsLabelledWithItsOwnBuildsCommit() throws {
        let folder = NSTemporaryDirectory() + "fb-worker-env-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder); unsetenv("FRAMEBUDGET_GIT_COMMIT") }
        let tonight = String(repeating: "7", count: 40), cached = String(repeating: "d", count: 40)
        setenv("FRAMEBUDGET_GIT_COMMIT", tonight, 1)
        try (cached + "\n").write(toFile: folder + "/framebudget.commit", atomically: true, encoding: .utf8)
        XCTAssertEqual(PairedProcessLauncher.environment(of: folder + "/framebudget")["FRAMEBUDGET_GIT_COMMIT"], cached)
        XCTAssertNil(PairedProcessLauncher.environment(of: folder + "/other")["FRAMEBUDGET_GIT_COMMIT"])
        XCTAssertEqual(PairedProcessLauncher.environment(of: ProcessRunner.currentExecutable)["FRAMEBUDGET_GIT_COMMIT"], tonight)
    }

    /// Serves `requests` and returns the replies, decoded.
    private func serve(_ worker: PairedWorker, _ requests: [PairedRequest], between: (Int) -> Void = { _ in }) throws -> [PairedReply] {
        var lines = try requests.map { try PairedWire.encode($0) }[...]
        var replies: [PairedReply] = []
        worker.serve(readLine: { lines.popFirst() }) { line in
            between(replies.count)
            replies.append(try! PairedWire.decode(PairedReply.self, line))
        }
        return replies
    }

    func testTheHelloOffersPlacements() throws {
        let replies = try serve(worker(Ledger()), [.hello])
        XCTAssertEqual(replies.first?.placements, PreparedBenchmark.maximumPlacements)
    }

    func testEachMeasureRequestMovesToTheNextPlacementRoundRobin() throws {
        let ledger = Ledger()
        var perRequest: [[Int]] = []
        let requests: [PairedRequest] = [.prepare(id: "probe/optimized/x", placements: 3)]
            + Array(repeating: .measure(id: "probe/optimized/x", samples: 2, iterations: 5), count: 4) + [.quit]
        let replies = try serve(worker(ledger), requests) { index in
            // Before each reply is written: what the request just served ran (the prepare's warm-up included).
            if index > 0 { perRequest.append(Array(Set(ledger.ran))) }
            ledger.forget()
        }
        XCTAssertEqual(ledger.setUps, 3)
        XCTAssertEqual(replies[0].placements, 3)
        XCTAssertEqual(perRequest, [[1], [2], [0], [1]], "one placement per request, the next each time")
        XCTAssertEqual(replies.dropFirst().map { $0.samples?.count }, [2, 2, 2, 2])
        XCTAssertEqual(ledger.tearDowns, 3, "every set-up torn down")
    }

    func testAPlainPrepareSetsUpOnceAndSaysNothingOfPlacements() throws {
        let ledger = Ledger()
        let replies = try serve(worker(ledger), [.prepare(id: "probe/optimized/x"),
                                                 .measure(id: "probe/optimized/x", samples: 1, iterations: 3)])
        XCTAssertEqual(ledger.setUps, 1)
        XCTAssertNil(replies[0].placements)
        XCTAssertEqual(Set(ledger.ran), [0])
    }

    func testPlacementsOutOfRangeAreRefused() throws {
        let ledger = Ledger()
        let replies = try serve(worker(ledger), [.prepare(id: "probe/optimized/x", placements: 0),
                                                 .prepare(id: "probe/optimized/x", placements: 65)])
        XCTAssertEqual(replies.map(\.error), ["placements must be in 1...64 (got 0)", "placements must be in 1...64 (got 65)"])
        XCTAssertEqual(ledger.setUps, 0)
    }
}
