import Foundation
import History
import PostgresHistory
import XCTest

/// ``StoreContract`` on the embedded SQLite history (a fresh file per test).
final class SQLiteStoreContractTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func open() throws -> any HistoryStore { try HistoryDatabase(path: folder + "/history.sqlite") }

    func testRecordsRunsAndReadsThemBack() throws { try StoreContract.recordsRunsAndReadsThemBack(open) }
    func testRecordingARunTwiceChangesNothing() throws { try StoreContract.recordingARunTwiceChangesNothing(open) }
    func testVerifyReadsEveryRunsDocument() throws { try StoreContract.verifyReadsEveryRunsDocument(open) }
    func testARunIDWinsOverARunNumber() throws { try StoreContract.aRunIDWinsOverARunNumber(open) }
    func testAFailureInsideTheTransactionLeavesNoPartialRun() throws { try StoreContract.aFailureInsideTheTransactionLeavesNoPartialRun(open) }
    func testSeriesShowTheStepAndItsStatistics() throws { try StoreContract.seriesShowTheStepAndItsStatistics(open) }
    func testBaselinesResolveRunsBranchesAndCommitsButNeverIncompleteRuns() throws { try StoreContract.baselinesResolveRunsBranchesAndCommitsButNeverIncompleteRuns(open) }
    func testNoiseFloorsPoolTheSpreadsOfOneMachineClass() throws { try StoreContract.noiseFloorsPoolTheSpreadsOfOneMachineClass(open) }
    func testAMergeOfRecordedProcessRunsCountsEachOnceInTheNoiseFloor() throws { try StoreContract.aMergeOfRecordedProcessRunsCountsEachOnceInTheNoiseFloor(open) }
    func testConcurrentWritersLoseAndDuplicateNothing() throws { try StoreContract.concurrentWritersLoseAndDuplicateNothing(open) }
}

/// ``StoreContract`` on a PostgreSQL server (a fresh database per test on the server of `make test`; skipped when
/// FRAMEBUDGET_TEST_POSTGRES_URL is not set).
final class PostgresStoreContractTests: XCTestCase {
    private var url: PostgresURL?

    override func setUpWithError() throws { url = try TestPostgres.freshDatabase() }

    override func tearDownWithError() throws { if let url { try TestPostgres.drop(url) } }

    private func open() throws -> any HistoryStore { try PostgresHistoryStore(url: XCTUnwrap(url)) }

    func testRecordsRunsAndReadsThemBack() throws { try StoreContract.recordsRunsAndReadsThemBack(open) }
    func testRecordingARunTwiceChangesNothing() throws { try StoreContract.recordingARunTwiceChangesNothing(open) }
    func testVerifyReadsEveryRunsDocument() throws { try StoreContract.verifyReadsEveryRunsDocument(open) }
    func testARunIDWinsOverARunNumber() throws { try StoreContract.aRunIDWinsOverARunNumber(open) }
    func testAFailureInsideTheTransactionLeavesNoPartialRun() throws { try StoreContract.aFailureInsideTheTransactionLeavesNoPartialRun(open) }
    func testSeriesShowTheStepAndItsStatistics() throws { try StoreContract.seriesShowTheStepAndItsStatistics(open) }
    func testBaselinesResolveRunsBranchesAndCommitsButNeverIncompleteRuns() throws { try StoreContract.baselinesResolveRunsBranchesAndCommitsButNeverIncompleteRuns(open) }
    func testNoiseFloorsPoolTheSpreadsOfOneMachineClass() throws { try StoreContract.noiseFloorsPoolTheSpreadsOfOneMachineClass(open) }
    func testAMergeOfRecordedProcessRunsCountsEachOnceInTheNoiseFloor() throws { try StoreContract.aMergeOfRecordedProcessRunsCountsEachOnceInTheNoiseFloor(open) }
    func testConcurrentWritersLoseAndDuplicateNothing() throws { try StoreContract.concurrentWritersLoseAndDuplicateNothing(open) }
}
