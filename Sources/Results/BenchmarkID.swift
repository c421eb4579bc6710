/// The identity of a benchmark: hot path, variant, workload, written `hotPath/variant/workload`
/// (e.g. `colormap/optimized/256x192`).
///
/// The one place the id is assembled (``description``) and split (``init(parsing:)``); results files, filters and
/// budgets keep it as that string, and it encodes as that string.
public struct BenchmarkID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The hot path, e.g. `colormap`.
    public var hotPath: String
    /// The variant, e.g. `reference`, `optimized`, `blas`.
    public var variant: String
    /// The workload, e.g. `256x192` or `n=8400`.
    public var workload: String

    public init(hotPath: String, variant: String, workload: String) {
        self.hotPath = hotPath
        self.variant = variant
        self.workload = workload
    }

    /// Splits `hotPath/variant/workload`: hot path and variant hold no `/`, the workload is the rest.
    /// - Throws: ``BenchmarkIDError`` naming the text, when a part is missing or empty.
    public init(parsing text: String) throws(BenchmarkIDError) {
        let parts = text.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts.contains(where: \.isEmpty) else { throw BenchmarkIDError(text: text) }
        self.init(hotPath: parts[0], variant: parts[1], workload: parts[2])
    }

    /// `hotPath/variant/workload`.
    public var description: String { "\(hotPath)/\(variant)/\(workload)" }

    /// Ordered as their strings are.
    public static func < (lhs: BenchmarkID, rhs: BenchmarkID) -> Bool { lhs.description < rhs.description }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(parsing: text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Text that is not `hotPath/variant/workload`.
public struct BenchmarkIDError: Error, Equatable, CustomStringConvertible {
    /// The text that did not parse.
    public let text: String

    public var description: String {
        "'\(text)' is not a benchmark id (expected hot-path/variant/workload, e.g. colormap/optimized/256x192)"
    }
}
