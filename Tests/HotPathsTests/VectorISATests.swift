import XCTest
@testable import HotPaths

/// The run-time choice of vector path: what the machine supports, forcing one, and refusing what it cannot run.
final class VectorISATests: XCTestCase {
    func testPortableIsSupportedEverywhereAndListedFirst() {
        XCTAssertEqual(VectorISA.supported.first, .portable)
        XCTAssertTrue(VectorISA.portable.isSupported)
        XCTAssertEqual(VectorISA.best, VectorISA.supported.last)
    }

    func testSupportedPathsFollowTheCPUFlags() throws {
        let flags = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("flags") }.map { Set($0.split(separator: " ").map(String.init)) }
        guard let flags else { throw XCTSkip("no flags line in /proc/cpuinfo (not x86 Linux)") }
        XCTAssertEqual(VectorISA.avx2.isSupported, flags.contains("avx2") && flags.contains("bmi2"))
        XCTAssertEqual(VectorISA.avx512.isSupported,
                       ["avx512f", "avx512bw", "avx512dq", "avx512vl"].allSatisfy(flags.contains))
    }

    func testSelectingAPathMakesItActiveAndAnUnsupportedOneIsRefused() throws {
        let before = VectorISA.active
        defer { try? VectorISA.select(before) }
        try VectorISA.select(.portable)
        XCTAssertEqual(VectorISA.active, .portable)
        XCTAssertEqual(DepthColormap(sourceWidth: 4, sourceHeight: 4).isa, .portable, "kernels take the active path")
        if let missing = VectorISA.allCases.first(where: { !$0.isSupported }) {
            XCTAssertThrowsError(try VectorISA.select(missing)) {
                XCTAssertEqual($0 as? VectorISAError, .unsupported(missing))
            }
        }
    }

    func testErrorsNameTheVariableAndTheChoices() {
        XCTAssertEqual(VectorISAError.unknown("sse9").description,
                       "FRAMEBUDGET_ISA: 'sse9' is not a vector path (portable, avx2, avx512)")
        XCTAssertTrue(VectorISAError.unsupported(.avx512).description.contains("it runs: portable"))
    }
}
