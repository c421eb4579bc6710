import Foundation
import XCTest

/// A disk that fills up, for real (a small tmpfs; root only): every command says which path could not be written
/// and why, exits 4, and leaves no partial file or empty folder behind.
final class FullDiskTests: XCTestCase {
    private var mount: ScratchMount!
    private var scratch = ""

    override func setUpWithError() throws {
        scratch = NSTemporaryDirectory() + "fb-full-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        mount?.unmount()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    func testKernelOnAFullDiskNamesTheFileAndExitsFour() throws {
        mount = try ScratchMount.make(kilobytes: 256)
        let input = scratch + "/in"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try NpyFixture.float32(rows: 2, columns: 3, [0.5, 1, 2, 3, 4, 4.5]).write(to: URL(fileURLWithPath: input + "/depth.npy"))
        let out = mount.path + "/out"
        let result = try Framebudget.run(["kernel", "colormap", "--in", input, "--out", out,
                                          "--param", "width=1920", "--param", "height=1440"])
        XCTAssertEqual(result.status, 4, result.stderr)
        XCTAssertEqual(result.stderr, "framebudget: error: \(out)/rgba.npy: cannot write: No space left on device\n")
        XCTAssertEqual(mount.contents(), [], "no output folder, no staging folder")
    }

    func testRunWhoseFirstSaveFailsLeavesNoRunFolder() throws {
        mount = try ScratchMount.make(kilobytes: 64)
        mount.fill()
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--no-roofs", "--samples", "3", "--max-time", "0.05",
                                          "--warmup", "1", "--reports", mount.path, "--run-id", "full",
                                          "texture-upload/memcpy/256x192"])
        XCTAssertEqual(result.status, 4, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("framebudget: error: \(mount.path)/full/results.json: cannot write: No space left on device\n"), result.stderr)
        XCTAssertEqual(mount.contents(), ["ballast"], "the run folder it created is removed again")
    }

    /// A disk that fills after the first benchmark was saved: exit 4, the message says what stays, and the file
    /// on disk says itself that the run did not reach its end (it had no reason to give: "unknown reason").
    func testARunWhoseLaterSaveFailsSaysWhatStaysAndTheFileSaysWhy() throws {
        mount = try ScratchMount.make(kilobytes: 256)
        let log = scratch + "/run.err"
        let run = try Framebudget.start(["run", "--allow-debug", "--quick", "--no-roofs", "--counters", "none", "--reports", mount.path,
                                         "--run-id", "r", "texture-upload/memcpy/256x192", "finger-count/*", "unproject/*"],
                                        stderrLog: log)
        let saved = mount.path + "/r/results.json"
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: saved) && run.isRunning && Date() < deadline { usleep(10_000) }
        mount.fill()
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 4, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        let stderr = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(stderr.hasSuffix("No space left on device; the 1 benchmark(s) saved before stay in \(saved), marked incomplete\n"),
                      stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any]
        XCTAssertEqual(json?["complete"] as? Bool, false)
        XCTAssertEqual(json?["incompleteReason"] as? String, "saved after 1 of 5 benchmarks, before the run's end")
    }

    func testReportOnAFullDiskLeavesOnlyWholeImagesAndOneShortWarning() throws {
        let results = try ResultsFixtures.write(to: scratch + "/results.json", runID: "night-1")
        // The disk fills at a different point for each size: in the first image, the second, the reports…
        for kilobytes in [24, 40, 56, 72, 96] {
            mount = try ScratchMount.make(kilobytes: kilobytes)
            let result = try Framebudget.run(["report", results, "--out", mount.path + "/out"])
            XCTAssertEqual(result.status, 4, result.stderr)
            for line in result.stderr.split(separator: "\n") {
                XCTAssertLessThan(line.count, 700, "one short line per problem: \(line.prefix(200))…")
            }
            try assertNoPartialFiles(in: mount, label: "\(kilobytes) KB")
            mount.unmount()
            mount = nil
        }
    }

    /// `report --out` and `gate --out` stage the whole folder and move it into place: a disk that fills at any
    /// point (an image, the reports) leaves no report folder at all, and the error names the folder asked for.
    func testReportAndGateOnAFullDiskLeaveNoPartialReportFolder() throws {
        let results = try ResultsFixtures.write(to: scratch + "/results.json", runID: "night-1")
        for kilobytes in [24, 40, 56, 72, 96] {
            for command in [["report", results], ["gate", "--results", results]] {
                mount = try ScratchMount.make(kilobytes: kilobytes)
                let out = mount.path + "/out"
                let result = try Framebudget.run(command + ["--out", out])
                XCTAssertEqual(result.status, 4, "\(command[0]) \(kilobytes) KB: \(result.stderr)")
                XCTAssertEqual(mount.contents(), [], "\(command[0]) \(kilobytes) KB: no report folder, no staging folder")
                XCTAssertTrue(result.stderr.contains("framebudget: error: \(out)"), result.stderr)
                XCTAssertFalse(result.stderr.contains("staging"), result.stderr)
                mount.unmount()
                mount = nil
            }
        }
        // With room, the same folder appears whole.
        mount = try ScratchMount.make(kilobytes: 4096)
        let result = try Framebudget.run(["report", results, "--out", mount.path + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: mount.path + "/out/report.html"))
        XCTAssertFalse(mount.contents().contains { $0.contains("staging") }, "\(mount.contents())")
    }

    private func assertNoPartialFiles(in mount: ScratchMount, label: String) throws {
        for file in mount.contents() {
            let path = mount.path + "/" + file
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            guard !isDirectory.boolValue else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertGreaterThan(data.count, 0, "\(label): \(file) is empty")
            XCTAssertFalse(URL(fileURLWithPath: file).lastPathComponent.hasPrefix("."), "\(label): temporary file left: \(file)")
            if file.hasSuffix(".png") {
                XCTAssertEqual(Array(data.suffix(8)), Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82], "\(label): \(file) is cut short")
            }
            if file.hasSuffix(".svg") {
                XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("</svg>"), "\(label): \(file) is cut short")
            }
        }
    }

    /// A new history that cannot be created (a full disk, a folder that cannot be written to) is a write failure,
    /// exit 4 as for any unwritable output, and leaves no empty database file for the next reader to trip on.
    func testANewHistoryThatCannotBeCreatedIsExitFourAndLeavesNoFile() throws {
        mount = try ScratchMount.make(kilobytes: 2048)
        let first = try ResultsFixtures.write(to: scratch + "/n1.json", runID: "night-1")
        mount.fill()
        let full = try Framebudget.run(["history", "record", first, "--database", mount.path + "/history.sqlite"])
        XCTAssertEqual(full.status, 4, full.stderr)
        XCTAssertEqual(mount.contents(), ["ballast"], "no history.sqlite, -wal or -shm left")
        mount.empty()
        try mount.remountReadOnly()
        let readOnly = try Framebudget.run(["history", "record", first, "--database", mount.path + "/sub/history.sqlite"])
        XCTAssertEqual(readOnly.status, 4, readOnly.stderr)
        XCTAssertTrue(readOnly.stderr.hasPrefix("framebudget: error: \(mount.path)/sub/history.sqlite: cannot write the history database: "),
                      readOnly.stderr)
        let noFolder = try Framebudget.run(["history", "record", first, "--database", mount.path + "/history.sqlite"])
        XCTAssertEqual(noFolder.status, 4, noFolder.stderr)
    }

    func testRecordOnAFullDiskSaysSoAndLeavesTheDatabaseIntact() throws {
        mount = try ScratchMount.make(kilobytes: 2048)
        let database = mount.path + "/history.sqlite"
        let first = try ResultsFixtures.write(to: scratch + "/n1.json", runID: "night-1")
        XCTAssertEqual(try Framebudget.run(["history", "record", first, "--database", database]).status, 0)
        mount.fill()
        let second = try ResultsFixtures.write(to: scratch + "/n2.json", runID: "night-2")
        let result = try Framebudget.run(["history", "record", second, "--database", database])
        XCTAssertEqual(result.status, 4, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: \(database): cannot write the history database: "), result.stderr)
        XCTAssertFalse(result.stderr.contains("not a usable"), result.stderr)
        mount.empty()
        let verify = try Framebudget.run(["history", "verify", "--database", database])
        XCTAssertEqual(verify.stdout, "ok\n", verify.stderr)
        let list = try Framebudget.run(["history", "list", "--database", database])
        XCTAssertTrue(list.stdout.contains("night-1") && !list.stdout.contains("night-2"), list.stdout)
    }
}

/// Small `.npy` files written byte by byte (this test target links nothing of FrameBudget).
enum NpyFixture {
    static func float32(rows: Int, columns: Int, _ values: [Float]) -> Data {
        var header = "{'descr': '<f4', 'fortran_order': False, 'shape': (\(rows), \(columns)), }"
        while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
        header += "\n"
        let prefix: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count), 0]
        return Data(prefix + Array(header.utf8) + values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) })
    }
}
