import ArgumentParser
import History
import RunPipeline

/// `history flush`: sends the runs spooled while the history server was unreachable.
struct HistoryFlushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flush",
        abstract: "Send the runs spooled while the history server was unreachable (history record sends them too).")

    @OptionGroup var database: DatabaseOptions

    @Option(help: "The spool folder (as given to history record).")
    var spool: String = DatabaseOptions.defaultSpool

    func run() throws {
        try reportingFailures {
            let recorder = SpoolingRecorder(database: database, spool: HistorySpool(folder: spool))
            let sent = try recorder.flush()
            Console.output("sent \(sent) spooled run\(sent == 1 ? "" : "s") to \(database.path); \(try recorder.pendingCount()) left in \(spool)")
        }
    }
}
