/// The totals of one cachegrind output file: `events:` names the columns, `summary:` holds the whole-run totals.
public struct CachegrindSummary: Sendable, Equatable {
    public let totals: [String: Double]

    public init(totals: [String: Double]) { self.totals = totals }

    /// Parses a `cachegrind.out` file.
    /// - Throws: ``ToolError`` naming the file when the `events:` or `summary:` line is missing or malformed.
    public init(parsing text: String, path: String) throws {
        var events = [String]()
        var summary = [Double]()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("events:") { events = line.dropFirst(7).split(separator: " ").map(String.init) }
            if line.hasPrefix("summary:") { summary = line.dropFirst(8).split(separator: " ").compactMap { Double($0) } }
        }
        guard !events.isEmpty, summary.count == events.count else {
            throw ToolError(kind: .failed, message: "\(path): not a cachegrind output (no matching events:/summary: lines)")
        }
        totals = Dictionary(uniqueKeysWithValues: zip(events, summary))
    }

    /// Per-iteration counts from a run of n iterations and one of 2n: set-up and process start-up cancel.
    public static func perIteration(single: CachegrindSummary, double: CachegrindSummary, iterations: Int) -> [String: Double] {
        single.totals.reduce(into: [:]) { result, entry in
            guard let twice = double.totals[entry.key] else { return }
            result[entry.key] = (twice - entry.value) / Double(iterations)
        }
    }

    /// Estimated cycles from simulated cache events, the iai-callgrind way:
    /// L1 hits + 5 × last-level hits + 35 × RAM accesses. Nil without cache simulation.
    public static func estimatedCycles(_ counts: [String: Double]) -> Double? {
        let keys = ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]
        let v = keys.map { counts[$0] }
        guard !v.contains(where: { $0 == nil }) else { return nil }
        let c = v.map { $0! }
        let accesses = c[0] + c[1] + c[2]
        let l1Misses = c[3] + c[4] + c[5]
        let ram = c[6] + c[7] + c[8]
        return (accesses - l1Misses) + 5 * (l1Misses - ram) + 35 * ram
    }
}
