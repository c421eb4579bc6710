import Foundation
import History
import HistoryExport
import XCTest

/// The site as a browser shows it: a page of the synthetic history loaded in headless Chromium logs no console
/// message (no error, no failed load), keeps its plot in the DOM, and its screenshot is the plot, in its colours.
final class HistorySiteBrowserTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try SyntheticHistory.folder("site-browser") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func chromium() throws -> String {
        try ExternalTools.require("chromium", installedBy: "make deps installs Debian's chromium")
    }

    /// Chromium headless on `page`, with `mode` (`--dump-dom`, `--screenshot=…`), in a profile of its own.
    private func load(_ page: String, _ mode: String) throws -> ExternalTools.Result {
        try ExternalTools.run(try chromium(), [
            "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--no-first-run",
            "--user-data-dir=\(folder)/profile", "--window-size=1000,640", mode, URL(fileURLWithPath: page).absoluteString,
        ])
    }

    /// The lines in which Chromium logs a page's console messages (`…:INFO:CONSOLE:12] "…", source: …`).
    private func consoleMessages(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") }
    }

    func testTheConsoleCheckCatchesAPageThatLogsAnError() throws {
        let page = folder + "/control.html"
        try "<!DOCTYPE html><title>control</title><script>console.error('control error')</script>"
            .write(toFile: page, atomically: true, encoding: .utf8)
        let result = try load(page, "--dump-dom")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(consoleMessages(result.stderr).count, 1, "the control's error is seen: \(result.stderr.suffix(2000))")
    }

    func testTheColourCheckCatchesABlankScreenshot() throws {
        let page = folder + "/blank.html", png = folder + "/blank.png"
        try "<!DOCTYPE html><title>blank</title>".write(toFile: page, atomically: true, encoding: .utf8)
        XCTAssertEqual(try load(page, "--screenshot=\(png)").status, 0)
        let colours = try PNGColours.read(png)
        XCTAssertLessThanOrEqual(colours.distinct, 2, "\(colours)")
        XCTAssertEqual(colours.pixels(near: TrendColour.median), 0)
    }

    func testASeriesPageLoadsWithoutConsoleMessagesAndShowsThePlot() throws {
        let page = try writeSite()
        let dom = try load(page, "--dump-dom")
        XCTAssertEqual(dom.status, 0, dom.stderr)
        XCTAssertEqual(consoleMessages(dom.stderr), [])
        XCTAssertTrue(dom.stdout.contains("<polygon class=\"band\""), "the band is in the DOM Chromium built")
        XCTAssertEqual(dom.stdout.components(separatedBy: "<g class=\"change-point\">").count - 1, 2)
        let index = try load(folder + "/site/index.html", "--dump-dom")
        XCTAssertEqual(consoleMessages(index.stderr), [])
        XCTAssertFalse(index.stdout.contains("<img"), "the markup in an id stays text")
    }

    func testTheScreenshotIsThePlotInItsColours() throws {
        let page = try writeSite()
        let png = folder + "/page.png"
        let shot = try load(page, "--screenshot=\(png)")
        XCTAssertEqual(shot.status, 0, shot.stderr)
        XCTAssertEqual(consoleMessages(shot.stderr), [])
        let colours = try PNGColours.read(png)
        XCTAssertGreaterThan(colours.distinct, 50, "not a blank page: \(colours)")
        for (name, colour) in [("median", TrendColour.median), ("change point", TrendColour.step), ("budget", TrendColour.budget)] {
            XCTAssertGreaterThan(colours.pixels(near: colour), 100, "\(name) \(colour) drawn: \(colours)")
        }
        if let keep = ProcessInfo.processInfo.environment["FRAMEBUDGET_SITE_SCREENSHOT"] {
            _ = try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: png, toPath: keep)
        }
    }

    /// Writes the site of the synthetic history; returns the colormap page of its "Test CPU" class.
    private func writeSite() throws -> String {
        let history = try SyntheticHistory.write(to: folder + "/history.sqlite")
        let series = try SiteSeries.all(in: history, budgets: [SyntheticHistory.colormap: SyntheticHistory.colormapBudget])
        try HistorySite.write(series, into: folder + "/site")
        let colormap = try XCTUnwrap(series.first { $0.benchmarkID == SyntheticHistory.colormap && $0.machineName == "Test CPU" })
        return folder + "/site/" + HistorySite.pageName(colormap)
    }
}

/// The trend's colours (TrendSVG's), as RGB.
enum TrendColour {
    static let median = [8, 81, 156], step = [230, 85, 13], budget = [203, 24, 29]
}

/// The colours of a PNG, decoded by python3's zlib (no imaging library needed): how many distinct ones, and how many
/// pixels lie near each colour asked for.
struct PNGColours: CustomStringConvertible {
    let distinct: Int
    let histogram: [[Int]: Int]

    func pixels(near colour: [Int], tolerance: Int = 12) -> Int {
        histogram.filter { zip($0.key, colour).allSatisfy { abs($0 - $1) <= tolerance } }.values.reduce(0, +)
    }

    var description: String { "\(distinct) distinct colours, the most frequent \(histogram.sorted { $0.value > $1.value }.prefix(5))" }

    static func read(_ path: String) throws -> PNGColours {
        let python = try ExternalTools.require("python3", installedBy: "python3 comes with the toolchain's image")
        let result = try ExternalTools.run(python, ["-c", decoder, path])
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
              let pairs = try JSONSerialization.jsonObject(with: data) as? [[Int]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(path): \(result.stderr)"])
        }
        let histogram = Dictionary(pairs.map { (Array($0.prefix(3)), $0[3]) }, uniquingKeysWith: +)
        return PNGColours(distinct: histogram.count, histogram: histogram)
    }

    /// Prints `[[r, g, b, count], …]` of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes).
    static let decoder = """
        import json, struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8]); body = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR': width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if kind == b'IDAT': idat += body
            pos += 12 + length
        assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
        bpp = 3 if colour == 2 else 4
        raw, stride, previous, counts = zlib.decompress(idat), width * bpp, bytearray(width * bpp), {}
        for y in range(height):
            kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0; b = previous[i]; c = previous[i - bpp] if i >= bpp else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(0, stride, bpp):
                key = bytes(line[x:x + 3]); counts[key] = counts.get(key, 0) + 1
            previous = line
        print(json.dumps([list(k) + [v] for k, v in counts.items()]))
        """
}
