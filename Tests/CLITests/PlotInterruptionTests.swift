import Foundation
import XCTest

/// A command interrupted while gnuplot renders (`compare --plots`, `history plot`) stops gnuplot before it removes
/// the image gnuplot was writing: left running, gnuplot wrote its temporary file again after the removal and
/// outlived the command (4 of 20 interrupted `compare --plots` left a `.comparison.svg.<pid>.tmp`).
///
/// gnuplot here is a stand-in on `PATH` that announces itself, starts its output file and then takes its time, so
/// that the signal comes while it renders (the real gnuplot is too quick to be caught so without a race).
final class PlotInterruptionTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "fb-plot-signal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try """
            #!/bin/sh
            out=$(sed -n "s/^set output '\\(.*\\)'$/\\1/p" | head -n 1)
            echo started > "$out"
            echo $$ > "$FB_TEST_GNUPLOT_PID"
            sleep 20
            echo "written after the command stopped" > "$out"
            """.write(toFile: folder + "/bin/gnuplot", atomically: true, encoding: .utf8)
        chmod(folder + "/bin/gnuplot", 0o755)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testSIGINTWhileGnuplotRendersStopsItAndLeavesNoTemporaryFile() throws {
        let base = try ResultsFixtures.mergedSide(in: folder, name: "base", levels: [1.0, 1.004, 0.997])
        let head = try ResultsFixtures.mergedSide(in: folder, name: "head", levels: [0.998, 1.003, 1.001])
        let pidFile = folder + "/gnuplot.pid", plots = folder + "/plots", log = folder + "/compare.err"
        FileManager.default.createFile(atPath: log, contents: nil)
        let compare = try Framebudget.start(["compare", base, head, "--plots", plots],
                                            stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: log)),
                                            environment: ["PATH": folder + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
                                                          "FB_TEST_GNUPLOT_PID": pidFile])
        let deadline = Date().addingTimeInterval(60)
        var gnuplot: pid_t?
        while gnuplot == nil {
            guard compare.isRunning, Date() < deadline else { return XCTFail("gnuplot never started") }
            gnuplot = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            usleep(10_000)
        }
        kill(compare.processIdentifier, SIGINT)
        compare.waitUntilExit()
        XCTAssertEqual(compare.terminationStatus, 130)
        // The plot folder is staged and moved in whole: a stop while gnuplot draws leaves none (it left the data files
        // and a PNG without its SVG).
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "framebudget: SIGINT: stopped; nothing was left half-written\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: plots), "no half-drawn plot folder")
        // Reparented and reaped once the command has gone: a moment, not the stand-in's 20 s.
        let gone = Date().addingTimeInterval(5)
        while kill(gnuplot!, 0) == 0 && Date() < gone { usleep(20_000) }
        XCTAssertNotEqual(kill(gnuplot!, 0), 0, "gnuplot stopped with the command")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: plots)) ?? []
        XCTAssertEqual(left.filter { $0.hasSuffix(".tmp") }, [], "no temporary image left")
    }

    /// A gnuplot that is gone before the script is written to it (killed by the same Ctrl-C, as a terminal signals
    /// the whole process group): the write fails and the plot is skipped with its reason. SIGPIPE killed the command
    /// instead (exit 141, nothing said, its staging folder left behind: 2 of 100 interrupted `report`s).
    func testAGnuplotGoneBeforeItsScriptIsWrittenIsAPlotFailureNotASIGPIPE() throws {
        let gone = folder + "/gone"
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
        try "#!/bin/sh\nexec 0<&-\nsleep 1\nexit 1\n".write(toFile: gone + "/gnuplot", atomically: true, encoding: .utf8)
        chmod(gone + "/gnuplot", 0o755)
        let results = try ResultsFixtures.write(to: folder + "/results.json", runID: "r1")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let report = try Framebudget.run(["report", results, "--out", folder + "/out"], environment: ["PATH": "\(gone):\(path)"])
        XCTAssertEqual(report.status, 0, "the reports are written without the plots: \(report.stderr)")
        XCTAssertTrue(report.stderr.contains("plot"), report.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".reports.staging") }
        XCTAssertEqual(left, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/out/report.html"))
    }
}
