import Foundation
import XCTest

/// Paths that are the wrong kind of thing (a file for a folder, a folder for a file): one line naming the path and
/// the problem, the documented exit code, never a raw Foundation error ("NSCocoaErrorDomain", "Code=516").
final class PlainErrorTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "fb-plain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/in", withIntermediateDirectories: true)
        try NpyFixture.float32(rows: 2, columns: 3, [0.5, 1, 2, 3, 4, 4.5]).write(to: URL(fileURLWithPath: root + "/in/depth.npy"))
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: root + "/file"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testKernelOutThatIsAFile() throws {
        let result = try Framebudget.run(["kernel", "colormap", "--in", root + "/in", "--out", root + "/file"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(root)/file: is a file, not a folder (--out names a folder)\n")
    }

    func testKernelOutUnderAFile() throws {
        let result = try Framebudget.run(["kernel", "colormap", "--in", root + "/in", "--out", root + "/file/out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(root)/file/out: \(root)/file is a file, not a folder\n")
    }

    func testCompareGivenAFolder() throws {
        let results = try ResultsFixtures.write(to: root + "/results.json", runID: "r1")
        let result = try Framebudget.run(["compare", root + "/in", results])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(root)/in: cannot read: is a folder, not a results file\n")
    }

    func testBudgetsThatIsAFolder() throws {
        let results = try ResultsFixtures.write(to: root + "/results.json", runID: "r1")
        let result = try Framebudget.run(["report", results, "--budgets", root + "/in", "--out", root + "/out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(root)/in: is a folder, not a budgets file\n")
    }

    func testReportOutUnderAFile() throws {
        let results = try ResultsFixtures.write(to: root + "/results.json", runID: "r1")
        let result = try Framebudget.run(["report", results, "--out", root + "/file/out"])
        XCTAssertEqual(result.status, 4)
        XCTAssertEqual(result.stderr, "framebudget: error: \(root)/file/out: cannot create report folder: \(root)/file is a file, not a folder\n")
    }

    func testAFolderInPlaceOfTheHistoryDatabase() throws {
        for command in [["history", "list"], ["history", "verify"]] {
            let result = try Framebudget.run(command + ["--database", root + "/in"])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "framebudget: error: \(root)/in: not a usable history database: is a folder, not a database file\n")
        }
        let results = try ResultsFixtures.write(to: root + "/results.json", runID: "r1")
        let record = try Framebudget.run(["history", "record", results, "--database", root + "/in"])
        XCTAssertEqual(record.status, 2)
        XCTAssertEqual(record.stderr, "framebudget: error: \(root)/in: not a usable history database: is a folder, not a database file\n")
    }
}
