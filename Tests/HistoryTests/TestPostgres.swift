import Foundation
import History
import PostgresNIO
@testable import PostgresHistory
import XCTest

/// The throw-away PostgreSQL server of `make test` (scripts/test-postgres.sh), named by FRAMEBUDGET_TEST_POSTGRES_URL.
/// Each test gets a database of its own, dropped afterwards; without the variable the PostgreSQL tests are skipped.
enum TestPostgres {
    static let variable = "FRAMEBUDGET_TEST_POSTGRES_URL"

    /// The server's URL.
    /// - Throws: XCTSkip when the variable is not set.
    static func serverURL() throws -> PostgresURL {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
            throw XCTSkip("\(variable) is not set: no PostgreSQL server to test against (make test starts one with scripts/test-postgres.sh)")
        }
        return try PostgresURL(value)
    }

    /// A new empty database on the test server.
    static func freshDatabase() throws -> PostgresURL {
        var url = try serverURL()
        let name = "fb_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try execute("CREATE DATABASE \(name)", on: url)
        url.database = name
        return url
    }

    /// Drops a database made by ``freshDatabase()`` (its connections are ended first).
    static func drop(_ url: PostgresURL) throws {
        var server = try serverURL()
        server.database = try serverURL().database
        try execute("DROP DATABASE IF EXISTS \(url.database) WITH (FORCE)", on: server)
    }

    /// Runs SQL on `url`'s database through a client of its own, outside the history's code paths.
    /// - Returns: the first column of each row (cast it to text in the SQL).
    @discardableResult
    static func execute(_ sql: String, on url: PostgresURL) throws -> [String?] {
        let client = PostgresClient(configuration: .init(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable))
        return try Blocking.run {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                var values = [String?]()
                for try await row in try await client.query(PostgresQuery(unsafeSQL: sql)) {
                    values.append(try row.decode(String?.self))
                }
                return values
            }
        }
    }

    /// The first column of the first row of a query, as text.
    static func value(_ sql: String, on url: PostgresURL) throws -> String? { try execute(sql, on: url).first ?? nil }
}

extension TestPostgres {
    /// Runs SQL with `psql` in a process of its own: for test hooks that run inside the history's own async work,
    /// where waiting on another client of this process could wait on the same threads.
    /// - Returns: the first column of the first row.
    static func psql(_ sql: String, on url: PostgresURL) throws -> String {
        let output = Pipe()
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        psql.arguments = ["psql", "-X", "-A", "-t", "-h", url.host, "-p", "\(url.port)", "-U", url.user, "-d", url.database, "-c", sql]
        psql.environment = ProcessInfo.processInfo.environment.merging(["PGPASSWORD": url.password ?? ""]) { _, new in new }
        psql.standardOutput = output
        try psql.run()
        psql.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
