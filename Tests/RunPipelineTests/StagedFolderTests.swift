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
}
