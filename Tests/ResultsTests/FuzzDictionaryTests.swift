import Foundation
import XCTest

/// The results fuzzer (`make fuzz-results`) mutates towards the keys its dictionary names: a key of the schema that
/// the dictionary lacks is a part of the loader the fuzzer reaches only by chance. Thirteen had drifted out by
/// 6 Dec 2026; this keeps them in step.
final class FuzzDictionaryTests: XCTestCase {
    func testTheResultsFuzzersDictionaryNamesEveryKeyOfTheResultsSchema() throws {
        let schemaData = try Data(contentsOf: URL(fileURLWithPath: RealRun.repositoryRoot + "/Schemas/results.schema.json"))
        var schemaKeys = Set<String>()
        func collect(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { schemaKeys.formUnion(properties.keys) }
                object.values.forEach(collect)
            } else if let array = node as? [Any] {
                array.forEach(collect)
            }
        }
        collect(try JSONSerialization.jsonObject(with: schemaData))
        XCTAssertGreaterThan(schemaKeys.count, 50, "the schema's properties were read")

        let dictionary = try String(contentsOfFile: RealRun.repositoryRoot + "/Sources/ResultsFuzz/results.dict", encoding: .utf8)
        let entries = dictionary.split(separator: "\n").filter { $0.hasPrefix("key_") }
        let dictionaryKeys = Set(entries.compactMap { line -> String? in
            guard let open = line.range(of: "=\"\\\""), line.hasSuffix("\\\"\"") else { return nil }
            return String(line[open.upperBound..<line.index(line.endIndex, offsetBy: -3)])
        })
        XCTAssertEqual(dictionaryKeys.count, entries.count, "every key_ line has the form key_x=\"\\\"x\\\"\"")
        XCTAssertEqual(schemaKeys.subtracting(dictionaryKeys).sorted(), [], "keys of the schema missing from results.dict")
        XCTAssertEqual(dictionaryKeys.subtracting(schemaKeys).sorted(), [], "keys of results.dict the schema does not have")
    }
}
