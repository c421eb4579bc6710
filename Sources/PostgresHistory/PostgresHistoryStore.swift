import Foundation
import History
import Logging
import NIOSSL
import PostgresNIO

/// The shared history on a PostgreSQL server: the same model as the SQLite ``History/HistoryDatabase`` (runs with
/// their whole results document, machine class and environment, per-benchmark statistics, per-run spreads), for a
/// fleet of runners recording into one database.
///
/// Opening makes one connection first, so that an unreachable server, a wrong password or a server without TLS for
/// `sslmode=require` is one clear ``History/HistoryError`` at once; the work then goes through a connection pool
/// (PostgresNIO's `PostgresClient`). Each record is one transaction keyed by the run id (unique): a retry, or two
/// runners recording the same run at once, leave exactly one.
public final class PostgresHistoryStore: HistoryStore {
    public let url: PostgresURL
    public var location: String { url.redacted }
    let client: PostgresClient
    private let running: Task<Void, Never>
    static let logger = Logger(label: "framebudget.history.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Seconds to wait for a connection before calling the server unreachable.
    public static let connectTimeout: Int64 = 5
    /// Seconds one operation (a record, a query) may take before the connection counts as lost: a server that
    /// stops answering never leaves a command waiting for ever.
    public let operationTimeout: Double

    /// How a command uses the history (as ``History/HistoryDatabase/Access``).
    public typealias Access = HistoryDatabase.Access

    /// Connects to the server at `url`: for ``History/HistoryDatabase/Access/readWrite`` creating the tables or
    /// bringing them up to date; for ``History/HistoryDatabase/Access/readOnly`` requiring a history of this
    /// schema version, changing nothing.
    /// - Throws: ``History/HistoryError/serverUnreachable(location:reason:)``,
    ///   ``History/HistoryError/serverRefused(location:reason:)``, ``History/HistoryError/newerDatabase(path:found:supported:)``,
    ///   ``History/HistoryError/olderDatabase(path:found:supported:)`` or ``History/HistoryError/unusable(path:reason:)``.
    /// - Parameter operationTimeout: see ``operationTimeout`` (60 s).
    public init(url: PostgresURL, access: Access = .readWrite, operationTimeout: Double = 60) throws {
        self.url = url
        self.operationTimeout = operationTimeout
        let location = url.redacted
        try Self.checkReachable(url)
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: Self.clientTLS(url.tls))
        configuration.options.connectTimeout = .seconds(Self.connectTimeout)
        configuration.options.maximumConnections = 4
        configuration.options.keepAliveBehavior = nil
        let client = PostgresClient(configuration: configuration, backgroundLogger: Self.logger)
        self.client = client
        running = Task.detached { await client.run() }
        do {
            try Blocking.run(within: operationTimeout) {
                try await client.withConnection { connection in
                    try await PostgresHistorySchema.prepare(connection, access: access, location: location)
                }
            }
        } catch {
            running.cancel()
            throw PostgresFailure.history(error, location: location, stage: .working)
        }
    }

    deinit { running.cancel() }

    /// One connection, opened and closed, before the pool: the pool retries a failing server quietly for a minute,
    /// where a command should say at once what is wrong.
    private static func checkReachable(_ url: PostgresURL) throws {
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: try connectionTLS(url))
        configuration.options.connectTimeout = .seconds(connectTimeout)
        let settings = configuration
        do {
            try Blocking.run {
                let connection = try await PostgresConnection.connect(
                    on: PostgresClient.defaultEventLoopGroup.next(), configuration: settings, id: 0, logger: logger).get()
                try? await connection.close()
            }
        } catch {
            throw PostgresFailure.history(error, location: url.redacted, stage: .connecting)
        }
    }

    /// `require` as libpq's: encrypted, the certificate not verified (`prefer` likewise, when the server offers TLS).
    private static var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    private static func clientTLS(_ mode: PostgresURL.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: return .disable
        case .prefer: return .prefer(tlsConfiguration)
        case .require: return .require(tlsConfiguration)
        }
    }

    private static func connectionTLS(_ url: PostgresURL) throws -> PostgresConnection.Configuration.TLS {
        guard url.tls != .disable else { return .disable }
        do {
            let context = try NIOSSLContext(configuration: tlsConfiguration)
            return url.tls == .require ? .require(context) : .prefer(context)
        } catch {
            throw HistoryError.serverRefused(location: url.redacted, reason: "cannot set up TLS: \(error)")
        }
    }

    /// Runs `body` with a pooled connection, mapping failures to ``History/HistoryError``.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) throws -> T {
        let location = self.location
        let client = self.client
        do { return try Blocking.run(within: operationTimeout) { try await client.withConnection { try await body($0) } } }
        catch { throw PostgresFailure.history(error, location: location, stage: .working) }
    }
}
