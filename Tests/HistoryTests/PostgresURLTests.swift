import History
import PostgresHistory
import XCTest

/// The `--database postgres://…` value: what it names, how it is shown, what is refused.
final class PostgresURLTests: XCTestCase {
    func testAFullURLGivesEveryPartAndIsShownWithoutItsPassword() throws {
        let url = try PostgresURL("postgres://fleet:s%40cret@db.example:6543/history?sslmode=require")
        XCTAssertEqual(url.user, "fleet")
        XCTAssertEqual(url.password, "s@cret")
        XCTAssertEqual(url.host, "db.example")
        XCTAssertEqual(url.port, 6543)
        XCTAssertEqual(url.database, "history")
        XCTAssertEqual(url.tls, .require)
        XCTAssertEqual(url.redacted, "postgres://fleet@db.example:6543/history")
    }

    func testThePortAndTLSModeHaveLibpqsDefaults() throws {
        let url = try PostgresURL("postgresql://fleet@127.0.0.1/history")
        XCTAssertEqual(url.port, 5432)
        XCTAssertEqual(url.tls, .prefer)
        XCTAssertNil(url.password)
        XCTAssertEqual(try PostgresURL("postgres://u:p@h/d?sslmode=disable").tls, .disable)
    }

    func testOnlyPostgresURLsNameAServer() {
        XCTAssertTrue(PostgresURL.isPostgres("postgres://u@h/d"))
        XCTAssertTrue(PostgresURL.isPostgres("postgresql://u@h/d"))
        XCTAssertFalse(PostgresURL.isPostgres("Reports/history.sqlite"))
        XCTAssertFalse(PostgresURL.isPostgres("postgres.sqlite"))
    }

    func testAnIncompleteURLIsRefusedNamingWhatIsMissingButNotThePassword() {
        let cases = [("postgres://h/d", "no user name"), ("postgres://u:pw@h", "no database name"),
                     ("postgres://u:pw@h/d?sslmode=maybe", "sslmode must be require, disable or prefer"),
                     ("postgres://u:pw@h/d?timeout=3", "unknown parameter 'timeout'")]
        for (value, reason) in cases {
            XCTAssertThrowsError(try PostgresURL(value)) { error in
                guard case .unusable(let shown, let said) = error as? HistoryError else { return XCTFail("\(error)") }
                XCTAssertTrue(said.contains(reason), "\(value): \(said)")
                XCTAssertFalse(shown.contains("pw"), shown)
            }
        }
    }
}
