import History
import PostgresNIO

/// PostgresNIO's errors as ``History/HistoryError``s of one line each. PSQLError's own description hides the
/// details on purpose; the server's message, its SQLSTATE and the underlying network error say what happened.
enum PostgresFailure {
    /// What went wrong, when it did.
    enum Stage {
        /// Opening the first connection: a network failure means the server is unreachable.
        case connecting
        /// Working on an open connection: a network failure means the connection was lost.
        case working
    }

    /// `error` as a HistoryError for the server at `location` (a HistoryError passes through unchanged).
    static func history(_ error: any Error, location: String, stage: Stage) -> HistoryError {
        if let error = error as? HistoryError { return error }
        if let error = error as? Blocking.TimedOut {
            return network("no answer within \(Int(error.seconds)) s", location: location, stage: stage)
        }
        if let error = error as? PostgresTransactionError {
            return history(error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError ?? error,
                           location: location, stage: stage)
        }
        guard let error = error as? PSQLError else { return network(describe(error), location: location, stage: stage) }
        switch error.code {
        case .sslUnsupported:
            return .serverRefused(location: location, reason:
                "the server does not offer TLS, and sslmode=require asks for it (enable ssl on the server, or use sslmode=disable on a trusted network)")
        case .server:
            return server(error, location: location, stage: stage)
        case .authMechanismRequiresPassword:
            return .serverRefused(location: location, reason: "the server asks for a password and the URL gives none")
        case .unsupportedAuthMechanism, .saslError:
            return .serverRefused(location: location, reason: "authentication failed (\(String(reflecting: error.code)))")
        default:
            let reason = error.underlying.map(describe) ?? "\(error.code)"
            return network(reason, location: location, stage: stage)
        }
    }

    /// An error the server sent: authentication and missing databases refuse; a shutdown of the server loses the
    /// connection; anything else makes the history unusable (with the server's own message).
    private static func server(_ error: PSQLError, location: String, stage: Stage) -> HistoryError {
        let state = error.serverInfo?[.sqlState] ?? ""
        let message = error.serverInfo?[.message] ?? "server error \(state)"
        switch state {
        case "28P01", "28000", "3D000", "42501": return .serverRefused(location: location, reason: message)
        // A server that is there but cannot serve now (shutting down, starting, at its connection limit, out of disk
        // or memory, the statement cancelled, the connection failing): the run is spooled for later, not refused as
        // "not a usable history database" (exit 2, and the run was neither recorded nor spooled).
        case "57P01", "57P02", "57P03", "57014": return network(message, location: location, stage: stage)
        case _ where state.hasPrefix("08") || state.hasPrefix("53"):
            return network("\(message) (SQLSTATE \(state))", location: location, stage: stage)
        default: return .unusable(path: location, reason: "\(message) (SQLSTATE \(state))")
        }
    }

    private static func network(_ reason: String, location: String, stage: Stage) -> HistoryError {
        switch stage {
        case .connecting: return .serverUnreachable(location: location, reason: reason)
        case .working: return .connectionLost(location: location, reason: reason)
        }
    }

    /// A network error in words: "connection refused", "timed out", not a type dump.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("connectTimeout") || text.contains("timed out") { return "connection timed out" }
        if let error = error as? PSQLError { return error.underlying.map(describe) ?? "\(error.code)" }
        return text
    }
}
