import Foundation
import History
import PostgresHistory
import Results
import RunPipeline

/// Where a nightly records its run: the history file or server of `--database`, on the night's branch. A server
/// that cannot be reached gets the run spooled under the reports folder (``CommandFailure`` with exit 5).
struct NightHistory: Sendable {
    let database: DatabaseOptions
    let branch: String
    /// The folder of runs a server could not take.
    let spool: String

    /// Records `run`, and says under which number.
    /// - Throws: ``CommandFailure``: the history refused the run, or a server was down (spooled).
    func record(_ run: RunResults) throws {
        if database.isServer {
            let number = try SpoolingRecorder(database: database, spool: HistorySpool(folder: spool))
                .record(run, document: ResultsFile.encode(run), branch: branch, insideTransaction: {})
            Console.info("recorded run \(run.runID) as #\(number) in \(database.path)")
            return
        }
        let history = try database.open()
        do {
            let number = try history.record(run, branch: branch)
            let new = (history as? HistoryDatabase)?.isNew == true ? " (a new history database: no file was there)" : ""
            Console.info("recorded run \(run.runID) as #\(number) in \(database.path)\(new)")
        } catch let error as HistoryError { throw CommandFailure(.runFailure, error.description) }
    }
}
