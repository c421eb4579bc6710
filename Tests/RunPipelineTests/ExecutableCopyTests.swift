import Foundation
import XCTest
@testable import RunPipeline

final class ExecutableCopyTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-copy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testTheCopySitsBesideTheExecutableWithItsBytesAndRuns() throws {
        let original = folder + "/tool"
        try "#!/bin/sh\necho copied-and-ran\n".write(toFile: original, atomically: true, encoding: .utf8)
        chmod(original, 0o755)
        let copy = try ExecutableCopy.make(of: original, pair: 7, side: .head)
        XCTAssertEqual(URL(fileURLWithPath: copy).deletingLastPathComponent().path, URL(fileURLWithPath: folder).path,
                       "beside the original, so $ORIGIN run paths resolve")
        XCTAssertTrue(URL(fileURLWithPath: copy).lastPathComponent.hasPrefix(".tool.worker-"), copy)
        XCTAssertTrue(copy.hasSuffix("-7-head"), copy)
        XCTAssertEqual(FileManager.default.contents(atPath: copy), FileManager.default.contents(atPath: original))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: copy))
        var first = stat(), second = stat()
        XCTAssertEqual(stat(original, &first), 0)
        XCTAssertEqual(stat(copy, &second), 0)
        XCTAssertNotEqual(first.st_ino, second.st_ino, "a new file, so new page-cache pages")
    }

    /// A coordinator killed (SIGKILL) before its worker answered leaves its copy: the next copy of the same
    /// executable removes the copies of coordinators that are gone, and no other.
    /// A rebuild replaced `.build/release/framebudget` mid-comparison and the later pairs compared another build: a
    /// worker is never started from an executable that is not the file the comparison started with.
    func testAWorkerIsNotStartedFromAnExecutableReplacedOrRewrittenSinceTheStart() throws {
        let base = folder + "/base", head = folder + "/head"
        for path in [base, head] {
            try "#!/bin/sh\ncat > /dev/null\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        for freshCopies in [true, false] {
            let launcher = PairedProcessLauncher(base: base, head: head, arguments: [], freshCopies: freshCopies)
            try launcher.start(.base, pair: 1).stop()
            try "#!/bin/sh\necho rebuilt\n".write(toFile: head + ".new", atomically: true, encoding: .utf8)
            chmod(head + ".new", 0o755)
            XCTAssertEqual(rename(head + ".new", head), 0)  // as a build's linker or `mv` replaces it
            XCTAssertThrowsError(try launcher.start(.head, pair: 2)) { error in
                XCTAssertEqual("\(error)", "the head worker could not start: \(head) changed since the comparison started "
                               + "(rebuilt?): its pairs so far are one build's, a pair started now would be another's")
            }
            XCTAssertNoThrow(try launcher.start(.base, pair: 2).stop(), "the unchanged side starts")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }, [], "no copy left")
    }

    func testCopiesLeftByADeadCoordinatorGoWithTheNextCopy() throws {
        let original = folder + "/tool"
        try "#!/bin/sh\n".write(toFile: original, atomically: true, encoding: .utf8)
        chmod(original, 0o755)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = "\(folder)/.tool.worker-\(gone.processIdentifier)-3-base", alive = "\(folder)/.tool.worker-\(getppid())-1-head"
        for path in [dead, alive] { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
        let copy = try ExecutableCopy.make(of: original, pair: 1, side: .base)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead), "a dead coordinator's copy stayed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive), "a live coordinator's copy was removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy))
    }

    func testAMissingExecutableIsNamedAndNothingIsLeft() throws {
        XCTAssertThrowsError(try ExecutableCopy.make(of: folder + "/absent", pair: 1, side: .base)) { error in
            guard case let PairedWorkerError.notStarted(side, why) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(side, .base)
            XCTAssertTrue(why.hasPrefix(self.folder + "/absent: cannot copy it beside itself for a fresh copy (--no-fresh-copies runs it in place)"), why)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    /// A copy outlives the spawn until its worker answers: a script's interpreter opens the file after the spawn
    /// returns (removed at the spawn, a script build died with "cannot open").
    func testEachCopyIsRemovedOnceItsWorkerAnswers() throws {
        let original = folder + "/tool"
        try "#!/bin/sh\nread request\necho '{}'\nexec sleep 5\n".write(toFile: original, atomically: true, encoding: .utf8)
        chmod(original, 0o755)
        let launcher = PairedProcessLauncher(base: original, head: original, arguments: [], freshCopies: true)
        let workers = try PairedSide.allCases.map { try launcher.start($0, pair: 1) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).count, 3, "the tool and two copies")
        for worker in workers { _ = try? worker.send(.quit, timeout: 30) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["tool"])
        workers.forEach { $0.stop() }
    }

    func testACopyIsRemovedWhenItsWorkerIsGoneWithoutAnswering() throws {
        let original = folder + "/tool"
        try "#!/bin/sh\nexec sleep 5\n".write(toFile: original, atomically: true, encoding: .utf8)
        chmod(original, 0o755)
        let launcher = PairedProcessLauncher(base: original, head: original, arguments: [], freshCopies: true)
        var workers: [any PairedWorkerConnection] = try PairedSide.allCases.map { try launcher.start($0, pair: 1) }
        XCTAssertEqual(workers.count, 2)
        workers.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["tool"])
    }
}
