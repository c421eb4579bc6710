import TextFormatting
import XCTest

/// Run labels that tell runs apart: a commit alone, or with its runs' ids when several runs share it.
final class RunLabelsTests: XCTestCase {
    func testRunsOfOneCommitAreToldApartByTheirRunIDs() {
        XCTAssertEqual(RunLabels.distinct(commits: ["89221147b6b2", "89221147b6b2", "aaaaaaa1234", nil],
                                           runIDs: ["hist1", "hist2", "hist3", "20261206-150629-abcdef"]),
                       ["8922114 hist1", "8922114 hist2", "aaaaaaa", "20261206-150"])
    }

    func testNightlyRunIDsOfOneCommitAreToldApartPastTheirSharedPrefix() {
        // Their first 12 characters both read "nightly-2026".
        XCTAssertEqual(RunLabels.distinct(commits: ["c22a85b5b6e5", "c22a85b5b6e5"],
                                           runIDs: ["nightly-20261206-194629-c2bb40", "nightly-20261206-195522-9e1f07"]),
                       ["c22a85b 194629-c2bb4", "c22a85b 195522-9e1f0"])
        XCTAssertEqual(RunLabels.shortRunIDs(["night-a-x", "night-a-x"]), ["night-a-x", "night-a-x"], "one run twice")
        XCTAssertEqual(RunLabels.shortRunIDs(["aaaaaaaaaaaaaaaa1", "aaaaaaaaaaaaaaaa2"]), ["aaaaaaaaaaa1", "aaaaaaaaaaa2"],
                       "no '-' to cut at: the last characters")
        XCTAssertEqual(RunLabels.shortRunIDs(["aaaaaaaaaaaaa1bbbbbbbbbbbbb", "aaaaaaaaaaaaa2bbbbbbbbbbbbb"]),
                       ["aaaaaaaaaaaaa1bbbbbbbbbbbbb", "aaaaaaaaaaaaa2bbbbbbbbbbbbb"], "nothing shorter tells them apart: whole")
        // An id of another shape on another commit leaves the nightly ids of this commit as they read alone.
        XCTAssertEqual(RunLabels.distinct(commits: ["c22a85b5b6e5", "c22a85b5b6e5", "aaaaaaa1234"],
                                           runIDs: ["nightly-20261206-194629-c2bb40", "nightly-20261206-195522-9e1f07",
                                                    "20261207-010203-abcdef"]),
                       ["c22a85b 194629-c2bb4", "c22a85b 195522-9e1f0", "aaaaaaa"])
    }
}
