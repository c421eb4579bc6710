import Foundation
import History
import XCTest

/// The spool of runs kept while the history server is unreachable: whole files, oldest first, any run id.
final class HistorySpoolTests: XCTestCase {
    private var folder = ""
    private var spool: HistorySpool { HistorySpool(folder: folder + "/spool") }

    override func setUpWithError() throws { folder = NSTemporaryDirectory() + "fb-spool-\(UUID().uuidString)" }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func entry(_ runID: String) -> HistorySpool.Entry {
        HistorySpool.Entry(runID: runID, branch: "main", document: Data("{\"runID\":\"\(runID)\"}".utf8))
    }

    func testKeptRunsComeBackWholeOldestFirstAndLeaveWhenRemoved() throws {
        XCTAssertTrue(try spool.pending().isEmpty, "no folder yet: nothing pending")
        let first = try spool.keep(entry("night-01"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: first)
        try spool.keep(entry("night-02"))
        XCTAssertEqual(first, folder + "/spool/night-01.json")
        XCTAssertEqual(try spool.pending().map(\.entry), [entry("night-01"), entry("night-02")])
        try spool.remove(first)
        XCTAssertEqual(try spool.pending().map(\.entry.runID), ["night-02"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/spool"), ["night-02.json"],
                       "written atomically: no temporary file left beside")
    }

    /// A changed run id also carries the first 8 hex digits of its FNV-1a 64-bit hash (the values computed apart, in
    /// Python), so two ids that read alike never share a file.
    func testAnyRunIDNamesAFileInsideTheFolderAndTwoIDsNeverShareOne() {
        XCTAssertEqual(spool.file(of: "../../etc/passwd"), folder + "/spool/_.._.._etc_passwd-2bef2c0b.json")
        XCTAssertEqual(spool.file(of: "a b/c"), folder + "/spool/a_b_c-69f52808.json")
        XCTAssertEqual(spool.file(of: "night-01"), folder + "/spool/night-01.json", "an id that is a file name already")
        XCTAssertNotEqual(spool.file(of: "ci run 7"), spool.file(of: "ci/run/7"))
    }

    /// A record beside a flush on one spool: the other process sent and removed a run first, and "cannot remove the
    /// sent run" failed the record, whose own run was then neither recorded nor spooled.
    func testARunAnotherProcessSentAndRemovedIsNeitherPendingNorAnErrorToRemove() throws {
        let path = try spool.keep(entry("night-01"))
        try FileManager.default.removeItem(atPath: path)  // the other process
        XCTAssertNoThrow(try spool.remove(path))
        XCTAssertTrue(try spool.pending().isEmpty)
    }

    /// One bad file is set apart from the runs that read, which are still sent.
    func testUnreadableFilesAreListedApartFromTheRunsThatRead() throws {
        try spool.keep(entry("night-01"))
        try "junk".write(toFile: folder + "/spool/junk.json", atomically: true, encoding: .utf8)
        let (pending, unreadable) = try spool.pendingAndUnreadable()
        XCTAssertEqual(pending.map(\.entry.runID), ["night-01"])
        XCTAssertEqual(unreadable.map(\.path), [folder + "/spool/junk.json"])
    }

    func testAFileThatIsNotASpooledRunIsNamed() throws {
        try spool.keep(entry("night-01"))
        try "junk".write(toFile: folder + "/spool/junk.json", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try spool.pending()) { error in
            guard case .unusableSpool(let path, let reason) = error as? HistoryError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, folder + "/spool/junk.json")
            XCTAssertEqual(reason, "not a spooled run (not valid JSON: invalid value around line 1, column 1)")
        }
    }

    func testASpooledRunCutShortIsCalledTruncated() throws {
        try spool.keep(entry("night-01"))
        let path = spool.file(of: "night-01")
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count - 3).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try spool.pending()) { error in
            guard case .unusableSpool(_, let reason) = error as? HistoryError else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, "not a spooled run (not valid JSON: it ends in the middle of a value (truncated?))")
        }
    }
}
