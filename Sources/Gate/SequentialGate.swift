import Budgets
import Comparison
import Foundation
import Results

/// The gate's sequential measurement: after the first process, the benchmarks of undecided budgets are measured
/// again in fresh processes, one round (one process running all of them) at a time, merged as replicates and
/// judged again on their process runs, until every budget is decided or a cap is reached.
///
/// The process is the unit of replication: more samples in the same process cannot tell a slow placement or a slow
/// regime of the machine from a slow build; another process can. A FAIL needs two processes or more
/// (``RunLevelVerdict``); what is still undecided at the cap stays INCONCLUSIVE.
public struct SequentialGate {
    /// How far the gate goes before it answers INCONCLUSIVE.
    public struct Cap: Sendable, Equatable {
        /// Process runs per benchmark, the first included (1: never re-measure), for budgets without their own
        /// ``Budget/maxProcesses``; runs set aside for the host's steal come on top (``processLimits(_:)``) unless
        /// ``overridesBudgets``.
        public var processes: Int
        /// Seconds of re-measuring after the first process; no new round starts past it.
        public var seconds: Double
        /// `processes` caps every budget, its own `maxProcesses` included (a cap given on the command line wins
        /// over the budgets file).
        public var overridesBudgets: Bool

        public init(processes: Int = SequentialLooks.defaultCap, seconds: Double = 480, overridesBudgets: Bool = false) {
            self.processes = processes
            self.seconds = seconds
            self.overridesBudgets = overridesBudgets
        }

        /// Process runs the gate may measure to decide `budget`, the first included.
        public func processes(for budget: Budget) -> Int {
            looks.lastLook(for: budget)
        }

        /// The looks this cap allows, which set the level of every budget's interval over runs.
        public var looks: SequentialLooks { SequentialLooks(cap: processes, overridesBudgets: overridesBudgets) }
    }

    /// Why the gate stopped measuring.
    public enum Stop: String, Sendable, Equatable {
        /// Every budget is PASS, FAIL or MISSING.
        case decided
        /// Budgets are still INCONCLUSIVE after as many process runs as their caps allow (``Cap/processes(for:)``).
        case processCap = "process cap"
        /// Budgets are still INCONCLUSIVE and ``Cap/seconds`` have passed.
        case timeCap = "time cap"
        /// The gate was interrupted (SIGINT/SIGTERM) while re-measuring; the run is marked incomplete.
        case interrupted
        /// A re-measuring process died or failed; the run is marked incomplete, with the reason.
        case processFailed = "a re-measuring process failed"
    }

    /// One extra process: which benchmarks it measured.
    public struct Round: Sendable, Equatable {
        /// 2 for the first extra process (the gate's own measurement is process 1).
        public var process: Int
        public var ids: [String]

        public init(process: Int, ids: [String]) {
            self.process = process
            self.ids = ids
        }
    }

    public struct Outcome {
        /// The first run merged with every extra process run (each benchmark's replicates say which is which).
        public var run: RunResults
        public var verdicts: [BudgetVerdict]
        public var rounds: [Round]
        public var stop: Stop
        /// The extra process runs, in order.
        public var extraRuns: [RunResults]
        /// Why the gate stopped early (``Stop/interrupted``, ``Stop/processFailed``); nil otherwise.
        public var failure: LaunchFailure? = nil
    }

    public var budgets: [Budget]
    public var evaluator: BudgetEvaluator
    public var cap: Cap
    /// Seconds on a monotonic clock (injectable so tests decide the time cap without waiting).
    public var clock: () -> Double
    /// The signal that interrupted the gate, if one did: no new round starts after it.
    public var interruption: () -> InterruptingSignal?

    /// - Parameter evaluator: its ``BudgetEvaluator/looks`` are set from `cap`: the gate looks after every process
    ///   up to the cap, so every interval is at the level those looks need (``SequentialLooks``).
    public init(budgets: [Budget], evaluator: BudgetEvaluator, cap: Cap = Cap(),
                clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime },
                interruption: @escaping () -> InterruptingSignal? = { nil }) {
        self.budgets = budgets
        self.evaluator = evaluator
        self.evaluator.looks = cap.looks
        self.cap = cap
        self.clock = clock
        self.interruption = interruption
    }

    /// Judges `first`, then measures the undecided benchmarks in fresh processes until decided or capped.
    /// A gate interrupted (``interruption``, or a process telling so) or a process that died or failed ends it early:
    /// the run so far (the first merged with the complete extra runs) is then marked incomplete, with the signal or
    /// the reason.
    /// - Parameters:
    ///   - progress: one line per round, for the console.
    ///   - merged: the run after each merged round (what a second signal saves at once).
    /// - Throws: ``RunMergeError`` when a process measured with another build or settings (it cannot be a replicate).
    public func run(first: RunResults, launcher: any ProcessLauncher, progress: (String) -> Void = { _ in },
                    merged: (RunResults) -> Void = { _ in }) throws -> Outcome {
        var run = first
        var verdicts = evaluator.evaluate(budgets, against: run)
        var extra: [RunResults] = [], rounds: [Round] = []
        let start = clock()
        func stopped(_ failure: LaunchFailure) -> Outcome {
            run.complete = false
            run.finishedAt = Date()
            if case let .interrupted(signal) = failure {
                run.incompleteReason = "interrupted by \(signal.rawValue)"
                run.interruptingSignal = signal
            } else {
                run.incompleteReason = failure.description
                run.interruptingSignal = nil
            }
            let stop: Stop = if case .interrupted = failure { .interrupted } else { .processFailed }
            return Outcome(run: run, verdicts: verdicts, rounds: rounds, stop: stop, extraRuns: extra, failure: failure)
        }
        while true {
            let undecided = Self.undecidedIDs(verdicts)
            if undecided.isEmpty { return Outcome(run: run, verdicts: verdicts, rounds: rounds, stop: .decided, extraRuns: extra) }
            if let signal = interruption() { return stopped(.interrupted(signal)) }
            // Every benchmark due has been measured in every round so far (a decided one gets no new data, so it
            // stays decided; one at its cap is never due again): each is at the same process number.
            let process = rounds.count + 2
            let limits = processLimits(verdicts)
            let due = undecided.filter { limits[$0, default: cap.processes] >= process }
            let stop: Stop? = due.isEmpty ? .processCap : (clock() - start >= cap.seconds ? .timeCap : nil)
            if let stop { return Outcome(run: run, verdicts: verdicts, rounds: rounds, stop: stop, extraRuns: extra) }
            let largest = due.map { limits[$0, default: cap.processes] }.max() ?? cap.processes
            progress("gate: \(due.count) benchmark(s) undecided: measuring them in fresh process \(process) of ≤ \(largest): "
                + due.joined(separator: " "))
            var measured: RunResults
            do { measured = try launcher.measure(due, label: "p\(process)") }
            catch let failure as LaunchFailure { return stopped(failure) }
            // Its folder is p2, p3, …; its run id names the gate too, so that two gates' runs merged as one side
            // (two CI machines' nights) never hold two different process runs under one id.
            measured.runID = "\(first.runID)-p\(process)"
            extra.append(measured)
            rounds.append(Round(process: process, ids: due))
            run = try RunMerge.merge([first] + extra, runID: first.runID)
            verdicts = evaluator.evaluate(budgets, against: run)
            merged(run)
        }
    }

    /// Each undecided benchmark's process cap: the largest of its INCONCLUSIVE budgets' (``Cap/processes(for:)``),
    /// plus the runs the verdict set aside for the host's steal. Those are no evidence, so they do not use up the
    /// cap (with half the runs stolen in a busy hour, a drift budget's 20 would otherwise leave 10 to decide on);
    /// the time cap still bounds a host that steals from every run. A cap given on the command line is kept as given.
    func processLimits(_ verdicts: [BudgetVerdict]) -> [String: Int] {
        var limits: [String: Int] = [:]
        for verdict in verdicts where verdict.needsMoreProcesses {
            let setAside = cap.overridesBudgets ? 0 : verdict.evidence?.setAsideForSteal ?? 0
            limits[verdict.budget.benchmarkID] = max(limits[verdict.budget.benchmarkID] ?? 1,
                                                     cap.processes(for: verdict.budget) + setAside)
        }
        return limits
    }

    /// The benchmarks of INCONCLUSIVE budgets, in budget order, each once.
    public static func undecidedIDs(_ verdicts: [BudgetVerdict]) -> [String] {
        var seen = Set<String>()
        return verdicts.filter(\.needsMoreProcesses).map(\.budget.benchmarkID).filter { seen.insert($0).inserted }
    }
}
