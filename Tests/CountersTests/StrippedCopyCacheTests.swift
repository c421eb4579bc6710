@testable import Counters
import Foundation
import XCTest

/// The stripped copies valgrind runs are evicted once no run can ask for them again, so a machine that rebuilds
/// every night does not fill `/tmp` with one 80 MB copy a build.
final class StrippedCopyCacheTests: XCTestCase {
    private var root = ""
    private var cache: StrippedCopyCache { StrippedCopyCache(folder: root + "/cache") }

    override func setUpWithError() throws {
        guard ExternalTool.locate("objcopy") != nil else { throw XCTSkip("objcopy is not installed (binutils)") }
        root = NSTemporaryDirectory() + "fb-stripped-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if !root.isEmpty { try? FileManager.default.removeItem(atPath: root) }
    }

    /// An ELF executable at `name` in the test folder (a copy of a system binary: objcopy needs a real one).
    private func build(_ name: String, from system: String = "/bin/true", modified: Date = Date()) throws -> String {
        let path = "\(root)/\(name)"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: system, toPath: path)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        return path
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    private func folder(of copy: ValgrindBinary) -> String { (copy.path as NSString).deletingLastPathComponent }

    func testASecondRunOfTheSameBuildReusesItsCopyAndTheCopyNamesItsOriginal() throws {
        let original = try build("framebudget")
        let first = try ValgrindBinary(original: original, cache: cache)
        let second = try ValgrindBinary(original: original, cache: cache)
        XCTAssertEqual(first.path, second.path)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: first.path))
        let record = try String(contentsOfFile: folder(of: first) + "/origin", encoding: .utf8)
        XCTAssertEqual(record, original)
    }

    func testARebuildInPlaceEvictsTheCopyOfTheEarlierBuild() throws {
        let original = try build("framebudget", modified: Date(timeIntervalSince1970: 1_700_000_000))
        let earlier = try ValgrindBinary(original: original, cache: cache)
        _ = try build("framebudget", from: "/bin/false", modified: Date(timeIntervalSince1970: 1_700_000_600))
        let rebuilt = try ValgrindBinary(original: original, cache: cache)
        XCTAssertNotEqual(earlier.path, rebuilt.path)
        XCTAssertFalse(exists(folder(of: earlier)), "the earlier build's copy is left behind")
        XCTAssertTrue(exists(rebuilt.path))
    }

    func testACopyWhoseOriginalIsGoneIsEvicted() throws {
        let gone = try build("clone-framebudget")
        let orphan = try ValgrindBinary(original: gone, cache: cache)
        try FileManager.default.removeItem(atPath: gone)
        let other = try ValgrindBinary(original: try build("framebudget"), cache: cache)
        XCTAssertFalse(exists(folder(of: orphan)))
        XCTAssertTrue(exists(other.path))
    }

    func testCopiesOfOtherLiveBuildsAreKept() throws {
        let base = try ValgrindBinary(original: try build("base-framebudget"), cache: cache)
        let head = try ValgrindBinary(original: try build("head-framebudget", from: "/bin/false"), cache: cache)
        XCTAssertTrue(exists(base.path), "a live build's copy was evicted")
        XCTAssertTrue(exists(head.path))
    }

    func testAFolderWithoutARecordIsKeptWhileYoungAndEvictedOnceOld() throws {
        let unrecorded = root + "/cache/00000000000000aa"
        try FileManager.default.createDirectory(atPath: unrecorded, withIntermediateDirectories: true)
        _ = try ValgrindBinary(original: try build("framebudget"), cache: cache)
        XCTAssertTrue(exists(unrecorded), "a folder being made right now (no record yet) was evicted")
        let twoHoursAgo = Date().addingTimeInterval(-7200)
        try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: unrecorded)
        _ = try ValgrindBinary(original: try build("other-framebudget", from: "/bin/false"), cache: cache)
        XCTAssertFalse(exists(unrecorded), "a copy made before records existed stays forever")
    }
}
