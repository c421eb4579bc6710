import Foundation

/// A linear value axis over the plotted values, padded so nothing sits on the frame.
struct ValueScale {
    let low: Double, high: Double

    init(values: [Double]) {
        let minimum = values.min() ?? 0, maximum = values.max() ?? 1
        let padding = maximum > minimum ? (maximum - minimum) * 0.08 : max(abs(maximum) * 0.05, 1)
        low = max(0, minimum - padding)
        high = maximum + padding
    }

    /// Where `value` lies between the axis' ends, 0 to 1.
    func fraction(_ value: Double) -> Double { (value - low) / (high - low) }

    /// Round values inside the axis, about `count` of them: 1, 2 or 5 × 10ᵏ apart, the spacing nearest (on a log
    /// scale) to an even split of the axis into `count - 1`.
    func ticks(_ count: Int) -> [Double] {
        let raw = (high - low) / Double(max(1, count - 1))
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.min { abs(log($0 / raw)) < abs(log($1 / raw)) }!
        let first = (low / step).rounded(.up)
        return (0..<(count + 2)).map { (first + Double($0)) * step }.filter { $0 <= high }
    }
}
