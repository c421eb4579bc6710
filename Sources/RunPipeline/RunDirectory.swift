import Foundation
import Results

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
        do { try fileManager.createDirectory(atPath: directory.path, withIntermediateDirectories: true) }
        catch { throw CommandFailure(.runFailure, "\(root): cannot create run folder: \(Folders.obstacle(to: directory.path))") }
        guard access(directory.path, W_OK) == 0 else {
            throw CommandFailure(.runFailure, "\(directory.path): not writable")
        }
        return directory
    }

    /// Writes the run atomically (after every benchmark, and at the end).
    package func save(_ run: RunResults) throws {
        do { try ResultsFile.write(run, to: resultsPath) }
        catch { throw CommandFailure(.runFailure, "\(error)") }
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
