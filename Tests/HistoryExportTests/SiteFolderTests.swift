import Foundation
import HistoryExport
import XCTest

/// The site's folder is replaced whole: never half written, never left half replaced.
final class SiteFolderTests: XCTestCase {
    private var folder = ""
    private var site: String { folder + "/site" }

    override func setUpWithError() throws { folder = try SyntheticHistory.folder("site-folder") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func contents(_ path: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    func testANewSiteReplacesTheOldOneWholeAndLeavesNothingBeside() throws {
        try HistorySite.write([], into: site)
        _ = FileManager.default.createFile(atPath: site + "/old_series-0123abcd-0123456789ab.html", contents: Data("old".utf8))
        try HistorySite.write([], into: site)
        XCTAssertEqual(try contents(site), ["index.html"], "a page of the old site is gone")
        XCTAssertEqual(try contents(folder), ["site"], "no staging or old folder is left beside it")
    }

    func testAFailureWhileBuildingLeavesTheOldSiteAsItWas() throws {
        try HistorySite.write([], into: site)
        let before = try Data(contentsOf: URL(fileURLWithPath: site + "/index.html"))
        struct Interrupted: Error {}
        XCTAssertThrowsError(try SiteFolder.replace(site, owns: HistorySite.isPageName) { staging in
            _ = FileManager.default.createFile(atPath: staging + "/half.html", contents: Data())
            throw Interrupted()
        })
        XCTAssertEqual(try contents(site), ["index.html"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site + "/index.html")), before)
        XCTAssertEqual(try contents(folder), ["site"], "the staging folder is removed")
    }

    /// `--out Reports` replaced the folder whole: the history database the site was made from, the run folders and
    /// a project's notes went with it. A folder holding anything but the site's own pages is refused, untouched.
    func testAFolderHoldingWhatTheSiteDoesNotWriteIsRefusedAndKeptWhole() throws {
        try FileManager.default.createDirectory(atPath: site + "/20261207-run", withIntermediateDirectories: true)
        for file in ["history.sqlite", "NOTES.md", "index.html"] {
            _ = FileManager.default.createFile(atPath: "\(site)/\(file)", contents: Data(file.utf8))
        }
        XCTAssertThrowsError(try HistorySite.write([], into: site)) { error in
            XCTAssertEqual("\(error)", "\(self.site): holds 3 entries the site does not write (20261207-run): not replaced; "
                           + "give --out a new or empty folder, or a previous site's")
        }
        XCTAssertEqual(try contents(site), ["20261207-run", "NOTES.md", "history.sqlite", "index.html"])
        XCTAssertEqual(try String(contentsOfFile: site + "/history.sqlite", encoding: .utf8), "history.sqlite")
        XCTAssertEqual(try contents(folder), ["site"], "nothing staged beside it")
        // An empty folder (made for the site) is taken.
        let empty = folder + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        XCTAssertNoThrow(try HistorySite.write([], into: empty))
        XCTAssertEqual(try contents(empty), ["index.html"])
    }

    func testAFileWhereTheSiteShouldGoIsRefusedAndKept() throws {
        _ = FileManager.default.createFile(atPath: site, contents: Data("a file".utf8))
        XCTAssertThrowsError(try HistorySite.write([], into: site)) { error in
            XCTAssertEqual("\(error)", "\(self.site): cannot write the site: it is a file, not a folder (any previous site is unchanged)")
        }
        XCTAssertEqual(try String(contentsOfFile: site, encoding: .utf8), "a file")
    }

    func testWhatAKilledWriterLeftBesideTheSiteIsSweptAndALiveWritersIsNot() throws {
        let abandoned = folder + "/.site.staging-2147483646-7", live = folder + "/.site.staging-\(getppid())-7"
        for path in [abandoned, live] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
        try HistorySite.write([], into: site)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned), "pid 2147483646 does not exist")
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "the test runner is alive: its staging folder is kept")
    }
}
