import ArgumentParser
import Foundation
import Measurement
import Results
import RunPipeline
import Synchronization

/// The run folder of `profile` after the timing: the profilers that follow (stages, perf, callgrind) each add to the
/// one benchmark, and the run is saved after each. Until the last one is done the run says it is incomplete, so
/// neither a failing tool nor a kill leaves a run that looks finished with half its profile.
///
/// A second SIGINT/SIGTERM saves the newest state at once, marked interrupted (as `run` does while it measures).
final class ProfileRecord: Sendable {
    /// What the saved run says while profilers are still to come (what a SIGKILL leaves).
    static let underWay = "profile under way: stopped before every profiler had finished"

    private let directory: RunDirectory
    private let newest: Mutex<RunResults>

    var resultsPath: String { directory.resultsPath }

    /// Takes over the run `SuiteSession` saved and the second signal's action, which also removes `staging` (a
    /// tool's unfinished output): that action exits the process before the interruption's own clean-up runs.
    /// Saves the run at once as under way: the timing's last save said complete, which a kill or a trapping stage
    /// closure during the stage profile would have left on disk.
    init(_ run: RunResults, directory: RunDirectory, staging: String) throws {
        self.directory = directory
        var underWay = run
        underWay.complete = false
        underWay.incompleteReason = Self.underWay
        newest = Mutex(underWay)
        Interruption.shared.onSecondSignal { [self] first, second in
            try? FileManager.default.removeItem(atPath: staging)
            var run = self.newest.withLock { $0 }
            run.complete = false
            run.incompleteReason = nil  // saveAtOnce names the first signal
            directory.saveAtOnce(run, first: first, second: second)
        }
        try directory.save(underWay)
    }

    /// Stops saving on a second signal (the profile is over, its last save on disk).
    func close() { Interruption.shared.onSecondSignal(nil) }

    /// Saves the run with `result` as its benchmark: complete when `finished`, else marked as still under way.
    func save(_ result: BenchmarkResult, finished: Bool) throws {
        try update(result) { run in
            run.complete = finished
            run.incompleteReason = finished ? nil : Self.underWay
            if finished { run.finishedAt = Date() }
        }
    }

    /// Saves the run with `result`, marked interrupted by `signal`, says so, and exits 128 + the signal's number.
    func interrupted(_ result: BenchmarkResult, by signal: InterruptingSignal) throws -> Never {
        let run = try update(result) { run in
            run.complete = false
            run.incompleteReason = "interrupted by \(Interruption.name(of: signal.number))"
            run.interruptingSignal = signal
            run.finishedAt = Date()
        }
        Console.warning("\(run.incompleteNote!); partial results in \(directory.resultsPath)")
        throw ExitCode(signal.exitStatus)
    }

    /// Saves the run with `result`, marked incomplete for `reason` (a profiler failed), and fails as a run failure.
    func failed(_ result: BenchmarkResult, reason: String) throws -> Never {
        try update(result) { run in
            run.complete = false
            run.incompleteReason = reason
            run.finishedAt = Date()
        }
        Console.error(reason)
        Console.warning("run incomplete; partial results in \(directory.resultsPath)")
        throw ExitStatus.runFailure.code
    }

    @discardableResult
    private func update(_ result: BenchmarkResult, _ change: (inout RunResults) -> Void) throws -> RunResults {
        var run = newest.withLock { $0 }
        run.benchmarks = [result]
        change(&run)
        // Newest first: a second signal during the save then writes this state, never the step before's.
        newest.withLock { $0 = run }
        try directory.save(run)
        return run
    }
}
