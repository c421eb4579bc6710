import Comparison
import Foundation
import Results
import XCTest
@testable import RunPipeline

/// The bisection over fake history, builds and comparisons: commits c0 (GOOD) … c8 (BAD); a commit "regressed"
/// when it is at or after the culprit and its base is before it.
final class BisectorTests: XCTestCase {
    private final class Fakes: CommitHistory, RevisionBuilding, BuildComparing {
        let shas = (0...8).map { "c\($0)" }
        var culprit = 5
        var ancestry = true
        var unbuildable: Set<String> = []
        /// How many attempts stay INCONCLUSIVE for a head (Int.max: always).
        var inconclusiveAttempts: [String: Int] = [:]
        /// Heads that stay INCONCLUSIVE against GOOD (c0) whatever the attempt, and only against GOOD.
        var undecidedAgainstGood: Set<String> = []
        /// Heads that read REGRESSED against GOOD though they are before the culprit (a search step misled by noise).
        var misledAgainstGood: Set<String> = []
        /// The culprit against its parent reads UNCHANGED (a search misled by noise).
        var misledAgainstParent = false
        var built: [String] = []
        var compared: [String] = []
        /// The threshold each comparison was asked with, in order.
        var thresholds: [String] = []
        /// Every comparison refuses its input (compare-builds exit 2: a pattern naming no benchmark).
        var refusesInput = false
        /// What BAD's build says of the bisected patterns (`list` exit 2), if it refuses them.
        var selectionRefusal: String?
        var selectionsAsked: [String] = []
        /// A second commit that regresses too (the regression in two parts).
        var secondCulprit: Int?
        /// Every comparison of a commit with its parent stays INCONCLUSIVE.
        var undecidedAgainstParent = false
        /// BAD's change against GOOD and its interval, and every regressed comparison's.
        var regressedChange = (change: 0.2, lower: 0.18, upper: 0.22)
        /// Comparisons after which the refusals start (a comparison option out of range at a later attempt).
        var refusesAfter: Int?
        /// Exact counts: the split is not used.
        var splits = true
        /// GOOD is on a merged side branch: the first commit's first parent is not GOOD.
        var goodOnSideBranch = false
        var splitsSearchSteps: Bool { splits }

        func resolve(_ reference: String) -> String? { shas.contains(reference) ? reference : nil }
        func isAncestor(_ ancestor: String, of descendant: String) -> Bool { ancestry }
        func firstParentPath(from good: String, to bad: String) -> [BisectCommit] {
            shas[(index(good) + 1)...index(bad)].map(commit)
        }
        func commit(_ sha: String) -> BisectCommit { BisectCommit(sha: sha, subject: "subject of \(sha)") }
        func firstParent(of sha: String) -> String? {
            let index = index(sha)
            return index == 0 ? nil : goodOnSideBranch && index == 1 ? "side" : shas[index - 1]
        }

        func build(_ commit: String) throws(RevisionUnavailable) -> String {
            built.append(commit)
            if unbuildable.contains(commit) { throw RevisionUnavailable("does not build: error in \(commit)") }
            return "bin-\(commit)"
        }

        func compare(base: String, head: String, attempt: Int, threshold: MidpointThreshold?) throws(RevisionUnavailable)
            -> BisectMeasurement {
            if refusesInput || compared.count >= refusesAfter ?? .max {
                throw RevisionUnavailable("compare-builds refused: no timed benchmark of either build matches 'no/such'", badInput: true)
            }
            let (before, after) = (index(String(base.dropFirst(4))), index(String(head.dropFirst(4))))
            compared.append("\(base.dropFirst(4))-\(head.dropFirst(4))#\(attempt)")
            thresholds.append(threshold.map { "\($0.benchmark) \($0.change)" } ?? "usual")
            if attempt < inconclusiveAttempts[String(head.dropFirst(4)), default: 0]
                || (before == 0 && undecidedAgainstGood.contains(String(head.dropFirst(4))))
                || (undecidedAgainstParent && after == before + 1) {
                return BisectMeasurement(verdict: .inconclusive, benchmark: "b", change: 0.01)
            }
            let second = secondCulprit.map { before < $0 && after >= $0 } ?? false
            let regressed = ((before < culprit && after >= culprit) || second) && !(misledAgainstParent && after == before + 1)
                || (before == 0 && misledAgainstGood.contains(String(head.dropFirst(4))))
            let (change, lower, upper) = regressed ? regressedChange : (0, -0.01, 0.01)
            return BisectMeasurement(verdict: regressed ? .regressed : .unchanged, benchmark: "b", change: change,
                                     interval: .init(lower: lower, upper: upper))
        }

        func selectionRefusal(in executable: String) -> String? {
            selectionsAsked.append(executable)
            return selectionRefusal
        }

        private func index(_ sha: String) -> Int { shas.firstIndex(of: sha)! }
    }

    private func bisect(_ fakes: Fakes, steps: Int = 32) throws -> BisectResult {
        try Bisector(history: fakes, builder: fakes, comparer: fakes,
                     settings: BisectSettings(maximumSteps: steps, remeasures: 2)).run(good: "c0", bad: "c8")
    }

    private func path(_ result: BisectResult) -> [String] {
        result.steps.map {
            "\($0.role.rawValue) \($0.commit.sha)/\($0.base) \($0.answer?.rawValue ?? $0.measurement?.verdict.rawValue ?? "skipped")"
        }
    }

    func testFindsTheCulpritByTheExactPathAndBuildsEachRevisionOnce() throws {
        let fakes = Fakes()
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .found)
        XCTAssertEqual(result.exitStatus, 0)
        XCTAssertEqual(result.firstRegressed, fakes.commit("c5"))
        XCTAssertEqual(path(result), ["verify c8/c0 regressed", "search c4/c0 good", "search c6/c0 bad",
                                      "search c5/c0 bad", "culprit c5/c4 regressed"])
        XCTAssertEqual(result.againstParent?.change, 0.2)
        XCTAssertEqual(fakes.built, ["c8", "c0", "c4", "c6", "c5"], "BAD first: its build checks the patterns")
        XCTAssertTrue(result.summary.hasPrefix("first regressed commit: c5 subject of c5, against its parent: REGRESSED +20.0% [+18.0%, +22.0%]"),
                      result.summary)
    }

    func testACulpritRightAfterGoodIsComparedWithGood() throws {
        let fakes = Fakes()
        fakes.culprit = 1
        let result = try bisect(fakes)
        XCTAssertEqual(result.firstRegressed?.sha, "c1")
        XCTAssertEqual(result.steps.last.map { "\($0.role) \($0.commit.sha)/\($0.base)" }, "culprit c1/c0")
    }

    func testSearchStepsSplitAtHalfBadsChangeWhileVerifyAndCulpritUseTheUsualThresholds() throws {
        let fakes = Fakes()
        let result = try bisect(fakes)
        XCTAssertEqual(fakes.thresholds, ["usual", "b 0.09", "b 0.09", "b 0.09", "usual"])
        XCTAssertEqual(result.midpoint, MidpointThreshold(benchmark: "b", change: 0.09))
        XCTAssertNotNil(result.buildSeconds)
        XCTAssertNotNil(result.measureSeconds)
    }

    func testACulpritRightAfterGoodIsMeasuredAgainWithTheUsualThreshold() throws {
        let fakes = Fakes()
        fakes.culprit = 1
        _ = try bisect(fakes)
        XCTAssertEqual(Array(fakes.compared.suffix(2)), ["c0-c1#0", "c0-c1#0"])
        XCTAssertEqual(Array(fakes.thresholds.suffix(2)), ["b 0.09", "usual"])
    }

    func testACulpritThatDoesNotRegressAgainstItsParentIsInconclusiveNotFound() throws {
        let fakes = Fakes()
        fakes.misledAgainstParent = true
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertEqual(result.exitStatus, 3)
        XCTAssertNil(result.firstRegressed)
        XCTAssertTrue(result.summary.hasPrefix("the search ended at c8 subject of c8, against its parent: UNCHANGED"), result.summary)
        XCTAssertEqual(path(result).filter { $0.hasPrefix("culprit") },
                       ["culprit c5/c4 unchanged", "culprit c6/c5 unchanged", "culprit c7/c6 unchanged", "culprit c8/c7 unchanged"],
                       "each candidate as good as its parent sends the search on, until none is left")
    }

    func testASearchStepMisledIntoBadIsOverruledByTheCulpritCheckAndTheSearchGoesOn() throws {
        let fakes = Fakes()
        fakes.culprit = 6
        fakes.misledAgainstGood = ["c5"]
        var lines: [String] = []
        let result = try Bisector(history: fakes, builder: fakes, comparer: fakes,
                                  settings: BisectSettings(maximumSteps: 32, remeasures: 2), progress: { lines.append($0) })
            .run(good: "c0", bad: "c8")
        XCTAssertEqual(result.outcome, .found)
        XCTAssertEqual(result.firstRegressed?.sha, "c6")
        XCTAssertEqual(path(result), ["verify c8/c0 regressed", "search c4/c0 good", "search c6/c0 bad", "search c5/c0 bad",
                                      "culprit c5/c4 unchanged", "culprit c6/c5 regressed"])
        XCTAssertTrue(lines.contains("c5 subject of c5 is as good as its parent: the search goes on after it"), lines.joined(separator: "\n"))
    }

    /// BAD eleven times slower (+1000% [+900%, +1100%]): half its lower bound, +450%, was refused by every
    /// comparison (thresholds go to 100%), every search step was listed as skipped and nothing was narrowed.
    func testAVeryLargeRegressionSplitsAtTheLargestThresholdAndIsFound() throws {
        let fakes = Fakes()
        fakes.regressedChange = (10, 9, 11)
        let result = try bisect(fakes)
        XCTAssertEqual(fakes.thresholds[1], "b 1.0")
        XCTAssertEqual(result.firstRegressed?.sha, "c5")
    }

    /// A refusal at a later comparison (an option out of range for its doubled pairs) refuses the bisection (exit 2):
    /// it was a skip, and the search went on skipping every commit.
    func testARefusalInTheMiddleOfTheSearchRefusesTheBisectionWithoutSkippingOn() {
        let fakes = Fakes()
        fakes.refusesAfter = 2
        XCTAssertThrowsError(try bisect(fakes)) { error in
            XCTAssertEqual(error as? BisectRefusal, BisectRefusal("compare-builds refused: no timed benchmark of either build matches 'no/such'"))
        }
        XCTAssertEqual(fakes.compared.count, 2, "stopped at the first refusal")
    }

    func testExactCountsHaveNoSplit() throws {
        let fakes = Fakes()
        fakes.splits = false
        let result = try bisect(fakes)
        XCTAssertNil(result.midpoint)
        XCTAssertEqual(Set(fakes.thresholds), ["usual"])
        XCTAssertNil(BisectText.split(result))
        XCTAssertEqual(result.firstRegressed?.sha, "c5")
    }

    /// GOOD on a side branch merged before BAD: the first-parent walk from BAD never passes through it, and the
    /// first commit's "parent" was GOOD only by the listing.
    func testRefusesAGoodOnAMergedSideBranch() {
        let fakes = Fakes()
        fakes.goodOnSideBranch = true
        XCTAssertThrowsError(try bisect(fakes)) { error in
            XCTAssertEqual("\(error)", "BAD c8 is not on a first-parent path from GOOD c0 (is GOOD on a merged branch? "
                           + "name a commit of BAD's first-parent line)")
        }
        XCTAssertEqual(fakes.built, [])
    }

    func testACulpritUndecidedAgainstItsParentIsNotCalledMisled() throws {
        let fakes = Fakes()
        fakes.undecidedAgainstParent = true
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertTrue(result.summary.contains("INCONCLUSIVE +1.0% (b), which could not confirm a regression against its parent; "),
                      result.summary)
        XCTAssertFalse(result.summary.contains("misled"))
    }

    /// A stop (Ctrl-C) ends the search after the comparison it cut short, which is left out, with the steps
    /// completed and the range still in question.
    func testAStopEndsTheSearchWithTheStepsCompletedAndTheRangeLeft() throws {
        let fakes = Fakes()
        let result = try Bisector(history: fakes, builder: fakes, comparer: fakes,
                                  settings: BisectSettings(maximumSteps: 32, remeasures: 2),
                                  interrupted: { fakes.compared.count >= 3 ? .sigint : nil }).run(good: "c0", bad: "c8")
        XCTAssertEqual(result.outcome, .interrupted)
        XCTAssertEqual(result.exitStatus, 130)
        XCTAssertEqual(path(result), ["verify c8/c0 regressed", "search c4/c0 good"], "the third comparison was cut short")
        XCTAssertEqual(result.range.map(\.sha), ["c5", "c6", "c7", "c8"])
        XCTAssertEqual(result.summary, "interrupted by SIGINT after 2 steps; still in question: 4 commits, "
                       + "c5 subject of c5 … c8 subject of c8")
        let beforeAnything = try Bisector(history: fakes, builder: fakes, comparer: fakes, interrupted: { .sigterm })
            .run(good: "c0", bad: "c8")
        XCTAssertEqual(beforeAnything.steps, [])
        XCTAssertEqual(beforeAnything.range.count, 8)
    }

    func testTheSplitIsHalfTheLowerBoundOfBadsChange() throws {
        let fakes = Fakes()
        _ = try bisect(fakes)
        XCTAssertEqual(fakes.thresholds[1], "b 0.09", "BAD read +20% [+18%, +22%]")
    }

    func testAnInconclusiveMidpointWhollyBelowTheSplitIsGood() {
        let split = MidpointThreshold(benchmark: "b", change: 0.018)
        let below = BisectMeasurement(verdict: .inconclusive, benchmark: "b", change: -0.006, interval: .init(lower: -0.019, upper: 0.006))
        XCTAssertEqual(Bisector.answer(below, split), .good)
        let straddling = BisectMeasurement(verdict: .inconclusive, benchmark: "b", change: 0.01, interval: .init(lower: -0.01, upper: 0.03))
        XCTAssertEqual(Bisector.answer(straddling, split), .undecided)
        XCTAssertEqual(Bisector.answer(below, nil), .undecided, "no split: as measured")
        let other = BisectMeasurement(verdict: .inconclusive, benchmark: "c", change: 0, interval: .init(lower: -0.01, upper: 0.01))
        XCTAssertEqual(Bisector.answer(other, split), .undecided, "another benchmark left undecided")
        XCTAssertEqual(Bisector.answer(BisectMeasurement(verdict: .regressed, benchmark: "b", change: 0.05), split), .bad)
        XCTAssertEqual(Bisector.answer(BisectMeasurement(verdict: .improved, benchmark: "b", change: -0.05), split), .good)
    }

    func testSearchStepsSayGoodOrBadNotAVerdictAndKeepCompareBuildsVerdictInTheJSON() throws {
        let fakes = Fakes()
        fakes.inconclusiveAttempts["c4"] = .max
        let result = try bisect(fakes)
        XCTAssertEqual(result.steps[1].answer, .undecided, "c4 reads +1% with no interval: undecided, measured again")
        XCTAssertEqual(result.steps[1].attempts, 3)
        XCTAssertEqual(result.steps[1].measurement?.verdict, .inconclusive)
        XCTAssertEqual(BisectText.line(result.steps[1]), "search   c4 subject of c4  undecided +1.0% (b) (3 attempts)")
        XCTAssertEqual(BisectText.line(result.steps[0]), "verify   c8 subject of c8  REGRESSED +20.0% [+18.0%, +22.0%] (b)")
        XCTAssertNil(result.steps[0].answer)
        let good = try bisect(Fakes()).steps[1]
        XCTAssertEqual(BisectText.line(good), "search   c4 subject of c4  good +0.0% [−1.0%, +1.0%] (b)")
        XCTAssertEqual(try JSONDecoder().decode(BisectResult.self, from: Data(try BisectText.json(result).utf8)).steps[1].answer, .undecided)
    }

    func testAnUndecidedLastCommitIsSettledByComparingTheBadOneWithIt() throws {
        let fakes = Fakes()
        fakes.culprit = 6
        fakes.undecidedAgainstGood = ["c5"]
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .found)
        XCTAssertEqual(result.firstRegressed?.sha, "c6")
        XCTAssertEqual(path(result), ["verify c8/c0 regressed", "search c4/c0 good", "search c6/c0 bad",
                                      "search c5/c0 undecided", "adjacent c6/c5 regressed", "adjacent c5/c4 unchanged",
                                      "culprit c6/c5 regressed"])
        XCTAssertEqual(fakes.compared.filter { $0.hasPrefix("c5-c6") }, ["c5-c6#0"], "the culprit check reuses the adjacent one")
        XCTAssertEqual(result.steps.last?.reused, true)
        XCTAssertTrue(BisectText.line(result.steps.last!).hasSuffix("(b) (the comparison above, again)"),
                      "one measurement listed twice must not read as a second confirmation")
    }

    /// c5, undecided against GOOD, may hold part of the regression: c6 regressing against it named c6 without c5
    /// ever being compared with its own parent. Now c5 is, and as it regressed too, it is the first regressed
    /// commit, and the summary says the next one added more.
    func testARegressionInTwoPartsNamesTheFirstAndSaysTheSecond() throws {
        let fakes = Fakes()
        fakes.culprit = 5
        fakes.secondCulprit = 6
        fakes.undecidedAgainstGood = ["c5"]
        let result = try bisect(fakes)
        XCTAssertEqual(Array(path(result).suffix(4)), ["search c5/c0 undecided", "adjacent c6/c5 regressed",
                                                       "adjacent c5/c4 regressed", "culprit c5/c4 regressed"])
        XCTAssertEqual(result.firstRegressed?.sha, "c5")
        XCTAssertTrue(result.summary.hasSuffix("; the next commit, c6 subject of c6, regressed against it too: "
                                               + "REGRESSED +20.0% [+18.0%, +22.0%] (b)"), result.summary)
    }

    func testAnUndecidedCommitThatCannotBeComparedWithItsParentLeavesBothInTheRange() throws {
        let fakes = Fakes()
        fakes.culprit = 6
        fakes.undecidedAgainstGood = ["c5"]
        fakes.inconclusiveAttempts["c5"] = .max
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertEqual(result.range.map(\.sha), ["c5", "c6"])
    }

    func testAnUndecidedLastCommitThatTheBadOneDoesNotRegressAgainstIsTheCulprit() throws {
        let fakes = Fakes()
        fakes.culprit = 5
        fakes.undecidedAgainstGood = ["c5"]
        let result = try bisect(fakes)
        XCTAssertEqual(result.firstRegressed?.sha, "c5")
        XCTAssertEqual(Array(path(result).suffix(3)), ["search c5/c0 undecided", "adjacent c6/c5 unchanged", "culprit c5/c4 regressed"])
    }

    func testAnUndecidedMidpointWithMoreThanOneCommitEachSideStillStopsAtItsRange() throws {
        let fakes = Fakes()
        fakes.undecidedAgainstGood = ["c4"]
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertFalse(result.steps.contains { $0.role == .adjacent })
    }

    func testRefusesAGoodThatIsNotAnAncestorOfBad() {
        let fakes = Fakes()
        fakes.ancestry = false
        XCTAssertThrowsError(try bisect(fakes)) { error in
            XCTAssertEqual("\(error)", "GOOD c0 is not an ancestor of BAD c8")
        }
        XCTAssertEqual(fakes.built, [])
    }

    func testRefusesGoodAndBadNamingOneCommit() {
        let fakes = Fakes()
        XCTAssertThrowsError(try Bisector(history: fakes, builder: fakes, comparer: fakes).run(good: "c8", bad: "c8")) {
            XCTAssertEqual("\($0)", "GOOD and BAD are the same commit c8: nothing lies between them")
        }
        XCTAssertEqual(fakes.built, [])
    }

    func testRefusesAReferenceNamingNoCommit() {
        let fakes = Fakes()
        XCTAssertThrowsError(try Bisector(history: fakes, builder: fakes, comparer: fakes).run(good: "nope", bad: "c8")) {
            XCTAssertEqual("\($0)", "GOOD 'nope' is not a git commit, branch or tag")
        }
    }

    func testRefusesToSearchWhenBadIsNotRegressed() throws {
        let fakes = Fakes()
        fakes.culprit = 9
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .notRegressed)
        XCTAssertEqual(result.exitStatus, 1)
        XCTAssertEqual(result.summary, "BAD does not show a regression against GOOD: UNCHANGED +0.0% [−1.0%, +1.0%] (b)")
        XCTAssertEqual(path(result), ["verify c8/c0 unchanged"])
    }

    func testBadStillInconclusiveAfterTheRemeasuresExitsThree() throws {
        let fakes = Fakes()
        fakes.inconclusiveAttempts["c8"] = .max
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertEqual(result.exitStatus, 3)
        XCTAssertEqual(fakes.compared, ["c0-c8#0", "c0-c8#1", "c0-c8#2"])
        XCTAssertTrue(result.summary.hasPrefix("BAD does not show a regression against GOOD: INCONCLUSIVE"))
    }

    /// A comparison that refuses its input would refuse it at every revision: bad input (exit 2), not the build
    /// failure (exit 4) it was reported as.
    func testAComparisonThatRefusesItsInputRefusesTheBisection() {
        let fakes = Fakes()
        fakes.refusesInput = true
        XCTAssertThrowsError(try bisect(fakes)) { error in
            XCTAssertEqual(error as? BisectRefusal, BisectRefusal("compare-builds refused: no timed benchmark of either build matches 'no/such'"))
        }
    }

    /// A mistyped pattern is found by BAD's build alone: GOOD is not built, nothing is measured.
    func testAPatternBadsBuildDoesNotHaveIsRefusedBeforeGoodIsBuilt() {
        let fakes = Fakes()
        fakes.selectionRefusal = "unknown benchmark id or pattern 'colormap/optimzed/*' (see 'framebudget list')"
        XCTAssertThrowsError(try bisect(fakes)) { error in
            XCTAssertEqual(error as? BisectRefusal, BisectRefusal("BAD c8: unknown benchmark id or pattern 'colormap/optimzed/*' (see 'framebudget list')"))
        }
        XCTAssertEqual(fakes.built, ["c8"])
        XCTAssertEqual(fakes.selectionsAsked, ["bin-c8"])
        XCTAssertEqual(fakes.compared, [])
    }

    func testAnUnbuildableBadIsABuildFailure() throws {
        let fakes = Fakes()
        fakes.unbuildable = ["c8"]
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .buildFailure)
        XCTAssertEqual(result.exitStatus, 4)
        XCTAssertEqual(result.summary, "cannot measure BAD against GOOD: does not build: error in c8")
    }

    func testAnUnbuildableCommitIsSkippedForANeighbourAndReported() throws {
        let fakes = Fakes()
        fakes.unbuildable = ["c6"]
        let result = try bisect(fakes)
        XCTAssertEqual(result.firstRegressed?.sha, "c5")
        XCTAssertEqual(result.skipped.map(\.sha), ["c6"])
        XCTAssertEqual(path(result), ["verify c8/c0 regressed", "search c4/c0 good", "search c6/c0 skipped",
                                      "search c5/c0 bad", "culprit c5/c4 regressed"])
        XCTAssertEqual(result.steps[2].skipped, "does not build: error in c6")
        XCTAssertEqual(fakes.built.filter { $0 == "c6" }.count, 1)
    }

    func testASkippedCommitNextToTheCulpritLeavesARange() throws {
        let fakes = Fakes()
        fakes.unbuildable = ["c4"]
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertEqual(result.range.map(\.sha), ["c4", "c5"])
        XCTAssertEqual(fakes.built.filter { $0 == "c4" }.count, 1)
    }

    func testAnInconclusiveStepIsMeasuredAgainWithMore() throws {
        let fakes = Fakes()
        fakes.inconclusiveAttempts["c4"] = 2
        let result = try bisect(fakes)
        XCTAssertEqual(result.firstRegressed?.sha, "c5")
        XCTAssertEqual(result.steps[1].attempts, 3)
        XCTAssertEqual(Array(fakes.compared.prefix(4)), ["c0-c8#0", "c0-c4#0", "c0-c4#1", "c0-c4#2"])
    }

    func testAStepStillInconclusiveStopsAtTheRangeItCouldNotNarrow() throws {
        let fakes = Fakes()
        fakes.inconclusiveAttempts["c6"] = .max
        let result = try bisect(fakes)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertEqual(result.range.map(\.sha), ["c5", "c6", "c7", "c8"])
        XCTAssertTrue(result.summary.hasPrefix("could not narrow the regression below 4 commits: c5 subject of c5 … c8"))
    }

    func testTheStepCapLeavesARange() throws {
        let result = try bisect(Fakes(), steps: 1)
        XCTAssertEqual(result.outcome, .inconclusive)
        XCTAssertEqual(result.range.map(\.sha), ["c5", "c6", "c7", "c8"])
    }

    func testThePairedSummaryShowsTheRegressedBenchmarkAndCallsUnpairedOnesInconclusive() throws {
        func row(_ id: String, _ verdict: Verdict) -> PairedBenchmarkComparison {
            PairedBenchmarkComparison(id: id, threads: 1, threshold: 0.02, estimate: nil, interval: nil, testedAlpha: 0.01,
                                      minimumDetectableEffect: nil, iterationsPerSample: [], verdict: verdict, reason: "")
        }
        var report = PairedComparisonReport(base: "a", head: "b", settings: .init(), benchmarks: [row("x", .unchanged), row("y", .regressed)],
                                            notPaired: [:], pairsStarted: 3, seconds: 1, stop: "decided", complete: true, warnings: [])
        XCTAssertEqual(try PairedBuildComparer.summary(report).benchmark, "y")
        report.benchmarks = [row("x", .unchanged)]
        report.notPaired = ["z": "a frame loop"]
        XCTAssertEqual(try PairedBuildComparer.summary(report).verdict, .inconclusive)
        report.benchmarks = []
        XCTAssertThrowsError(try PairedBuildComparer.summary(report))
    }

    func testTheConsoleEndsWithWhereTheCulpritsTimeWentAndTheJSONKeepsTheProfile() throws {
        var result = try bisect(Fakes())
        XCTAssertFalse(BisectText.console(result).contains("where the time went"), "no profile, no line")
        result.profile = ProfileDifference(
            id: "b", baseSamples: 1000, headSamples: 1150, relativeChange: 0.2,
            functions: [FunctionChange(name: "Kernel.slower()", baseSelf: 0.5, headSelf: 0.6, baseTotal: 0.9, headTotal: 0.92,
                                       addedShareOfBase: 0.22)],
            flameGraph: "b/differential-flamegraph.svg")
        let lines = BisectText.console(result).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.suffix(4).first?.hasPrefix("first regressed commit: c5 subject of c5"), true, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.suffix(3).first, "search steps split at +9.0% (half the lower bound of BAD's change) for b: bad above, good below")
        XCTAssertEqual(lines.suffix(2).first?.hasPrefix("built for 0 s, measured for 0 s"), true)
        XCTAssertEqual(lines.last, "where the time went, b: Kernel.slower() +22.0% (self 50.0% → 60.0%)")
        let decoded = try JSONDecoder().decode(BisectResult.self, from: Data(try BisectText.json(result).utf8))
        XCTAssertEqual(decoded.profile, result.profile)
    }
}
