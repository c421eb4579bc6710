import Foundation
import XCTest

/// OpenBLAS 0.3.21 runs its SSE3 kernels ("Prescott") on CPUs it does not know, such as the Intel Xeon model 207
/// guests: framebudget then starts itself again on OpenBLAS's AVX-512 or AVX2 kernels. Each benchmark that calls BLAS
/// records the kernels it ran (`parameters["blas"]`).
final class BLASCoreCommandTests: XCTestCase {
    private var reports = ""

    override func setUpWithError() throws {
        reports = NSTemporaryDirectory() + "fb-blas-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: reports)
    }

    func testACPUWithAVX2NeverMeasuresOpenBLASsSSE3Fallback() throws {
        let blas = try recordedBLAS(runID: "default", environment: [:])
        XCTAssertTrue(blas.hasPrefix("OpenBLAS "), blas)
        let flags = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        if flags.contains(" avx2") { XCTAssertNotEqual(blas, "OpenBLAS Prescott") }
    }

    func testOnlyTheFallbackIsReplacedAndAFamilyTheUserSetStands() throws {
        let replaced = try recordedBLAS(runID: "default", environment: [:])
        let own = try recordedBLAS(runID: "kept", environment: ["FRAMEBUDGET_KEEP_BLAS_CORE": "1"])
        if own != replaced { XCTAssertEqual(own, "OpenBLAS Prescott", "OpenBLAS's own choice is replaced only when it fell back") }
        XCTAssertEqual(try recordedBLAS(runID: "chosen", environment: ["OPENBLAS_CORETYPE": "Haswell"]), "OpenBLAS Haswell")
    }

    /// One quick run of the masks; the BLAS code its results record.
    private func recordedBLAS(runID: String, environment: [String: String]) throws -> String {
        let result = try Framebudget.run(["run", "--allow-debug", "--quick", "--no-roofs", "--counters", "none",
                                          "--reports", reports, "--run-id", runID, "mask-upsample/optimized/n=1"],
                                         environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("restarting"), result.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: reports + "/\(runID)/results.json"))
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let benchmarks = try XCTUnwrap(document["benchmarks"] as? [[String: Any]])
        let parameters = try XCTUnwrap(benchmarks.first?["parameters"] as? [String: String])
        return try XCTUnwrap(parameters["blas"], "the masks record their BLAS code")
    }
}
