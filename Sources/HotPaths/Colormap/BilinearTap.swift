#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a linear sampler with `clamp_to_edge` reads along one axis, for output pixel `i` of `outputSize` over
/// `inputSize` texels: the texel pair and the weight of the second one.
///
/// Pixel-centre convention (Metal, Core Image, numpy golden in Tests/HotPathsTests/Golden): output pixel i sits at
/// u = (i + ½)·input/output − ½ in texel coordinates; i0 = ⌊u⌋, i1 = i0 + 1, weight = u − i0, both indices clamped to
/// the edge. A tap with weight 0 is not read (i1 = i0), so an upload at the same size reads each texel alone.
public struct BilinearTap: Sendable, Equatable {
    public let first: Int
    public let second: Int
    /// Weight of `second`, in [0, 1).
    public let weight: Float

    public init(first: Int, second: Int, weight: Float) {
        self.first = first
        self.second = second
        self.weight = weight
    }

    /// The tap of output pixel `index`; computed in Double so every size gets the same taps as numpy.
    public static func at(_ index: Int, inputSize: Int, outputSize: Int) -> BilinearTap {
        let u = (Double(index) + 0.5) * Double(inputSize) / Double(outputSize) - 0.5
        let lower = floor(u)
        let weight = Float(u - lower)
        let first = Swift.min(Swift.max(Int(lower), 0), inputSize - 1)
        let second = weight == 0 ? first : Swift.min(Swift.max(Int(lower) + 1, 0), inputSize - 1)
        return BilinearTap(first: first, second: second, weight: weight)
    }
}

/// The filter of both the reference and optimized samplers: `a + w·(b − a)` (Metal's `mix`). IEEE arithmetic
/// carries a NaN or ±Inf tap into the result (∞ − ∞ and 0·∞ are NaN), so a sample touching a hole is invalid.
@inline(__always)
public func lerp(_ a: Float, _ b: Float, _ weight: Float) -> Float {
    a + weight * (b - a)
}

/// The taps of every output column or row, computed once and read by the optimized kernels.
final class BilinearAxis: @unchecked Sendable {
    let count: Int
    let first: UnsafeMutablePointer<Int32>
    let second: UnsafeMutablePointer<Int32>
    let weight: UnsafeMutablePointer<Float>
    /// Every output pixel reads exactly its own texel (same size): the sampler is the identity.
    let isIdentity: Bool
    /// Runs of consecutive output pixels reading the same two texels (about 7.5 per run at 256 → 1920): run k
    /// covers `runStart[k]..<runStart[k + 1]` and reads `first[runStart[k]]`, `second[runStart[k]]`.
    let runStart: UnsafeMutablePointer<Int32>
    let runCount: Int

    init(inputSize: Int, outputSize: Int) {
        count = outputSize
        first = .allocate(capacity: outputSize)
        second = .allocate(capacity: outputSize)
        // Padded with zeros: the run-by-run sampler loads four weights at a time past a run's end.
        weight = .allocate(capacity: outputSize + DepthColormap.tapPadding)
        (weight + outputSize).initialize(repeating: 0, count: DepthColormap.tapPadding)
        var identity = inputSize == outputSize
        for i in 0..<outputSize {
            let tap = BilinearTap.at(i, inputSize: inputSize, outputSize: outputSize)
            first[i] = Int32(tap.first)
            second[i] = Int32(tap.second)
            weight[i] = tap.weight
            identity = identity && tap.first == i && tap.second == i && tap.weight == 0
        }
        isIdentity = identity
        var starts: [Int32] = []
        for i in 0..<outputSize where i == 0 || first[i] != first[i - 1] || second[i] != second[i - 1] {
            starts.append(Int32(i))
        }
        starts.append(Int32(outputSize))
        runCount = starts.count - 1
        runStart = .allocate(capacity: starts.count)
        runStart.initialize(from: starts, count: starts.count)
    }

    deinit {
        first.deallocate()
        second.deallocate()
        weight.deallocate()
        runStart.deallocate()
    }
}
