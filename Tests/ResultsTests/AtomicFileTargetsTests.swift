import Foundation
import Glibc
import XCTest
@testable import Results

/// `--out` names what a user points it at: a pipe or device is written into as a shell's `>` would (renaming a file
/// over `/dev/null` replaced the device itself, as root for the whole machine), and a link keeps being a link.
final class AtomicFileTargetsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-atomic-targets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func type(_ path: String, following: Bool = true) -> mode_t {
        var status = stat()
        _ = following ? stat(path, &status) : lstat(path, &status)
        return status.st_mode & S_IFMT
    }

    func testAPipeIsWrittenIntoAndStaysAPipe() throws {
        let fifo = folder + "/out.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        try AtomicFile.write("{\"a\":1}\n", to: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        XCTAssertEqual(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self), "{\"a\":1}\n")
        XCTAssertEqual(type(fifo), S_IFIFO, "the pipe was replaced by a file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["out.fifo"], "a temporary left beside")
    }

    func testALinkToAFileStaysALinkAndItsFileIsReplaced() throws {
        let file = folder + "/real.json", link = folder + "/latest.json"
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(file, link), 0)
        try AtomicFile.write("new", to: link)
        XCTAssertEqual(type(link, following: false), S_IFLNK, "the link was replaced by a file")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "new")
    }

    /// A folder named as the output, with or without a trailing slash, is said to be one (with the slash, the
    /// rename said "Not a directory" of a folder).
    func testAFolderAsTheOutputIsRefusedAsAFolder() throws {
        let sub = folder + "/out"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        for path in [sub, sub + "/"] {
            XCTAssertThrowsError(try AtomicFile.write("x", to: path)) {
                XCTAssertEqual($0 as? ResultsFileError, .unwritable(path: path, reason: "is a folder, not a file"))
            }
        }
        XCTAssertThrowsError(try AtomicFile.write("x", to: folder + "/missing/")) {
            XCTAssertEqual($0 as? ResultsFileError, .unwritable(path: folder + "/missing/", reason: "names a folder (it ends in /), not a file"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sub), [], "nothing written into it")
    }
}
