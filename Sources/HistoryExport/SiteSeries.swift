import History
import Results
import Statistics
import TextFormatting

/// A time budget drawn on a trend: its limit and the statistic it limits.
public struct SiteBudget: Sendable, Equatable {
    /// The limit, ns per iteration.
    public var nanoseconds: Double
    public var statistic: Statistic
    /// The limit with its direction in the budget's own unit, as the reports say it (`< 1 ms`, `> 5 µs`).
    public var limitPhrase: String

    /// `limitPhrase` nil: a ceiling, `< ` the limit (time budgets are not inclusive).
    public init(nanoseconds: Double, statistic: Statistic, limitPhrase: String? = nil) {
        self.nanoseconds = nanoseconds
        self.statistic = statistic
        self.limitPhrase = limitPhrase ?? "< \(DurationText.string(nanoseconds: nanoseconds))"
    }

    /// A limit on the median is drawn over the medians every trend shows; another statistic brings its own series.
    var limitsTheMedian: Bool { statistic == .median || statistic == .p50 }
}

/// One page of the history site: one benchmark's series in one machine class, with its change points.
public struct SiteSeries: Sendable {
    public var machineClass: MachineClass
    /// The points (oldest first) and the steps detected in their medians (``History/Trend/analyze(_:points:settings:)``).
    public var trend: Trend
    public var budget: SiteBudget?

    public init(machineClass: MachineClass, trend: Trend, budget: SiteBudget? = nil) {
        self.machineClass = machineClass
        self.trend = trend
        self.budget = budget
    }

    public var benchmarkID: String { trend.benchmarkID }

    /// The CPU model of the class (its `cpu=` field) with its features when the class has them (two classes of
    /// one model may differ only there), or the whole class when it has no CPU.
    public var machineName: String { Self.cpuModel(of: machineClass) }

    static func cpuModel(of machineClass: MachineClass) -> String {
        guard let cpu = machineClass.value(of: "cpu") else { return machineClass.canonical }
        return machineClass.value(of: "features").map { "\(cpu), \($0)" } ?? cpu
    }
}

extension SiteSeries {
    /// Every benchmark's series in every machine class the history holds, read through the history's reading API;
    /// classes first (newest first), benchmarks sorted within a class. A benchmark never measured in a class has
    /// no series there.
    /// - Parameters:
    ///   - budgets: time budgets by benchmark id.
    ///   - includeIncomplete: also use interrupted runs.
    /// - Parameter branch: only the runs of this branch (every branch's when nil).
    public static func all(in history: any HistoryStore, budgets: [String: SiteBudget] = [:],
                           includeIncomplete: Bool = false, branch: String? = nil) throws -> [SiteSeries] {
        let ids = try history.benchmarkIDs()
        let onBranch = try branch.map { try history.runNumbers(onBranch: $0) }
        var found = [SiteSeries]()
        for (machineClass, _) in try history.machineClasses() {
            for id in ids {
                var points: [SeriesPoint]
                do { points = try history.series(of: id, completeOnly: !includeIncomplete, machineClass: machineClass.hash) }
                catch HistoryError.unknownBenchmark { continue }
                if let onBranch { points = points.filter { onBranch.contains($0.number) } }
                if points.isEmpty { continue }
                found.append(SiteSeries(machineClass: machineClass, trend: Trend.analyze(id, points: points), budget: budgets[id]))
            }
        }
        return found
    }
}
