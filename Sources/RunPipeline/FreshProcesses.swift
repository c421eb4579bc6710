import Budgets
import Counters
import Foundation
import Gate
import Results

/// The gate's re-measurement: benchmarks of undecided budgets run again in fresh processes of this executable
/// (`run` with the gate's own measurement settings), merged into the run as replicates, judged on process runs.
struct FreshProcesses {
    let measurement: MeasurementOptions
    let counters: CounterOptions
    let cap: SequentialGate.Cap
    let directory: RunDirectory

    /// Judges `run` and measures more processes where a budget is undecided; saves the merged run.
    /// - Returns: the merged run and its verdicts.
    /// - Throws: ``CommandFailure`` (run failure) when a process fails or measured something that cannot merge.
    func decide(_ run: RunResults, budgets: [Budget], evaluator: BudgetEvaluator) throws -> (RunResults, [BudgetVerdict]) {
        let gate = SequentialGate(budgets: budgets, evaluator: evaluator, cap: cap)
        let launcher = ExecutableLauncher(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
            arguments: forwardedArguments, folder: "\(directory.path)/processes")
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

    /// The gate's measurement options as `run` arguments, so every process measures alike (and merges).
    var forwardedArguments: [String] {
        var arguments = ["--seed", "\(measurement.seed)", "--no-roofs", "--counters", counters.counters.rawValue]
        if measurement.quick { arguments.append("--quick") }
        if let samples = measurement.samples { arguments += ["--samples", "\(samples)"] }
        if let value = measurement.sampleTimeMilliseconds { arguments += ["--sample-time", "\(value)"] }
        if let value = measurement.warmupMilliseconds { arguments += ["--warmup", "\(value)"] }
        if let value = measurement.maxTimeSeconds { arguments += ["--max-time", "\(value)"] }
        if let pin = measurement.pin { arguments += ["--pin", "\(pin)"] }
        if measurement.cold { arguments.append("--cold") }
        if let folder = measurement.workload { arguments += ["--workload", folder] }
        if measurement.allowDebug { arguments.append("--allow-debug") }
        if measurement.injectSlowdown > 0 { arguments += ["--inject-slowdown", "\(measurement.injectSlowdown)"] }
        if let frames = measurement.frameLoop.frames { arguments += ["--frames", "\(frames)"] }
        arguments += ["--frame-loop-mode", measurement.frameLoop.settings(quick: measurement.quick).mode.rawValue]
        if let events = counters.events { arguments += ["--events", events] }
        if counters.simulateCaches { arguments.append("--simulate-caches") }
        return arguments
    }
}
