import Foundation

/// Number formatting shared by budgets, verdicts and reports: 4 significant digits, no exponent for everyday values.
public enum UnitFormat {
    /// `0.8312`, `17.54`, `1200`, `0`: short and stable across platforms.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "inf" : "-inf") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1e6 || magnitude < 1e-3 { return String(format: "%.3e", value) }
        let decimals = max(0, 3 - Int(floor(log10(magnitude))))
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// `0.8312 ms`, `12 µs` (in the unit's ``BudgetUnit/symbol``).
    public static func value(_ value: Double, _ unit: BudgetUnit) -> String {
        "\(number(value)) \(unit.symbol)"
    }

    /// A rate with an SI prefix and 4 significant digits: `12.35 M`, `980 k`, `1.2 G` (a unit follows it).
    public static func scaled(_ value: Double) -> String {
        let prefixes: [(Double, String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        guard value.isFinite, let (scale, prefix) = prefixes.first(where: { abs(value) >= $0.0 }) else { return number(value) }
        return "\(number(value / scale)) \(prefix)"
    }
}
