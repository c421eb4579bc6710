import Foundation
import Measurement
import Results
import Synchronization

/// The folder of one run, `Reports/<run-id>/`, and the `Reports/latest` link to the newest one.
package struct RunDirectory: Sendable {
    package let root: String
    package let runID: String

    package var path: String { "\(root)/\(runID)" }
    package var resultsPath: String { "\(path)/results.json" }

    /// Creates the folder, checking up front that it is writable so a long run never ends unable to save.
    package static func create(root: String, runID: String) throws -> RunDirectory {
        let directory = RunDirectory(root: root, runID: runID)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: directory.path) {
            throw CommandFailure(.badInput, "\(directory.path): run folder exists already; choose another --run-id")
        }
        // The link is renamed over at the end: a folder there (a CI cache or artifact restores links as folders)
        // failed it after the whole measurement, exit 4, and the reports were never written.
        var info = stat()
        if lstat("\(root)/latest", &info) == 0 && info.st_mode & S_IFMT != S_IFLNK {
            throw CommandFailure(.badInput, "\(root)/latest: not the link this tool keeps to the newest run "
                                 + "(restored from a CI cache or artifact?): remove or rename it")
        }
        if let problem = Folders.make(directory.path) {
            throw CommandFailure(.runFailure, "\(root): cannot create run folder: \(problem)")
        }
        guard access(directory.path, W_OK) == 0 else {
            throw CommandFailure(.runFailure, "\(directory.path): not writable")
        }
        return directory
    }

    /// Writes the run atomically (after every benchmark, and at the end).
    package func save(_ run: RunResults) throws {
        try Self.saving.withLock { _ in
            do { try ResultsFile.write(run, to: resultsPath) }
            catch { throw CommandFailure(.runFailure, "\(error)") }
        }
    }

    /// Every save of a run of this process goes through this lock: a second signal's save (``saveAtOnce``) waits for
    /// a save under way (they share a temporary file name), and none starts after it.
    private static let saving = Mutex(())

    /// A second signal arrived: saves `run` (the newest state of what was measured) marked incomplete by the first
    /// signal, unless it is complete already, points `latest` at it, says so, and exits with the first signal's
    /// status. Holds the save lock to the end, so nothing overwrites it meanwhile.
    package func saveAtOnce(_ run: RunResults, first: Int32, second: Int32) -> Never {
        Self.saving.withLock { _ -> Never in
            let stop = "a second \(Interruption.name(of: second)) stopped it at once"
            if run.complete {
                Console.warning("\(stop); the complete results are in \(resultsPath)")
                exit(128 + first)
            }
            var run = run
            // The signal is the reason, over a save's provisional one ("saved after 1 of 2 benchmarks, …").
            if run.interruptingSignal == nil {
                run.incompleteReason = "interrupted by \(Interruption.name(of: first))"
                run.interruptingSignal = InterruptingSignal(number: first)
            }
            run.finishedAt = run.finishedAt ?? Date()
            do {
                try ResultsFile.write(run, to: resultsPath)
                try? markLatest()
                Console.warning("run incomplete: \(run.incompleteReason!) (\(stop)); partial results in \(resultsPath)")
            } catch {
                Console.error("\(stop), and the partial results could not be saved: \(error)")
            }
            exit(128 + first)
        }
    }

    /// Removes the run folder when no results file was ever saved in it (the run's first write failed).
    package func removeIfNothingSaved() {
        guard !FileManager.default.fileExists(atPath: resultsPath) else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Points `Reports/latest` at this run, atomically (a new link renamed over the old one).
    package func markLatest() throws {
        let link = "\(root)/latest"
        let temporary = "\(root)/.latest-\(getpid())"
        unlink(temporary)
        guard symlink(runID, temporary) == 0, rename(temporary, link) == 0 else {
            unlink(temporary)
            throw CommandFailure(.runFailure, "\(link): cannot update link: \(String(cString: strerror(errno)))")
        }
    }
}
