/// How runs are told apart on an axis or in a table: a run's short commit, with its run id after it where several
/// runs share the commit. One home for `history plot`, `history show` and the history site.
public enum RunLabels {
    /// The x-axis labels of runs: each run's short commit, with its run id after it where several runs share that
    /// commit (a night's reruns, a series of one commit), so that no two ticks read the same.
    public static func distinct(commits: [String?], runIDs: [String]) -> [String] {
        let short = commits.map { $0.map { String($0.prefix(7)) } }
        let counts = Dictionary(short.compactMap { $0 }.map { ($0, 1) }, uniquingKeysWith: +)
        // Run ids are cut within the group that shows them (the runs of one commit, or those without a commit),
        // so that one id of another shape elsewhere in the series does not change how these read.
        var names = runIDs
        for group in Set(short.map { $0 ?? "" }) {
            let members = short.indices.filter { (short[$0] ?? "") == group }
            for (index, name) in zip(members, shortRunIDs(members.map { runIDs[$0] })) { names[index] = name }
        }
        return zip(short, names).map { commit, name in
            guard let commit else { return name }
            return counts[commit, default: 0] > 1 ? "\(commit) \(name)" : commit
        }
    }

    /// Run ids cut to at most `length` characters that still tell them apart: their first characters when those
    /// differ, else what follows the part all of them share up to a `-` (`nightly-20261206-194629-c2bb40` and
    /// `nightly-20261206-195522-9e1f07` are `194629-c2bb4` and `195522-9e1f0`: their first 12 both read
    /// `nightly-2026`), else their last characters, else whole.
    public static func shortRunIDs(_ runIDs: [String], length: Int = 12) -> [String] {
        func distinct(_ names: [String]) -> Bool { Set(names).count == Set(runIDs).count }
        let first = runIDs.map { String($0.prefix(length)) }
        if distinct(first) { return first }
        var shared = Substring(runIDs.first ?? "")
        for id in runIDs.dropFirst() { shared = shared.prefix(zip(shared, id).prefix { $0 == $1 }.count) }
        let cut = shared.lastIndex(of: "-").map { shared.distance(from: shared.startIndex, to: $0) + 1 } ?? 0
        let rest = runIDs.map { String($0.dropFirst(cut).prefix(length)) }
        if distinct(rest) { return rest }
        let last = runIDs.map { String($0.suffix(length)) }
        return distinct(last) ? last : runIDs
    }
}
