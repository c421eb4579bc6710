import Foundation

/// Durations as text, in the unit that writes them between 1 and 1000.
public enum DurationText {
    /// The unit that writes a time between 1 and 1000, and the nanoseconds in one of it.
    public static func unit(forNanoseconds nanoseconds: Double) -> (nanoseconds: Double, unit: String) {
        switch abs(nanoseconds) {
        case ..<1e3: return (1, "ns")
        case ..<1e6: return (1e3, "µs")
        case ..<1e9: return (1e6, "ms")
        default: return (1e9, "s")
        }
    }

    /// `812.3 ns`, `12.35 µs`, `1.234 ms`, `2.500 s`: 3–4 significant digits (decimals grow with the unit).
    public static func string(nanoseconds: Double) -> String {
        let (scale, unit) = unit(forNanoseconds: nanoseconds)
        let decimals = scale == 1 ? 1 : scale == 1e3 ? 2 : 3
        return String(format: "%.\(decimals)f \(unit)", nanoseconds / scale)
    }
}
