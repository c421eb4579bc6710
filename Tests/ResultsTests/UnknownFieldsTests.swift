import Foundation
import Results
import XCTest

/// A results file's fields this build does not read are named (what `merge` warns of before leaving them out); a
/// file this build wrote has none, explicit nulls included.
final class UnknownFieldsTests: XCTestCase {
    private func document(_ edit: (inout [String: Any]) -> Void) throws -> (Data, RunResults) {
        var json = try JSONSerialization.jsonObject(with: ResultsFile.encode(RealRun.make())) as! [String: Any]
        edit(&json)
        let data = try JSONSerialization.data(withJSONObject: json)
        return (data, try ResultsFile.decode(data, path: "results.json"))
    }

    func testAFileThisBuildWroteHasNoUnknownFields() throws {
        let (data, run) = try document { _ in }
        XCTAssertEqual(ResultsFile.fieldsNotRead(in: data, decodedAs: run), [])
    }

    func testNewFieldsAreNamedByPathOncePerArrayField() throws {
        let (data, run) = try document { json in
            json["futureField"] = 1
            var benchmarks = json["benchmarks"] as! [[String: Any]]
            for index in benchmarks.indices { benchmarks[index]["newStatistic"] = ["p999": 1.0] }
            json["benchmarks"] = benchmarks
            var environment = json["environment"] as! [String: Any]
            environment["gpuModel"] = "none"
            json["environment"] = environment
        }
        XCTAssertEqual(ResultsFile.fieldsNotRead(in: data, decodedAs: run),
                       ["benchmarks[].newStatistic", "environment.gpuModel", "futureField"])
    }

    func testAFieldSetToNullIsNotUnknown() throws {
        let (data, run) = try document { json in json["notes"] = NSNull() }
        XCTAssertEqual(ResultsFile.fieldsNotRead(in: data, decodedAs: run), [])
    }
}
