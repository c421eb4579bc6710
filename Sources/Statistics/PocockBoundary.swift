import Foundation

/// The two-sided Pocock boundary of a test looked at again after every replicate, from the `first` to the `last`:
/// one nominal α for every look, chosen so that the chance of crossing it at *any* look, with no change, is the
/// family α. Testing each look at the family α instead lets noise through at some look far more often: for
/// α = 0.01/14 over looks 3…40 about 10 times as often: 0.69% instead of 0.071% (Gaussian replicates).
///
/// The crossing probability is computed exactly for a Gaussian random walk with unit steps (the sum of the
/// replicates; look n stops when |S_n| ≥ c√n), by the recursive numerical integration of Armitage, McPherson and
/// Rowe (1969) as in Jennison & Turnbull, *Group Sequential Methods* (2000), ch. 19: the density of S_n on the
/// continuation region is carried from look to look by convolution with the step's normal density, integrated by
/// Simpson's rule. Applied to a t test's p-value at each look (the nominal-p approach), it holds the family α to
/// within the t test's own approximation, and more conservatively when a look is skipped or measuring stops early.
public struct PocockBoundary: Sendable, Equatable {
    /// The chance, with no change, that some look crosses.
    public let familyAlpha: Double
    /// The replicate counts at which the test is looked at: every count from `looks.lowerBound` to the upper.
    public let looks: ClosedRange<Int>
    /// The critical |z| of every look.
    public let critical: Double

    /// The two-sided α each look is tested at.
    public var nominalAlpha: Double { 2 * NormalDistribution.survival(critical) }

    /// - Precondition: 0 < `familyAlpha` < 1 and `looks.lowerBound` ≥ 1.
    public init(familyAlpha: Double, looks: ClosedRange<Int>) {
        precondition(familyAlpha > 0 && familyAlpha < 1, "family α \(familyAlpha) outside (0, 1)")
        precondition(looks.lowerBound >= 1, "looks from \(looks.lowerBound) replicates")
        self.familyAlpha = familyAlpha
        self.looks = looks
        let single = NormalDistribution.quantile(1 - familyAlpha / 2)
        // One look is the plain test; more looks need a larger critical value, at most the Bonferroni one.
        let bonferroni = NormalDistribution.quantile(1 - familyAlpha / Double(2 * looks.count))
        critical = looks.count == 1 ? single
            : Self.solve(low: single, high: bonferroni + 0.01) {
                log(Self.crossingProbability(critical: $0, looks: looks)) - log(familyAlpha)
            }
    }

    /// P(|S_n| ≥ c√n at some n in `looks`) for a Gaussian random walk with unit steps started at 0.
    public static func crossingProbability(critical c: Double, looks: ClosedRange<Int>) -> Double {
        let first = Double(looks.lowerBound)
        var grid = Grid(halfWidth: c * first.squareRoot())
        var density = grid.points.map { exp(-$0 * $0 / (2 * first)) / (2 * Double.pi * first).squareRoot() }
        let unit = 1 / (2 * Double.pi).squareRoot()
        for n in looks.dropFirst() {
            let next = Grid(halfWidth: c * Double(n).squareRoot())
            let mass = zip(density, grid.weights).map(*)
            let stepDecay = exp(-grid.step * grid.step)
            density = next.points.map { y in
                // A step moves S by more than `kernelReach` with probability under 1e-23: those terms are dropped.
                let low = Swift.max(0, Int(((y - kernelReach - grid.points[0]) / grid.step).rounded(.up)))
                let high = Swift.min(grid.points.count - 1, Int(((y + kernelReach - grid.points[0]) / grid.step).rounded(.down)))
                // exp(−dᵢ²/2) over a uniform grid by recurrence, two products a term instead of an exp (`--max-pairs
                // 1000` took 4.7 s, all of it before the first pair, where a Ctrl-C waited for it): with
                // dᵢ = y − x₍low₎ − (i − low)h, termᵢ₊₁ = termᵢ · ratioᵢ and ratioᵢ₊₁ = ratioᵢ · e^(−h²).
                guard low <= high else { return 0 }
                let h = grid.step, d = y - grid.points[low]
                var term = exp(-d * d / 2), ratio = exp(d * h - h * h / 2), sum = 0.0
                for i in low...high {
                    sum += mass[i] * term
                    term *= ratio
                    ratio *= stepDecay
                }
                return sum * unit
            }
            grid = next
        }
        let staying = zip(density, grid.weights).reduce(0) { $0 + $1.0 * $1.1 }
        return Swift.max(0, 1 - staying)
    }

    static let kernelReach = 10.0

    /// Simpson's rule over the continuation region of one look, with steps of at most `maximumStep` (the step's
    /// density has unit variance; at 0.25 the crossing probability is within 0.1% of a grid four times finer).
    struct Grid {
        static let maximumStep = 0.25
        let points: [Double], weights: [Double], step: Double

        init(halfWidth: Double) {
            let intervals = Swift.max(60, 2 * Int((halfWidth / Self.maximumStep).rounded(.up)))  // even, for Simpson
            step = 2 * halfWidth / Double(intervals)
            let h = step
            points = (0...intervals).map { -halfWidth + Double($0) * h }
            weights = (0...intervals).map { i in (i == 0 || i == intervals ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0)) * h / 3 }
        }
    }

    /// The root of a decreasing `excess` (here a log, nearly linear in the critical value) between `low` (excess ≥ 0)
    /// and `high` (excess ≤ 0): regula falsi with the Illinois step, to 1e-9 in the critical value, in a handful of
    /// evaluations (each a few hundred thousand kernel terms for looks 3…40).
    private static func solve(low: Double, high: Double, _ excess: (Double) -> Double) -> Double {
        var a = low, b = high, fa = excess(a), fb = excess(b), side = 0
        if fa <= 0 { return a }
        if fb >= 0 { return b }
        for _ in 0..<60 where b - a > 1e-9 {
            let c = (a * fb - b * fa) / (fb - fa), fc = excess(c)
            if abs(fc) < 1e-9 { return c }
            if fc > 0 {
                a = c; fa = fc
                if side == 1 { fb /= 2 }
                side = 1
            } else {
                b = c; fb = fc
                if side == -1 { fa /= 2 }
                side = -1
            }
        }
        return (a + b) / 2
    }
}
