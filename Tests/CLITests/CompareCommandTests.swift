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

    func testARunComparedWithItselfIsUnchangedAndExitsZero() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let result = try Framebudget.run(["compare", base, base])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("texture-upload/optimized/256x192"))
        XCTAssertTrue(result.stdout.contains("0 regressed, 0 improved, 2 unchanged"), result.stdout)
    }

    func testASlowerHeadRegressesExitsOneAndWritesMarkdownJSONAndAPlot() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base")
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head", slower: "texture-upload/optimized", factor: 1.25)
        let markdown = try Framebudget.run(["compare", base, head, "--format", "markdown", "--out", folder + "/pr.md",
                                            "--plots", folder + "/plots"])
        XCTAssertEqual(markdown.status, 1, markdown.stderr)
        let document = try String(contentsOfFile: folder + "/pr.md", encoding: .utf8)
        XCTAssertTrue(document.hasPrefix("### FrameBudget comparison: 1 regressed, 0 improved, 1 unchanged"), document)
        XCTAssertTrue(document.contains("**REGRESSED**"))
        let json = try Framebudget.run(["compare", base, head, "--format", "json"])
        XCTAssertEqual(json.status, 1)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let strided = (report["benchmarks"] as! [[String: Any]]).first { $0["id"] as? String == "texture-upload/optimized/256x192" }!
        XCTAssertEqual(strided["verdict"] as? String, "regressed")
        XCTAssertEqual(strided["relativeChange"] as! Double, 0.25, accuracy: 1e-9)
        try Framebudget.requireGnuplot()
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/plots/comparison.png"), markdown.stderr)
    }

    func testDifferentBenchmarkSetsAreReportedAsAddedAndRemoved() throws {
        let base = try ResultsFixtures.write(to: folder + "/base.json", runID: "base", drop: ["texture-upload/memcpy/256x192"])
        let head = try ResultsFixtures.write(to: folder + "/head.json", runID: "head", drop: ["texture-upload/optimized/256x192"])
        let result = try Framebudget.run(["compare", base, head])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("added (head only): texture-upload/memcpy/256x192"), result.stdout)
        XCTAssertTrue(result.stdout.contains("removed (base only): texture-upload/optimized/256x192"))
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
        let single = (try ResultsFixtures.realRun()["benchmarks"] as! [[String: Any]])[0]["samplesNanoseconds"] as! [Double]
        let joined = (merged["benchmarks"] as! [[String: Any]])[0]["samplesNanoseconds"] as! [Double]
        XCTAssertEqual(joined, single + single)
        XCTAssertEqual(merged["runID"] as? String, "merged-r1")
    }
}
