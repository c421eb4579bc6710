import Budgets
import Counters
import Foundation
import Gate
import Results

/// The gate's re-measurement: benchmarks of undecided budgets run again in fresh processes of this executable
/// (its `run` command with the gate's own measurement settings, i.e. this same pipeline, ``SuiteSession``), merged
/// into the run as replicates, judged on process runs.
package struct FreshProcesses {
    /// The `run` arguments every process gets besides its benchmark ids and run folder, so that all measure alike.
    package let runArguments: [String]
    package let cap: SequentialGate.Cap
    package let directory: RunDirectory

    package init(runArguments: [String], cap: SequentialGate.Cap, directory: RunDirectory) {
        self.runArguments = runArguments
        self.cap = cap
        self.directory = directory
    }

    /// Judges `run` and measures more processes where a budget is undecided; saves the merged run.
    /// - Returns: the merged run and its verdicts.
    /// - Throws: ``CommandFailure`` (run failure) when a process fails or measured something that cannot merge.
    package func decide(_ run: RunResults, budgets: [Budget], evaluator: BudgetEvaluator) throws -> (RunResults, [BudgetVerdict]) {
        let gate = SequentialGate(budgets: budgets, evaluator: evaluator, cap: cap)
        let launcher = ExecutableLauncher(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
            arguments: runArguments, folder: "\(directory.path)/processes")
        let outcome: SequentialGate.Outcome
        do { outcome = try gate.run(first: run, launcher: launcher, progress: Console.info) }
        catch { throw CommandFailure(.runFailure, "re-measuring: \(error)") }
        if !outcome.rounds.isEmpty {
            let merged = Roofline.annotate(outcome.run)
            try directory.save(merged)
            let undecided = outcome.verdicts.filter(\.needsMoreProcesses).count
            Console.info("gate: \(outcome.rounds.count) extra process(es) measured; "
                + (undecided == 0 ? "every budget decided" : "\(undecided) budget(s) still INCONCLUSIVE (\(outcome.stop.rawValue))"))
            return (merged, outcome.verdicts)
        }
        return (outcome.run, outcome.verdicts)
    }
}
