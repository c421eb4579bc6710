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
        XCTAssertEqual(result.status, 4, "cannot write --out (kernel --help)")
        XCTAssertEqual(result.stderr, "framebudget: error: \(root)/file: cannot write: it is a file, not a folder (--out names a folder)\n")
    }

    func testKernelOutUnderAFile() throws {
        let result = try Framebudget.run(["kernel", "colormap", "--in", root + "/in", "--out", root + "/file/out"])
        XCTAssertEqual(result.status, 4, "cannot write --out (kernel --help)")
        XCTAssertEqual(result.stderr, "framebudget: error: \(root)/file/out: cannot write: \(root)/file is a file, not a folder\n")
    }

    func testKernelInThatIsAFile() throws {
        let result = try Framebudget.run(["kernel", "colormap", "--in", root + "/in/depth.npy", "--out", root + "/out"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: --in \(root)/in/depth.npy: not a folder\n")
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

    /// A link to itself's partner: every lookup through it fails with ELOOP.
    private func linkLoop(_ name: String) throws -> String {
        try FileManager.default.createSymbolicLink(atPath: root + "/\(name)-a", withDestinationPath: root + "/\(name)-b")
        try FileManager.default.createSymbolicLink(atPath: root + "/\(name)-b", withDestinationPath: root + "/\(name)-a")
        return root + "/\(name)-a"
    }

    /// Every command that reads a results file, given `input`: one line, the system's reason, exit 2.
    private func assertEveryReaderSays(_ reason: String, for input: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let results = try ResultsFixtures.write(to: root + "/results.json", runID: "r1")
        let commands: [[String]] = [
            ["report", input, "--out", root + "/out"], ["gate", "--results", input, "--out", root + "/out"],
            ["compare", results, input], ["merge", "--out", root + "/merged.json", input],
            ["history", "record", input, "--database", root + "/history.sqlite"],
        ]
        for command in commands {
            let result = try Framebudget.run(command)
            XCTAssertEqual(result.status, 2, "\(command[0]): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stderr, "framebudget: error: \(input): cannot read: \(reason)\n", command[0], file: file, line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out"), "nothing written", file: file, line: line)
    }

    func testALinkLoopAsInputIsNamedAsOneInEveryCommand() throws {
        try assertEveryReaderSays("Too many levels of symbolic links", for: try linkLoop("loop"))
    }

    func testAFileThatCannotBeReadGivesTheSystemsReasonNotFoundations() throws {
        try assertEveryReaderSays("Input/output error", for: "/proc/self/mem")
    }

    func testAFIFOOrADeviceAsTheResultsFileIsNotARegularFile() throws {
        // Root reads anything: the reason used to be "Permission denied". A FIFO must not block the command either.
        XCTAssertEqual(mkfifo(root + "/fifo", 0o644), 0)
        try assertEveryReaderSays("not a regular file (a FIFO)", for: root + "/fifo")
        try assertEveryReaderSays("not a regular file (a character device)", for: "/dev/null")
    }

    func testAReportFolderWhoseNameIsTooLongOrALinkLoopSaysSo() throws {
        let results = try ResultsFixtures.write(to: root + "/results.json", runID: "r1")
        let long = root + "/" + String(repeating: "x", count: 300)
        let loop = try linkLoop("out")
        for command in [["report", results], ["gate", "--results", results]] {
            let tooLong = try Framebudget.run(command + ["--out", long])
            XCTAssertEqual(tooLong.status, 4, tooLong.stderr)
            XCTAssertEqual(tooLong.stderr, "framebudget: error: \(long): cannot create report folder: File name too long\n")
            let looped = try Framebudget.run(command + ["--out", loop])
            XCTAssertEqual(looped.status, 4, looped.stderr)
            XCTAssertEqual(looped.stderr, "framebudget: error: \(loop): cannot create report folder: Too many levels of symbolic links\n")
        }
    }

    func testARunIDTooLongForAFolderNameIsRefusedWithTheLimit() throws {
        let runID = String(repeating: "y", count: 300)
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--reports", root + "/r", "--run-id", runID,
                                          "texture-upload/memcpy/256x192"])
        XCTAssertEqual(result.status, 2, "a value out of range, as every other --run-id problem: \(result.stderr)")
        XCTAssertEqual(result.stderr, "framebudget: error: --run-id must be at most 255 bytes (it names a folder; got 300)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/r"))
    }

    /// A newline or a bidirectional override in a run id split or reordered every line naming the run.
    func testARunIDWithAControlCharacterIsRefusedWithoutEchoingIt() throws {
        for (runID, code) in [("a\nb", "U+000A"), ("x\u{202E}y", "U+202E"), ("\u{1B}[31m", "U+001B")] {
            let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--reports", root + "/r", "--run-id", runID,
                                              "texture-upload/memcpy/256x192"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "framebudget: error: --run-id must be a plain folder name: it holds the control "
                                          + "character \(code)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/r"))
        }
    }

    func testARunFolderThatCannotBeCreatedSaysWhy() throws {
        // The run id fits, the path does not (longer than PATH_MAX): the system's reason, not "unknown error".
        var reports = root
        while reports.utf8.count <= 4200 { reports += "/" + String(repeating: "d", count: 200) }
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--reports", reports, "--run-id", "r1",
                                          "texture-upload/memcpy/256x192"])
        XCTAssertEqual(result.status, 4, result.stderr)
        // A 4 KB path is cut in the middle of the printed line (TerminalText); its start and the reason stay.
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: \(root)/ddd"), result.stderr)
        XCTAssertTrue(result.stderr.contains("characters left out"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("dddd: File name too long\n"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertFalse(result.stderr.contains("unknown error"), result.stderr)
    }
}
