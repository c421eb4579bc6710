import ArgumentParser
import ChildProcesses
import Foundation
import History
import Results
import RunPipeline
import Synchronization
import TextFormatting

/// `framebudget history …`: the nightly history database (record, list, show, plot, site, export, verify).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Record runs in the history database, list them, show and plot trends, publish them as a site or CSV.",
        discussion: ToolName.named("Example: framebudget history record Reports/latest/results.json --branch main"),
        subcommands: [HistoryRecordCommand.self, HistoryListCommand.self, HistoryShowCommand.self,
                      HistoryPlotCommand.self, HistorySiteCommand.self, HistoryExportCommand.self, HistoryVerifyCommand.self,
                      HistoryBaselineCommand.self, HistoryFlushCommand.self])
}

/// `history record RESULTS.json`: one transaction; a run id already present is refused.
struct HistoryRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: "Record a results file (with its raw samples) in the history database.")

    @Argument(help: "The results.json of a run.")
    var results: String

    @Option(help: "Git branch the run measured (used by gate --baseline <branch>).")
    var branch: String?

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Folder where a run is kept when the history server cannot be reached (sent by the next record or history flush).")
    var spool: String = DatabaseOptions.defaultSpool

    @Option(name: .customLong("test-pause-in-transaction"), help: .hidden)
    var pauseSeconds: Double = 0  // crash tests: sleep inside the write transaction, after the inserts

    @Option(name: .customLong("test-hold-in-transaction-until"), help: .hidden)
    var holdUntil: String?  // concurrency tests: stay inside the write transaction until this file exists

    @Flag(name: .customLong("test-announce-lock-wait"), help: .hidden)
    var announceLockWait = false  // concurrency tests: say when this writer first waits for another's lock

    @Option(name: .customLong("test-hold-in-migration-until"), help: .hidden)
    var holdInMigrationUntil: String?  // concurrency tests: stay inside the new database's last migration until this file exists

    func validate() throws {
        guard pauseSeconds.isFinite && pauseSeconds >= 0 else {
            throw ValidationError("--test-pause-in-transaction must be a finite number of seconds ≥ 0 (got \(pauseSeconds))")
        }
    }

    func run() throws {
        try reportingFailures {
            let data: Data
            do throws(SystemFile.ReadError) { data = try SystemFile.read(results) }
            catch { throw CommandFailure(.badInput, error.isFolder ? "\(results): cannot read: is a folder, not a results file" : "\(error)") }
            let run = try ResultsFile.decode(data, path: results)
            let announce: @Sendable () -> Void = { Console.writeToStandardError("waiting for the write lock\n") }
            var holdInMigration: (@Sendable () -> Void)?
            if let release = holdInMigrationUntil {
                holdInMigration = {
                    Console.writeToStandardError("paused inside the migration\n")
                    while !FileManager.default.fileExists(atPath: release) { usleep(10_000) }
                }
            }
            let hook = transactionHook()
            let number: Int64
            if database.isServer {
                number = try SpoolingRecorder(database: database, spool: HistorySpool(folder: spool))
                    .record(run, document: data, branch: branch, insideTransaction: hook) { warnOfRecordedProcessRuns(run, in: $0) }
            } else {
                let history = try database.open(onLockWait: announceLockWait ? announce : nil, inLastMigration: holdInMigration)
                if (history as? HistoryDatabase)?.isNew == true { Console.info("\(database.path): a new history database (no file was there)") }
                warnOfRecordedProcessRuns(run, in: history)
                // Committed: a signal from then on says so, rather than "stopped" alone (a retry then read "already
                // recorded"); said before the checkpoint, which can wait a minute for a reader.
                let path = database.path
                let published: @Sendable (Int64) -> Void = { number in
                    try? PendingOutputs.publish("run \(TerminalText.singleLine(run.runID)) as #\(number) in \(path)") {}
                }
                do {
                    number = try (history as? HistoryDatabase).map {
                        try $0.record(run, document: data, branch: branch, insideTransaction: hook, afterCommit: published)
                    } ?? history.record(run, document: data, branch: branch, insideTransaction: hook)
                }
                catch let error as HistoryError {
                    throw CommandFailure(error.isRefusedRecord ? .badInput : .runFailure, error.naming(results).description)
                }
            }
            // Committed: a signal from now on says so, rather than "stopped" alone (a retry then read "already recorded").
            try? PendingOutputs.publish("run \(TerminalText.singleLine(run.runID)) as #\(number) in \(database.path)") {}
            if run.environment.buildConfiguration == "debug" {
                // Its own machine class (build=debug): no release run is ever compared with it, nor it with them.
                Console.warning("\(results): a debug build's run: recorded in a series of its own (build=debug); "
                    + "release runs are never compared with it")
            }
            Console.output("recorded run \(TerminalText.singleLine(run.runID)) as #\(number) (\(run.benchmarks.count) benchmarks\(run.complete ? "" : ", incomplete")) in \(database.path)")
        }
    }
}

extension HistoryRecordCommand {
    /// Warns when some process runs of `run` are already recorded (a merge of recorded runs with new ones): the run
    /// is recorded, its trend point shares their samples, and its spreads leave them out, so that the noise floor
    /// counts each process run once. (A run of recorded process runs only is refused by the record itself.)
    private func warnOfRecordedProcessRuns(_ run: RunResults, in store: any HistoryStore) {
        guard let onRecord = try? store.processRunsOnRecord(of: run), !onRecord.recorded.isEmpty, !onRecord.holdsAll(of: run) else { return }
        let shared = onRecord.processRunIDs
        let names = shared.prefix(3).joined(separator: ", ") + (shared.count > 3 ? ", …" : "")
        let holders = onRecord.holders.prefix(3).joined(separator: ", ") + (onRecord.holders.count > 3 ? ", …" : "")
        Console.warning("\(results): \(shared.count) of its process runs (\(names)) are already recorded (in run \(holders)): "
            + "its trend point shares their samples, and its between-run spreads leave them out")
    }

    /// The test hooks that pause inside the write transaction (`--test-pause-in-transaction`,
    /// `--test-hold-in-transaction-until`): announced once on stderr, for a crash test to kill the writer there.
    private func transactionHook() -> @Sendable () -> Void {
        let (pause, holdUntil) = (pauseSeconds, holdUntil)
        let announced = AnnouncedOnce()
        return {
            guard pause > 0 || holdUntil != nil, announced.first() else { return }
            Console.writeToStandardError("paused inside the transaction\n")
            Thread.sleep(forTimeInterval: pause)  // any length: usleep's UInt32 µs trapped above ~4295 s
            while let holdUntil, !FileManager.default.fileExists(atPath: holdUntil) { usleep(10_000) }
        }
    }
}

/// True the first time it is asked, false after: a hook that says where it paused once.
private final class AnnouncedOnce: Sendable {
    private let announced = Mutex(false)

    func first() -> Bool {
        announced.withLock { done in
            defer { done = true }
            return !done
        }
    }
}

/// `history list`: runs, newest first.
struct HistoryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List recorded runs, newest first.")

    @Option(help: "Only runs of this branch.")
    var branch: String?

    @Option(parsing: .unconditional, help: "At most this many runs (of the machine class, with --machine-class-of).")
    var limit: Int = 50

    @Option(name: .customLong("machine-class-of"), help: "Only runs of the machine class of this results file (CPU, cores, build, run settings).")
    var machineClassOf: String?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard limit >= 1 else { throw badOptionValue("--limit must be at least 1 (got \(limit))") }
    }

    func run() throws {
        try reportingFailures {
            let history = try database.openExisting()
            var runs: [RunRecord]
            if let machineClassOf {
                // The class first, then the limit: the newest runs may all be of other classes.
                let hash = try ResultsFile.read(from: machineClassOf).machineClass.hash
                runs = Array(try history.runs(limit: Int(Int32.max), branch: branch).filter { $0.machineClass == hash }.prefix(limit))
            } else {
                runs = try history.runs(limit: limit, branch: branch)
            }
            if json { Console.outputRendered(String(decoding: try ResultsFile.encoder().encode(runs), as: UTF8.self)); return }
            Console.output(TextTable.render(header: ["#", "run", "started", "commit", "branch", "class", "benchmarks", "complete"],
                                   rows: runs.map { r in
                ["\(r.number)", r.runID, r.startedAt, r.gitCommit.map { String($0.prefix(10)) } ?? "-", r.gitBranch ?? "-",
                 r.machineClass ?? "-", "\(r.benchmarks)", r.complete ? "yes" : "NO"]
            }))
        }
    }
}
