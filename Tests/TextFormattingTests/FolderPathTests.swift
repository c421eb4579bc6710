import TextFormatting
import XCTest

final class FolderPathTests: XCTestCase {
    func testAFileInAFolderHasOneSeparatorWhateverTheFolderEndsWith() {
        XCTAssertEqual(FolderPath.joined("review", "report.html"), "review/report.html")
        XCTAssertEqual(FolderPath.joined("review/", "report.html"), "review/report.html")
        XCTAssertEqual(FolderPath.joined("/tmp/r//", "report.html"), "/tmp/r/report.html")
        XCTAssertEqual(FolderPath.joined("/", "report.html"), "/report.html")
    }
}
