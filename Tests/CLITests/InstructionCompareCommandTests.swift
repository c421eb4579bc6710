import Foundation
import XCTest

/// `framebudget compare --mode instructions` on small results files: the real run's document with valgrind
/// instruction counts and per-function files (`instructions/<id>/functions.tsv`) written in.
final class InstructionCompareCommandTests: XCTestCase {
    private var folder = ""
    private let optimized = "texture-upload/optimized/256x192"
    private let memcpy = "texture-upload/memcpy/256x192"

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-icompare-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A run folder `name` whose benchmarks carry `Ir` = the sum of their functions, and those functions' file.
    private func run(_ name: String, functions: [String: [(String, Double)]], listFiles: Bool = true) throws -> String {
        var json = try ResultsFixtures.realRun()
        json["runID"] = name
        var benchmarks = json["benchmarks"] as! [[String: Any]]
        for index in benchmarks.indices {
            let id = benchmarks[index]["id"] as! String
            guard let list = functions[id] else { benchmarks[index]["counters"] = []; continue }
            let total = list.map(\.1).reduce(0, +)
            benchmarks[index]["counters"] = [["name": "Ir", "perIteration": total, "source": "callgrind"]]
            let file = "instructions/\(id)/functions.tsv"
            if listFiles { benchmarks[index]["artifacts"] = ["instructions-by-function": file] }
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)/instructions/\(id)", withIntermediateDirectories: true)
            let lines = list.map { "\(Int($0.1))\t\($0.0)\t\($0.0)()" }
            try (["# instructions-per-iteration\tsymbol\tfunction"] + lines).joined(separator: "\n")
                .write(toFile: "\(folder)/\(name)/\(file)", atomically: true, encoding: .utf8)
        }
        json["benchmarks"] = benchmarks
        try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true)
        let path = "\(folder)/\(name)/results.json"
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    private var baseFunctions: [String: [(String, Double)]] {
        [optimized: [("copyRows", 20_000), ("memmove", 8_509)], memcpy: [("memmove", 196_718)]]
    }

    func testIdenticalCountsAreUnchangedForEveryBenchmarkAndExitZero() throws {
        let base = try run("base", functions: baseFunctions)
        let head = try run("head", functions: baseFunctions)
        let result = try Framebudget.run(["compare", "--mode", "instructions", base, head])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("2 benchmarks: 0 regressed, 0 improved, 0 below threshold, 2 unchanged"), result.stdout)
    }

    func testOnePercentMoreInstructionsInOneKernelRegressesNamesItsFunctionAndExitsOne() throws {
        let base = try run("base", functions: baseFunctions)
        var changed = baseFunctions
        changed[optimized] = [("copyRows", 20_285), ("memmove", 8_509)]   // +285 = +1.0% of 28,509
        let head = try run("head", functions: changed)
        let result = try Framebudget.run(["compare", "--mode", "instructions", base, head, "--format", "markdown",
                                          "--out", folder + "/pr.md"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let document = try String(contentsOfFile: folder + "/pr.md", encoding: .utf8)
        XCTAssertTrue(document.contains("| `\(optimized)` | 28,509 | 28,794 | +1.00% | **REGRESSED** |"), document)
        XCTAssertTrue(document.contains("| `copyRows()` | 20,000 | 20,285 | +285 |"), document)
        XCTAssertTrue(result.stdout.contains("1 regressed"), "the summary still goes to stdout with --out")
        let lenient = try Framebudget.run(["compare", "--mode", "instructions", base, head, "--instruction-threshold", "2%"])
        XCTAssertEqual(lenient.status, 0, lenient.stdout)
        XCTAssertTrue(lenient.stdout.contains("1 below threshold"), lenient.stdout)
    }

    func testAResultsFileWithoutInstructionCountsIsBadInputNamingTheFile() throws {
        let base = try run("base", functions: [:])
        let head = try run("head", functions: baseFunctions)
        let result = try Framebudget.run(["compare", "--mode", "instructions", base, head])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("\(base): no instruction counts"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testAListedButMalformedFunctionsFileIsBadInputNamingTheFile() throws {
        let base = try run("base", functions: baseFunctions)
        let head = try run("head", functions: baseFunctions)
        let broken = "\(folder)/head/instructions/\(memcpy)/functions.tsv"
        try "12 not tab separated\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let result = try Framebudget.run(["compare", "--mode", "instructions", base, head])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("\(broken): line 1 is not"), result.stderr)
    }
}
