/// The warnings of merged runs, each said once.
///
/// Each process reads its own environment, so one condition can come back from every process in other numbers
/// (`high load: 1-minute load average 5.76 on 2 cores`, then `… 5.86 …`): as distinct texts they were all kept, and a
/// gate's report said "high load" once per process. A warning counts as the same as another when only its readings
/// differ (the standalone numbers between spaces); the first run's wording is kept, the one the command printed when
/// it started. Numbers inside names (`n=100`, `256x192`) are not readings: warnings naming other benchmarks stay apart.
enum MergedWarnings {
    /// Every run's warnings, each condition once (the first run's wording), sorted.
    static func merge(_ runs: [[String]]) -> [String] {
        var seen: Set<String> = [], kept: [String] = []
        for warning in runs.joined() where seen.insert(shape(warning)).inserted {
            kept.append(warning)
        }
        return kept.sorted()
    }

    /// The warning with every reading replaced by `#`: what two readings of one condition have in common.
    static func shape(_ warning: String) -> String {
        warning.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            // A reading may close a clause or a parenthesis: `5.76,` `2)` `120;`.
            let trailing = word.reversed().prefix { ",;:)".contains($0) }.count
            let core = word.dropLast(trailing)
            return isReading(core) ? "#" + word.suffix(trailing) : String(word)
        }.joined(separator: " ")
    }

    /// `5.76`, `-3`, `120`, `7.4%`: digits with at most one decimal point, perhaps a percentage (not `inf`, `nan` or
    /// `1e3`, which no warning writes). Each process of a gate reads its own steal (`… took 5.5% of the CPUs' time …`).
    private static func isReading(_ word: Substring) -> Bool {
        let number = word.last == "%" ? word.dropLast() : word
        let unsigned = number.first == "-" || number.first == "+" ? number.dropFirst() : number
        return unsigned.contains(where: \.isNumber) && unsigned.filter { $0 == "." }.count <= 1
            && unsigned.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." }
    }
}
