import Foundation
import XCTest

/// `framebudget compare` and `merge` end to end on real results files.
final class CompareCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-compare-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testOneRunPerSideIsInconclusiveAndExitsThree() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let result = try Framebudget.run(["compare", base, base])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stdout.contains("texture-upload/optimized/256x192"))
        XCTAssertTrue(result.stdout.contains("0 regressed, 0 improved, 0 unchanged, 2 inconclusive"), result.stdout)
        XCTAssertTrue(result.stdout.contains("warning: between-run variance unknown for 2 benchmarks"), result.stdout)
        let undecided = try Framebudget.run(["compare", base, base, "--undecided"])
        XCTAssertEqual(undecided.status, 0, undecided.stderr)
        XCTAssertEqual(Set(undecided.stdout.split(separator: "\n").map(String.init)),
                       ["texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"])
    }

    /// A name that resolves to the same run on both sides (`main` and the file just recorded) compares a run with
    /// itself: every change 0 whatever the code. Said, not refused (an A/A on purpose is a check of the tool).
    func testASideCompareWithItselfIsWarnedOf() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let same = try Framebudget.run(["compare", base, base])
        XCTAssertTrue(same.stderr.contains("framebudget: warning: base (\(base)) and head (\(base)) hold the same process run (base): "
                                           + "a run compared with itself shows no change whatever the code"), same.stderr)
        XCTAssertFalse(try Framebudget.run(["compare", base, head]).stderr.contains("same process run"))
        // Two CI jobs that both ran --run-id ci share a name, not a run: no warning (it matched on the id alone).
        let ciBase = try ResultsFixtures.write(to: folder + "/ci-base.json", runID: "ci")
        let ciHead = try ResultsFixtures.write(to: folder + "/ci-head.json", runID: "ci", slower: "texture-upload", factor: 1.1)
        XCTAssertFalse(try Framebudget.run(["compare", ciBase, ciHead]).stderr.contains("same process run"))
    }

    /// `--out head.json` turned the head run into Markdown: an output that is an input is refused, the file kept.
    func testAnOutThatIsAnInputIsRefusedAndTheInputKept() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head")
        let before = try Data(contentsOf: URL(fileURLWithPath: head))
        let result = try Framebudget.run(["compare", base, head, "--format", "markdown", "--out", head])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "framebudget: error: --out \(head): is the head results (\(head)) this command reads: "
                       + "writing it would destroy it; give another file\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: head)), before)
        // A hard link to the head is the head.
        XCTAssertEqual(link(head, folder + "/hard.json"), 0)
        let linked = try Framebudget.run(["compare", base, folder + "/hard.json", "--format", "json", "--out", head])
        XCTAssertEqual(linked.status, 2, linked.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: head)), before)
        // Plots asked for where a file is: bad input before comparing, not a warning after it.
        let plots = try Framebudget.run(["compare", base, head, "--plots", base])
        XCTAssertEqual(plots.status, 2, plots.stderr)
        XCTAssertEqual(plots.stderr, "framebudget: error: --plots \(base): a file, not a folder\n")
    }

    func testUndecidedWritesItsListToOutInTheFormatAsked() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let ids: Set<String> = ["texture-upload/optimized/256x192", "texture-upload/memcpy/256x192"]
        let plain = try Framebudget.run(["compare", base, base, "--undecided", "--out", folder + "/undecided.txt"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stdout, "", "the list goes to --out, not stdout")
        let text = try String(contentsOfFile: folder + "/undecided.txt", encoding: .utf8)
        XCTAssertEqual(Set(text.split(separator: "\n").map(String.init)), ids)
        XCTAssertTrue(text.hasSuffix("\n"))
        let json = try Framebudget.run(["compare", base, base, "--undecided", "--format", "json", "--out", folder + "/undecided.json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let list = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/undecided.json"))) as? [String]
        XCTAssertEqual(Set(list ?? []), ids)
        let stdoutJSON = try Framebudget.run(["compare", base, base, "--undecided", "--format", "json"])
        XCTAssertEqual(Set((try JSONSerialization.jsonObject(with: Data(stdoutJSON.stdout.utf8)) as? [String]) ?? []), ids)
    }

    func testSidesOfThreeProcessRunsCompareUnchangedAndExitZero() throws {
        let base = try ResultsFixtures.mergedSide(in: folder, name: "base", levels: [1.0, 1.004, 0.997])
        let head = try ResultsFixtures.mergedSide(in: folder, name: "head", levels: [0.998, 1.003, 1.001])
        let result = try Framebudget.run(["compare", base, head])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("0 regressed, 0 improved, 2 unchanged, 0 inconclusive"), result.stdout)
        XCTAssertTrue(result.stdout.contains(" 3/3 "), result.stdout)
        XCTAssertTrue(result.stdout.contains("exit code: Holm-adjusted over 2 benchmarks, family-wise α = 0.01"), result.stdout)
    }

    func testASlowerHeadRegressesExitsOneAndWritesMarkdownJSONAndAPlot() throws {
        let base = try ResultsFixtures.mergedSide(in: folder, name: "base", levels: [1.0, 1.004, 0.997])
        let head = try ResultsFixtures.mergedSide(in: folder, name: "head", levels: [0.998, 1.003, 1.001],
                                                  slower: "texture-upload/optimized", factor: 1.25)
        let markdown = try Framebudget.run(["compare", base, head, "--format", "markdown", "--out", folder + "/pr.md",
                                            "--plots", folder + "/plots"])
        XCTAssertEqual(markdown.status, 1, markdown.stderr)
        let document = try String(contentsOfFile: folder + "/pr.md", encoding: .utf8)
        XCTAssertTrue(document.hasPrefix("### FrameBudget comparison: 1 regressed, 0 improved, 1 unchanged, 0 inconclusive"), document)
        XCTAssertTrue(document.contains("**REGRESSED**"))
        let json = try Framebudget.run(["compare", base, head, "--format", "json"])
        XCTAssertEqual(json.status, 1)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(report["formatVersion"] as? Int, 2)
        XCTAssertEqual((report["familyWise"] as? [String: Any])?["method"] as? String, "holm")
        let strided = (report["benchmarks"] as! [[String: Any]]).first { $0["id"] as? String == "texture-upload/optimized/256x192" }!
        XCTAssertEqual(strided["verdict"] as? String, "regressed")
        XCTAssertEqual(strided["baseRuns"] as? Int, 3)
        // Every sample of a run scaled by its level: the change is 1.25 × the ratio of the sides' geometric mean levels.
        // (Each written run also carries its id's part-per-million jitter: ResultsFixtures.jitter.)
        let jitter = (1...3).map { log(ResultsFixtures.jitter("head-\($0)")) - log(ResultsFixtures.jitter("base-\($0)")) }.reduce(0, +) / 3
        let levels = (log(0.998) + log(1.003) + log(1.001) - log(1.0) - log(1.004) - log(0.997)) / 3 + jitter
        XCTAssertEqual(strided["relativeChange"] as! Double, 1.25 * exp(levels) - 1, accuracy: 1e-9)
        XCTAssertEqual((strided["runLevel"] as? [String: Any])?["method"] as? String, "welch")
        XCTAssertNotNil(strided["adjustedPValue"] as? Double)
        XCTAssertNotNil(strided["minimumDetectableEffect"] as? Double)
        XCTAssertEqual(strided["needsMoreRuns"] as? Bool, false)
        try Framebudget.requireGnuplot()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/plots/comparison.png"), markdown.stderr)
    }

    func testRunsOfAnotherMachineClassAreRefusedWithOneLine() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        var json = try ResultsFixtures.realRun()
        var settings = json["settings"] as! [String: Any]
        settings["cacheMode"] = "cold"
        json["settings"] = settings
        json["runID"] = "cold"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: folder + "/cold.json"))
        let result = try Framebudget.run(["compare", base, folder + "/cold.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: base base and head cold were measured in different machine classes "
                       + "(cache warm vs cold); only runs of one class are compared\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testDifferentBenchmarkSetsAreReportedAsAddedAndRemoved() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base", drop: ["texture-upload/memcpy/256x192"])
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head", drop: ["texture-upload/optimized/256x192"])
        let result = try Framebudget.run(["compare", base, head])
        XCTAssertTrue(result.stdout.contains("added (head only): texture-upload/memcpy/256x192"), result.stdout)
        XCTAssertTrue(result.stdout.contains("removed (base only): texture-upload/optimized/256x192"))
        // Nothing in common decided nothing: not a green "0 regressed" (exit 0) a CI step checking for 1 passes.
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stdout.contains("nothing compared (no benchmark in common, or each left out)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("warning: no benchmark was compared"), result.stdout)
        XCTAssertFalse(result.stdout.contains("+0.0%"), "the mean of no ratios is not a change of 0%: \(result.stdout)")
        // Every format says so: JSON has no change (null) and the warning; Markdown no "+0.0% over 0 benchmarks".
        let json = try Framebudget.run(["compare", base, head, "--format", "json", "--out", folder + "/c.json"])
        XCTAssertEqual(json.status, 3, json.stderr)
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/c.json"))) as! [String: Any]
        XCTAssertTrue((written["summary"] as! [String: Any])["relativeChange"] is NSNull, "\(written["summary"]!)")
        XCTAssertTrue((written["warnings"] as! [String]).contains { $0.hasPrefix("no benchmark was compared") })
        let markdown = try Framebudget.run(["compare", base, head, "--format", "markdown"])
        XCTAssertTrue(markdown.stdout.contains("Nothing compared (no benchmark in common, or each left out)."), markdown.stdout)
        XCTAssertTrue(markdown.stderr.contains("no benchmark was compared"), markdown.stderr)
        let comment = try Framebudget.run(["compare", base, head, "--format", "pr-comment", "--plots", folder + "/plots"])
        XCTAssertTrue(comment.stdout.hasPrefix("### 🟡 "), comment.stdout)
        XCTAssertTrue(comment.stderr.contains("--plots: no benchmark compared, no plot drawn"), comment.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/plots"), "no empty plot folder")
    }

    func testMissingCorruptAndNewerFilesAreBadInputWithOneLine() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        try "{\"schemaVersion\": 1, \"runID\": ".write(toFile: folder + "/torn.json", atomically: true, encoding: .utf8)
        var newer = try ResultsFixtures.realRun()
        newer["schemaVersion"] = 2
        try JSONSerialization.data(withJSONObject: newer).write(to: URL(fileURLWithPath: folder + "/newer.json"))
        let cases = [(folder + "/missing.json", "cannot read"), (folder + "/torn.json", "not a FrameBudget results file"),
                     (folder + "/newer.json", "schema version 2 is newer")]
        for (file, message) in cases {
            let result = try Framebudget.run(["compare", base, file])
            XCTAssertEqual(result.status, 2, file)
            XCTAssertTrue(result.stderr.hasPrefix("framebudget: error: \(file): "), result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testMergeJoinsTheRoundsOfOneSide() throws {
        let first = try ResultsFixtures.write(to: folder + "/r1.json", runID: "r1")
        let second = try ResultsFixtures.write(to: folder + "/r2.json", runID: "r2")
        let result = try Framebudget.run(["merge", "--out", folder + "/merged.json", first, second])
        XCTAssertEqual(result.status, 0, result.stderr)
        let merged = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/merged.json"))) as! [String: Any]
        let samplesOf = { (file: String) in
            ((try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any])["benchmarks"]
                as! [[String: Any]])[0]["samplesNanoseconds"] as! [Double]
        }
        let joined = (merged["benchmarks"] as! [[String: Any]])[0]["samplesNanoseconds"] as! [Double]
        XCTAssertEqual(joined, try samplesOf(first) + samplesOf(second))
        XCTAssertEqual(merged["runID"] as? String, "merged-r1")
        let samples = (merged["benchmarks"] as! [[String: Any]]).map { ($0["samplesNanoseconds"] as! [Double]).count }.reduce(0, +)
        XCTAssertEqual(result.stdout, "merged 2 files: 2 process runs (2 per benchmark), 2 benchmarks, \(samples) samples → \(folder)/merged.json\n")
    }
}
