import Foundation
import Results

/// Compares two sampling profiles of one benchmark (base and head builds): per function, its self and total share
/// of each side's samples and the time it added, and a flame graph of head coloured by what changed.
///
/// Shares are fractions of a side's own samples. Scaled by the measured change (head's time is base's × (1 + c)),
/// a function's added self time in base's units is headSelf × (1 + c) − baseSelf: the functions responsible for a
/// regression come first, the ones that merely lost share to them last. The root frame (the command's name) is
/// dropped, so two builds of differently named executables compare stack for stack.
public enum DifferentialProfile {
    /// The per-function comparison: the function the added time enters by
    /// (``responsible(_:relativeChange:changed:)``) first, then the largest added self time first (ties by name).
    /// `changed` says whether the change being profiled edited a function (a bisection's culprit commit knows).
    public static func compare(id: String, base: FoldedStacks, head: FoldedStacks, relativeChange: Double,
                               flameGraph: String? = nil, changed: (String) -> Bool = { _ in false }) -> ProfileDifference {
        let before = FunctionShares(base), after = FunctionShares(head)
        let names = Set(before.selfShare.keys).union(before.totalShare.keys).union(after.selfShare.keys).union(after.totalShare.keys)
        var functions = names.map { name in
            let baseSelf = before.selfShare[name] ?? 0, headSelf = after.selfShare[name] ?? 0
            return FunctionChange(name: name, baseSelf: baseSelf, headSelf: headSelf,
                                  baseTotal: before.totalShare[name] ?? 0, headTotal: after.totalShare[name] ?? 0,
                                  addedShareOfBase: headSelf * (1 + relativeChange) - baseSelf)
        }.sorted { ($0.addedShareOfBase, $1.name) > ($1.addedShareOfBase, $0.name) }
        let entry = responsible(functions, relativeChange: relativeChange, changed: changed)
        if let entry, let index = functions.firstIndex(where: { $0.name == entry.name }) {
            functions.insert(functions.remove(at: index), at: 0)
        }
        var difference = ProfileDifference(id: id, baseSamples: base.total, headSamples: head.total,
                                           relativeChange: relativeChange, functions: functions, flameGraph: flameGraph,
                                           responsible: entry?.name)
        difference.responsibleChanged = entry?.changed
        return difference
    }

    /// Where the added time enters the code: among the functions with code of their own in the samples (self ≥
    /// ``minimumSelfShare`` of head's), the deepest (the smallest total share in head) whose total time grew by at
    /// least ``enteringShare`` of the largest such growth. A function that calls another more often (the changed code
    /// is the caller's) holds the callee's added time too, and the callee alone holds only part of it; a callee that
    /// itself got slower holds all of its callers' growth, and is named. nil when no such function's total grew.
    ///
    /// Wrappers (no self samples: `main`, closures that only call) are left out because their growth is the sum of
    /// everything under them, noise included, and because a frame-pointer unwind loses the caller of a leaf that sets
    /// up no frame (a debug build's non-inlined `Array.subscript`), so that time shows under the caller's caller.
    ///
    /// When the change is known to have edited some of these functions (`changed`), the deepest edited one holding
    /// at least ``changedShare`` of the largest growth is named instead, with `changed` true: samples alone cannot
    /// tell a caller that calls more from a callee that got slower, and the 90% rule decides such close calls by
    /// noise (the palette loop held 68–90% of its changed caller's growth).
    public static func responsible(_ functions: [FunctionChange], relativeChange: Double,
                                   changed: (String) -> Bool = { _ in false }) -> (name: String, changed: Bool)? {
        let grown = functions.filter { $0.headSelf >= minimumSelfShare }
            .map { ($0, $0.headTotal * (1 + relativeChange) - $0.baseTotal) }
        guard let largest = grown.map(\.1).max(), largest > 0 else { return nil }
        let deepest = { (candidates: [(FunctionChange, Double)]) in
            candidates.min { ($0.0.headTotal, $0.0.name) < ($1.0.headTotal, $1.0.name) }?.0.name
        }
        if let edited = deepest(grown.filter { $0.1 >= changedShare * largest && changed($0.0.name) }) {
            return (edited, true)
        }
        return deepest(grown.filter { $0.1 >= enteringShare * largest }).map { ($0, false) }
    }

    /// The part of the largest total growth an edited function must hold to be named for being edited: a caller
    /// that makes its callee work more holds all of the growth, the callee 68–90% of it here; an edit elsewhere
    /// (a comment in an unrelated function that runs) holds little.
    public static let changedShare = 0.5

    /// The self share below which a function counts as a wrapper (0.1%: the colormap's renderBand, whose callees do
    /// nearly all its work, had 0.5%; pure wrappers 0–0.03%).
    public static let minimumSelfShare = 0.001

    /// The part of the largest total growth a function must hold to be where the added time enters. A callee that got
    /// slower holds all of its callers' growth but for their own self time's noise (a few percent of it); the
    /// colormap's renderBand, calling its palette loop on 5% more rows, left the loop 68% of the growth
    /// (Docs/measurements/2026-11-27-bisect-quality.md): 0.9 sits between.
    public static let enteringShare = 0.9

    /// Head's stacks without their root frame, laid out as a flame graph whose boxes are coloured by the change of
    /// their own (self) time in base's time units — red: more, blue: less, white: as before — so the frame that
    /// added the time stands out, not every caller above it.
    public static func flameGraph(base: FoldedStacks, head: FoldedStacks, relativeChange: Double, title: String) -> String {
        let baseShares = PathShares(withoutRoot(base)), headStacks = withoutRoot(head)
        let headShares = PathShares(headStacks)
        let frames = FlameGraphLayout.frames(headStacks)
        return FlameGraphSVG().render(frames, title: title) { frame in
            let path = frame.path
            let change = (headShares.share[path] ?? 0) * (1 + relativeChange) - (baseShares.share[path] ?? 0)
            return DifferenceColour.fill(change)
        }
    }

    static func withoutRoot(_ stacks: FoldedStacks) -> FoldedStacks {
        var trimmed = FoldedStacks()
        for (stack, count) in stacks.counts {
            let frames = stack.split(separator: ";", omittingEmptySubsequences: false)
            let rest = frames.count > 1 ? frames.dropFirst().joined(separator: ";") : stack
            trimmed.counts[rest, default: 0] += count
        }
        return trimmed
    }
}

/// Each function's self and total share of one side's samples (root frame excluded; a recursive function's stack
/// counts once toward its total).
struct FunctionShares {
    var selfShare: [String: Double] = [:]
    var totalShare: [String: Double] = [:]

    init(_ stacks: FoldedStacks) {
        let total = Double(stacks.total)
        guard total > 0 else { return }
        for (stack, count) in DifferentialProfile.withoutRoot(stacks).counts where count > 0 {
            let frames = stack.split(separator: ";").map(String.init)
            let share = Double(count) / total
            if let leaf = frames.last { selfShare[leaf, default: 0] += share }
            for name in Set(frames) { totalShare[name, default: 0] += share }
        }
    }
}

/// The share of samples whose stack ends exactly at each path (`a;b;c`): the self time of a flame graph's box.
struct PathShares {
    var share: [String: Double] = [:]

    init(_ stacks: FoldedStacks) {
        let total = Double(stacks.total)
        guard total > 0 else { return }
        for (stack, count) in stacks.counts where count > 0 { share[stack, default: 0] += Double(count) / total }
    }
}

/// Red for added time, blue for removed, saturating at 5 points of base's time.
enum DifferenceColour {
    static func fill(_ change: Double) -> String {
        let strength = min(abs(change) / 0.05, 1)
        let fade = Int((255 * (1 - strength)).rounded())
        return change >= 0 ? String(format: "#ff%02x%02x", fade, fade) : String(format: "#%02x%02xff", fade, fade)
    }
}
