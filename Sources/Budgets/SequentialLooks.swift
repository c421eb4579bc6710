import Statistics
import Synchronization

/// The level of a budget's interval over process runs, given that the gate looks at it again after every process.
///
/// The gate judges an undecided budget after each fresh process, from the second to the budget's cap, and stops at
/// the first look whose interval clears the limit. A 95% interval at every look lets a build that sits at the limit
/// through at *some* look far more often than the one chance in forty of a single look: on the model-167 Intel guest
/// (3 Dec) five of twelve drift PASSes stopped with their upper bound within 0.4% of the limit. So every look is
/// tested at the nominal level of a Pocock boundary over looks 2 … cap (``PocockBoundary``, the procedure the
/// paired comparison spends its α with): the chance that noise crosses the limit at any look stays at
/// ``familyAlpha``, 2.5% of a wrong PASS and 2.5% of a wrong FAIL. For a cap of 10 each look is a 99.0% interval;
/// for a drift budget's 20, 99.3%.
///
/// A results file judged outside the gate (`framebudget report`, `gate RESULTS`) gets the same levels: any run of
/// several processes may have come from those looks, and the same run must get the same verdict wherever it is judged.
public struct SequentialLooks: Sendable, Equatable {
    /// The gate's process cap for budgets without their own `max-processes` (`framebudget gate --max-processes`).
    public static let defaultCap = 10
    /// The chance, with the build exactly at the limit, that some look's interval excludes it (both sides together).
    public static let familyAlpha = 1 - RunLevelVerdict.level
    /// The α of the Gaussian random walk's boundary that gives t intervals a family α of 5%. The boundary is exact
    /// when the variance is known; each look here estimates it from its 2, 3, … runs, and a t interval that happens
    /// to be narrow crosses more often: applied to t intervals of normal per-run values, the boundary at 0.05 gave a
    /// wrong word to 6.1–6.2% of builds at the limit for caps of 5, 10 and 20, the boundary at 0.04 to 4.9–5.0%
    /// (scipy's Monte Carlo, 200,000 builds each: Tests/BudgetsTests/Golden/make_sequential_looks_golden.py).
    public static let boundaryAlpha = 0.04

    /// Process runs the gate may measure for a budget without its own cap, the first included.
    public var cap: Int
    /// `cap` applies to every budget, its own `max-processes` included (a cap given on the command line).
    public var overridesBudgets: Bool

    public init(cap: Int = Self.defaultCap, overridesBudgets: Bool = false) {
        self.cap = cap
        self.overridesBudgets = overridesBudgets
    }

    /// One look at every budget's runs (95% intervals): runs measured all at once and judged once, as
    /// `gate --max-processes 2` does.
    public static let once = SequentialLooks(cap: 2, overridesBudgets: true)

    /// The last process count at which the gate judges `budget`.
    public func lastLook(for budget: Budget) -> Int {
        overridesBudgets ? cap : budget.maxProcesses ?? cap
    }

    /// The level of the interval over `budget`'s process runs at each look: 95% when the runs are looked at once
    /// (a cap of 2 or less), the Pocock nominal level over looks 2 … cap otherwise.
    public func intervalLevel(for budget: Budget) -> Double {
        Self.level(lastLook: lastLook(for: budget))
    }

    /// The per-look level for looks 2 … `lastLook` (each boundary is computed once per process: tens of ms for 20).
    public static func level(lastLook: Int) -> Double {
        guard lastLook > 2 else { return RunLevelVerdict.level }
        if let known = levels.withLock({ $0[lastLook] }) { return known }
        let level = 1 - PocockBoundary(familyAlpha: boundaryAlpha, looks: 2...lastLook).nominalAlpha
        levels.withLock { $0[lastLook] = level }
        return level
    }

    private static let levels = Mutex<[Int: Double]>([:])
}
