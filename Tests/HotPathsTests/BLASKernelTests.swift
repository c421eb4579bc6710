import HotPaths
import XCTest

/// Which OpenBLAS kernel family the suite asks for: only in place of OpenBLAS's SSE3 fallback, by the CPU's features,
/// and never over a family the user set.
final class BLASKernelTests: XCTestCase {
    private let everyPath: [VectorISA] = [.portable, .avx2, .avx512]

    func testTheFallbackOnAnAVX512CPUGivesWayToTheSkylakeXKernels() {
        XCTAssertEqual(BLASKernel.coreToRequest(current: "Prescott", requested: nil, supported: everyPath), "SkylakeX")
    }

    func testTheFallbackOnAnAVX2CPUGivesWayToTheHaswellKernels() {
        XCTAssertEqual(BLASKernel.coreToRequest(current: "Prescott", requested: nil, supported: [.portable, .avx2]), "Haswell")
    }

    func testTheFallbackStaysOnACPUWithoutAVX2() {
        XCTAssertNil(BLASKernel.coreToRequest(current: "Prescott", requested: nil, supported: [.portable]))
    }

    func testAFamilyOpenBLASRecognisedStands() {
        for core in ["SkylakeX", "Cooperlake", "Haswell", "Zen"] {
            XCTAssertNil(BLASKernel.coreToRequest(current: core, requested: nil, supported: everyPath), core)
        }
    }

    func testAFamilyTheUserSetStandsEvenWhenItIsTheFallback() {
        XCTAssertNil(BLASKernel.coreToRequest(current: "Prescott", requested: "Prescott", supported: everyPath))
        XCTAssertEqual(BLASKernel.coreToRequest(current: "Prescott", requested: "", supported: everyPath), "SkylakeX",
                       "an empty variable is no choice")
    }

    func testTheRecordedDescriptionNamesTheLibraryAndTheFamilyInUse() {
        XCTAssertEqual(BLASKernel.description, "OpenBLAS \(BLASKernel.coreName)")
        XCTAssertNotEqual(BLASKernel.coreName, "unknown")
    }
}
