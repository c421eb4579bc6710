import Foundation
import History

/// A `postgres://user:password@host:port/database?sslmode=…` address of a shared history, parsed.
///
/// `sslmode` is `disable` (plain TCP), `require` (TLS or nothing: a server without TLS is refused; the certificate
/// is not verified, as libpq's `require`) or, when absent, `prefer` (TLS when the server offers it).
public struct PostgresURL: Sendable, Equatable {
    /// How the connection uses TLS.
    public enum TLSMode: String, Sendable, Equatable {
        case disable, prefer, require
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode

    /// True when `value` names a PostgreSQL server rather than an SQLite file.
    public static func isPostgres(_ value: String) -> Bool {
        // Schemes are case-insensitive: `Postgres://…` was taken for an SQLite path, password and all.
        let lowered = value.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// True when `value` starts as a URL does (`scheme:` then a letter-led scheme): no SQLite path a user means looks
    /// like that, and a mistyped server URL (`postgres:/user:pw@host/db`) was used as one, its password in the
    /// folder names created.
    public static func looksLikeURL(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else { return false }
        let scheme = value[..<colon]
        return scheme.count > 1 && scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// Parses `value`.
    /// - Throws: ``History/HistoryError/unusable(path:reason:)`` naming what is missing or wrong (the password is
    ///   never repeated in a message).
    public init(_ value: String) throws {
        let shown = Self.redacting(value)
        guard Self.isPostgres(value), var components = URLComponents(string: value) else {
            throw HistoryError.unusable(path: shown, reason: "not a postgres://user:password@host:port/database URL")
        }
        components.scheme = components.scheme?.lowercased()
        guard let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw HistoryError.unusable(path: shown, reason: "no user name (postgres://user:password@host:port/database)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw HistoryError.unusable(path: shown, reason: "no host (postgres://user:password@host:port/database)")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw HistoryError.unusable(path: shown, reason: "no database name (postgres://user:password@host:port/database)")
        }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw HistoryError.unusable(path: shown, reason: "unknown parameter '\(item.name)' (only sslmode=require|disable|prefer)")
            }
            guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                throw HistoryError.unusable(path: shown, reason: "sslmode must be require, disable or prefer (got '\(item.value ?? "")')")
            }
            tls = mode
        }
        self.user = user
        self.password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        self.tls = tls
    }

    /// The address without its password, for messages: `postgres://user@host:port/database`.
    public var redacted: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    /// `value` with any password replaced by `***`, for messages about a value that may not even parse.
    public static func redacting(_ value: String) -> String {
        guard let at = value.lastIndex(of: "@") else { return value }
        // After the scheme's `:` (one slash or two: a mistyped `postgres:/user:pw@…` hides its password too).
        let start = value.range(of: "://")?.upperBound ?? value.firstIndex(of: ":").map { value.index(after: $0) } ?? value.startIndex
        guard start <= at, let colon = value[start..<at].firstIndex(of: ":") else { return value }
        return String(value[..<value.index(after: colon)]) + "***" + String(value[at...])
    }
}
