import ChildProcesses
import Comparison
import Foundation
import Measurement
import Results
import Statistics

/// Compares two builds in pairs: the one home of "measure in fresh processes, judge, add pairs until decided".
///
/// Each process pair is one worker of each build, alive at once. Benchmark by benchmark, both set up and warm up,
/// then blocks of samples alternate between them (A B, B A, A B … — milliseconds apart, the same iterations per
/// sample on both sides), so whatever the machine does hits both. A benchmark's pair estimate is the median of its
/// blocks' log ratios; after each pair every benchmark is judged over its pairs (``PairedVerdictRule``), and the
/// next pair measures only the undecided ones, until all are decided or a cap is reached. The clock, the workers
/// and the interruption are injected, so every cap and exit rule is tested without waiting.
package struct PairedSession {
    package var settings: PairedSettings
    /// Ids or globs; empty: every benchmark both builds can pair.
    package var filters: [String]
    /// Seconds on a monotonic clock.
    package var clock: () -> Double
    /// The signal that asked to stop, polled between blocks.
    package var interrupted: () -> InterruptingSignal?
    package var progress: (String) -> Void
    /// Warnings the report opens with: what the command decided before the session (a `--budgeted` with no budgets
    /// file compares every benchmark), so that the report's readers (a PR comment) see it, not only stderr.
    package var warnings: [String] = []

    /// Narrows the filters further (`--budgeted`: the benchmarks that carry a budget).
    package var selection: (String) -> Bool = { _ in true }
    /// The ids the command line gave a threshold of their own (`--threshold-for`): each must be a benchmark of
    /// either build, or a mistyped id would leave its benchmark judged at the default threshold without a word.
    package var namedThresholds: [String] = []
    /// Seconds a worker may take to answer one request before it is declared hung.
    package var requestTimeout: Double = 120
    /// The host's CPU time, read around each pair for the steal it records (injected by tests).
    package var hostCPUTime: () -> HostCPUTime? = { HostCPUTime.now() }
    /// This process's address-space randomization: off system-wide, the workers run in one layout (a warning).
    package var addressSpaceRandomization: () -> AddressSpaceRandomization = { AddressSpaceLayout.thisProcess }

    package init(settings: PairedSettings, filters: [String] = [], clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime },
                 interrupted: @escaping () -> InterruptingSignal? = { nil }, progress: @escaping (String) -> Void = { _ in }) {
        self.settings = settings
        self.filters = filters
        self.clock = clock
        self.interrupted = interrupted
        self.progress = progress
    }

    /// What was measured so far, benchmark by benchmark.
    private struct Tally {
        var threads: [String: Int] = [:]
        var pairRatios: [String: [Double]] = [:]
        var iterations: [String: [Int]] = [:]
        var failures: [String: Int] = [:]
        var notPaired: [String: String] = [:]
        var warnings: [String] = []
        /// The regression thresholds the head build's benchmarks declare: used where the command line and the budgets
        /// file set none.
        var declaredThresholds: [String: Double] = [:]
        /// The host's steal over each pair, in pair order.
        var pairSteal: [Double] = []
        /// The placements every benchmark is set up in: the settings' when both builds' workers offer them, else 1.
        var placements = 1
    }


    /// Measures and judges. Throws ``CommandFailure`` (bad input) when the builds have nothing to compare, and
    /// ``PairedWorkerError`` when the first workers cannot start.
    package func run(launcher: any PairedWorkerLauncher, base: String, head: String,
                     allowDebug: Bool = false) throws -> PairedComparisonReport {
        let start = clock()
        var tally = Tally()
        tally.warnings = warnings
        let layout = addressSpaceRandomization()
        if layout == .offSystemWide, let warning = layout.warning { tally.warnings.append(warning) }
        var first: Workers? = try startPair(launcher, pair: 1)
        let (ids, builds) = try commonBenchmarks(first!, allowDebug: allowDebug, &tally)
        let boundary = settings.boundary(benchmarks: ids.count)
        let equivalenceLevel = settings.equivalenceLevel(over: boundary.looks)
        var pending = ids
        var pair = 0, stop = "decided"
        while !pending.isEmpty {
            if let signal = interrupted() { stop = "interrupted by \(signal.rawValue)"; break }
            if pair >= settings.maximumPairs { stop = "pair cap"; break }
            if pair > 0 && clock() - start >= settings.maximumSeconds { stop = "time cap"; break }
            pair += 1
            let workers: Workers
            do { workers = try first.take() ?? startPair(launcher, pair: pair) }  // pair 1 reuses the workers that said hello
            catch let error as PairedWorkerError {
                // The pairs measured stand: the session ends with them, saying why, rather than throwing them away.
                tally.warnings.append("pair \(pair): \(error): the comparison stops with the \(pair - 1) pairs measured")
                stop = "a worker could not start"
                pair -= 1
                break
            }
            progress("pair \(pair): \(pending.count) benchmark(s): " + pending.joined(separator: " "))
            let cpuTime = hostCPUTime()
            measurePair(pair, workers, pending, &tally)
            if let cpuTime, let share = hostCPUTime()?.stolenShare(since: cpuTime) { tally.pairSteal.append(share) }
            workers.base.stop()
            workers.head.stop()
            let judged = judge(ids, tally, boundary, equivalenceLevel).filter { tally.notPaired[$0.id] == nil }
            let undecided = judged.filter { $0.verdict == .inconclusive }.map(\.id)
            // The undecided first, then the UNCHANGED still short of power (the order they are measured in a pair).
            let wanting = undecided + judged.filter(\.lacksPower).map(\.id)
            pending = wanting.filter { (tally.pairRatios[$0]?.count ?? 0) < settings.maximumPairs }
            // Stopped by the cap whenever a benchmark still wanted pairs: an UNCHANGED one short of power too.
            if pending.isEmpty && !wanting.isEmpty { stop = "pair cap" }
        }
        first?.base.stop()
        first?.head.stop()
        // Nothing left to measure because workers kept failing is not "decided": the reader of "stopped: decided"
        // would take every verdict for a judged one.
        let failedTwice = tally.failures.filter { $0.value >= 2 && tally.notPaired[$0.key] != nil }.count
        if stop == "decided" && failedTwice > 0 { stop = "decided, but \(failedTwice) benchmark(s) not paired: their workers failed twice" }
        let complete = !stop.hasPrefix("interrupted")
        var measured = settings.filling(thresholds: tally.declaredThresholds)
        if (settings.placements ?? 1) > 1 { measured.placements = tally.placements }
        var report = PairedComparisonReport(
            base: "\(base) (\(builds.base))", head: "\(head) (\(builds.head))", settings: measured, benchmarks: judge(ids, tally, boundary, equivalenceLevel), notPaired: tally.notPaired,
            pairsStarted: pair, seconds: clock() - start, stop: stop, complete: complete, warnings: tally.warnings)
        report.pairHostSteal = tally.pairSteal.isEmpty ? nil : tally.pairSteal
        return report
    }

    /// What ``run(launcher:base:head:allowDebug:)`` checks before its first pair, alone: one pair of workers says
    /// hello (a build without the `worker` command, a debug build, a benchmark selection that is empty) and stops.
    /// For a command that measures something else first (`nightly`'s gate), so that these fail before it does.
    /// - Returns: the benchmarks the comparison would measure.
    package func check(launcher: any PairedWorkerLauncher, allowDebug: Bool = false) throws -> [String] {
        let workers = try startPair(launcher, pair: 1)
        defer {
            workers.base.stop()
            workers.head.stop()
        }
        var tally = Tally()
        return try commonBenchmarks(workers, allowDebug: allowDebug, &tally).ids
    }

    private typealias Workers = (base: any PairedWorkerConnection, head: any PairedWorkerConnection)

    /// Both workers of a pair, started in alternating order.
    private func startPair(_ launcher: any PairedWorkerLauncher, pair: Int) throws -> Workers {
        let order: [PairedSide] = pair % 2 == 1 ? [.base, .head] : [.head, .base]
        var started: [PairedSide: any PairedWorkerConnection] = [:]
        do {
            for side in order { started[side] = try launcher.start(side, pair: pair) }
        } catch {
            started.values.forEach { $0.stop() }  // the side that did start is not left running
            throw error
        }
        return (started[.base]!, started[.head]!)
    }

    /// The timed benchmarks both builds have, matching the filters.
    private func commonBenchmarks(_ workers: Workers, allowDebug: Bool,
                                  _ tally: inout Tally) throws -> (ids: [String], builds: (base: String, head: String)) {
        let baseHello = try hello(workers.base, .base), headHello = try hello(workers.head, .head)
        let builds = (base: baseHello.build ?? "unknown build", head: headHello.build ?? "unknown build")
        for (side, build) in [("base", builds.base), ("head", builds.head)] where build.hasPrefix("debug") && !allowDebug {
            throw CommandFailure(.badInput, "the \(side) executable is a debug build: timings would be meaningless; "
                                 + "build with 'swift build -c release' (or pass --allow-debug)")
        }
        // A build from before 7 Dec 2026 never checked what it declares: 5 meant as 5% would be 500% here.
        let declared = headHello.thresholds ?? [:]
        tally.declaredThresholds = declared.filter { Benchmark.isRegressionThreshold($0.value) }
        for (id, threshold) in declared.sorted(by: { $0.key < $1.key }) where tally.declaredThresholds[id] == nil {
            tally.warnings.append("the head build declares regressionThreshold \(threshold) for \(id): not a fraction in "
                                  + "(0, 1]; the default threshold is used")
        }
        tally.placements = placements(offered: (baseHello.placements, headHello.placements), &tally)
        let base = baseHello.benchmarks ?? [:], head = headHello.benchmarks ?? [:]
        let filter = IDFilter(filters)
        // Each pattern must select something, as in run and gate: a mistyped one would silently compare less.
        if let unmatched = filter.unmatchedPatterns(in: Array(Set(base.keys).union(head.keys))).first, filters.count > 1 {
            throw CommandFailure(.badInput, "no timed benchmark of either build matches '\(unmatched)' (see '\(ToolName.current) list')")
        }
        if let unknown = namedThresholds.sorted().first(where: { base[$0] == nil && head[$0] == nil }) {
            throw CommandFailure(.badInput, "--threshold-for \(unknown): no timed benchmark of either build has this id (see '\(ToolName.current) list')")
        }
        let matching = Set(base.keys).union(head.keys).filter { filter.matches($0) }
        let wanted = matching.filter { selection($0) }
        if wanted.isEmpty && !matching.isEmpty {
            // The selection (--budgeted) left nothing: the benchmarks exist, they carry no budget.
            let scope = filters.isEmpty ? "" : "matching " + filters.joined(separator: " ") + " "
            throw CommandFailure(.badInput, "none of the \(matching.count) timed benchmark(s) \(scope)carries a budget")
        }
        if wanted.isEmpty {
            throw CommandFailure(.badInput, filters.isEmpty ? "the two builds have no timed benchmark"
                                 : "no timed benchmark of either build matches \(filters.joined(separator: " "))")
        }
        for id in wanted.sorted() where base[id] == nil || head[id] == nil {
            tally.notPaired[id] = base[id] == nil ? "not in the base build" : "not in the head build"
        }
        let common = wanted.filter { base[$0] != nil && head[$0] != nil }.sorted()
        guard !common.isEmpty else { throw CommandFailure(.badInput, "the two builds have no timed benchmark in common") }
        for id in common { tally.threads[id] = max(base[id]!, head[id]!) }
        return (common, builds)
    }

    /// The placements to ask for: the settings', when both workers offer that many; else one on both sides (never
    /// one side rotating and the other not), said in a warning.
    private func placements(offered: (base: Int?, head: Int?), _ tally: inout Tally) -> Int {
        let wanted = settings.placements ?? 1
        guard wanted > 1 else { return 1 }
        let missing = [("base", offered.base), ("head", offered.head)].filter { ($0.1 ?? 1) < wanted }.map(\.0)
        guard missing.isEmpty else {
            tally.warnings.append("the \(missing.joined(separator: " and ")) build cannot set a benchmark up in \(wanted) "
                                  + "placements (built before 5 Dec 2026?): both sides measured with one")
            return 1
        }
        return wanted
    }

    /// The worker's hello; a build that exits with a usage error has no `worker` command (it predates paired
    /// measurement), which deserves its own words.
    private func hello(_ worker: any PairedWorkerConnection, _ side: PairedSide) throws -> PairedReply {
        do { return try worker.send(.hello, timeout: requestTimeout) }
        catch PairedWorkerError.died(_, let how) where how.hasPrefix("exit 64") {
            throw CommandFailure(.badInput, "the \(side.rawValue) executable has no 'worker' command: it was built "
                                 + "before paired measurement; compare builds that include it (\(how))")
        }
    }

    /// Measures every pending benchmark in this pair; a worker failure ends the pair (the next one starts fresh
    /// processes) and counts against the benchmark: twice, and it is not paired.
    private func measurePair(_ pair: Int, _ workers: Workers, _ pending: [String], _ tally: inout Tally) {
        // Rotate the order each pair: no benchmark always runs first, on a cold machine, or last, after the others.
        let shift = (pair - 1) % pending.count
        let rotated: [String] = Array(pending[shift...]) + Array(pending[..<shift])
        for id in rotated {
            if interrupted() != nil { return }
            do {
                let (ratio, iterations) = try measureBenchmark(id, pair: pair, placements: tally.placements, workers)
                tally.pairRatios[id, default: []].append(ratio)
                tally.iterations[id, default: []].append(iterations)
            } catch let cut as PairCutShort {
                tally.warnings.append("pair \(pair), \(id): \(cut)")
                return
            } catch {
                tally.failures[id, default: 0] += 1
                tally.warnings.append("pair \(pair), \(id): \(error)")
                if tally.failures[id]! >= 2 { tally.notPaired[id] = "\(error)" }
                return
            }
        }
    }

    /// One benchmark in one pair: prepare both sides, then the blocks. Returns the pair's log ratio and the
    /// iterations per sample both sides timed.
    private func measureBenchmark(_ id: String, pair: Int, placements: Int, _ workers: Workers) throws -> (Double, Int) {
        let sides: [PairedSide] = pair % 2 == 1 ? [.base, .head] : [.head, .base]
        var estimates: [PairedSide: Int] = [:]
        for side in sides {
            // One placement goes as the plain request every build's worker knows.
            let request = PairedRequest.prepare(id: id, placements: placements > 1 ? placements : nil)
            let reply = try worker(side, workers).send(request, timeout: requestTimeout)
            if placements > 1 && reply.placements != placements {
                throw PairedWorkerError.refused(side, "set \(id) up in \(reply.placements ?? 1) placements, not \(placements)")
            }
            estimates[side] = max(reply.iterations ?? 1, 1)
        }
        // The same batch on both sides: the geometric mean of the two calibrations.
        let iterations = max(1, Int((Double(estimates[.base]!) * Double(estimates[.head]!)).squareRoot().rounded()))
        // Warm-up samples are asked for with the timed ones and dropped here: one request, so nothing of the other
        // side runs between them, and any build's worker serves it.
        let untimed = settings.warmupSamplesPerBlock ?? 0
        let requested = settings.samplesPerBlock + untimed
        var blocks: [Double] = []
        for block in 0..<settings.blocks {
            // A pair cut short is not a pair: its few blocks would weigh as much as a whole pair's in the estimate.
            if interrupted() != nil { throw PairCutShort(blocks: blocks.count, of: settings.blocks) }
            let order = block % 2 == 0 ? sides : sides.reversed()
            var samples: [PairedSide: [Double]] = [:]
            for side in order {
                let reply = try worker(side, workers).send(
                    .measure(id: id, samples: requested, iterations: iterations), timeout: requestTimeout)
                guard let values = reply.samples, values.count == requested, values.allSatisfy({ $0 > 0 && $0.isFinite }) else {
                    throw PairedWorkerError.garbled(side, "not \(requested) positive samples")
                }
                samples[side] = Array(values.dropFirst(untimed))
            }
            blocks.append(PairedChange.blockLogRatio(base: samples[.base]!, head: samples[.head]!))
        }
        return (PairedChange.pairLogRatio(blocks: blocks), iterations)
    }

    /// A stop that came in the middle of a pair's blocks: the pair is left out (not a failure of the benchmark).
    private struct PairCutShort: Error, CustomStringConvertible {
        let blocks: Int, of: Int
        var description: String { "cut short by the stop after \(blocks) of \(of) blocks: left out" }
    }

    private func worker(_ side: PairedSide, _ workers: Workers) -> any PairedWorkerConnection {
        side == .base ? workers.base : workers.head
    }

    /// Every benchmark judged over the pairs measured so far.
    private func judge(_ ids: [String], _ tally: Tally, _ boundary: PocockBoundary,
                       _ equivalenceLevel: Double) -> [PairedBenchmarkComparison] {
        ids.map { id in
            let ratios = tally.pairRatios[id] ?? []
            var comparison = PairedVerdictRule.judge(
                id: id, threads: tally.threads[id] ?? 1, estimate: ratios.isEmpty ? nil : PairedChange.estimate(pairLogRatios: ratios),
                iterations: tally.iterations[id] ?? [], settings: settings.filling(thresholds: tally.declaredThresholds), boundary: boundary,
                equivalenceLevel: equivalenceLevel)
            if let reason = tally.notPaired[id] { comparison.reason = reason }
            return comparison
        }
    }
}

private extension Optional {
    /// The value, leaving nil behind.
    mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}

extension PairedComparisonReport {
    /// The exit status of a paired comparison, the same for `compare-builds`, `make compare` and what
    /// `gate-quality` counts: 1 something regressed; 3 something inconclusive or not paired (none regressed); else 0.
    /// An interruption's 130/143 is the command's to add.
    package var exitStatus: ExitStatus {
        if count(.regressed) > 0 { return .budgetFailure }
        if count(.inconclusive) > 0 || !notPaired.isEmpty { return .inconclusive }
        return .success
    }
}
