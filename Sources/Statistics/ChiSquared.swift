import Foundation

/// The chi-squared distribution with `degreesOfFreedom` ν > 0: what a sample variance of normal values is, scaled
/// ((n − 1)s²/σ² ~ χ²(n − 1)), and so the interval of a standard deviation measured over a few runs.
public struct ChiSquared: Sendable, Equatable {
    public let degreesOfFreedom: Double

    /// - Precondition: `degreesOfFreedom` > 0 and finite.
    public init(degreesOfFreedom: Double) {
        precondition(degreesOfFreedom > 0 && degreesOfFreedom.isFinite, "chi-squared distribution with ν = \(degreesOfFreedom)")
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(X ≤ x): the regularized lower incomplete gamma P(ν/2, x/2) (its series below a + 1, Lentz's continued
    /// fraction of the upper one above). Matches `scipy.stats.chi2.cdf` to ~1e-12.
    public func cdf(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x.isFinite else { return 1 }
        let a = degreesOfFreedom / 2, z = x / 2
        let logPrefix = a * log(z) - z - lgamma(a)
        if z < a + 1 {
            var term = 1 / a, sum = term, n = a
            for _ in 0..<1000 {
                n += 1
                term *= z / n
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return min(1, sum * exp(logPrefix))
        }
        var b = z + 1 - a, c = 1 / Double.leastNormalMagnitude, d = 1 / b, h = d
        for i in 1..<1000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < Double.leastNormalMagnitude { d = Double.leastNormalMagnitude }
            c = b + an / c
            if abs(c) < Double.leastNormalMagnitude { c = Double.leastNormalMagnitude }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-16 { break }
        }
        return max(0, 1 - exp(logPrefix) * h)
    }

    /// The x with P(X ≤ x) = p, for p in (0, 1): bisection on ``cdf(_:)`` (the cdf is monotone; 200 halvings of a
    /// bracket that doubles until it holds p). Matches `scipy.stats.chi2.ppf` to ~1e-10 relative.
    public func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "chi-squared quantile of \(p) outside (0, 1)")
        var low = 0.0, high = max(1, degreesOfFreedom)
        while cdf(high) < p { low = high; high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cdf(middle) < p { low = middle } else { high = middle }
            if high - low <= high * 1e-14 { break }
        }
        return (low + high) / 2
    }

    /// The `level` interval of a normal standard deviation measured as `sd` over `count` values:
    /// [sd·√(ν/χ²₍₁₊ₗ₎⸝₂), sd·√(ν/χ²₍₁₋ₗ₎⸝₂)], ν = count − 1; nil with fewer than two values.
    public static func standardDeviationInterval(_ sd: Double, count: Int, level: Double = 0.95) -> ConfidenceInterval? {
        guard count >= 2, sd.isFinite, sd >= 0 else { return nil }
        let nu = Double(count - 1), distribution = ChiSquared(degreesOfFreedom: nu)
        return ConfidenceInterval(lower: sd * (nu / distribution.quantile(0.5 + level / 2)).squareRoot(),
                                  upper: sd * (nu / distribution.quantile(0.5 - level / 2)).squareRoot(), level: level)
    }
}
