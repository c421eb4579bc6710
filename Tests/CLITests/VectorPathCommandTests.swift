import Foundation
import XCTest

/// FRAMEBUDGET_ISA from the command line's side: a forced vector path is recorded with each benchmark it ran, and a
/// path that names nothing or that this CPU lacks is bad input.
final class VectorPathCommandTests: XCTestCase {
    private var reports = ""

    override func setUpWithError() throws {
        reports = NSTemporaryDirectory() + "fb-isa-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: reports)
    }

    func testAnUnknownPathIsBadInputAndNothingIsWritten() throws {
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--reports", reports, "colormap/optimized/256x192"],
                                         environment: ["FRAMEBUDGET_ISA": "sse9"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: FRAMEBUDGET_ISA: 'sse9' is not a vector path (portable, avx2, avx512)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: reports), "nothing written on bad input")
    }

    func testTheForcedPathIsRecordedWithTheBenchmarksThatDispatch() throws {
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--no-roofs", "--counters", "none",
                                          "--reports", reports, "--run-id", "forced",
                                          "colormap/*/256x192", "hash-chain/optimized/*"],
                                         environment: ["FRAMEBUDGET_ISA": "portable"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: reports + "/forced/results.json"))
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let benchmarks = try XCTUnwrap(document["benchmarks"] as? [[String: Any]])
        let parameters = Dictionary(uniqueKeysWithValues: benchmarks.map {
            ($0["id"] as? String ?? "", $0["parameters"] as? [String: String] ?? [:])
        })
        XCTAssertEqual(parameters["colormap/optimized/256x192"]?["isa"], "portable")
        XCTAssertNil(parameters["colormap/reference/256x192"]?["isa"], "the reference has no vector path")
        XCTAssertTrue(parameters["hash-chain/optimized/1920x1440-yuv420"]?["sha256"]?.hasPrefix("OpenSSL ") == true,
                      "the hash chain names its SHA-256 code")
    }
}
