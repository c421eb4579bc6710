/// Tukey's fences: mild outliers lie beyond 1.5·IQR from the quartiles, severe ones beyond 3·IQR.
/// Outliers are counted and reported, never removed from the sample.
public struct OutlierClassification: Codable, Sendable, Equatable {
    public var lowSevere: Int
    public var lowMild: Int
    public var highMild: Int
    public var highSevere: Int
    /// Fences: [low severe, low mild, high mild, high severe].
    public var fences: [Double]

    public var total: Int { lowSevere + lowMild + highMild + highSevere }

    /// Classifies each value against the fences computed from the sample's own quartiles (numpy-linear).
    public static func tukey(_ values: [Double]) -> OutlierClassification {
        let sorted = values.sorted()
        let q1 = Percentile.ofSorted(sorted, 25), q3 = Percentile.ofSorted(sorted, 75)
        let iqr = q3 - q1
        let fences = [q1 - 3 * iqr, q1 - 1.5 * iqr, q3 + 1.5 * iqr, q3 + 3 * iqr]
        var result = OutlierClassification(lowSevere: 0, lowMild: 0, highMild: 0, highSevere: 0, fences: fences)
        for value in sorted {
            if value < fences[0] { result.lowSevere += 1 }
            else if value < fences[1] { result.lowMild += 1 }
            else if value > fences[3] { result.highSevere += 1 }
            else if value > fences[2] { result.highMild += 1 }
        }
        return result
    }
}
