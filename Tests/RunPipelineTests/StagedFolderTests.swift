import Foundation
import XCTest
@testable import RunPipeline

/// A report folder appears whole, and what a killed writer left beside or inside it goes with the next report.
final class StagedFolderTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-staged-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func entries(_ path: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    func testAStagingFolderOfADeadWriterGoesAndALiveOnesStays() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let out = folder + "/reports"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let dead = ".reports.staging-\(finished.processIdentifier)-12345", alive = ".reports.staging-\(getppid())-777"
        for name in [dead, alive] { try FileManager.default.createDirectory(atPath: "\(out)/\(name)/plots", withIntermediateDirectories: true) }
        try StagedFolder.write(into: out, what: "report folder") { staging in
            try Data("# report\n".utf8).write(to: URL(fileURLWithPath: staging + "/report.md"))
        }
        XCTAssertEqual(try entries(out), [alive, "report.md"])
    }

    /// A staged folder (`plots/`) replaces the old one in one exchange: the old content goes with the staging folder.
    func testAStagedFolderReplacesTheOldOneWhole() throws {
        let out = folder + "/reports"
        try FileManager.default.createDirectory(atPath: out + "/plots", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: out + "/plots/old.svg", contents: nil)
        try StagedFolder.write(into: out, what: "report folder") { staging in
            try FileManager.default.createDirectory(atPath: staging + "/plots", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: staging + "/plots/new.svg", contents: nil)
        }
        XCTAssertEqual(try entries(out), ["plots"])
        XCTAssertEqual(try entries(out + "/plots"), ["new.svg"])
    }

    /// `report --out .` in a project with its own `plots/` deleted the project's files with the old plots; a folder
    /// named `verdicts.json/` was replaced by the file. Both are refused, and nothing in the destination changes.
    func testAFolderHoldingWhatTheToolDoesNotWriteIsNotReplaced() throws {
        let out = folder + "/project"
        try FileManager.default.createDirectory(atPath: out + "/plots", withIntermediateDirectories: true)
        try "keep".write(toFile: out + "/plots/my-notes.txt", atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: out + "/plots/old.svg", contents: nil)
        XCTAssertThrowsError(try StagedFolder.write(into: out, what: "report folder") { staging in
            FileManager.default.createFile(atPath: staging + "/report.md", contents: nil)
            try FileManager.default.createDirectory(atPath: staging + "/plots", withIntermediateDirectories: true)
        }) { error in
            XCTAssertEqual((error as? CommandFailure)?.status, .badInput)
            XCTAssertEqual("\(error)", "\(out)/plots: holds a file this tool does not write (my-notes.txt): not replaced; "
                           + "choose another output folder or remove it")
        }
        XCTAssertEqual(try entries(out), ["plots"], "report.md not moved in either")
        XCTAssertEqual(try entries(out + "/plots"), ["my-notes.txt", "old.svg"])

        try FileManager.default.createDirectory(atPath: out + "/verdicts.json/inner", withIntermediateDirectories: true)
        XCTAssertThrowsError(try StagedFolder.write(into: out, what: "report folder") { staging in
            FileManager.default.createFile(atPath: staging + "/verdicts.json", contents: nil)
        }) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(out)/verdicts.json: a folder where the report writes a file"), "\(error)")
        }
        XCTAssertEqual(try entries(out + "/verdicts.json"), ["inner"])
    }
}
