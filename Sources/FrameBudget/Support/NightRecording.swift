import Foundation
import Measurement
import Results
import RunPipeline
import Synchronization
import TextFormatting

/// The night's run as far as it has got, and the one place that records it in the history: at the night's end, or on
/// a second SIGINT/SIGTERM before the process exits. The nightly's help promises that an interrupted night is
/// recorded, marked incomplete; a second Ctrl-C used to exit at once and leave the night out of the history (during
/// the paired half, the reports written again, or the recording itself).
final class NightRecording: Sendable {
    private struct State: ~Copyable {
        /// The run as the night now has it; nil while the gate runs (its own file is then read).
        var run: RunResults?
        /// What the night was doing when a run it still calls complete was stopped; nil once nothing is left to
        /// measure (a stop then changes nothing measured).
        var unfinishedStep: String? = "during the gate"
        var recorded = false
    }

    private let state = Mutex(State())
    private let resultsPath: String
    private let recordRun: @Sendable (RunResults) throws -> Void

    /// `recordRun` records a run in the history (it throws ``CommandFailure``); `resultsPath` is the night's
    /// results.json, written again with the run before it is recorded.
    init(resultsPath: String, interruption: Interruption, recordRun: @escaping @Sendable (RunResults) throws -> Void) {
        self.resultsPath = resultsPath
        self.recordRun = recordRun
        interruption.onSecondSignal { [self] first, _ in recordAtOnce(firstSignal: first) }
    }

    /// The run as the night now has it, and the step under way (nil: everything is measured).
    func update(_ run: RunResults, unfinishedStep: String?) {
        state.withLock { state in
            state.run = run
            state.unfinishedStep = unfinishedStep
        }
    }

    /// Writes the run's results.json and records it, unless a second signal has recorded the night already. The lock
    /// is held meanwhile, so that a second signal's recording waits for this one and does not record the night again.
    func finish(_ run: RunResults) throws {
        try state.withLock { state in
            guard !state.recorded else { return }
            state.run = run
            state.unfinishedStep = nil
            do { try ResultsFile.write(run, to: resultsPath) } catch { throw CommandFailure(.runFailure, "\(error)") }
            state.recorded = true  // a history that refuses the run is said once, by the night, not again on a signal
            try recordRun(run)
        }
    }

    /// A second signal's action (the process exits after it): the run as far as it got, marked incomplete when
    /// something was still to be measured, written and recorded; said in one line either way.
    private func recordAtOnce(firstSignal: Int32) {
        let name = Interruption.name(of: firstSignal)
        state.withLock { state in
            guard !state.recorded else { return }
            state.recorded = true
            // During the gate the night has no run of its own: the gate's child has saved what it measured by now
            // (the second signal's exit waits for it).
            guard var run = state.run ?? (try? ResultsFile.read(from: resultsPath)) else {
                Console.writeToStandardError("\(ToolName.current): \(name) again: stopped at once; the gate saved nothing to record\n")
                return
            }
            if run.complete, let step = state.unfinishedStep {
                run.complete = false
                run.incompleteReason = "interrupted by \(name) \(step)"
                run.interruptingSignal = InterruptingSignal(number: firstSignal)
            }
            do {
                try ResultsFile.write(run, to: resultsPath)
                try recordRun(run)
                Console.writeToStandardError("\(ToolName.current): \(name) again: stopped at once, the night recorded"
                                             + (run.complete ? "" : " as incomplete") + "\n")
            } catch {
                let reason = (error as? CommandFailure)?.message ?? "\(error)"
                Console.writeToStandardError("\(ToolName.current): \(name) again: stopped at once; the night was not recorded: \(reason)\n")
            }
        }
    }
}
