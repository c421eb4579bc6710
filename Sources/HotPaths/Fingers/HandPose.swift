/// The 21 hand landmarks of 004 (`HandLandmarks`, from Vision's `VNHumanHandPoseObservation`), in its order:
/// wrist; then per finger (thumb, index, middle, ring, little) tip, DIP, PIP, MCP — for the thumb tip, IP, MP, CMC.
public struct HandPose: Sendable, Equatable {
    public static let landmarkCount = 21
    /// `points[0]` is the wrist; finger `f` (0 thumb … 4 little) has tip, DIP, PIP, MCP at `1 + 4f ... 4 + 4f`.
    public var points: [SIMD2<Double>]

    public init(points: [SIMD2<Double>]) {
        precondition(points.count == Self.landmarkCount, "a hand has 21 landmarks")
        self.points = points
    }

    public var wrist: SIMD2<Double> { points[0] }

    /// Tip, DIP, PIP, MCP of a finger (for the thumb: tip, IP, MP, CMC, as 004 passes them).
    public func joints(_ finger: Finger) -> (tip: SIMD2<Double>, dip: SIMD2<Double>, pip: SIMD2<Double>, mcp: SIMD2<Double>) {
        let base = 1 + 4 * finger.rawValue
        return (points[base], points[base + 1], points[base + 2], points[base + 3])
    }
}

/// The five fingers, in 004's order.
public enum Finger: Int, CaseIterable, Sendable {
    case thumb, index, middle, ring, little
}

/// A set of fingers as five bits: what the optimized detector returns without allocating.
public struct FingerSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ fingers: [Finger]) { self.init(rawValue: fingers.reduce(0) { $0 | 1 << UInt8($1.rawValue) }) }

    public static let thumb = FingerSet(rawValue: 1), index = FingerSet(rawValue: 2), middle = FingerSet(rawValue: 4)
    public static let ring = FingerSet(rawValue: 8), little = FingerSet(rawValue: 16)

    public var count: Int { rawValue.nonzeroBitCount }
    public var fingers: [Finger] { Finger.allCases.filter { rawValue & 1 << UInt8($0.rawValue) != 0 } }
}

/// 004's `detectGesture`: peace = exactly index and middle; thumbs-up = exactly the thumb; OK = exactly thumb and
/// index (004's own simplification). 004 declares `pointing` but never returns it; neither does this.
public enum Gesture: String, Sendable, CaseIterable {
    case peace, thumbsUp, ok, pointing

    /// The gesture the raised fingers make, or nil for any other set.
    public static func detect(_ raised: FingerSet) -> Gesture? {
        switch raised {
        case [.index, .middle]: return .peace
        case [.thumb]: return .thumbsUp
        case [.thumb, .index]: return .ok
        default: return nil
        }
    }
}
