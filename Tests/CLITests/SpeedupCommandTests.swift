import Foundation
import XCTest

/// `framebudget speedup` as a user meets it: one line or a JSON document naming both benchmarks, a verdict only
/// against --at-least, and one clear line with exit 2 for an id it does not know. Timing values are not asserted
/// (the machine is shared); the verdict's arithmetic is, with targets no measurement can miss.
final class SpeedupCommandTests: XCTestCase {
    private let reference = "unproject/reference/1024-detections", optimized = "unproject/optimized/1024-detections"
    private let quick = ["--blocks", "8", "--sample-time", "0.05", "--warmup", "1", "--allow-debug"]
    /// One process: its blocks' figure (`--processes 1`).
    private var oneProcess: [String] { quick + ["--processes", "1"] }

    private func speedup(_ extra: [String]) throws -> (Framebudget.Result, [String: Any]) {
        let result = try Framebudget.run(["speedup", reference, optimized, "--format", "json"] + quick + extra)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        return (result, document)
    }

    func testTheJSONNamesBothSidesAndHasOneRatioPerBlockWithTheMedianInsideItsInterval() throws {
        // 30 blocks: over 8, blocks alike under a busy machine left too few independent ones for any interval.
        let result = try Framebudget.run(["speedup", reference, optimized, "--format", "json", "--blocks", "30", "--sample-time", "0.05",
                                          "--warmup", "1", "--allow-debug", "--processes", "1"])
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        XCTAssertEqual(result.status, 0, result.stderr)
        let figure = try XCTUnwrap(document["speedup"] as? [String: Any])
        XCTAssertEqual(figure["baselineID"] as? String, reference)
        XCTAssertEqual(figure["candidateID"] as? String, optimized)
        let ratios = try XCTUnwrap(figure["blockRatios"] as? [Double])
        XCTAssertEqual(ratios.count, 30)
        XCTAssertEqual(figure["untimedSamplesPerBlock"] as? Int, 1, "the method is recorded: one untimed sample by default")
        XCTAssertTrue(ratios.allSatisfy { $0 > 0 && $0.isFinite })
        let median = try XCTUnwrap(figure["speedup"] as? Double)
        let interval = try XCTUnwrap(figure["interval"] as? [String: Any])
        let lower = try XCTUnwrap(interval["lower"] as? Double), upper = try XCTUnwrap(interval["upper"] as? Double)
        XCTAssertTrue(lower <= median && median <= upper, "\(lower) ≤ \(median) ≤ \(upper)")
        XCTAssertEqual(document["complete"] as? Bool, true)
        XCTAssertNil(document["verdict"], "no verdict without --at-least")
    }

    /// The default: three fresh processes, each its own blocks; the speed-up is their geometric mean with a t interval
    /// over them (a fresh process moves a speed-up by ~1.5%, far beyond one process's interval).
    func testTheDefaultMeasuresInThreeFreshProcessesAndGivesTheIntervalOverThem() throws {
        let (result, document) = try speedup([])
        XCTAssertEqual(result.status, 0, result.stderr)
        let overall = try XCTUnwrap(document["speedup"] as? [String: Any])
        let perProcess = try XCTUnwrap(overall["perProcess"] as? [Double])
        XCTAssertEqual(perProcess.count, 3)
        let environment = try XCTUnwrap(document["environment"] as? [String: Any], "where the figure was measured")
        XCTAssertNotNil(environment["cpuModel"] as? String)
        XCTAssertNotNil(document["warnings"] as? [String])
        XCTAssertEqual((document["processes"] as? [[String: Any]])?.count, 3)
        XCTAssertEqual((document["processes"] as? [[String: Any]])?.first?["blockRatios"].flatMap { $0 as? [Double] }?.count, 8)
        let geometric = exp(perProcess.map(log).reduce(0, +) / 3)
        let speedup = try XCTUnwrap(overall["speedup"] as? Double)
        XCTAssertEqual(speedup, geometric, accuracy: 1e-9 * geometric)
        let interval = try XCTUnwrap(overall["interval"] as? [String: Any])
        let lower = try XCTUnwrap(interval["lower"] as? Double), upper = try XCTUnwrap(interval["upper"] as? Double)
        XCTAssertTrue(lower <= speedup && speedup <= upper, "\(lower) ≤ \(speedup) ≤ \(upper)")
        XCTAssertEqual(result.stderr.components(separatedBy: "framebudget: process ").count - 1, 3, result.stderr)
    }

    /// A verdict on one process's interval promised what the next process broke: refused.
    func testAVerdictNeedsTwoProcessesOrMore() throws {
        let result = try Framebudget.run(["speedup", reference, optimized, "--at-least", "2"] + oneProcess)
        XCTAssertEqual(result.status, 64, "options that do not go together: a malformed command line")
        XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: --at-least needs --processes of 2 or more: one process's "
                                              + "interval says nothing of the next one's"), result.stderr)
    }

    func testAnUnreachableTargetFailsWithExit1AndATrivialOnePasses() throws {
        let (failed, failedDocument) = try speedup(["--at-least", "1000000"])
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(failedDocument["verdict"] as? String, "FAIL")
        let (passed, passedDocument) = try speedup(["--at-least", "0.000001"])
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(passedDocument["verdict"] as? String, "PASS")
    }

    func testTheConsoleLineSaysTheFigureAndTheVerdict() throws {
        let result = try Framebudget.run(["speedup", reference, optimized, "--at-least", "0.000001"] + quick)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("\(optimized) runs "), result.stdout)
        XCTAssertTrue(result.stdout.contains("(95% over 3 processes) as fast as \(reference): per process "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix(": PASS (at least 0.000001000×)\n"), "the target it was judged against: \(result.stdout)")
        let one = try Framebudget.run(["speedup", reference, optimized] + oneProcess)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("as fast as \(reference): median of 8 interleaved block ratios"), one.stdout)
    }

    func testAnUnknownIdOrTooFewBlocksIsOneLineAndExit2() throws {
        let unknown = try Framebudget.run(["speedup", reference, "fusion/optimized/nope"] + quick)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr.split(separator: "\n").count, 1, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("unknown benchmark id 'fusion/optimized/nope'"), unknown.stderr)
        XCTAssertEqual(unknown.stdout, "")
        let few = try Framebudget.run(["speedup", reference, optimized, "--blocks", "5", "--allow-debug"])
        XCTAssertEqual(few.status, 2)
        XCTAssertTrue(few.stderr.contains("--blocks must be in 6...100000"), few.stderr)
        let warmup = try Framebudget.run(["speedup", reference, optimized, "--block-warmup", "1001", "--allow-debug"])
        XCTAssertEqual(warmup.status, 2)
        XCTAssertTrue(warmup.stderr.contains("--block-warmup must be in 0...1000 (got 1001)"), warmup.stderr)
    }

    func testSIGINTPrintsTheBlocksMeasuredMarkedIncompleteAndExits130() throws {
        let (status, stdout, stderr) = try interrupted(after: 2, ["--blocks", "100000", "--sample-time", "0.05", "--warmup", "1",
                                                                   "--processes", "1"])
        XCTAssertEqual(status, 130)
        // Not a timing assertion: the signal may land in the set-up or the warm-up (no block) or in the blocks alike.
        guard !stdout.isEmpty else { return XCTAssertTrue(stderr.contains("before any block"), stderr) }
        let document = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        XCTAssertEqual(document?["complete"] as? Bool, false)
        let ratios = (document?["speedup"] as? [String: Any])?["blockRatios"] as? [Double] ?? []
        XCTAssertFalse(ratios.isEmpty, "a document holds the blocks measured")
    }

    func testSIGINTInTheWarmUpStopsItAndSaysNoBlockWasMeasured() throws {
        // Ten minutes of warm-up each: the signal lands in the first side's, which must stop at once, not after it.
        let (status, stdout, stderr) = try interrupted(after: 2, ["--blocks", "6", "--sample-time", "0.05", "--warmup", "600000",
                                                                   "--processes", "1"])
        XCTAssertEqual(status, 130, stderr)
        XCTAssertEqual(stdout, "", "no block, no ratio")
        XCTAssertEqual(stderr, "framebudget: warning: interrupted by SIGINT before any block: no speed-up measured\n")
    }

    /// A signal to the command reaches the process measuring (in its own process group, where a terminal's Ctrl-C
    /// does not): it stops, and so does the command, with no process left measuring.
    func testSIGINTStopsTheFreshProcessMeasuringAndSaysNoneWasMeasuredWhole() throws {
        let (status, stdout, stderr) = try interrupted(after: 2, ["--blocks", "100000", "--sample-time", "0.05", "--warmup", "1",
                                                                   "--processes", "3"])
        XCTAssertEqual(status, 130, stderr)
        XCTAssertEqual(stdout, "")
        XCTAssertTrue(stderr.hasSuffix("framebudget: warning: interrupted by SIGINT before any process was measured whole: no speed-up\n"), stderr)
        let children = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { Int($0) != nil }.compactMap { pid -> String? in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return line.contains(" speedup ") && line.contains("--processes 1") && line.contains("100000") ? line : nil
        }
        XCTAssertEqual(children, [], "no speedup process left measuring")
    }

    /// Runs speedup (JSON) with `options`, sends SIGINT after `seconds`, and returns its exit status and output.
    private func interrupted(after seconds: UInt32, _ options: [String]) throws -> (Int32, String, String) {
        let path = NSTemporaryDirectory() + "fb-speedup-\(UUID().uuidString)"
        for stream in ["out", "err"] { FileManager.default.createFile(atPath: "\(path).\(stream)", contents: nil) }
        defer { for stream in ["out", "err"] { try? FileManager.default.removeItem(atPath: "\(path).\(stream)") } }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".out"))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".err"))
        let process = try Framebudget.start(["speedup", reference, optimized, "--allow-debug", "--format", "json"] + options,
                                            stdout: output, stderr: errors)
        sleep(seconds)
        kill(process.processIdentifier, SIGINT)
        // The 60 s bound only keeps a process that does not hear the signal from hanging the suite; nothing is timed.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("still running 60 s after SIGINT")
        }
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return (process.terminationStatus, try String(contentsOfFile: path + ".out", encoding: .utf8),
                try String(contentsOfFile: path + ".err", encoding: .utf8))
    }

    func testADebugBuildIsRefusedWithoutAllowDebug() throws {
        #if DEBUG  // the binary is built in this test bundle's configuration (make test: debug)
        let result = try Framebudget.run(["speedup", reference, optimized])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("this is a debug build"), result.stderr)
        #else
        throw XCTSkip("a release build measures without --allow-debug; the refusal is a debug build's")
        #endif
    }
}
