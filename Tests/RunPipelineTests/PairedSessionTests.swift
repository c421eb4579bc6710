import Comparison
import Foundation
import Measurement
import Results
import XCTest
@testable import RunPipeline

/// The paired session's procedure, with scripted workers and a scripted clock: interleaving, the same iterations on
/// both sides, caps, stop reasons, failures and interruption — every rule without waiting or a real machine.
final class PairedSessionTests: XCTestCase {
    /// What the scripted machine does: each benchmark's base time, head's relative change, and a slowdown per pair
    /// (a process's layout) applied to one side only.
    final class Machine: @unchecked Sendable {
        var benchmarks: [String: (nanoseconds: Double, threads: Int)] = ["a/optimized/x": (1000, 1), "b/optimized/y": (5000, 2)]
        var headOnly: [String] = []
        var change: [String: Double] = [:]
        /// Per pair (from 1): extra factor on the head side, e.g. layout luck.
        var headPairFactor: (Int) -> Double = { _ in 1 }
        /// Extra factor on the first sample of each measure request, per side (the other build's cache state).
        var firstSampleFactor: [PairedSide: Double] = [:]
        /// Samples asked for in each measure request, in order.
        var samplesAsked: [Int] = []
        var build = "release build, executable sha256 0123"
        /// Regression thresholds the head build's benchmarks declare in its hello.
        var declaredThresholds: [String: Double]?
        var dieOn: (side: PairedSide, id: String, times: Int)?
        var clockPerRequest = 0.0
        var now = 0.0
        var interruptAfterRequests: Int?
        var requests = 0
        /// (pair, side, id, iterations) of every measure request, in order.
        var log: [(pair: Int, side: PairedSide, id: String, iterations: Int)] = []
        var started: [(pair: Int, side: PairedSide)] = []
        /// The placements each side's hello offers (nil: a build from before they existed).
        var placementsOffered: [PairedSide: Int] = [.base: 64, .head: 64]
        /// (side, placements) of every prepare request, in order.
        var prepares: [(side: PairedSide, placements: Int?)] = []
    }

    final class Worker: PairedWorkerConnection {
        let machine: Machine, side: PairedSide, pair: Int
        var prepared: String?
        var dead = false
        init(_ machine: Machine, _ side: PairedSide, _ pair: Int) { self.machine = machine; self.side = side; self.pair = pair }

        func send(_ request: PairedRequest, timeout: Double) throws -> PairedReply {
            machine.requests += 1
            machine.now += machine.clockPerRequest
            guard !dead else { throw PairedWorkerError.died(side, "exit 1") }
            switch request {
            case .hello:
                var ids = machine.benchmarks.mapValues(\.threads)
                if side == .head { for id in machine.headOnly { ids[id] = 1 } }
                var hello = PairedReply(benchmarks: ids, build: machine.build)
                if side == .head { hello.thresholds = machine.declaredThresholds }
                hello.placements = machine.placementsOffered[side]
                return hello
            case let .prepare(id, placements):
                machine.prepares.append((side, placements))
                if let die = machine.dieOn, die.side == side, die.id == id, die.times > 0 {
                    machine.dieOn!.times -= 1
                    dead = true
                    throw PairedWorkerError.died(side, "killed by signal 9")
                }
                prepared = id
                var reply = PairedReply(iterations: side == .base ? 4 : 9, nanosecondsPerIteration: 1)
                reply.placements = placements
                return reply
            case let .measure(id, samples, iterations):
                machine.log.append((pair, side, id, iterations))
                machine.samplesAsked.append(samples)
                let base = machine.benchmarks[id]!.nanoseconds
                let factor = side == .head ? (1 + (machine.change[id] ?? 0)) * machine.headPairFactor(pair) : 1
                let cold = machine.firstSampleFactor[side] ?? 1
                // A little deterministic jitter within the block.
                let values: [Double] = (0..<samples).map { index in
                    let jitter: Double = 1 + 0.001 * Double(index % 3)
                    return base * factor * jitter * (index == 0 ? cold : 1)
                }
                return PairedReply(samples: values)
            case .quit:
                return PairedReply()
            }
        }

        func stop() {}
    }

    struct Launcher: PairedWorkerLauncher {
        let machine: Machine
        func start(_ side: PairedSide, pair: Int) throws -> any PairedWorkerConnection {
            machine.started.append((pair, side))
            return Worker(machine, side, pair)
        }
    }

    private func session(_ machine: Machine, _ settings: PairedSettings = PairedSettings(blocks: 4, samplesPerBlock: 3),
                         filters: [String] = []) -> PairedSession {
        PairedSession(settings: settings, filters: filters, clock: { machine.now }, interrupted: {
            guard let after = machine.interruptAfterRequests, machine.requests >= after else { return nil }
            return .sigterm
        })
    }

    /// Pair-to-pair layout noise of ±0.3% on the head side, alternating: real enough for a t interval.
    private static let layout: @Sendable (Int) -> Double = { pair in 1 + 0.003 * (pair % 2 == 0 ? 1 : -1) }

    func testIdenticalBuildsAreUnchangedWithThePowerToHaveSeenTheThreshold() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        let report = try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.benchmarks.map(\.verdict), [.unchanged, .unchanged])
        for row in report.benchmarks {
            XCTAssertLessThanOrEqual(row.minimumDetectableEffect!, row.threshold, "\(row.id): pairs were added until the MDE fit")
        }
        XCTAssertGreaterThan(report.pairsStarted, 3, "3 pairs of ±0.3% layouts leave an MDE of several percent")
        XCTAssertEqual(report.stop, "decided")
        XCTAssertTrue(report.complete)
        XCTAssertEqual(report.base, "b (release build, executable sha256 0123)")
    }

    func testAnUnchangedBenchmarkGetsPairsOnlyWhileItsMDEExceedsItsThreshold() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.declaredThresholds = ["b/optimized/y": 0.5]  // ±50%: unchanged with power after the minimum pairs
        let report = try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        let pairsMeasured = { (id: String) in Set(machine.log.filter { $0.id == id }.map(\.pair)).count }
        XCTAssertEqual(pairsMeasured("b/optimized/y"), 3, "its MDE fit its threshold at the minimum")
        XCTAssertGreaterThan(pairsMeasured("a/optimized/x"), 3)
        XCTAssertEqual(report.benchmarks.map(\.verdict), [.unchanged, .unchanged])
    }

    /// The cap stops a comparison whose UNCHANGED benchmark still lacks the power to have seen its threshold: the
    /// report says `pair cap`, not `decided`.
    func testAnUnchangedBenchmarkShortOfPowerAtTheCapStopsThereByTheCap() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        var settings = PairedSettings(blocks: 4, samplesPerBlock: 3)
        settings.maximumPairs = settings.minimumPairs
        let report = try session(machine, settings).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        let unchanged = try XCTUnwrap(report.benchmarks.first { $0.id == "a/optimized/x" })
        XCTAssertEqual(unchanged.verdict, .unchanged)
        XCTAssertTrue(unchanged.lacksPower, "short of power at \(settings.maximumPairs) pairs")
        XCTAssertEqual(report.stop, "pair cap")
    }

    func testASlowerHeadIsRegressedAndAFasterOneImproved() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.change = ["a/optimized/x": 0.05, "b/optimized/y": -0.10]
        let report = try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.benchmarks.map(\.verdict), [.regressed, .improved])
        XCTAssertEqual(report.benchmarks[0].estimate!.relativeChange, 0.05, accuracy: 0.005)
    }

    func testAThresholdTheHeadBuildDeclaresDecidesUnlessTheCommandLineSetsOne() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.change = ["a/optimized/x": 0.05]
        machine.declaredThresholds = ["a/optimized/x": 0.10]
        let declared = try session(machine, filters: ["a/*"]).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(declared.benchmarks[0].threshold, 0.10)
        XCTAssertEqual(declared.benchmarks[0].verdict, .unchanged, "a 5% change is inside the declared ±10%")
        var settings = PairedSettings(blocks: 4, samplesPerBlock: 3)
        settings.thresholds = ["a/optimized/x": 0.02]  // --threshold-for or budgets.yaml
        let overridden = try session(machine, settings, filters: ["a/*"]).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(overridden.benchmarks[0].threshold, 0.02)
        XCTAssertEqual(overridden.benchmarks[0].verdict, .regressed)
    }

    /// A head build from before 7 Dec 2026 never checked its declared thresholds: `5` (meant as 5%) would read as
    /// 500% and the benchmark could never regress. Outside (0, 1] a declared threshold is dropped, with a warning.
    func testADeclaredThresholdOutsideAFractionIsDroppedWithAWarning() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.change = ["a/optimized/x": 0.05]
        machine.declaredThresholds = ["a/optimized/x": 5]
        let report = try session(machine, filters: ["a/*"]).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.benchmarks[0].threshold, 0.02, "the default, not 500%")
        XCTAssertEqual(report.benchmarks[0].verdict, .regressed)
        XCTAssertTrue(report.warnings.contains("the head build declares regressionThreshold 5.0 for a/optimized/x: not a "
                                               + "fraction in (0, 1]; the default threshold is used"), "\(report.warnings)")
    }

    func testBlocksAlternateABBAWithTheSameIterationsOnBothSides() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        _ = try session(machine, filters: ["a/*"]).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        let first = machine.log.filter { $0.pair == 1 }.map(\.side)
        XCTAssertEqual(first, [.base, .head, .head, .base, .base, .head, .head, .base])
        let second = machine.log.filter { $0.pair == 2 }.map(\.side)
        XCTAssertEqual(second, [.head, .base, .base, .head, .head, .base, .base, .head], "pairs alternate who goes first")
        XCTAssertTrue(machine.log.allSatisfy { $0.iterations == 6 }, "√(4 × 9): one batch for both sides")
        XCTAssertEqual(machine.started.prefix(4).map(\.side), [.base, .head, .head, .base])
    }

    /// A first sample that starts in the other build's cache state (slower on one side only) biases the pair; the
    /// untimed samples are asked for with the timed ones, in the same request, and dropped.
    func testUntimedSamplesRunFirstInEachRequestAndAreNotJudged() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.firstSampleFactor = [.head: 1.5]
        let cold = try session(machine, PairedSettings(blocks: 4, samplesPerBlock: 1, warmupSamplesPerBlock: 0), filters: ["a/*"])
            .run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(cold.benchmarks.map(\.verdict), [.regressed], "a timed cold sample is read as a change")
        machine.samplesAsked = []
        let warmed = try session(machine, PairedSettings(blocks: 4, samplesPerBlock: 1, warmupSamplesPerBlock: 1), filters: ["a/*"])
            .run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(warmed.benchmarks.map(\.verdict), [.unchanged])
        XCTAssertEqual(warmed.benchmarks[0].estimate!.relativeChange, 0, accuracy: 0.005)
        XCTAssertEqual(Set(machine.samplesAsked), [2], "one untimed and one timed sample in one request")
    }

    func testNoiseThatNeverSettlesStopsAtThePairCapInconclusive() throws {
        let machine = Machine()
        machine.headPairFactor = { pair in 1 + 0.04 * (pair % 2 == 0 ? 1 : -1) }  // ±4% layouts: never inside ±2%
        var settings = PairedSettings(blocks: 2, samplesPerBlock: 1)
        settings.maximumPairs = 5
        let report = try session(machine, settings, filters: ["a/*"]).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.benchmarks.map(\.verdict), [.inconclusive])
        XCTAssertEqual(report.pairsStarted, 5)
        XCTAssertEqual(report.stop, "pair cap")
        XCTAssertNotNil(report.benchmarks[0].minimumDetectableEffect, "the MDE stays in every row")
    }

    func testNoNewPairStartsAfterTheTimeCap() throws {
        let machine = Machine()
        machine.headPairFactor = { pair in 1 + 0.04 * (pair % 2 == 0 ? 1 : -1) }
        machine.clockPerRequest = 1
        var settings = PairedSettings(blocks: 2, samplesPerBlock: 1)
        settings.maximumSeconds = 30  // a pair of one benchmark takes 2 hellos… about 8 requests
        let report = try session(machine, settings, filters: ["a/*"]).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.stop, "time cap")
        XCTAssertLessThan(report.pairsStarted, settings.maximumPairs)
        XCTAssertEqual(report.benchmarks[0].verdict, .inconclusive)
    }

    func testAWorkerThatDiesOnceIsReplacedAndTwiceLeavesTheBenchmarkUnpaired() throws {
        let once = Machine()
        once.headPairFactor = Self.layout
        once.dieOn = (.head, "a/optimized/x", 1)
        let recovered = try session(once).run(launcher: Launcher(machine: once), base: "b", head: "h")
        XCTAssertEqual(recovered.benchmarks.map(\.verdict), [.unchanged, .unchanged])
        XCTAssertTrue(recovered.warnings.contains { $0.contains("the head worker died: killed by signal 9") }, "\(recovered.warnings)")
        let twice = Machine()
        twice.headPairFactor = Self.layout
        twice.dieOn = (.head, "a/optimized/x", 2)
        let report = try session(twice).run(launcher: Launcher(machine: twice), base: "b", head: "h")
        XCTAssertEqual(report.notPaired["a/optimized/x"], "the head worker died: killed by signal 9")
        XCTAssertEqual(report.benchmarks.first { $0.id == "a/optimized/x" }?.verdict, .inconclusive, "never a guess")
        XCTAssertEqual(report.stop, "decided, but 1 benchmark(s) not paired: their workers failed twice",
                       "a session emptied by worker failures said 'stopped: decided'")
        XCTAssertEqual(recovered.stop, "decided", "a worker that died once and was replaced")
    }

    /// A worker that cannot start after the first pair (its executable rebuilt, moved away) ended the session by
    /// throwing: every pair measured was lost (exit 4, no report). The session stops with them, saying why, and the
    /// side that had started is stopped.
    func testAWorkerThatCannotStartLaterEndsTheSessionWithThePairsMeasured() throws {
        final class Stoppable: PairedWorkerConnection {
            let inner: Worker, stopped: () -> Void
            init(_ inner: Worker, stopped: @escaping () -> Void) { self.inner = inner; self.stopped = stopped }
            func send(_ request: PairedRequest, timeout: Double) throws -> PairedReply { try inner.send(request, timeout: timeout) }
            func stop() { stopped() }
        }
        struct FailingLauncher: PairedWorkerLauncher {
            let machine: Machine, failAt: Int, stops: Counter
            func start(_ side: PairedSide, pair: Int) throws -> any PairedWorkerConnection {
                if pair == failAt && side == .head { throw PairedWorkerError.notStarted(.head, "h changed since the comparison started") }
                return Stoppable(Worker(machine, side, pair)) { [stops] in stops.value += 1 }
            }
        }
        final class Counter: @unchecked Sendable { var value = 0 }
        let machine = Machine()
        machine.headPairFactor = { pair in 1 + 0.02 * (pair % 2 == 0 ? 1 : -1) }  // noisy: never decided in 2 pairs
        let stops = Counter()
        let report = try session(machine).run(launcher: FailingLauncher(machine: machine, failAt: 3, stops: stops), base: "b", head: "h")
        XCTAssertEqual(report.stop, "a worker could not start")
        XCTAssertEqual(report.pairsStarted, 2)
        XCTAssertEqual(report.benchmarks.map { $0.estimate?.pairs }, [2, 2], "the two pairs measured are kept")
        XCTAssertTrue(report.warnings.contains("pair 3: the head worker could not start: h changed since the comparison started: "
                                               + "the comparison stops with the 2 pairs measured"), "\(report.warnings)")
        XCTAssertEqual(stops.value, 2 * 2 + 1, "each pair's two workers, and pair 3's base, which had started")
    }

    /// What the command decided before the session (a --budgeted without a budgets file) reaches the report's
    /// readers: it was printed on stderr only, and a PR comment did not say the whole suite was compared.
    func testTheCommandsOwnWarningsOpenTheReport() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        var session = session(machine)
        session.warnings = ["--budgeted: no budgets file b.yaml: comparing every timed benchmark"]
        let report = try session.run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.warnings.first, "--budgeted: no budgets file b.yaml: comparing every timed benchmark")
    }

    func testAnInterruptionStopsAndKeepsWhatWasMeasuredMarkedIncomplete() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.interruptAfterRequests = 30
        let report = try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.stop, "interrupted by SIGTERM")
        XCTAssertFalse(report.complete)
        XCTAssertLessThanOrEqual(machine.requests, 31, "nothing measured after the signal")
    }

    /// A stop in the middle of a pair's blocks leaves that pair out: a pair of 1 block of 2000 once read +13.8%
    /// where whole pairs read +4.6%, and weighed as much as one in the estimate the nightly recorded.
    func testAPairCutShortByAnInterruptionIsLeftOut() throws {
        for after in [27, 30, 33, 36] {
            let machine = Machine()
            machine.headPairFactor = Self.layout
            machine.interruptAfterRequests = after
            let report = try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")
            XCTAssertEqual(report.stop, "interrupted by SIGTERM")
            for row in report.benchmarks {
                let blocksPerPair = Dictionary(grouping: machine.log.filter { $0.id == row.id }, by: \.pair).mapValues { $0.count / 2 }
                let whole = blocksPerPair.values.filter { $0 == 4 }.count
                XCTAssertEqual(row.estimate?.pairLogRatios.count ?? 0, whole, "\(row.id), stopped after \(after): whole pairs only")
            }
            let cut = report.warnings.filter { $0.contains("cut short by the stop") }
            XCTAssertLessThanOrEqual(cut.count, 1, "\(report.warnings)")
        }
    }

    func testBenchmarksOfOneBuildOnlyAreNamedAndFiltersMatchingNothingAreRefused() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.headOnly = ["c/optimized/new"]
        let report = try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(report.notPaired, ["c/optimized/new": "not in the base build"])
        XCTAssertThrowsError(try session(Machine(), filters: ["nothing/*"]).run(launcher: Launcher(machine: Machine()), base: "b", head: "h")) {
            XCTAssertEqual(($0 as? CommandFailure)?.status, .badInput)
        }
    }

    func testAThresholdNamedForNoBenchmarkOfEitherBuildIsRefusedBeforeAnyPair() throws {
        let machine = Machine()
        machine.headOnly = ["c/optimized/new"]
        var mistyped = session(machine)
        mistyped.namedThresholds = ["a/optimized/typicl"]
        XCTAssertThrowsError(try mistyped.run(launcher: Launcher(machine: machine), base: "b", head: "h")) {
            XCTAssertEqual(($0 as? CommandFailure)?.status, .badInput)
            XCTAssertTrue("\($0)".contains("--threshold-for a/optimized/typicl"), "\($0)")
        }
        XCTAssertEqual(machine.requests, 2, "the two hellos, and nothing measured for a mistyped id")
        let second = Machine()
        second.headPairFactor = Self.layout
        second.headOnly = ["c/optimized/new"]
        var headOnly = session(second)
        headOnly.namedThresholds = ["c/optimized/new"]
        XCTAssertNoThrow(try headOnly.run(launcher: Launcher(machine: second), base: "b", head: "h"))
    }

    /// The host's steal is read around every pair: each pair's share is its own ticks, not the session's so far.
    func testEachPairRecordsTheStealOfItsOwnTicks() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        var session = session(machine, filters: ["a/*"])
        // 100 ticks pass between readings; the host takes half of every even pair's.
        final class Host: @unchecked Sendable { var readings = 0, stolen: UInt64 = 0 }
        let host = Host()
        session.hostCPUTime = {
            let reading = host.readings
            host.readings += 1
            if reading % 2 == 1 && (reading / 2 + 1) % 2 == 0 { host.stolen += 50 }
            return HostCPUTime(stolenTicks: host.stolen, totalTicks: UInt64(reading * 100))
        }
        let report = try session.run(launcher: Launcher(machine: machine), base: "b", head: "h")
        let steal = try XCTUnwrap(report.pairHostSteal)
        XCTAssertGreaterThan(report.pairsStarted, 3)
        XCTAssertEqual(steal, (1...report.pairsStarted).map { $0 % 2 == 0 ? 0.5 : 0 })
        session.hostCPUTime = { nil }
        XCTAssertNil(try session.run(launcher: Launcher(machine: machine), base: "b", head: "h").pairHostSteal,
                     "no /proc/stat: nothing recorded, not zeros")
    }

    /// Off system-wide, every worker runs in one layout: the verdicts stand, said with the reason to distrust them.
    func testAKernelThatRandomizesNoProcessIsWarnedOfInTheReport() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        var session = session(machine, filters: ["a/*"])
        session.addressSpaceRandomization = { .offSystemWide }
        let warned = try session.run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertEqual(warned.warnings.filter { $0.contains("kernel.randomize_va_space = 0") }.count, 1, "\(warned.warnings)")
        for state in [AddressSpaceRandomization.on, .offForThisProcess] {  // the workers are randomized
            session.addressSpaceRandomization = { state }
            let report = try session.run(launcher: Launcher(machine: machine), base: "b", head: "h")
            XCTAssertFalse(report.warnings.contains { $0.contains("randomiz") }, "\(state): \(report.warnings)")
        }
    }

    func testADebugBuildIsRefusedUnlessAllowed() throws {
        let machine = Machine()
        machine.build = "debug build, executable sha256 1"
        XCTAssertThrowsError(try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")) {
            XCTAssertTrue("\($0)".contains("debug build"), "\($0)")
        }
        machine.headPairFactor = Self.layout
        XCTAssertNoThrow(try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h", allowDebug: true))
    }

    func testPlacementsAreAskedOfBothSidesWhenBothOfferThem() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        let report = try session(machine, PairedSettings(blocks: 4, samplesPerBlock: 3, placements: 8))
            .run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertFalse(machine.prepares.isEmpty)
        XCTAssertTrue(machine.prepares.allSatisfy { $0.placements == 8 }, "\(machine.prepares)")
        XCTAssertEqual(report.settings.placements, 8)
        XCTAssertTrue(report.warnings.isEmpty, "\(report.warnings)")
    }

    /// A base build from before placements would ignore the request and set up once: asked of the head alone, the
    /// two sides would be measured differently. Both get one, and the report says so.
    func testABuildThatOffersNoPlacementsGetsBothSidesMeasuredWithOne() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        machine.placementsOffered[.base] = nil
        let report = try session(machine, PairedSettings(blocks: 4, samplesPerBlock: 3, placements: 8))
            .run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertTrue(machine.prepares.allSatisfy { $0.placements == nil }, "one placement goes as the plain request")
        XCTAssertEqual(report.settings.placements, 1)
        XCTAssertEqual(report.warnings.filter { $0.contains("placements") }.count, 1, "\(report.warnings)")
        XCTAssertTrue(report.warnings[0].hasPrefix("the base build cannot set a benchmark up in 8 placements"), report.warnings[0])
    }

    func testOnePlacementSendsThePlainRequestAndRecordsNothing() throws {
        let machine = Machine()
        machine.headPairFactor = Self.layout
        let report = try session(machine).run(launcher: Launcher(machine: machine), base: "b", head: "h")
        XCTAssertTrue(machine.prepares.allSatisfy { $0.placements == nil })
        XCTAssertNil(report.settings.placements)
        let wire = try PairedWire.encode(PairedRequest.prepare(id: "a/optimized/x"))
        XCTAssertEqual(wire, #"{"prepare":{"id":"a/optimized/x"}}"#, "the request every earlier build's worker reads")
    }
}
