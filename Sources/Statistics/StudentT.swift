import Foundation

/// Student's t distribution with `degreesOfFreedom` ν > 0 (not necessarily an integer: Welch's test gives
/// fractional ν). The run-level statistics of comparisons and gates rest on it: with a handful of processes per
/// side, the t quantile (12.7 at ν = 1, 2.78 at ν = 4) is what keeps an interval honest about how little a few runs
/// know of the between-run variance.
public struct StudentT: Sendable, Equatable {
    public let degreesOfFreedom: Double

    /// - Precondition: `degreesOfFreedom` > 0 and finite.
    public init(degreesOfFreedom: Double) {
        precondition(degreesOfFreedom > 0 && degreesOfFreedom.isFinite, "t distribution with ν = \(degreesOfFreedom)")
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(T ≤ t). Matches `scipy.stats.t.cdf` to ~1e-12 (regularized incomplete beta by Lentz's continued fraction).
    public func cdf(_ t: Double) -> Double {
        if t.isNaN { return .nan }
        if t == .infinity { return 1 }
        if t == -.infinity { return 0 }
        let nu = degreesOfFreedom
        let tail = 0.5 * IncompleteBeta.regularized(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
        return t > 0 ? 1 - tail : tail
    }

    /// P(T > t), without the cancellation of 1 − cdf for large t.
    public func survival(_ t: Double) -> Double { cdf(-t) }

    /// Two-sided p-value of an observed statistic: P(|T| ≥ |t|).
    public func twoSidedPValue(_ t: Double) -> Double {
        guard !t.isNaN else { return 1 }
        return min(1, 2 * cdf(-abs(t)))
    }

    /// The t with P(T ≤ t) = p, for p in (0, 1). Newton steps on `cdf` from the normal quantile, safeguarded by
    /// bisection; matches `scipy.stats.t.ppf` to ~1e-10 relative.
    public func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "t quantile of \(p) outside (0, 1)")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p) }
        // Bracket [0, high] with cdf(high) ≥ p, then Newton inside the bracket.
        var low = 0.0, high = max(1.0, NormalDistribution.quantile(p))
        while cdf(high) < p { low = high; high *= 2 }
        var x = (low + high) / 2
        for _ in 0..<200 {
            let error = cdf(x) - p
            if error > 0 { high = x } else { low = x }
            let step = error / density(x)
            var next = x - step
            if !(next > low && next < high) || !next.isFinite { next = (low + high) / 2 }
            if abs(next - x) <= 1e-14 * max(1, abs(x)) { return next }
            x = next
        }
        return x
    }

    /// The probability density at t.
    public func density(_ t: Double) -> Double {
        let nu = degreesOfFreedom
        let logNorm = lgamma((nu + 1) / 2) - lgamma(nu / 2) - 0.5 * log(nu * Double.pi)
        return exp(logNorm - (nu + 1) / 2 * log1p(t * t / nu))
    }
}

/// The regularized incomplete beta function I_x(a, b).
enum IncompleteBeta {
    static func regularized(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    /// Lentz's method for the continued fraction of I_x(a, b) (Numerical Recipes, betacf).
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300, epsilon = 1e-16
        let qab = a + b, qap = a + 1, qam = a - 1
        var c = 1.0, d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m), m2 = 2 * m
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d; if abs(d) < tiny { d = tiny }
            c = 1 + aa / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d; if abs(d) < tiny { d = tiny }
            c = 1 + aa / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return h
    }
}
