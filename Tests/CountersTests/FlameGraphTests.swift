@testable import Counters
import XCTest

/// Folding of perf script output and the flame-graph layout and drawing, on the committed sample (Golden/).
final class FlameGraphTests: XCTestCase {
    func golden(_ name: String) throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Golden/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testPerfScriptFoldsIntoTheHandWorkedStacks() throws {
        let folded = FoldedStacks.fromPerfScript(try golden("perf-script.txt"))
        XCTAssertEqual(folded.text, try golden("expected.folded"))
        XCTAssertEqual(folded.total, 4)
    }

    /// OpenBLAS's idle workers spin in sched_yield under frames perf cannot name; a benchmark thread that yields has
    /// its own frames above the call, and stays.
    func testIdleThreadsYieldingAreLeftOutAndABenchmarkThatYieldsStays() throws {
        let stacks = try FoldedStacks(parsingFolded: """
            framebudget;[unknown];__sched_yield 10
            framebudget;[unknown];__sched_yield;entry_SYSCALL_64_after_hwframe;do_syscall_64;do_sched_yield 123
            framebudget;[libopenblas.so.0];sched_yield 4
            framebudget;main;FingerDetector.raisedFingers 300
            framebudget;main;Worker.wait;sched_yield 7
            framebudget;[unknown];memcpy 2
            """)
        let (kept, leftOut) = stacks.withoutIdleYielding()
        XCTAssertEqual(leftOut, 137)
        XCTAssertEqual(kept.counts, ["framebudget;main;FingerDetector.raisedFingers": 300, "framebudget;main;Worker.wait;sched_yield": 7,
                                     "framebudget;[unknown];memcpy": 2])
    }

    func testFoldedTextRoundTripsAndRejectsALineWithoutCount() throws {
        let text = try golden("expected.folded")
        XCTAssertEqual(try FoldedStacks(parsingFolded: text).text, text)
        XCTAssertThrowsError(try FoldedStacks(parsingFolded: "a;b 2\na;c\n")) {
            XCTAssertTrue("\($0)".contains("line 2"), "\($0)")
        }
    }

    func testSymbolsAreRenamedThroughTheDemanglerMapAndSemicolonsCannotSplitAFrame() throws {
        let folded = FoldedStacks.fromPerfScript(try golden("perf-script.txt")) {
            $0 == "$s8HotPaths8colormapyyF" ? "HotPaths.colormap(a;b)" : $0
        }
        XCTAssertEqual(folded.counts["framebudget;__libc_start_main;main;HotPaths.colormap(a:b)"], 2)
    }

    func testSwiftDemanglerReadsMangledNames() throws {
        guard ExternalTool.locate("swift-demangle") != nil else { throw XCTSkip("swift-demangle not installed") }
        let names = SymbolDemangler.demangle(["$s8HotPaths8colormapyyF", "main"])
        XCTAssertEqual(names["$s8HotPaths8colormapyyF"], "colormap()")
        XCTAssertNil(names["main"], "C names pass unchanged")
    }

    /// The optimizer's copies of one function (`…TA`, `…TA.18`) read the same once simplified: each keeps its suffix.
    func testCopiesOfOneFunctionKeepTheirSuffixesWhenTheyWouldReadTheSame() throws {
        guard ExternalTool.locate("swift-demangle") != nil else { throw XCTSkip("swift-demangle not installed") }
        let names = SymbolDemangler.demangle(["$s8HotPaths8colormapyyF", "$s8HotPaths8colormapyyF.18", "$s8HotPaths4fuseyyF"])
        XCTAssertEqual(names["$s8HotPaths8colormapyyF"], "colormap()")
        XCTAssertEqual(names["$s8HotPaths8colormapyyF.18"], "colormap() [.18]")
        XCTAssertEqual(names["$s8HotPaths4fuseyyF"], "fuse()", "a name read once keeps its plain form")
    }

    func testLayoutStacksChildrenInNameOrderOverTheirParents() throws {
        let frames = FlameGraphLayout.frames(try FoldedStacks(parsingFolded: try golden("expected.folded")))
        XCTAssertEqual(frames, [
            FlameFrame(name: "all", depth: 0, start: 0, width: 4),
            FlameFrame(name: "framebudget", depth: 1, start: 0, width: 4),
            FlameFrame(name: "__libc_start_main", depth: 2, start: 0, width: 3, path: "framebudget;__libc_start_main"),
            FlameFrame(name: "main", depth: 3, start: 0, width: 3, path: "framebudget;__libc_start_main;main"),
            FlameFrame(name: "$s8HotPaths8colormapyyF", depth: 4, start: 0, width: 3,
                       path: "framebudget;__libc_start_main;main;$s8HotPaths8colormapyyF"),
            FlameFrame(name: "__memmove_avx_unaligned_erms", depth: 5, start: 0, width: 1,
                       path: "framebudget;__libc_start_main;main;$s8HotPaths8colormapyyF;__memmove_avx_unaligned_erms"),
            FlameFrame(name: "start_thread", depth: 2, start: 3, width: 1, path: "framebudget;start_thread"),
            FlameFrame(name: "[libopenblas.so.0]", depth: 3, start: 3, width: 1, path: "framebudget;start_thread;[libopenblas.so.0]"),
        ])
        XCTAssertEqual(FlameGraphLayout.frames(FoldedStacks()), [])
    }

    func testSVGPlacesBoxesProportionallyWithTheRootAtTheBottom() throws {
        let frames = FlameGraphLayout.frames(try FoldedStacks(parsingFolded: try golden("expected.folded")))
        let svg = FlameGraphSVG().render(frames, title: "a <b>")
        // 1180 px for 4 samples: 295 px per sample; 6 levels: height 30 + 6·16 + 20 = 146; the root sits at y 120.
        XCTAssertTrue(svg.contains("height=\"146.00\""))
        XCTAssertTrue(svg.contains("<rect x=\"10.00\" y=\"120.00\" width=\"1180.00\""), svg)
        XCTAssertTrue(svg.contains("<rect x=\"895.00\" y=\"88.00\" width=\"295.00\""), "start_thread: 4th sample, depth 2")
        XCTAssertEqual(svg.components(separatedBy: "<g>").count - 1, 8)
        XCTAssertTrue(svg.contains("<title>main (3 samples, 75.00%)</title>"))
        XCTAssertTrue(svg.contains("a &lt;b&gt;"), "titles are escaped")
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
    }

    func testFramesNarrowerThanAPixelAreLeftOutAndTheGraphIsAsTallAsWhatIsDrawn() throws {
        // 2000 samples of a shallow kernel and one of a stack 60 levels deep (0.59 px wide in 1180 px).
        let deep = (0..<60).map { "f\($0)" }.joined(separator: ";")
        let stacks = try FoldedStacks(parsingFolded: "bin;main;kernel 2000\nbin;main;\(deep) 1\n")
        let svg = FlameGraphSVG().render(FlameGraphLayout.frames(stacks), title: "t")
        XCTAssertTrue(svg.contains("height=\"114.00\""), "3 levels drawn: 30 + 3·16 + 20, not 62 levels")
        XCTAssertFalse(svg.contains("<title>f0 "), "the 1-sample stack is not drawn")
        XCTAssertTrue(svg.contains("<title>kernel (2000 samples"))
        var everything = FlameGraphSVG()
        everything.minimumWidth = 0
        XCTAssertTrue(everything.render(FlameGraphLayout.frames(stacks), title: "t").contains("<title>f59 (1 sample"))
    }

    func testLabelsAreShortenedToFitAndDroppedWhenTooNarrow() {
        let renderer = FlameGraphSVG()
        XCTAssertEqual(renderer.label("abcdefghij", fitting: 6 + 6 * FlameGraphSVG.characterWidth), "abcd..")
        XCTAssertEqual(renderer.label("abc", fitting: 100), "abc")
        XCTAssertNil(renderer.label("abcdef", fitting: 10))
        XCTAssertEqual(renderer.color("main"), renderer.color("main"))
    }
}
