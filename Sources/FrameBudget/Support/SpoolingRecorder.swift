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
        // An older spooled run that cannot be sent (a bad file, a spool shared with another process) never keeps this
        // run out of the history: only an unavailable server does, and then this run is spooled too.
        do { try sendSpooled(to: store, keeping: entry) }
        catch let failure as CommandFailure where failure.status != .historyServerUnavailable { Console.warning(failure.message) }
        do {
            beforeRecording(store)
            let number = try store.record(run, document: document, branch: branch, insideTransaction: insideTransaction)
            try? spool.remove(spool.file(of: run.runID))  // an earlier spooled copy of this run, if any
            return number
        } catch let error as HistoryError where error.isServerUnavailable {
            throw try spooling(entry, because: error)
        } catch let error as HistoryError {
            throw CommandFailure(error.isRefusedRecord ? .badInput : .runFailure, error.description)
        }
    }

    /// Sends every spooled run.
    /// - Returns: how many were sent (a run found already recorded counts as sent: it is removed from the spool).
    func flush() throws -> Int {
        // The address first (an empty spool used to hide a mistyped one, exit 0), then the spool: the runs that read
        // are sent (no database is opened, or created, for none); an unreadable file is then named (exit 2).
        try database.checkAddress()
        let (pending, unreadable) = try pendingAndUnreadable()
        var sent = 0
        if !pending.isEmpty {
            let store: any HistoryStore
            do { store = try database.open() }
            catch let error as HistoryError where error.isServerUnavailable {
                throw CommandFailure(error.exitStatus, "\(error.description); \(try pendingCount()) runs stay spooled in \(spool.folder)")
            }
            sent = try sendSpooled(to: store, keeping: nil)
        }
        if let first = unreadable.first {
            let more = unreadable.count > 1 ? " (and \(unreadable.count - 1) more unreadable)" : ""
            throw CommandFailure(.badInput, HistoryError.unusableSpool(path: first.path, reason: first.reason).description + more
                                 + (sent > 0 ? "; \(sent) other spooled run(s) sent" : ""))
        }
        return sent
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
        let (pending, unreadable) = try pendingAndUnreadable()
        // Recording a run: said, and the run goes on (flush names them as its error).
        for (path, reason) in unreadable where entry != nil {
            Console.warning("\(path): \(reason): not sent, left in the spool (fix or remove it)")
        }
        for (path, spooled) in pending where spooled.runID != entry?.runID {
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
            } catch {
                // A document this binary cannot read (a newer schema, damage): left for a binary that can.
                Console.warning("spooled run \(spooled.runID) (\(path)) not sent: \(error)")
                continue
            }
            do { try spool.remove(path) } catch let error as HistoryError { throw CommandFailure(.runFailure, error.description) }
            sent += 1
        }
        return sent
    }

    private func pendingAndUnreadable() throws -> (pending: [(path: String, entry: HistorySpool.Entry)], unreadable: [(path: String, reason: String)]) {
        do { return try spool.pendingAndUnreadable() }
        catch let error as HistoryError { throw CommandFailure(.badInput, error.description) }
    }

    /// Spools `entry` and says so with the error, in one line.
    private func spooling(_ entry: HistorySpool.Entry, because failure: HistoryError) throws -> CommandFailure {
        let file: String
        do { file = try spool.keep(entry) }
        catch { throw CommandFailure(.runFailure, "\(failure.description); and \(error): run \(entry.runID) is not recorded") }
        return CommandFailure(failure.exitStatus, "\(failure.description); run \(entry.runID) spooled in \(file) ("
            + ToolName.named("sent by the next record or framebudget history flush") + ")")
    }

    /// How many runs are spooled (readable or not: an unreadable one is still there, waiting).
    func pendingCount() throws -> Int {
        let (pending, unreadable) = try pendingAndUnreadable()
        return pending.count + unreadable.count
    }
}
