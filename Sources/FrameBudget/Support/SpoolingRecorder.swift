import ChildProcesses
import Foundation
import History
import Results
import RunPipeline

/// Records runs in a history server without losing one when the server is not there: a run that cannot be written
/// (the server unreachable, refusing, or lost mid-record) is kept in the spool (``History/HistorySpool``), and every
/// record sends the spooled runs first.
struct SpoolingRecorder {
    let database: DatabaseOptions
    let spool: HistorySpool

    /// Opens the history, sends the spooled runs, then records `run`.
    /// - Returns: the run's number in the history.
    /// - Throws: a ``RunPipeline/CommandFailure`` of one line: ``RunPipeline/ExitStatus/spooled`` (unreachable or
    ///   lost: the run is spooled), ``RunPipeline/ExitStatus/badInput`` (refused: spooled too; a run already recorded).
    /// - Parameter beforeRecording: called with the open store just before `run` is recorded (a look-up for a warning).
    func record(_ run: RunResults, document: Data, branch: String?, insideTransaction: @escaping @Sendable () -> Void,
                beforeRecording: (any HistoryStore) -> Void = { _ in }) throws -> Int64 {
        let entry = HistorySpool.Entry(runID: run.runID, branch: branch, document: document)
        let store = try open(keeping: entry)
        try sendSpooled(to: store, keeping: entry)
        do {
            beforeRecording(store)
            let number = try store.record(run, document: document, branch: branch, insideTransaction: insideTransaction)
            try? spool.remove(spool.file(of: run.runID))  // an earlier spooled copy of this run, if any
            return number
        } catch let error as HistoryError where error.isServerUnavailable {
            throw try spooling(entry, because: error)
        } catch let error as HistoryError {
            throw CommandFailure(error.isAlreadyRecorded ? .badInput : .runFailure, error.description)
        }
    }

    /// Sends every spooled run.
    /// - Returns: how many were sent (a run found already recorded counts as sent: it is removed from the spool).
    func flush() throws -> Int {
        // The spool first: a bad spooled file is named before any database is opened (or created).
        guard try pendingCount() > 0 else { return 0 }
        let store: any HistoryStore
        do { store = try database.open() }
        catch let error as HistoryError where error.isServerUnavailable {
            throw CommandFailure(error.exitStatus, "\(error.description); \(try pendingCount()) runs stay spooled in \(spool.folder)")
        }
        return try sendSpooled(to: store, keeping: nil)
    }

    private func open(keeping entry: HistorySpool.Entry) throws -> any HistoryStore {
        do { return try database.open() }
        catch let error as HistoryError where error.isServerUnavailable { throw try spooling(entry, because: error) }
    }

    /// Sends the spooled runs oldest first, each removed once recorded; stops at the first failure to reach the
    /// server (then `entry`, the run being recorded, is spooled too).
    @discardableResult
    private func sendSpooled(to store: any HistoryStore, keeping entry: HistorySpool.Entry?) throws -> Int {
        var sent = 0
        for (path, spooled) in try pendingEntries() where spooled.runID != entry?.runID {
            do {
                let run = try ResultsFile.decode(spooled.document, path: path)
                guard run.runID == spooled.runID else {
                    Console.warning("spooled run \(spooled.runID) (\(path)) not sent: it holds run \(run.runID)")
                    continue
                }
                let number = try store.record(run, document: spooled.document, branch: spooled.branch, insideTransaction: {})
                Console.info("sent spooled run \(spooled.runID) as #\(number) to \(store.location)")
            } catch let error as HistoryError where error.isAlreadyRecorded {
                Console.info("spooled run \(spooled.runID) was already recorded in \(store.location) (nothing changed)")
            } catch let error as HistoryError where error.isServerUnavailable {
                if let entry { throw try spooling(entry, because: error) }
                throw CommandFailure(error.exitStatus, "\(error.description); \(try pendingCount()) runs stay spooled in \(spool.folder)")
            } catch let error as HistoryError {
                Console.warning("spooled run \(spooled.runID) (\(path)) not sent: \(error.description)")
                continue
            }
            try spool.remove(path)
            sent += 1
        }
        return sent
    }

    /// Spools `entry` and says so with the error, in one line.
    private func spooling(_ entry: HistorySpool.Entry, because failure: HistoryError) throws -> CommandFailure {
        let file: String
        do { file = try spool.keep(entry) }
        catch { throw CommandFailure(.runFailure, "\(failure.description); and \(error): run \(entry.runID) is not recorded") }
        return CommandFailure(failure.exitStatus, "\(failure.description); run \(entry.runID) spooled in \(file) ("
            + ToolName.named("sent by the next record or framebudget history flush") + ")")
    }

    private func pendingEntries() throws -> [(path: String, entry: HistorySpool.Entry)] {
        do { return try spool.pending() }
        catch let error as HistoryError { throw CommandFailure(.badInput, error.description) }
    }

    /// How many runs are spooled.
    func pendingCount() throws -> Int { try pendingEntries().count }
}
