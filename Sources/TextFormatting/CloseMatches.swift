/// Close matches of a misspelt name, by edit distance (case-insensitive).
public enum CloseMatches {
    /// Up to `limit` names within a distance of a third of the name's length (at least 2), nearest first.
    public static func of(_ name: String, in candidates: [String], limit: Int = 5) -> [String] {
        let wanted = Array(name.uppercased())
        let threshold = Swift.max(2, wanted.count / 3)
        let scored: [(name: String, distance: Int)] = candidates.map { ($0, distance(wanted, Array($0.uppercased()))) }
        let close = scored.filter { $0.distance <= threshold }
        let ordered = close.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return ordered.prefix(limit).map(\.name)
    }

    /// Levenshtein distance (insertions, deletions, substitutions cost 1). Time O(|a|·|b|), memory O(|b|).
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
