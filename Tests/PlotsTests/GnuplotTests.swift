import Foundation
import XCTest
@testable import Plots

final class GnuplotTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "fb-plots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testRendersPNGAndSVGFromDataFilesReadByBareName() throws {
        try XCTSkipIf(Gnuplot.executable == nil, "gnuplot is installed by `make deps`")
        let spec = PlotSpec(name: "line", title: "a line", script: "plot 'line.dat' using 1:2 with lines title 'y = 2x'",
                            dataFiles: ["line.dat": "0 0\n1 2\n2 4\n"])
        let images = try Gnuplot.render(spec, into: directory)
        XCTAssertEqual(images, ["line.png", "line.svg"])
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/line.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG signature")
        let svg = try String(contentsOfFile: "\(directory)/line.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"))
        XCTAssertTrue(svg.contains("y = 2x"), "the legend comes from the script")
    }

    func testAGnuplotErrorIsReportedWithItsMessageAndLeavesNoImage() throws {
        try XCTSkipIf(Gnuplot.executable == nil, "gnuplot is installed by `make deps`")
        let spec = PlotSpec(name: "broken", title: "broken", script: "plot 'missing.dat' using 1:2")
        XCTAssertThrowsError(try Gnuplot.render(spec, into: directory)) { error in
            guard case let PlotError.gnuplotFailed(plot, message) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(plot, "broken")
            XCTAssertTrue(message.contains("missing.dat"), message)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("broken") }
        XCTAssertEqual(left, [])
    }
}
