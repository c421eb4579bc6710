import Budgets
import Foundation
import XCTest

/// What a budgets file that is not a small text file gets: one short line naming the file (and line), no huge read.
final class BudgetsFileReadingTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-budgets-read-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func loadError(_ path: String) -> String {
        do {
            _ = try BudgetsFile.load(path: path, knownIDs: nil)
            XCTFail("expected an error")
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testAHugeSparseFileIsRefusedBeforeItIsRead() throws {
        let path = folder + "/budgets.yaml"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, 1 << 30), 0)  // 1 GiB of zeros, sparse: no disk used
        XCTAssertEqual(loadError(path), "\(path): 1073741824 bytes is larger than a budgets file can be (at most 1048576 bytes)")
    }

    func testControlCharactersAreNamedWithTheirLineAndNeverEchoed() throws {
        let path = folder + "/budgets.yaml"
        let garbage = String(repeating: "x\u{1}\u{0}", count: 50_000)
        try Data("version: 1\nbudgets:\n  - name: \(garbage)\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(loadError(path), "\(path):3: control character U+0001 (a budgets file is plain text)")
    }

    func testInvalidUTF8NamesItsLine() throws {
        let path = folder + "/budgets.yaml"
        try Data(Array("version: 1\nbudgets:\n".utf8) + [0x20, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(loadError(path), "\(path):3: not UTF-8 text (invalid byte sequence)")
    }

    /// A file saved with a byte order mark (Windows editors; YAML allows one) reads as the same file without it.
    func testALeadingByteOrderMarkIsRead() throws {
        let path = folder + "/budgets.yaml"
        let text = "version: 1\nbudgets:\n  - name: upload\n    hot-path: a\n    workload: w\n    metric: time\n    statistic: p95\n    limit: 1\n    unit: ms\n    direction: max\n    source: \"a test\"\n"
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        let budgets = try BudgetsFile.load(path: path, knownIDs: nil)
        XCTAssertEqual(budgets.map(\.name), ["upload"])
        XCTAssertEqual(budgets, try BudgetsFile.parse(text, path: path, knownIDs: nil))
    }

    func testAFolderIsNamedAsOne() throws {
        XCTAssertEqual(loadError(folder), "\(folder): is a folder, not a budgets file")
    }

    func testEchoedFileTextIsCutShort() throws {
        // The version is echoed in its error: 5,000 characters of it must not be.
        let path = folder + "/budgets.yaml"
        try Data("version: \(String(repeating: "9", count: 5_000))\nbudgets: []\n".utf8).write(to: URL(fileURLWithPath: path))
        let message = loadError(path)
        XCTAssertTrue(message.hasPrefix("\(path):1: version: unsupported version '999"), message)
        XCTAssertLessThan(message.count, path.count + 300, message)
    }
}
