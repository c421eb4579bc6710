/// A statistic of a sample, as budgets, reports and the command line name it.
///
/// `median` and `p50` are one statistic under two spellings; both are kept so a budget reads back as written
/// (`p50 time < 1 ms` stays `p50`). Encoded as its name (`p99.9` for ``p999``).
public enum Statistic: String, CaseIterable, Codable, Sendable {
    case min, max, mean, median, p50, p90, p95, p99
    case p999 = "p99.9"

    /// Parses a statistic's name: the one place text becomes a ``Statistic`` (budgets files, lookups by name).
    /// - Throws: ``UnknownStatistic``, whose description is one line naming the bad value and the known ones.
    public init(parsing text: String) throws(UnknownStatistic) {
        guard let statistic = Statistic(rawValue: text) else { throw UnknownStatistic(text: text) }
        self = statistic
    }

    /// The percentile this statistic is (0 for `min`, 100 for `max`), or nil for `mean`.
    public var percentile: Double? {
        switch self {
        case .min: return 0
        case .max: return 100
        case .mean: return nil
        case .median, .p50: return 50
        case .p90: return 90
        case .p95: return 95
        case .p99: return 99
        case .p999: return 99.9
        }
    }

    /// The key of this statistic's bootstrap interval in ``SampleSummary/intervals`` (`p50` shares `median`'s).
    public var intervalKey: String { self == .p50 ? Statistic.median.rawValue : rawValue }

    /// This statistic of an ascending sample, with the percentile definition of ``SampleSummary``.
    /// - Precondition: `sorted` is not empty and is sorted ascending.
    public func of(sorted: [Double]) -> Double {
        switch self {
        case .mean: return Descriptive.mean(sorted)
        case .min: return sorted[0]
        case .max: return sorted[sorted.count - 1]
        default: return Percentile.ofSorted(sorted, percentile!)
        }
    }
}

/// A statistic name that is none of ``Statistic``: `unknown statistic 'p42' (known: min, max, …)`.
public struct UnknownStatistic: Error, Equatable, CustomStringConvertible {
    /// The text that was not a statistic.
    public let text: String

    public var description: String {
        "unknown statistic '\(text)' (known: \(Statistic.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
