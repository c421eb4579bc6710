import Foundation
import Results
import XCTest

/// The results files committed in `Schemas/examples/` (written by real `framebudget run`s, one of them by a build
/// older than the typed model) read and write back byte for byte: the typed model writes the format it always did.
final class ResultsExamplesTests: XCTestCase {
    private static let examples = RealRun.repositoryRoot + "/Schemas/examples"

    private func example(_ name: String) throws -> (path: String, bytes: Data) {
        let path = "\(Self.examples)/\(name)"
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testEveryCommittedExampleReEncodesByteIdentically() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names.count, 3, "complete, interrupted, interrupted before the signal field: \(names)")
        for name in names {
            let (path, bytes) = try example(name)
            let run = try ResultsFile.decode(bytes, path: path)
            XCTAssertEqual(String(decoding: try ResultsFile.encode(run), as: UTF8.self), String(decoding: bytes, as: UTF8.self), name)
        }
    }

    func testTheExamplesValidateAgainstTheCommittedSchema() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples).filter { $0.hasSuffix(".json") }.sorted()
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py"] + names.map { "\(Self.examples)/\($0)" })
        XCTAssertEqual(status, 0, output)
    }

    /// The schema refuses a whole number no field of the tool holds, as the tool does (validate.py said "valid" of
    /// 2⁶³ iterations, which every reader refuses).
    func testTheSchemaRefusesWholeNumbersPastTheToolsRange() throws {
        let text = try String(contentsOfFile: Self.examples + "/results-complete.json", encoding: .utf8)
        let path = NSTemporaryDirectory() + "fb-schema-range-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let range = try XCTUnwrap(text.range(of: "\"threads\" : 1"))
        try text.replacingCharacters(in: range, with: "\"threads\" : 9223372036854775808").write(toFile: path, atomically: true, encoding: .utf8)
        let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
        XCTAssertEqual(status, 1, output)
        XCTAssertThrowsError(try ResultsFile.read(from: path), "the tool refuses it too")
    }

    /// NaN, Infinity and a number past a double's range are not JSON: validate.py (whose Python reads them) and
    /// the tool both refuse them.
    func testTheValidatorRefusesNumbersThatAreNotJSONAsTheToolDoes() throws {
        let text = try String(contentsOfFile: Self.examples + "/results-complete.json", encoding: .utf8)
        let range = try XCTUnwrap(text.range(of: "\"threads\" : 1"))
        for (token, reason) in [("NaN", "NaN is not a JSON number"), ("-Infinity", "-Infinity is not a JSON number"),
                                ("1e400", "1e400 is out of the range of a double")] {
            let path = NSTemporaryDirectory() + "fb-schema-number-\(UUID().uuidString).json"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try text.replacingCharacters(in: range, with: "\"threads\" : \(token)").write(toFile: path, atomically: true, encoding: .utf8)
            let (status, output) = try RealRun.python([RealRun.repositoryRoot + "/Schemas/validate.py", path])
            XCTAssertEqual(status, 1, output)
            XCTAssertTrue(output.contains("invalid: not JSON (\(reason)"), output)
            XCTAssertThrowsError(try ResultsFile.read(from: path), "the tool refuses it too")
        }
    }

    func testTheModesReadAsTypes() throws {
        let (path, bytes) = try example("results-complete.json")
        let run = try ResultsFile.decode(bytes, path: path)
        XCTAssertEqual(run.settings.cacheMode, .warm)
        XCTAssertEqual(run.settings.counters, .papi)
        XCTAssertEqual(run.benchmarks.compactMap(\.frameLoop).map(\.policy), [.drop])
        XCTAssertEqual(Set(run.benchmarks.compactMap(\.throughput?.bound)), [.memory, .compute])
        XCTAssertNil(run.interruptingSignal)
    }

    func testAFileWrittenBeforeTheSignalFieldStillReadsWithoutOne() throws {
        let (path, bytes) = try example("results-interrupted-before-signal-field.json")
        let run = try ResultsFile.decode(bytes, path: path)
        XCTAssertFalse(run.complete)
        XCTAssertEqual(run.incompleteReason, "interrupted by SIGTERM")
        XCTAssertNil(run.interruptingSignal, "an old file says it only in words")
    }

    func testTheInterruptingSignalIsAFieldOfTheFile() throws {
        let (path, bytes) = try example("results-interrupted.json")
        let run = try ResultsFile.decode(bytes, path: path)
        XCTAssertEqual(run.interruptingSignal, .sigterm)
        XCTAssertEqual(run.interruptingSignal?.exitStatus, 143)
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains(#""interruptingSignal" : "SIGTERM""#))
    }

    func testSignalsMapToTheirNumbersAndExitStatuses() {
        XCTAssertEqual(InterruptingSignal(number: SIGINT), .sigint)
        XCTAssertEqual(InterruptingSignal(number: SIGTERM), .sigterm)
        XCTAssertNil(InterruptingSignal(number: SIGHUP))
        XCTAssertEqual(InterruptingSignal.allCases.map(\.exitStatus), [130, 143])
    }
}
