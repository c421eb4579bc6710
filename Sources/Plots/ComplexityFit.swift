import Foundation

/// An asymptotic complexity a swept benchmark can be fitted to, as google/benchmark's complexity.cc defines them.
public enum Complexity: String, CaseIterable, Sendable, Codable {
    case constant = "O(1)"
    case logarithmic = "O(log n)"
    case linear = "O(n)"
    case linearithmic = "O(n log n)"
    case quadratic = "O(n²)"

    /// The fitting curve f(n); cost ≈ coefficient · f(n).
    public func curve(_ n: Double) -> Double {
        switch self {
        case .constant: return 1
        case .logarithmic: return log2(n)
        case .linear: return n
        case .linearithmic: return n * log2(n)
        case .quadratic: return n * n
        }
    }

    /// The curve as a gnuplot expression of `x`.
    var gnuplotExpression: GnuplotScript {
        switch self {
        case .constant: return "1"
        case .logarithmic: return "(log(x)/log(2))"
        case .linear: return "x"
        case .linearithmic: return "(x*log(x)/log(2))"
        case .quadratic: return "(x*x)"
        }
    }
}

/// The least-squares fit of cost = coefficient · f(n) for one complexity.
public struct ComplexityFit: Equatable, Sendable {
    public var complexity: Complexity
    public var coefficient: Double
    /// Root-mean-square residual divided by the mean cost (google/benchmark's normalized RMS): 0 is a perfect fit.
    public var normalizedRMS: Double

    /// Fits cost = c · f(n) by least squares through the origin: c = Σ t·f(n) / Σ f(n)².
    /// - Precondition: sizes and costs have the same count, at least 1; sizes are > 0.
    public static func fit(_ complexity: Complexity, sizes: [Double], costs: [Double]) -> ComplexityFit {
        precondition(sizes.count == costs.count && !sizes.isEmpty, "one cost per size, at least one")
        let curve = sizes.map(complexity.curve)
        let squares = curve.reduce(0) { $0 + $1 * $1 }
        let products = zip(costs, curve).reduce(0) { $0 + $1.0 * $1.1 }
        let coefficient = squares == 0 ? 0 : products / squares
        let residuals = zip(costs, curve).reduce(0) { sum, pair in sum + pow(pair.0 - coefficient * pair.1, 2) }
        let rms = (residuals / Double(costs.count)).squareRoot()
        let mean = costs.reduce(0, +) / Double(costs.count)
        return ComplexityFit(complexity: complexity, coefficient: coefficient, normalizedRMS: mean == 0 ? 0 : rms / mean)
    }

    /// The complexity with the least normalized RMS among all candidates (ties go to the simpler one).
    /// - Returns: nil with fewer than 2 points, or sizes not all > 1 (log n would vanish or be undefined).
    public static func best(sizes: [Double], costs: [Double]) -> ComplexityFit? {
        guard sizes.count >= 2, sizes.count == costs.count, sizes.allSatisfy({ $0 > 1 && $0.isFinite }),
              costs.allSatisfy(\.isFinite) else { return nil }
        return Complexity.allCases.map { fit($0, sizes: sizes, costs: costs) }
            .min { $0.normalizedRMS < $1.normalizedRMS }
    }
}
