import TextFormatting
import XCTest

final class DurationTextTests: XCTestCase {
    func testEachUnitStartsAtItsBoundary() {
        XCTAssertEqual(DurationText.string(nanoseconds: 0), "0.0 ns")
        XCTAssertEqual(DurationText.string(nanoseconds: 999.9), "999.9 ns")
        XCTAssertEqual(DurationText.string(nanoseconds: 1_000), "1.00 µs")
        XCTAssertEqual(DurationText.string(nanoseconds: 999_990), "999.99 µs")
        XCTAssertEqual(DurationText.string(nanoseconds: 1_000_000), "1.000 ms")
        XCTAssertEqual(DurationText.string(nanoseconds: 999_999_000), "999.999 ms")
        XCTAssertEqual(DurationText.string(nanoseconds: 1_000_000_000), "1.000 s")
        XCTAssertEqual(DurationText.string(nanoseconds: 125_000_000_000), "125.000 s")
    }

    func testTheUnitIsChosenBeforeRoundingSoAValueJustBelowABoundaryRoundsUpInItsOwnUnit() {
        XCTAssertEqual(DurationText.string(nanoseconds: 999.96), "1000.0 ns")
        XCTAssertEqual(DurationText.string(nanoseconds: 999_999.9), "1000.00 µs")
    }

    func testNegativeDurationsUseTheUnitOfTheirMagnitude() {
        XCTAssertEqual(DurationText.string(nanoseconds: -1_500), "-1.50 µs")
        XCTAssertEqual(DurationText.string(nanoseconds: -2e6), "-2.000 ms")
    }

    func testUnitGivesTheNanosecondsInOneUnit() {
        XCTAssertEqual(DurationText.unit(forNanoseconds: 999).unit, "ns")
        XCTAssertEqual(DurationText.unit(forNanoseconds: 1e3).nanoseconds, 1e3)
        XCTAssertEqual(DurationText.unit(forNanoseconds: 5e8).unit, "ms")
        XCTAssertEqual(DurationText.unit(forNanoseconds: -5e9).unit, "s")
    }
}
