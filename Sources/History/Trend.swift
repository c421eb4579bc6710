import Statistics

/// A benchmark's series with the steps found in it, each named by the run and commit where it happened.
public struct Trend: Codable, Sendable, Equatable {
    public struct Step: Codable, Sendable, Equatable {
        /// The first run at the new level.
        public var runID: String
        public var gitCommit: String?
        public var before: Double
        public var after: Double
        public var relativeChange: Double
    }

    public var benchmarkID: String
    public var points: [SeriesPoint]
    public var steps: [Step]

    /// Detects steps in the medians of `points` (``ChangePoints``) and maps them to runs.
    public static func analyze(_ benchmarkID: String, points: [SeriesPoint],
                               settings: ChangePoints.Settings = ChangePoints.Settings()) -> Trend {
        let steps = ChangePoints.detect(points.map(\.median), settings: settings).map { step in
            Step(runID: points[step.index].runID, gitCommit: points[step.index].gitCommit, before: step.before,
                 after: step.after, relativeChange: step.relativeChange)
        }
        return Trend(benchmarkID: benchmarkID, points: points, steps: steps)
    }
}
