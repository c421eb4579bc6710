import Foundation
import XCTest

/// Compares output with a committed golden file; `FRAMEBUDGET_RECORD_GOLDEN=1 swift test` rewrites the goldens.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func assertMatches(_ data: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let source = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FRAMEBUDGET_RECORD_GOLDEN"] == "1" {
            try data.write(to: source)
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden") else {
            return XCTFail("no golden \(name): record it with FRAMEBUDGET_RECORD_GOLDEN=1", file: file, line: line)
        }
        let golden = try Data(contentsOf: url)
        if golden != data {
            let actual = NSTemporaryDirectory() + "actual-" + name
            try data.write(to: URL(fileURLWithPath: actual))
            XCTFail("\(name) differs from its golden; actual output in \(actual) (diff it; re-record with FRAMEBUDGET_RECORD_GOLDEN=1)",
                    file: file, line: line)
        }
    }
}
