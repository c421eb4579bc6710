import Foundation
import XCTest
@testable import Results

/// The words a user reads for a file that is not JSON at all: what is wrong and where, never just "not valid JSON".
final class JSONSyntaxTests: XCTestCase {
    private func problem(_ text: String) -> String? { JSONSyntax.problem(in: Data(text.utf8)) }

    func testValidJSONHasNoProblem() {
        XCTAssertNil(problem(#"{"schemaVersion": 1, "benchmarks": []}"#))
        XCTAssertNil(problem("[1, 2]"))
        XCTAssertNil(problem("3"), "a fragment is JSON: what it should hold is the decoder's to say")
    }

    func testAnEmptyOrBlankFileIsCalledSo() {
        XCTAssertEqual(problem(""), "the file is empty")
        XCTAssertEqual(problem(" \n\t\r\n"), "the file holds only white space")
    }

    func testAFileCutShortIsCalledTruncated() {
        XCTAssertEqual(problem(#"{"schemaVersion": 1, "benchmarks": ["#), "not valid JSON: it ends in the middle of a value (truncated?)")
        XCTAssertEqual(problem(#"{"schemaVersion": 1, "na"#), "not valid JSON: it ends in the middle of a value (truncated?)")
    }

    func testAStrayCharacterIsPlacedByLineAndColumn() throws {
        // Line 2 is `  "x": tru }`: the parser stops after `tru`, at column 11.
        let words = try XCTUnwrap(problem("{\"schemaVersion\": 1,\n  \"x\": tru }"))
        XCTAssertEqual(words, "not valid JSON: invalid value around line 2, column 11, in x")
        XCTAssertEqual(problem("garbage"), "not valid JSON: invalid value around line 1, column 1")
    }

    func testAStrayValueNamesTheFieldItSitsIn() throws {
        let text = "{\"benchmarks\": [{\"id\": \"a\"}, {\"statistics\": {\"p50\": 1, \"median\": tru}}]}"
        let words = try XCTUnwrap(problem(text))
        XCTAssertTrue(words.hasSuffix(", in benchmarks[1].statistics.median"), words)
        XCTAssertTrue(try XCTUnwrap(problem("{\"runs\": [1, 2, x]}")).hasSuffix(", in runs[2]"))
        XCTAssertEqual(problem("garbage"), "not valid JSON: invalid value around line 1, column 1", "the top level has no field")
    }

    func testABareNaNOrInfinityIsCalledByItsNameAndPlaced() {
        XCTAssertEqual(problem("{\"stats\": {\"median\": NaN}}"), "not valid JSON: a bare NaN at line 1, column 22, "
            + "in stats.median: JSON has no NaN (FrameBudget writes it as the string \"NaN\")")
        XCTAssertEqual(problem("{\"values\": [1,\n -Infinity]}"), "not valid JSON: a bare -Infinity at line 2, column 2, "
            + "in values[1]: JSON has no -Infinity (FrameBudget writes it as the string \"-Infinity\")")
    }

    func testTheFieldOfAByteIsFoundPastEscapedQuotesAndAfterAKeyIsExpected() {
        let data = Data(#"{"a\"b": {"c": [0, {"d": 1, "#.utf8)
        XCTAssertEqual(JSONSyntax.field(atByte: data.count, in: data), #"a"b.c[1]"#, "where a key is expected: the object")
        XCTAssertNil(JSONSyntax.field(atByte: 1, in: data), "the top level object's own keys have no field")
        XCTAssertNil(JSONSyntax.field(atByte: 3, in: Data([0xFF, 0xFE, 0x7B, 0x00])), "not UTF-8: offsets are not its bytes")
    }

    func testLineAndColumnCountFromOneAfterEachNewline() {
        let data = Data("ab\ncd\n\nef".utf8)
        XCTAssertTrue(JSONSyntax.lineAndColumn(ofByte: 0, in: data) == (1, 1))
        XCTAssertTrue(JSONSyntax.lineAndColumn(ofByte: 2, in: data) == (1, 3))
        XCTAssertTrue(JSONSyntax.lineAndColumn(ofByte: 3, in: data) == (2, 1))
        XCTAssertTrue(JSONSyntax.lineAndColumn(ofByte: 7, in: data) == (4, 1))
        XCTAssertTrue(JSONSyntax.lineAndColumn(ofByte: 99, in: data) == (4, 3), "an offset past the end is the end")
    }

    func testADecodingErrorOfBytesThatAreNoJSONSaysWhatIsWrongWithThem() throws {
        struct Versioned: Decodable { var schemaVersion: Int }
        let truncated = Data(#"{"schemaVersion": 1, "bench"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(Versioned.self, from: truncated)) {
            XCTAssertEqual(ResultsFile.describe($0, decoding: truncated), "not valid JSON: it ends in the middle of a value (truncated?)")
        }
        let wrongShape = Data(#"{"schemaVersion": "one"}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(Versioned.self, from: wrongShape)) {
            XCTAssertEqual(ResultsFile.describe($0, decoding: wrongShape), "wrong type at schemaVersion: expected a number, found a string",
                           "in JSON's words, not Foundation's Swift type names")
            XCTAssertTrue(ResultsFile.describe($0, decoding: wrongShape).hasPrefix("wrong type at schemaVersion"),
                          "valid JSON of the wrong shape keeps the decoder's words: \(ResultsFile.describe($0, decoding: wrongShape))")
        }
    }
}
