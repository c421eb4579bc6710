import Foundation
import Glibc
import XCTest
@testable import Results

/// What a command was writing and had not put in place goes when it is interrupted, and what a killed one left goes
/// with the next write of the same output.
final class PendingOutputsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-pending-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func testDiscardingRemovesWhatIsRegisteredAndRefusesAnyLaterWriteOrMove() throws {
        let registry = PendingOutputs.Registry()
        let staging = folder + "/.out.staging", temporary = folder + "/.x.json.1.tmp", done = folder + "/.y.tmp"
        try registry.create(staging) { try FileManager.default.createDirectory(atPath: staging + "/plots", withIntermediateDirectories: true) }
        try registry.create(temporary) { FileManager.default.createFile(atPath: temporary, contents: Data("{".utf8)) }
        try registry.create(done) { FileManager.default.createFile(atPath: done, contents: nil) }
        registry.release(done)

        registry.discardAll()
        XCTAssertFalse(exists(staging), "a registered staging folder survived")
        XCTAssertFalse(exists(temporary), "a registered temporary file survived")
        XCTAssertTrue(exists(done), "a released path is its writer's again")
        XCTAssertThrowsError(try registry.create(folder + "/late") { FileManager.default.createFile(atPath: folder + "/late", contents: nil) }) {
            XCTAssertEqual($0 as? PendingOutputs.Interrupted, PendingOutputs.Interrupted(path: folder + "/late"))
        }
        XCTAssertFalse(exists(folder + "/late"), "created after the clean-up")
        var moved = false
        XCTAssertThrowsError(try registry.publish(folder + "/out") { moved = true })
        XCTAssertFalse(moved, "put in place after the clean-up")
    }

    /// Two writers of one path at once: the first to finish does not take the other's registration away.
    /// What was put in place is kept in order, and what a move that failed or was refused names is not: an
    /// interruption says what stays written ("stopped" read as "nothing written" after a report folder was replaced).
    func testWhatWasPutInPlaceIsKnownAndAFailedOrRefusedMoveIsNot() throws {
        let registry = PendingOutputs.Registry()
        try registry.publish(folder + "/a.json") {}
        struct Failed: Error {}
        XCTAssertThrowsError(try registry.publish(folder + "/b.json") { throw Failed() })
        try registry.publish(folder + "/c.json") {}
        XCTAssertEqual(registry.published, [folder + "/a.json", folder + "/c.json"])
        // A file put in place inside a staging folder is not put in place: the staging folder's move will be.
        let staging = folder + "/.reports.staging-1"
        try registry.create(staging) { try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true) }
        try registry.publish(staging + "/plots/a.svg") {}
        XCTAssertEqual(registry.published, [folder + "/a.json", folder + "/c.json"])
        registry.discardAll()
        XCTAssertThrowsError(try registry.publish(folder + "/d.json") {})
        XCTAssertEqual(registry.published, [folder + "/a.json", folder + "/c.json"])
    }

    func testAPathRegisteredTwiceStaysUntilBothRelease() throws {
        let registry = PendingOutputs.Registry()
        let path = folder + "/shared.tmp"
        try registry.create(path) { FileManager.default.createFile(atPath: path, contents: nil) }
        try registry.create(path) {}
        registry.release(path)
        registry.discardAll()
        XCTAssertFalse(exists(path))
    }

    func testATemporaryFileAKilledWriterLeftGoesWithTheNextWriteOfItsFile() throws {
        let target = folder + "/results.json"
        let dead = deadProcess(), alive = getppid()
        for pid in [dead, alive] { FileManager.default.createFile(atPath: "\(folder)/.results.json.\(pid).tmp", contents: nil) }
        FileManager.default.createFile(atPath: "\(folder)/.other.json.\(dead).tmp", contents: nil)
        try AtomicFile.write("{}", to: target)
        XCTAssertFalse(exists("\(folder)/.results.json.\(dead).tmp"), "a dead writer's temporary file stayed")
        XCTAssertTrue(exists("\(folder)/.results.json.\(alive).tmp"), "a live writer's temporary file was removed")
        XCTAssertTrue(exists("\(folder)/.other.json.\(dead).tmp"), "another file's temporary file is its next writer's")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "{}")
        XCTAssertFalse(exists("\(folder)/.results.json.\(getpid()).tmp"))
    }

    func testATemporaryNameIsReadBackOnlyForItsOwnFile() {
        XCTAssertEqual(PendingOutputs.temporaryFileOwner(".a.png.123.tmp", base: "a.png"), 123)
        XCTAssertNil(PendingOutputs.temporaryFileOwner(".a.png.123.tmp", base: "b.png"))
        XCTAssertNil(PendingOutputs.temporaryFileOwner(".a.png..tmp", base: "a.png"))
        XCTAssertNil(PendingOutputs.temporaryFileOwner(".a.png.12x.tmp", base: "a.png"))
        XCTAssertNil(PendingOutputs.temporaryFileOwner("a.png.123.tmp", base: "a.png"))
    }

    /// The folder is swapped in one step: the old content ends at the staged name, and the target is never absent.
    func testReplacingAFolderSwapsItWithTheStagedOne() throws {
        let target = folder + "/site", staged = folder + "/.site.staging", aside = folder + "/.site.old"
        for (path, file) in [(target, "old.html"), (staged, "new.html")] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: "\(path)/\(file)", contents: nil)
        }
        XCTAssertEqual(PendingOutputs.replaceFolder(target, with: staged, aside: aside), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target), ["new.html"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: staged), ["old.html"])
        XCTAssertFalse(exists(aside), "the swap went through the fallback's two renames")
    }

    /// A process id no process has now: a child that has exited and been reaped.
    private func deadProcess() -> pid_t {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try? child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }
}
