/// How far above the largest value a chart shows (on a linear scale) a budget may lie and still be drawn as a line:
/// a 1 ms budget over 8 µs medians would flatten them onto the axis, so beyond this factor the budget is named in
/// the key as off-scale instead. One number for the gnuplot plots and the history site's SVG, so that a
/// benchmark's trend reads the same in both.
public enum BudgetHeadroom {
    public static let factor = 4.0

    /// A budget of `limit` is drawn over values up to `largest` (same unit).
    public static func isOnScale(_ limit: Double, largest: Double) -> Bool { limit <= factor * largest }
}
