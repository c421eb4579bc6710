import Comparison
import Foundation
import Results

/// Finds the first first-parent commit between GOOD and BAD whose build regressed against GOOD's: BAD is checked
/// against GOOD first, then a binary search compares each midpoint with GOOD (REGRESSED: the regression is at or
/// before it; otherwise after it). A search step's question is one-sided: is the midpoint above half the lower bound
/// of BAD's change (``MidpointThreshold``), i.e. has it BAD's regression? Its answer is ``SearchAnswer``, not a
/// verdict. When it stays undecided on the one commit left between a good and a bad one, the bad one is compared with
/// it directly (`adjacent`). A commit that does not build or run is skipped for its nearest untried neighbour; an
/// INCONCLUSIVE comparison is measured again with more (``BisectSettings/remeasures``) before the search stops at the
/// range it could not narrow. Each revision is built at most once, each pair compared once. A stop asked for
/// (SIGINT/SIGTERM, ``interrupted``) ends the search after the comparison it cut short, with the steps completed and
/// the range still in question.
public final class Bisector {
    private let history: any CommitHistory
    private let builder: any RevisionBuilding
    private let comparer: any BuildComparing
    private let settings: BisectSettings
    private let progress: (String) -> Void
    /// The signal that asked to stop, polled before and after each build and comparison.
    private let interrupted: () -> InterruptingSignal?
    private var builds: [String: Result<String, RevisionUnavailable>] = [:]
    private var comparisons: [String: BisectStep] = [:]
    private var steps: [BisectStep] = []
    private var midpoint: MidpointThreshold?
    /// The commits still in question (indexes into the path; -1 is GOOD): what an interrupted search reports.
    private var openRange: (low: Int, high: Int)?
    /// The commit after a culprit found by the last two's check that regressed against it as well.
    private var alsoRegressed: BisectStep?
    /// Why a comparison refused its input (``RevisionUnavailable/badInput``), if one did.
    private var refusal: String?
    private let clock = ContinuousClock()
    private var building = Duration.zero, measuring = Duration.zero

    public init(history: any CommitHistory, builder: any RevisionBuilding, comparer: any BuildComparing,
                settings: BisectSettings = .init(), progress: @escaping (String) -> Void = { _ in },
                interrupted: @escaping () -> InterruptingSignal? = { nil }) {
        self.history = history
        self.builder = builder
        self.comparer = comparer
        self.settings = settings
        self.progress = progress
        self.interrupted = interrupted
    }

    /// A stop asked for: unwinds the search to ``run(good:bad:)``, which reports what was completed.
    private struct Stopped: Error { let signal: InterruptingSignal }

    /// - Throws: ``BisectRefusal`` for a reference naming no commit, GOOD and BAD one commit, a GOOD that is not an
    ///   ancestor of BAD, a BAD off the first-parent path from GOOD, or a comparison that refuses its input.
    public func run(good goodReference: String, bad badReference: String) throws(BisectRefusal) -> BisectResult {
        let (good, bad, path) = try endpoints(goodReference, badReference)
        // A pattern naming no benchmark would be refused by every comparison: asked of BAD's build alone, before
        // GOOD is built (minutes, for a revision not yet cached) and anything is measured.
        if interrupted() == nil, let badBuild = try? build(bad.sha), let refusal = comparer.selectionRefusal(in: badBuild) {
            throw BisectRefusal("BAD \(bad.sha.prefix(10)): \(refusal)")
        }
        let result: BisectResult
        do { result = try verifyAndSearch(path, good: good, bad: bad) } catch {
            let left = openRange.map { Array(path[($0.low + 1)...$0.high]) } ?? path
            let measured = steps.count == 1 ? "1 step" : "\(steps.count) steps"
            let open = left.count == 1 ? "1 commit, \(BisectText.short(left[0]))"
                : "\(left.count) commits, \(BisectText.short(left[0])) … \(BisectText.short(left[left.count - 1]))"
            return finish(good, bad, .interrupted, range: left, skipped: [],
                          summary: "interrupted by \(error.signal.rawValue) after \(measured); still in question: \(open)")
        }
        // A refusal in the middle of the search is the bisection's input, not a commit that cannot run.
        if let refusal { throw BisectRefusal(refusal) }
        return result
    }

    /// GOOD, BAD and the first-parent path after GOOD up to BAD, refused when they do not make one.
    private func endpoints(_ goodReference: String, _ badReference: String)
        throws(BisectRefusal) -> (BisectCommit, BisectCommit, [BisectCommit]) {
        let good = history.commit(try resolve(goodReference, role: "GOOD"))
        let bad = history.commit(try resolve(badReference, role: "BAD"))
        guard good.sha != bad.sha else {
            throw BisectRefusal("GOOD and BAD are the same commit \(good.sha.prefix(10)): nothing lies between them")
        }
        guard history.isAncestor(good.sha, of: bad.sha) else {
            throw BisectRefusal("GOOD \(good.sha.prefix(10)) is not an ancestor of BAD \(bad.sha.prefix(10))")
        }
        let path = history.firstParentPath(from: good.sha, to: bad.sha)
        // GOOD on a merged side branch: the walk from BAD never passes through it, and the first commit's parent,
        // which "against its parent" would compare with, is not GOOD.
        guard path.last?.sha == bad.sha, let first = path.first, history.firstParent(of: first.sha) == good.sha else {
            throw BisectRefusal("BAD \(bad.sha.prefix(10)) is not on a first-parent path from GOOD \(good.sha.prefix(10))"
                                + " (is GOOD on a merged branch? name a commit of BAD's first-parent line)")
        }
        return (good, bad, path)
    }

    /// BAD against GOOD, then the search when it regressed.
    private func verifyAndSearch(_ path: [BisectCommit], good: BisectCommit, bad: BisectCommit) throws(Stopped) -> BisectResult {
        let verified = try measure(path.count - 1, in: path, against: good, role: .verify)
        guard let measurement = verified.measurement else {
            return finish(good, bad, .buildFailure, range: path, skipped: [],
                          summary: "cannot measure BAD against GOOD: \(verified.skipped ?? "")")
        }
        switch measurement.verdict {
        case .regressed:
            // Half the lower bound of BAD's change, not of its estimate: in a busy hour BAD once read +23.3%
            // [+11.7%, +36.1%] for a 10% slowdown, and a midpoint with the slowdown (+10.1% [+8.8%, +11.4%]) then
            // fell inside half the estimate and was called unchanged.
            if comparer.splitsSearchSteps, let change = measurement.interval?.lower ?? measurement.change, change > 0 {
                midpoint = MidpointThreshold(benchmark: measurement.benchmark, change: min(change / 2, MidpointThreshold.largest))
            }
            return try search(path, good: good, bad: bad)
        case .inconclusive:
            return finish(good, bad, .inconclusive, range: path, skipped: [],
                          summary: "BAD does not show a regression against GOOD: \(BisectText.describe(measurement))")
        case .unchanged, .improved:
            return finish(good, bad, .notRegressed, range: [], skipped: [],
                          summary: "BAD does not show a regression against GOOD: \(BisectText.describe(measurement))")
        }
    }

    private func resolve(_ reference: String, role: String) throws(BisectRefusal) -> String {
        guard let sha = history.resolve(reference) else {
            throw BisectRefusal("\(role) '\(reference)' is not a git commit, branch or tag")
        }
        return sha
    }

    /// The binary search over `path` (index -1 is GOOD, known good; the last is BAD, known regressed), then the
    /// culprit check. A candidate shown UNCHANGED (or IMPROVED) against its good parent is as good as it: the step
    /// that called it bad was misled (in a busy hour a comments-only commit read +3.5% [+2.7%, +4.2%] against GOOD,
    /// twice), so the search goes on after it, up to the next commit a step called bad.
    private func search(_ path: [BisectCommit], good: BisectCommit, bad: BisectCommit) throws(Stopped) -> BisectResult {
        var range = SearchRange(low: -1, high: path.count - 1)
        while true {
            let undecided = try narrow(&range, in: path, against: good)
            if refusal != nil { return finish(good, bad, .inconclusive, range: [], skipped: [], summary: "") }  // thrown by run
            if range.high - range.low == 2, undecided == range.low + 1 {
                (range.low, range.high) = try settleLastTwo(path, low: range.low, high: range.high, good: good)
                openRange = (range.low, range.high)
            }
            switch try checkCulprit(range, in: path, good: good, bad: bad) {
            case .finished(let result): return result
            case .searchAfter(let low, let high): (range.low, range.high) = (low, high)
            }
        }
    }

    /// The state of the search: the last index known good (-1 is GOOD) and the first known bad, the indexes skipped
    /// (no build, no run), the steps taken and every index a step called bad.
    private struct SearchRange {
        var low: Int, high: Int
        var skipped = Set<Int>(), tried = 0
        var answeredBad: [Int]

        init(low: Int, high: Int) {
            self.low = low
            self.high = high
            answeredBad = [high]
        }
    }

    /// Halves `range` until one commit is left, the steps run out, or a step stays undecided (its index returned).
    private func narrow(_ range: inout SearchRange, in path: [BisectCommit], against good: BisectCommit) throws(Stopped) -> Int? {
        defer { openRange = (range.low, range.high) }  // also when a stop is thrown from a step
        while range.high - range.low > 1 {
            guard range.tried < settings.maximumSteps,
                  let middle = pick(range.low, range.high, skipping: range.skipped) else { return nil }
            range.tried += 1
            let step = try measure(middle, in: path, against: good, role: .search)
            if refusal != nil { return nil }
            guard let answer = step.answer else { range.skipped.insert(middle); continue }
            switch answer {
            case .undecided: return middle
            case .bad: range.high = middle; range.answeredBad.append(middle)
            case .good: range.low = middle
            }
        }
        return nil
    }

    private enum CulpritCheck { case finished(BisectResult), searchAfter(low: Int, high: Int) }

    /// With one commit left, compares it with its parent: REGRESSED names it; UNCHANGED or IMPROVED with a later
    /// commit a step called bad sends the search on after it; anything else ends INCONCLUSIVE with the range.
    private func checkCulprit(_ range: SearchRange, in path: [BisectCommit], good: BisectCommit,
                              bad: BisectCommit) throws(Stopped) -> CulpritCheck {
        let (low, high) = (range.low, range.high)
        let skippedCommits = range.skipped.sorted().map { path[$0] }
        guard high - low == 1 else {
            let left = Array(path[(low + 1)...high])
            return .finished(finish(good, bad, .inconclusive, range: left, skipped: skippedCommits,
                                    summary: "could not narrow the regression below \(left.count) commits: "
                                        + "\(BisectText.short(left[0])) … \(BisectText.short(left[left.count - 1]))"))
        }
        let parent = low >= 0 ? path[low] : good
        let culprit = try measure(high, in: path, against: parent, role: .culprit)
        let change = culprit.measurement.map { ", against its parent: " + BisectText.describe($0) } ?? ""
        if let measurement = culprit.measurement, measurement.verdict == .regressed {
            // The regression came in two parts: the next commit regressed against this one too.
            let next = alsoRegressed.flatMap { step in step.measurement.map { "; the next commit, \(BisectText.short(step.commit)), "
                + "regressed against it too: " + BisectText.describe($0) } } ?? ""
            var result = finish(good, bad, .found, range: [path[high]], skipped: skippedCommits,
                                summary: "first regressed commit: \(BisectText.short(path[high]))\(change)\(next)")
            result.firstRegressed = path[high]
            result.againstParent = culprit.measurement
            return .finished(result)
        }
        if [.unchanged, .improved].contains(culprit.measurement?.verdict),
           let next = range.answeredBad.filter({ $0 > high }).min() {
            progress("\(BisectText.short(path[high])) is as good as its parent: the search goes on after it")
            return .searchAfter(low: high, high: next)
        }
        // Not shown to regress against its parent and nothing after it to search: either a step was misled (noise
        // read as a change, or a change read as none) or this check could not tell; say which rather than name it.
        let verdict = culprit.measurement?.verdict
        let why = [.unchanged, .improved].contains(verdict) ? "not a regression: a step was misled (a busy machine?)"
            : verdict == .inconclusive ? "which could not confirm a regression against its parent"
            : "which could not be measured against its parent (\(culprit.skipped ?? "skipped"))"
        return .finished(finish(good, bad, .inconclusive, range: [path[high]], skipped: skippedCommits,
                                summary: "the search ended at \(BisectText.short(path[high]))\(change), \(why); "
                                    + "bisect again, or with more --max-pairs"))
    }

    /// The search stopped undecided on the one commit between a good and a bad one (in a busy hour a commit without a
    /// two-thread slowdown read +2.9% [+0.1%, +5.8%] against a 1.8% split, three times): compare the bad one with it
    /// directly, with the usual thresholds. The pair differs by the regression or by nothing, so REGRESSED puts it in
    /// the bad one, UNCHANGED or IMPROVED in the undecided one (whose own culprit check follows); otherwise the range
    /// stays. A REGRESSED bad one names it only when the undecided one is shown not to regress against its own
    /// parent: undecided against the split, it may hold part of the regression, and then it is the first to regress.
    /// Returns the new (low, high).
    private func settleLastTwo(_ path: [BisectCommit], low: Int, high: Int, good: BisectCommit) throws(Stopped) -> (Int, Int) {
        let step = try measure(high, in: path, against: path[low + 1], role: .adjacent)
        switch step.measurement?.verdict {
        case .regressed?:
            let first = try measure(low + 1, in: path, against: low >= 0 ? path[low] : good, role: .adjacent)
            switch first.measurement?.verdict {
            case .unchanged?, .improved?: return (low + 1, high)
            case .regressed?: alsoRegressed = step; return (low, low + 1)
            case .inconclusive?, nil: return (low, high)
            }
        case .unchanged?, .improved?: return (low, low + 1)
        case .inconclusive?, nil: return (low, high)
        }
    }

    /// The untried index of (low, high) nearest their middle (the lower on a tie); nil when none is left.
    private func pick(_ low: Int, _ high: Int, skipping skipped: Set<Int>) -> Int? {
        let middle = (low + high) / 2
        return (low + 1..<high).filter { !skipped.contains($0) }
            .min { (abs($0 - middle), $0) < (abs($1 - middle), $1) }
    }

    /// Compares `path[index]` with `base`, measuring again while INCONCLUSIVE; recorded as one step.
    private func measure(_ index: Int, in path: [BisectCommit], against base: BisectCommit,
                         role: BisectStep.Role) throws(Stopped) -> BisectStep {
        let head = path[index]
        let threshold = role == .search ? midpoint : nil
        // The threshold is part of the question: the culprit right after GOOD is measured again with the usual one.
        let key = base.sha + head.sha + (threshold.map { "@\($0.change)" } ?? "")
        if var known = comparisons[key] {
            known.role = role
            known.answer = role == .search ? known.measurement.map { Self.answer($0, threshold) } : nil
            // Listed again under its new role, but one measurement: not a second confirmation.
            known.reused = true
            steps.append(known)
            return known
        }
        if let signal = interrupted() { throw Stopped(signal: signal) }
        let step = compare(head, against: base, role: role, threshold: threshold)
        // A comparison (or build) the stop cut short is left out: its few pairs are not a step.
        if let signal = interrupted() { throw Stopped(signal: signal) }
        comparisons[key] = step
        steps.append(step)
        progress(BisectText.line(step))
        return step
    }

    private func compare(_ head: BisectCommit, against base: BisectCommit, role: BisectStep.Role,
                         threshold: MidpointThreshold?) -> BisectStep {
        var attempts = 0
        do {
            let (baseBinary, headBinary) = (try build(base.sha), try build(head.sha))
            var measurement: BisectMeasurement
            var undecided: Bool
            repeat {
                let started = clock.now
                defer { measuring += clock.now - started }
                measurement = try comparer.compare(base: baseBinary, head: headBinary, attempt: attempts, threshold: threshold)
                attempts += 1
                undecided = role == .search ? Self.answer(measurement, threshold) == .undecided : measurement.verdict == .inconclusive
            } while undecided && attempts <= settings.remeasures
            return BisectStep(role: role, commit: head, base: base.sha, measurement: measurement, attempts: attempts,
                              answer: role == .search ? Self.answer(measurement, threshold) : nil)
        } catch {
            if error.badInput { refusal = refusal ?? error.reason }
            return BisectStep(role: role, commit: head, base: base.sha, measurement: nil, attempts: attempts,
                              skipped: error.reason)
        }
    }

    /// A search step asks one-sided whether the midpoint has BAD's regression (`measurement` was made with the split
    /// as the benchmark's threshold): REGRESSED there is bad; UNCHANGED, IMPROVED or an interval wholly below the split
    /// is good, even when too wide for UNCHANGED — in a busy hour a midpoint without the slowdown read −0.6% [−1.9%,
    /// +0.6%] against a 1.8% split, INCONCLUSIVE three times, and the search stopped.
    static func answer(_ measurement: BisectMeasurement, _ threshold: MidpointThreshold?) -> SearchAnswer {
        switch measurement.verdict {
        case .regressed: return .bad
        case .unchanged, .improved: return .good
        case .inconclusive:
            guard let threshold, measurement.benchmark == threshold.benchmark,
                  let upper = measurement.interval?.upper, upper < threshold.change else { return .undecided }
            return .good
        }
    }

    private func build(_ sha: String) throws(RevisionUnavailable) -> String {
        if builds[sha] == nil {
            let started = clock.now
            defer { building += clock.now - started }
            do throws(RevisionUnavailable) { builds[sha] = .success(try builder.build(sha)) } catch { builds[sha] = .failure(error) }
        }
        return try builds[sha]!.get()
    }

    private func finish(_ good: BisectCommit, _ bad: BisectCommit, _ outcome: BisectResult.Outcome,
                        range: [BisectCommit], skipped: [BisectCommit], summary: String) -> BisectResult {
        BisectResult(good: good, bad: bad, outcome: outcome, firstRegressed: nil, againstParent: nil, range: range,
                     skipped: skipped, steps: steps, summary: summary, midpoint: midpoint,
                     buildSeconds: building.seconds, measureSeconds: measuring.seconds)
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
