import ChildProcesses
import Foundation
import Gate
import Results

/// `framebudget repeatability`'s procedure: one benchmark measured in N fresh processes, one after another, each
/// with the same `run` arguments (through a ``ProcessLauncher``, as the gate's re-measurement runs them), read into
/// a ``Repeatability`` saved after every run, so an interrupted measurement keeps what it has.
package struct RepeatabilitySession {
    /// The benchmark's exact id.
    package var benchmark: String
    package var runs: Int
    /// Holds each process's run folder `run-<n>/` and log, and `repeatability.json`.
    package var folder: String
    package var progress: (String) -> Void

    package init(benchmark: String, runs: Int, folder: String, progress: @escaping (String) -> Void = { _ in }) {
        self.benchmark = benchmark
        self.runs = runs
        self.folder = folder
        self.progress = progress
    }

    package static func runID(_ index: Int) -> String { "run-\(index)" }

    /// Checks that no run folder of the plan exists yet (a `run` refuses to write into one).
    /// - Throws: ``CommandFailure`` (bad input) naming the folder.
    package func check() throws {
        for index in 1...runs where FileManager.default.fileExists(atPath: "\(folder)/\(Self.runID(index))") {
            throw CommandFailure(.badInput, "\(folder)/\(Self.runID(index)): run folder exists already; "
                                 + "choose another output folder or remove it")
        }
    }

    /// Measures the runs with `launcher`, saving after each, and stops when this process is interrupted.
    /// - Returns: the runs read, and the signal that stopped them early (nil: every run was measured).
    /// - Throws: ``CommandFailure``: bad input when a process refused its arguments or input (exit 2 or 64: every
    ///   run would); run failure for a process that otherwise failed, died or measured no samples of the benchmark,
    ///   or a summary that cannot be written.
    package func run(launcher: some ProcessLauncher) throws -> (Repeatability, InterruptingSignal?) {
        try check()
        var repeatability = Repeatability(benchmark: benchmark, requestedRuns: runs)
        for index in 1...runs {
            let runID = Self.runID(index)
            progress("\(benchmark): run \(index) of \(runs)")
            let results: RunResults
            do { results = try launcher.measure([benchmark], label: runID) }
            catch LaunchFailure.interrupted(let signal) {
                repeatability.interruptingSignal = signal
                try save(repeatability)  // the file says it holds fewer runs than asked, and why
                return (repeatability, signal)
            }
            catch { throw failure(error, runID: runID) }
            guard let result = results.benchmarks.first(where: { $0.id == benchmark }), result.statistics.count > 0 else {
                throw CommandFailure(.runFailure, "\(folder)/\(runID)/results.json: no samples of \(benchmark)")
            }
            repeatability.runs.append(Repeatability.Run(runID: runID, result.statistics))
            try save(repeatability)
        }
        return (repeatability, nil)
    }

    /// The process's failure in this command's words (``LaunchFailure``'s speak of the gate's re-measurement).
    private func failure(_ error: any Error, runID: String) -> CommandFailure {
        switch error as? LaunchFailure {
        case let .died(_, pid, signal, _)?:
            return CommandFailure(.runFailure, "\(runID) (pid \(pid)) was stopped by \(ProcessRunner.signalName(signal)), "
                                  + "a signal this command did not receive")
        case let .failed(status, detail)?:
            return CommandFailure(Self.refusedInput(status) ? .badInput : .runFailure,
                                  "\(runID) failed (exit \(status)): \(detail) (log: \(folder)/\(runID).log)")
        case .interrupted?, nil:
            return CommandFailure(.runFailure, "\(runID): \(error)")
        }
    }

    /// A `run` that exits 2 (bad input) or 64 (malformed command line) refused what every run is given alike: the
    /// command's input was bad, nothing failed while measuring.
    private static func refusedInput(_ status: Int32) -> Bool {
        status == ExitStatus.badInput.rawValue || status == ExitStatus.usage.rawValue
    }

    /// Writes `repeatability.json` atomically.
    package func save(_ repeatability: Repeatability) throws {
        do {
            try AtomicFile.write(String(decoding: try ResultsFile.encoder().encode(repeatability), as: UTF8.self) + "\n",
                                 to: "\(folder)/repeatability.json")
        } catch { throw CommandFailure(.runFailure, "\(error)") }
    }
}
