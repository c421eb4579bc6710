/// A small, fast, seedable generator (SplitMix64), so every resampling is reproducible from its seed.
///
/// The system generator is never used for statistics: the same samples and seed must give the same interval.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform index in 0..<bound without modulo bias worth speaking of for bound ≪ 2^64 (Lemire's method).
    public mutating func index(below bound: Int) -> Int {
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }
}
