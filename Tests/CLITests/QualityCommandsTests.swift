import Foundation
import XCTest

/// `nightly-quality` and `repeatability` end to end, on the debug build: real child processes, the files written,
/// the counts read back (the verdicts rest on limits no debug build can miss: 10 s and 1 ns), and bad input.
final class QualityCommandsTests: XCTestCase {
    private var folder = ""
    private let id = "texture-upload/optimized/256x192"

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-quality-commands-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A stand-in for a build: the debug binary judging one budget, `upload-p95`, against `limit` (so one "build"
    /// passes and the other fails, deterministically, without a second build).
    private func build(_ name: String, limit: String) throws -> String {
        try """
            version: 1
            budgets:
              - {name: upload-p95, hot-path: texture-upload, variant: optimized, workload: 256x192, metric: time, \
            statistic: p95, limit: \(limit), direction: max, source: "test"}
            """.write(toFile: "\(folder)/\(name).yaml", atomically: true, encoding: .utf8)
        let path = "\(folder)/\(name)"
        try "#!/bin/sh\nexec '\(Framebudget.binary.path)' \"$@\" --budgets '\(folder)/\(name).yaml'\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func testOneRoundGatesBothBuildsAndCountsTheirVerdictFiles() throws {
        let out = folder + "/nq"
        let result = try Framebudget.run([
            // Limits 6 and 7 orders of magnitude from a debug build's microseconds, and up to 3 processes: with 2, a
            // 95% interval over two processes (t with 1 degree of freedom: ×12.7) spanned the 1 ns limit once, under
            // load 3-4 in a clean-clone make test, and the slowed build read INCONCLUSIVE.
            "nightly-quality", try build("unchanged", limit: "10, unit: s"), try build("slowed", limit: "0.001, unit: ns"),
            "-n", "1", "--watch", "upload-p95", "--out", out, "--", "--quick", "--allow-debug", "--max-processes", "3", id])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("| unchanged | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| slowed | 1 | 0 | 1 | 1 | 1 | 1 | 0 | 0 | 0 |"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Rates (95%): unchanged runs red (exit ≠ 0, or a FAIL or MISSING) 0 of 1 [95%: 0.0–79.3%]; "
                                             + "slowed runs with upload-p95 FAIL 1 of 1 [95%: 20.7–100.0%]"), "what one run can show: \(result.stdout)")
        for file in ["unchanged-1/verdicts.json", "slowed-1/verdicts.json", "unchanged-1.log", "slowed-1.log", "summary.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/\(file)"), file)
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json"))) as! [String: Any]
        XCTAssertEqual((json["runs"] as? [[String: Any]])?.map { $0["exitStatus"] as? Int }, [0, 1])
    }

    func testNightlyQualityBadInputIsOneLineAndExitTwo() throws {
        let binary = Framebudget.binary.path
        let rounds = try Framebudget.run(["nightly-quality", binary, binary, "-n", "0", "--watch", "upload-p95"])
        XCTAssertEqual(rounds.status, 2, rounds.stderr)
        XCTAssertEqual(rounds.stderr, "framebudget: error: -n must be in 1...1000 (got 0)\n")
        let missing = try Framebudget.run(["nightly-quality", binary, folder + "/nothing", "--watch", "upload-p95", "--out", folder + "/nq"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertEqual(missing.stderr, "framebudget: error: \(folder)/nothing: no such file\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/nq"), "nothing ran, nothing written")
    }

    func testRepeatabilityPrintsEachRunAndTheSpreadOfTheirMedians() throws {
        let out = folder + "/rep"
        let result = try Framebudget.run(["repeatability", id, "--runs", "2", "--out", out, "--",
                                          "--quick", "--allow-debug", "--no-roofs", "--counters", "none"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.stdout)
        XCTAssertTrue(lines[0].hasPrefix("run  1: median ") && lines[1].hasPrefix("run  2: median "), result.stdout)
        XCTAssertTrue(lines[2].hasPrefix("\(id): 2 runs, mean of medians "), result.stdout)
        for file in ["run-1/results.json", "run-2/results.json", "repeatability.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/\(file)"), file)
        }
    }

    func testRepeatabilityBadInputIsOneLineAndExitTwoBeforeAnyRun() throws {
        let out = folder + "/rep"
        let runs = try Framebudget.run(["repeatability", id, "--runs", "1", "--out", out])
        XCTAssertEqual(runs.status, 2, runs.stderr)
        XCTAssertEqual(runs.stderr, "framebudget: error: --runs must be in 2...1000 (got 1)\n")
        let several = try Framebudget.run(["repeatability", "texture-upload", "--out", out])
        XCTAssertEqual(several.status, 2, several.stderr)
        XCTAssertTrue(several.stderr.hasPrefix("framebudget: error: texture-upload: selects "), several.stderr)
        XCTAssertTrue(several.stderr.hasSuffix("; name one\n"), several.stderr)
        let none = try Framebudget.run(["repeatability", "no-such/benchmark", "--out", out])
        XCTAssertEqual(none.status, 2, none.stderr)
        XCTAssertEqual(none.stderr, "framebudget: error: no-such/benchmark: no benchmark matches (framebudget list shows them)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing ran, nothing written")
    }

    func testRepeatabilityRefusesRunArgumentsItCannotForwardBeforeAnyRun() throws {
        let out = folder + "/rep"
        for (arguments, words) in [(["--bogus"], "run arguments after --: Unknown option '--bogus'"),
                                   (["--quick", "--reports", folder + "/elsewhere"], "--reports is set by repeatability"),
                                   (["--quick", "--run-id=mine"], "--run-id is set by repeatability"),
                                   (["--quick", "nms/*"], "'nms/*' is a benchmark")] {
            let result = try Framebudget.run(["repeatability", id, "--runs", "2", "--out", out, "--"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: ") && result.stderr.contains(words), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(arguments): no run started")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/elsewhere"))
        let value = try Framebudget.run(["repeatability", id, "--runs", "2", "--out", out, "--", "--samples", "1"])
        XCTAssertEqual(value.status, 2, value.stderr)
        XCTAssertEqual(value.stderr, "framebudget: error: --samples must be at least 2 (got 1)\n")
    }

    /// A gate-quality.json of `aa` A/A comparisons (all UNCHANGED, exit 0) and `ab` A/B ones (the slowed one
    /// REGRESSED, exit 1), as `gate-quality` writes it.
    private func qualityFile(_ name: String, machine: String = "cpu, 2 cores", aa: Int, ab: Int) throws -> String {
        // Each comparison its own (its duration tells it apart, as a real one's pairs do): pooling refuses one
        // comparison held by two files.
        func outcome(_ verdict: String, exit: Int, _ index: Int) -> String {
            #"{"exitStatus":\#(exit),"verdicts":{"one/optimized/x":"\#(verdict)","two/optimized/y":"unchanged"},"#
                + #""threads":{"one/optimized/x":1,"two/optimized/y":2},"#
                + #""minimumDetectableEffects":{"one/optimized/x":0.01,"two/optimized/y":0.03},"#
                + #""pairs":8,"seconds":\#(100 + index + 1000 * name.utf8.reduce(0) { $0 + Int($1) }),"stop":"decided","load":0.5}"#
        }
        let identical = (0..<aa).map { outcome("unchanged", exit: 0, $0) }.joined(separator: ",")
        let slowed = (0..<ab).map { outcome("regressed", exit: 1, aa + $0) }.joined(separator: ",")
        let path = "\(folder)/\(name).json"
        try #"{"machine":"\#(machine)","date":"2026-11-27T\#(name)","slowed":["one/optimized/x"],"#
            .appending(#""identical":[\#(identical)],"slowedOutcomes":[\#(slowed)]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testGateQualityPoolCountsEveryComparisonOfEveryRunOnce() throws {
        let out = folder + "/pooled"
        let result = try Framebudget.run(["gate-quality-pool", try qualityFile("quiet", aa: 2, ab: 1),
                                          try qualityFile("busy", aa: 1, ab: 2), "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "A/A (identical code, 3 comparisons): 0 exited 1 [95%: 0.0–56.1%] (target ≤ 1 of 20), 0 exited 3 (no answer) [95%: 0.0–56.1%]; 0 of 6 verdicts "
                       + "REGRESSED/IMPROVED (target ≤ 1%); 3 of 3 single-threaded verdicts UNCHANGED (target ≥ 90%)")
        XCTAssertTrue(lines.contains("A/B one/optimized/x: REGRESSED in 3 of 3 comparisons [95%: 43.9–100.0%] (target ≥ 19 of 20)"), result.stdout)
        let markdown = try String(contentsOfFile: out + "/gate-quality.md", encoding: .utf8)
        XCTAssertTrue(markdown.contains("Date: 2026-11-27Tquiet, 2026-11-27Tbusy."), markdown)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/gate-quality.json"))) as! [String: Any]
        XCTAssertEqual((json["identical"] as? [Any])?.count, 3)
        XCTAssertEqual((json["slowedOutcomes"] as? [Any])?.count, 3)
    }

    func testGateQualityPoolRefusesAnotherMachineOrAFileThatIsNotOneInOneLineAndWritesNothing() throws {
        let out = folder + "/pooled"
        let first = try qualityFile("intel", aa: 1, ab: 1)
        let other = try qualityFile("amd", machine: "AMD EPYC, 2 cores", aa: 1, ab: 1)
        let machines = try Framebudget.run(["gate-quality-pool", first, other, "--out", out])
        XCTAssertEqual(machines.status, 2, machines.stderr)
        XCTAssertEqual(machines.stderr, "framebudget: error: \(other): measured on 'AMD EPYC, 2 cores', not 'cpu, 2 cores' "
                       + "like \(first)\n")
        let text = folder + "/notes.json"
        try "{\"machine\": 1}".write(toFile: text, atomically: true, encoding: .utf8)
        let wrong = try Framebudget.run(["gate-quality-pool", first, text, "--out", out])
        XCTAssertEqual(wrong.status, 2, wrong.stderr)
        XCTAssertTrue(wrong.stderr.hasPrefix("framebudget: error: \(text): not a gate-quality.json file: "), wrong.stderr)
        XCTAssertEqual(wrong.stderr.filter { $0 == "\n" }.count, 1, wrong.stderr)
        // The same comparisons twice (named twice, or a copy) used to count twice.
        let copy = folder + "/copy.json"
        try FileManager.default.copyItem(atPath: first, toPath: copy)
        for twice in [[first, first], [first, copy]] {
            let result = try Framebudget.run(["gate-quality-pool"] + twice + ["--out", out])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr, "framebudget: error: \(twice[1]): the same comparisons as \(first) (identical files): "
                           + "each comparison counts once\n")
        }
        // Counts and times the rates rest on.
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: first))) as! [String: Any]
        var identical = json["identical"] as! [[String: Any]]
        identical[0]["pairs"] = -3
        json["identical"] = identical
        let negative = folder + "/negative.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: negative))
        let refused = try Framebudget.run(["gate-quality-pool", negative, "--out", out])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertEqual(refused.stderr, "framebudget: error: \(negative): identical[0].pairs: -3 is negative\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing pooled, nothing written")
    }

    /// `make gate-quality`, `make nightly-quality` and `make bisect-quality` apply these to HEAD; a refactor of the
    /// colormap that breaks them must fail here, not in a measurement that would otherwise compare a build with itself.
    func testTheSlowdownPatchesApplyToThisTree() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else {
            throw XCTSkip("not a git checkout")
        }
        let expected = [
            "scripts/gate-quality": ["colormap-paired-slowdowns.patch", "colormap-slowdown.patch"],
            "scripts/bisect-quality": ["colormap-single-thread-5pct.patch", "colormap-two-thread-10pct.patch"],
        ]
        for (path, names) in expected.sorted(by: { $0.key < $1.key }) {
          let folder = root.appendingPathComponent(path)
          let patches = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".patch") }.sorted()
          XCTAssertEqual(patches, names, path)
          for patch in patches {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = ["-C", root.path, "apply", "--check", folder.appendingPathComponent(patch).path]
            let errors = Pipe()
            git.standardError = errors
            try git.run()
            git.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(git.terminationStatus, 0, "\(path)/\(patch) no longer applies: \(message)")
          }
        }
    }
}
