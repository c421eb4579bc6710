import Budgets
import ChildProcesses
import Counters
import Foundation
import Gate
import Measurement
import Results
import Synchronization

/// The gate's re-measurement: benchmarks of undecided budgets run again in fresh processes of this executable
/// (its `run` command with the gate's own measurement settings, i.e. this same pipeline, ``SuiteSession``), merged
/// into the run as replicates, judged on process runs.
///
/// Signals: the gate's ``Interruption`` stays installed after its own run. A SIGINT/SIGTERM is passed on to the
/// running process (which stops within about a second, as a run does); the gate then saves what it has, marked
/// incomplete with that signal, and reports it. A second signal is passed on too, and the gate saves at once and
/// exits. A process that dies of a signal the gate did not receive is named, with the signal, and the run is saved
/// incomplete with that reason (a run failure, exit 4).
package struct FreshProcesses {
    /// The `run` arguments every process gets besides its benchmark ids and run folder, so that all measure alike.
    package let runArguments: [String]
    package let cap: SequentialGate.Cap
    package let directory: RunDirectory
    package let interruption: Interruption

    package init(runArguments: [String], cap: SequentialGate.Cap, directory: RunDirectory,
                 interruption: Interruption = .shared) {
        self.runArguments = runArguments
        self.cap = cap
        self.directory = directory
        self.interruption = interruption
    }

    /// Judges `run` and measures more processes where a budget is undecided; saves the merged run (and a run that
    /// ended early, marked incomplete).
    /// - Returns: the merged run and its verdicts; the run is incomplete when the gate was interrupted or a process
    ///   died or failed (its `incompleteReason` says which).
    /// - Throws: ``CommandFailure`` (run failure) when a process measured something that cannot merge, or could not
    ///   be started.
    package func decide(_ run: RunResults, budgets: [Budget], evaluator: BudgetEvaluator) throws -> (RunResults, [BudgetVerdict]) {
        let interruption = self.interruption
        let gate = SequentialGate(budgets: budgets, evaluator: evaluator, cap: cap, interruption: { interruption.signal })
        let launcher = ExecutableLauncher(
            executable: ProcessRunner.currentExecutable,
            arguments: runArguments, folder: "\(directory.path)/processes", runIDPrefix: directory.runID,
            receivedSignals: { interruption.receivedSignals })
        let latest = Mutex(run)
        let directory = self.directory
        // (The running process gets the second signal too, from ``Interruption``.)
        interruption.onSecondSignal { first, second in
            var partial = latest.withLock { $0 }
            partial.complete = false  // complete as one process, partial as the gate's measurement
            directory.saveAtOnce(partial, first: first, second: second)
        }
        defer { interruption.onSecondSignal(nil) }
        let outcome: SequentialGate.Outcome
        do {
            outcome = try gate.run(first: run, launcher: launcher, progress: Console.info) { merged in
                latest.withLock { $0 = Roofline.annotate(merged) }
            }
        } catch { throw CommandFailure(.runFailure, "re-measuring: \(error)") }
        let merged = outcome.rounds.isEmpty ? outcome.run : Roofline.annotate(outcome.run)
        if !outcome.rounds.isEmpty || !merged.complete {
            latest.withLock { $0 = merged }
            try directory.save(merged)
        }
        switch outcome.stop {
        case .interrupted:
            Console.info("gate: \(merged.incompleteReason ?? "interrupted") while re-measuring: "
                + "\(outcome.rounds.count) extra process(es) complete; saved incomplete")
        case .processFailed:
            break  // the command reports the reason as its error
        case .decided, .processCap, .timeCap:
            guard !outcome.rounds.isEmpty else { break }
            let undecided = outcome.verdicts.filter(\.needsMoreProcesses).count
            Console.info("gate: \(outcome.rounds.count) extra process(es) measured; "
                + (undecided == 0 ? "every budget decided" : "\(undecided) budget(s) still INCONCLUSIVE (\(outcome.stop.rawValue))"))
        }
        return (merged, outcome.verdicts)
    }
}
