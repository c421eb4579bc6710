import Foundation
import Statistics

/// Seeded uniform and Gaussian draws for the scenes (SplitMix64 underneath, so a seed fixes every byte).
struct SeededNoise {
    private var generator: SplitMix64
    private var spare: Double?

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double {
        Double(generator.next() >> 11) * 0x1.0p-53
    }

    /// Standard normal (Box–Muller; the second value of each pair is kept for the next call).
    mutating func gaussian() -> Double {
        if let value = spare {
            spare = nil
            return value
        }
        let u1 = Swift.max(uniform(), .leastNonzeroMagnitude)
        let u2 = uniform()
        let radius = (-2 * log(u1)).squareRoot()
        spare = radius * sin(2 * .pi * u2)
        return radius * cos(2 * .pi * u2)
    }

    /// A uniform index in `0..<bound`.
    mutating func index(below bound: Int) -> Int { generator.index(below: bound) }
}
