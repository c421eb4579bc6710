import TextFormatting
import XCTest

/// Golden values: the FNV-1a test vectors of the FNV reference (draft-eastlake-fnv, "" / "a" / "foobar"), and for
/// the non-ASCII and machine-class strings `make_fnv_golden.py` beside this file.
final class FNV1aTests: XCTestCase {
    func testSixtyFourBitVectors() {
        XCTAssertEqual(FNV1a.hash64(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(FNV1a.hash64("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(FNV1a.hash64("foobar"), 0x8594_4171_f739_67e8)
        XCTAssertEqual(FNV1a.hash64("µs"), 0x689b_bd1c_22e9_4db9)
        XCTAssertEqual(FNV1a.hash64("cpu=x; cores=2"), 0x0984_8a1c_5adf_98ee)
    }

    func testThirtyTwoBitVectors() {
        XCTAssertEqual(FNV1a.hash32(""), 0x811c_9dc5)
        XCTAssertEqual(FNV1a.hash32("a"), 0xe40c_292c)
        XCTAssertEqual(FNV1a.hash32("foobar"), 0xbf9c_f968)
        XCTAssertEqual(FNV1a.hash32("µs"), 0x5220_2cd9)
    }

    func testHexIsAlwaysSixteenDigits() {
        XCTAssertEqual(FNV1a.hex(0), "0000000000000000")
        XCTAssertEqual(FNV1a.hex(FNV1a.hash64("cpu=x; cores=2")), "09848a1c5adf98ee")
        XCTAssertEqual(FNV1a.hex(UInt64.max), "ffffffffffffffff")
    }
}
