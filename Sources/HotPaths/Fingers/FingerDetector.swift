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
        return dot < 0 && dot * dot > 0.75 * squaredLength(v1) * squaredLength(v2)
    }

    @inline(__always)
    private static func squaredLength(_ v: SIMD2<Double>) -> Double { v.x * v.x + v.y * v.y }
}
