import Foundation

/// Signed percentages with a true minus sign: `+12.0%`, `−8.0%`: every report, message and page writes a change
/// this way.
public enum Percent {
    /// `fraction` (0.12 is 12%) with its sign and `digits` decimals.
    public static func signed(_ fraction: Double, digits: Int = 1) -> String {
        let text = String(format: "%.\(digits)f%%", abs(fraction) * 100)
        return (fraction < 0 ? "−" : "+") + text
    }

    /// A confidence level (0.989) as `98.9%`, a whole one (0.90) as `90%`.
    public static func level(_ level: Double) -> String {
        let tenths = (level * 1000).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))%" : String(format: "%.1f%%", tenths / 10)
    }
}
