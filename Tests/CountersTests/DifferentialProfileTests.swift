import Counters
import Results
import XCTest

/// The differential profile of a regression: the function that took the added time first, shares per side, the
/// executables' names ignored, and a flame graph that colours what grew.
final class DifferentialProfileTests: XCTestCase {
    /// Base: 100 samples, `kernel` 50 self (of which `blur` 30 under it), `setup` 50. Head: `blur` doubled (60 of
    /// 130 samples' worth, the run 30% slower), under a differently named executable.
    private let base = FoldedStacks(counts: ["old;main;kernel": 20, "old;main;kernel;blur": 30, "old;main;setup": 50])
    private let head = FoldedStacks(counts: ["new;main;kernel": 20, "new;main;kernel;blur": 60, "new;main;setup": 50])

    func testTheFunctionThatAddedTheTimeComesFirstAndTheOthersKeepTheirTime() {
        let difference = DifferentialProfile.compare(id: "k/optimized/x", base: base, head: head, relativeChange: 0.30)
        XCTAssertEqual(difference.functions.first?.name, "blur")
        let byName = Dictionary(uniqueKeysWithValues: difference.functions.map { ($0.name, $0) })
        XCTAssertEqual(byName["blur"]!.baseSelf, 0.30, accuracy: 1e-12)
        XCTAssertEqual(byName["blur"]!.headSelf, 60.0 / 130, accuracy: 1e-12)
        XCTAssertEqual(byName["blur"]!.addedShareOfBase, 0.30, accuracy: 1e-12, "30 more samples of base's 100")
        XCTAssertEqual(byName["setup"]!.addedShareOfBase, 0, accuracy: 1e-12, "its share fell, its time did not")
        XCTAssertEqual(byName["kernel"]!.headTotal, 80.0 / 130, accuracy: 1e-12)
        XCTAssertEqual(byName["main"]!.baseTotal, 1, accuracy: 1e-12)
        XCTAssertNil(byName["old"], "the executable's name is not a function")
        XCTAssertEqual(difference.baseSamples, 100)
        XCTAssertEqual(difference.headSamples, 130)
    }

    func testAFunctionThatCallsItsCalleeMoreOftenIsWhereTheTimeEntersAndComesFirst() {
        // The changed code is `band`'s: it calls `palette` on more rows (palette +27 of base's 100) and spends a little
        // more itself (+12). `palette` added the most self time, but only `band` holds all of the added time.
        let base = FoldedStacks(counts: ["old;main;render;band": 10, "old;main;render;band;palette": 90])
        let head = FoldedStacks(counts: ["new;main;render;band": 22, "new;main;render;band;palette": 117])
        let difference = DifferentialProfile.compare(id: "c", base: base, head: head, relativeChange: 0.39)
        XCTAssertEqual(difference.responsible, "band")
        XCTAssertEqual(difference.functions.map(\.name).prefix(2), ["band", "palette"])
        XCTAssertEqual(difference.responsibleGrowth!, 0.39, accuracy: 1e-12)
    }

    func testACalleeThatGotSlowerItselfIsWhereTheTimeEnters() {
        let base = FoldedStacks(counts: ["old;main;render;band": 10, "old;main;render;band;palette": 90])
        let head = FoldedStacks(counts: ["new;main;render;band": 10, "new;main;render;band;palette": 130])
        let difference = DifferentialProfile.compare(id: "c", base: base, head: head, relativeChange: 0.40)
        XCTAssertEqual(difference.responsible, "palette")
        XCTAssertEqual(difference.functions.first?.name, "palette")
    }

    /// The bisect-quality case the samples decide by noise: `band` (the edited caller) calls `palette` on more rows
    /// and `palette` holds 95% of the growth, so the samples alone name `palette`; the commit's diff names `band`.
    func testTheEditedFunctionIsNamedWhenTheChangeSaysWhichItEdited() {
        let base = FoldedStacks(counts: ["old;main;render;band": 10, "old;main;render;band;palette": 90])
        let head = FoldedStacks(counts: ["new;main;render;band": 12, "new;main;render;band;palette": 128])
        let samplesAlone = DifferentialProfile.compare(id: "c", base: base, head: head, relativeChange: 0.40)
        XCTAssertEqual(samplesAlone.responsible, "palette")
        XCTAssertEqual(samplesAlone.responsibleChanged, false)
        let edited = DifferentialProfile.compare(id: "c", base: base, head: head, relativeChange: 0.40) { $0 == "band" }
        XCTAssertEqual(edited.responsible, "band")
        XCTAssertEqual(edited.responsibleChanged, true)
        XCTAssertEqual(edited.functions.first?.name, "band")
    }

    func testAnEditedFunctionThatHoldsLittleOfTheGrowthIsNotNamedForBeingEdited() {
        // `setup` was edited (a comment) and runs, but the time went into `palette`.
        let base = FoldedStacks(counts: ["old;main;setup": 50, "old;main;render;band": 10, "old;main;render;band;palette": 90])
        let head = FoldedStacks(counts: ["new;main;setup": 52, "new;main;render;band": 10, "new;main;render;band;palette": 130])
        let difference = DifferentialProfile.compare(id: "c", base: base, head: head, relativeChange: 0.28) { $0 == "setup" }
        XCTAssertEqual(difference.responsible, "palette")
        XCTAssertEqual(difference.responsibleChanged, false)
    }

    func testOfTwoEditedFunctionsTheDeepestHoldingTheGrowthIsNamed() {
        let base = FoldedStacks(counts: ["old;main;render;band": 10, "old;main;render;band;palette": 90])
        let head = FoldedStacks(counts: ["new;main;render;band": 10, "new;main;render;band;palette": 130])
        let difference = DifferentialProfile.compare(id: "c", base: base, head: head, relativeChange: 0.40) { _ in true }
        XCTAssertEqual(difference.responsible, "palette", "a callee that got slower holds its caller's growth too")
    }

    func testAWrapperWithNoCodeOfItsOwnIsNeverNamed() {
        // A debug build: the unwinder loses `kernel` (the changed function) for samples in its leaf callee `get`, so
        // `get`'s time shows under `wrapper`, which then holds more of the growth than `kernel` does.
        let base = FoldedStacks(counts: ["old;main;wrapper;kernel": 30, "old;main;wrapper;get": 30, "old;main;other": 40])
        let head = FoldedStacks(counts: ["new;main;wrapper;kernel": 100, "new;main;wrapper;get": 80, "new;main;other": 40])
        let difference = DifferentialProfile.compare(id: "k", base: base, head: head, relativeChange: 1.2)
        XCTAssertEqual(difference.responsible, "kernel", "main and wrapper have no self samples; of the rest kernel grew most")
        XCTAssertEqual(difference.functions.map(\.name).prefix(2), ["kernel", "get"])
    }

    func testNoFunctionIsNamedWhenNothingWithCodeOfItsOwnGrew() {
        let stacks = FoldedStacks(counts: ["old;main;wrapper;kernel": 100])
        let faster = DifferentialProfile.compare(id: "k", base: stacks, head: stacks, relativeChange: -0.1)
        XCTAssertNil(faster.responsible, "every total shrank")
    }

    func testNoFunctionIsResponsibleWhenNothingGrew() {
        let same = FoldedStacks(counts: ["a;main;kernel": 100])
        XCTAssertNil(DifferentialProfile.compare(id: "c", base: same, head: same, relativeChange: 0).responsible)
    }

    func testTheFlameGraphColoursTheFrameThatAddedTimeRedAndItsCallersWhite() {
        let svg = DifferentialProfile.flameGraph(base: base, head: head, relativeChange: 0.30, title: "blur")
        XCTAssertTrue(svg.contains("<title>blur (60 samples"), svg)
        // blur: +30 points of base's time, saturated red; setup: unchanged, white.
        let blurBox = svg.components(separatedBy: "<g>").first { $0.contains("<title>blur (") }!
        XCTAssertTrue(blurBox.contains("fill=\"#ff0000\""), blurBox)
        let setupBox = svg.components(separatedBy: "<g>").first { $0.contains("<title>setup (") }!
        XCTAssertTrue(setupBox.contains("fill=\"#ffffff\""), setupBox)
        let mainBox = svg.components(separatedBy: "<g>").first { $0.contains("<title>main (") }!
        XCTAssertTrue(mainBox.contains("fill=\"#ffffff\""), "a caller's own time did not change: \(mainBox)")
    }
}
