import XCTest
import Measurement

final class IDFilterTests: XCTestCase {
    let ids = ["colormap/optimized/256x192", "colormap/reference/256x192", "nms/optimized/sweep-100", "nms/optimized/typical-8400"]

    func testNoPatternSelectsEverything() {
        XCTAssertTrue(ids.allSatisfy(IDFilter([]).matches))
    }

    func testPlainHotPathSelectsItsWholeFamilyButNotAPrefixOfAnotherName() {
        let filter = IDFilter(["colormap"])
        XCTAssertEqual(ids.filter(filter.matches).count, 2)
        XCTAssertFalse(IDFilter(["color"]).matches("colormap/optimized/256x192"))
    }

    func testGlobsMatchAcrossSlashes() {
        XCTAssertEqual(ids.filter(IDFilter(["*/optimized/*"]).matches).count, 3)
        XCTAssertEqual(ids.filter(IDFilter(["nms/*/sweep-?00"]).matches), ["nms/optimized/sweep-100"])
        XCTAssertEqual(ids.filter(IDFilter(["*8400"]).matches), ["nms/optimized/typical-8400"])
    }

    func testUnmatchedPatternsAreNamed() {
        XCTAssertEqual(IDFilter(["nms", "fusion/*", "colormap/optimized/256x192"]).unmatchedPatterns(in: ids), ["fusion/*"])
    }
}
