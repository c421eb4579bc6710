import ArgumentParser
import ChildProcesses
import Foundation
import History
import PostgresHistory
import RunPipeline

/// The history every history subcommand works on: an SQLite file (the embedded default) or a shared PostgreSQL
/// server, chosen by `--database`, else the `FRAMEBUDGET_DATABASE` environment variable, else
/// ``DatabaseOptions/defaultPath``. Commands get a ``History/HistoryStore`` and never know which.
struct DatabaseOptions: ParsableArguments {
    /// The SQLite file used when neither `--database` nor `FRAMEBUDGET_DATABASE` names a history.
    static let defaultPath = "Reports/history.sqlite"
    /// The folder where `history record` keeps a run that the history server could not take (``History/HistorySpool``).
    static let defaultSpool = "Reports/spool"
    /// The environment variable naming the history when `--database` is not given.
    static let environmentVariable = "FRAMEBUDGET_DATABASE"

    @Option(name: .customLong("database"), help: ArgumentHelp(
        "History: an SQLite file, or a shared PostgreSQL server as postgres://user:password@host:port/database?sslmode=require|disable (default: $FRAMEBUDGET_DATABASE, else Reports/history.sqlite).",
        valueName: "path-or-url"))
    var value: String?

    /// The history named by the flag, the environment or the default, password included.
    var resolved: String { value ?? Self.environmentValue ?? Self.defaultPath }

    /// `FRAMEBUDGET_DATABASE`, when set and not empty: the history of every command that reads one (`gate --baseline`
    /// and `compare` too) unless its own option names another.
    static var environmentValue: String? {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True when the history is a PostgreSQL server.
    var isServer: Bool { PostgresURL.isPostgres(resolved) }

    /// The history for messages: the file, or the server's URL without its password (masked even when it does not
    /// parse).
    var path: String { isServer ? ((try? PostgresURL(resolved).redacted) ?? PostgresURL.redacting(resolved)) : resolved }

    /// A value that names a URL but no PostgreSQL server (a mistyped scheme: `postgres:/…`, `postgress://…`) is
    /// refused, never used as an SQLite path.
    /// - Throws: ``RunPipeline/CommandFailure`` (bad input).
    func checkNotAMistypedURL() throws {
        guard !isServer, PostgresURL.looksLikeURL(resolved) else { return }
        throw CommandFailure(.badInput, "history \(PostgresURL.redacting(resolved)): a URL that names no PostgreSQL server "
                             + "(postgres://user:password@host:port/database); an SQLite file is a path")
    }

    /// Opens the history for recording (created when absent, schema brought up to date); a newer or broken one is a
    /// bad-input error and is left untouched; one that cannot be written (full disk) is a run failure; an unavailable
    /// server is thrown as its ``History/HistoryError`` (the caller spools the run).
    /// - Parameters:
    ///   - onLockWait: a test hook called when a write first waits for another writer's lock (SQLite).
    ///   - inLastMigration: a test hook called inside the schema's last migration, before it commits (SQLite).
    func open(onLockWait: (@Sendable () -> Void)? = nil, inLastMigration: (@Sendable () -> Void)? = nil) throws -> any HistoryStore {
        try checkNotAMistypedURL()
        return try opening(.readWrite, onLockWait: onLockWait, inLastMigration: inLastMigration)
    }

    /// The server's URL parsed, without connecting (a command with nothing to send still refuses a bad one).
    /// - Throws: ``RunPipeline/CommandFailure`` (bad input) for a mistyped or unparsable URL.
    func checkAddress() throws {
        try checkNotAMistypedURL()
        guard isServer else { return }
        do { _ = try PostgresURL(resolved) } catch let error as HistoryError { throw CommandFailure(.badInput, error.description) }
    }

    /// Opens an existing history read-only: reading commands never create, migrate or write one.
    func openExisting() throws -> any HistoryStore {
        try checkNotAMistypedURL()
        guard isServer || FileManager.default.fileExists(atPath: resolved) else {
            throw CommandFailure(.badInput, "\(path): no history database " + ToolName.named("(record a run first: framebudget history record)"))
        }
        do { return try opening(.readOnly) }
        catch let error as HistoryError { throw CommandFailure(error.exitStatus, error.description) }
    }

    /// ``openExisting()``, or nil when there is no history yet (no file; a server where nothing was recorded).
    func openExistingIfAny() throws -> (any HistoryStore)? {
        try checkNotAMistypedURL()
        guard isServer || FileManager.default.fileExists(atPath: resolved) else { return nil }
        do { return try opening(.readOnly) }
        catch let error as HistoryError where error.isServerUnavailable { throw CommandFailure(error.exitStatus, error.description) }
        catch let error as HistoryError where error == .noHistory(location: path) { return nil }
    }

    private func opening(_ access: HistoryDatabase.Access, onLockWait: (@Sendable () -> Void)? = nil,
                         inLastMigration: (@Sendable () -> Void)? = nil) throws -> any HistoryStore {
        do {
            if isServer { return try PostgresHistoryStore(url: PostgresURL(resolved), access: access) }
            return try HistoryDatabase(path: resolved, access: access, onLockWait: onLockWait, inLastMigration: inLastMigration)
                .warningOfItsReadNote()
        } catch let error as HistoryError {
            if error.isServerUnavailable || error == .noHistory(location: path) { throw error }
            if case .unwritable = error { throw CommandFailure(.runFailure, error.description) }
            throw CommandFailure(.badInput, error.description)
        }
    }
}
