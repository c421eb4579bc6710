/// 004's finger test without square roots or trigonometry, returning a bit set (no allocation):
/// - distances compare as squared distances (`a > b ⇔ a² > b²` for lengths);
/// - `angle > 150°` at the PIP is `cos(angle) < cos 150° = −√3/2`, i.e. `dot < 0 ∧ dot² > ¾·|v1|²·|v2|²`.
/// Agrees with ``ReferenceFingerDetector`` except where two distances or the angle tie within float rounding.
public enum FingerDetector {
    public static func raisedFingers(_ hand: HandPose) -> FingerSet {
        hand.points.withUnsafeBufferPointer { points in
            var raised: UInt8 = 0
            let wrist = points[0]
            for finger in 0..<5 {
                let base = 1 + 4 * finger
                if isExtended(tip: points[base], dip: points[base + 1], pip: points[base + 2], mcp: points[base + 3], wrist: wrist) {
                    raised |= 1 << UInt8(finger)
                }
            }
            return FingerSet(rawValue: raised)
        }
    }

    @inline(__always)
    static func isExtended(tip: SIMD2<Double>, dip: SIMD2<Double>, pip: SIMD2<Double>, mcp: SIMD2<Double>,
                           wrist: SIMD2<Double>) -> Bool {
        let tipToWrist = squaredLength(tip - wrist), dipToWrist = squaredLength(dip - wrist)
        let pipToWrist = squaredLength(pip - wrist), mcpToWrist = squaredLength(mcp - wrist)
        guard tipToWrist > dipToWrist && dipToWrist > pipToWrist && pipToWrist > mcpToWrist else { return false }
        let v1 = tip - pip, v2 = mcp - pip
        let dot = v1.x * v2.x + v1.y * v2.y
        guard dot < 0 else { return false }
        let lengths = squaredLength(v1) * squaredLength(v2)
        // dot² and the lengths' product are fourth powers of the coordinates: beyond about 1e±77 they overflow or
        // underflow, where 004's atan2 does not care about scale. dot ≠ 0, so neither vector is 0 and `lengths`
        // is normal unless it left the range.
        guard lengths.isNormal else { return widerThan150Degrees(scaledToOne(v1), scaledToOne(v2)) }
        return dot * dot > 0.75 * lengths
    }

    /// The angle test on vectors whose scale has been taken out (only the angle between them matters).
    private static func widerThan150Degrees(_ v1: SIMD2<Double>, _ v2: SIMD2<Double>) -> Bool {
        let dot = v1.x * v2.x + v1.y * v2.y
        return dot < 0 && dot * dot > 0.75 * squaredLength(v1) * squaredLength(v2)
    }

    /// `v` times the power of two that brings its larger coordinate into 1..<2 (exact: only the exponent changes).
    private static func scaledToOne(_ v: SIMD2<Double>) -> SIMD2<Double> {
        let largest = max(abs(v.x), abs(v.y))
        return v * Double(sign: .plus, exponent: -largest.exponent, significand: 1)
    }

    @inline(__always)
    private static func squaredLength(_ v: SIMD2<Double>) -> Double { v.x * v.x + v.y * v.y }
}
