/// 004's finger test without square roots or trigonometry, returning a bit set (no allocation):
/// - distances compare as squared distances (`a > b ⇔ a² > b²` for lengths);
/// - `angle > 150°` at the PIP is `cos(angle) < cos 150° = −√3/2`, i.e. `dot < 0 ∧ dot² > ¾·|v1|²·|v2|²`.
/// Agrees with ``ReferenceFingerDetector`` except where two distances or the angle tie within float rounding.
public enum FingerDetector {
    /// The raised fingers as a bit set (no array allocated); `FingerSet.count` is 004's finger count.
    public static func raisedFingers(_ hand: HandPose) -> FingerSet {
        hand.points.withUnsafeBufferPointer { points in
            var raised: UInt8 = 0, unsure: UInt8 = 0
            let wrist = points[0]
            for finger in 0..<5 {
                let base = 1 + 4 * finger
                switch isExtended(tip: points[base], dip: points[base + 1], pip: points[base + 2], mcp: points[base + 3],
                                  wrist: wrist) {
                case .yes: raised |= 1 &<< UInt8(finger)
                case .unsure: unsure |= 1 &<< UInt8(finger)
                case .no: break
                }
            }
            // Out of the loop and out of line: a call inside it made every hand pay for saving the registers the
            // rare path needs (+36 instructions a hand, +12% on finger-count/optimized: make compare, 6 Dec).
            return FingerSet(rawValue: unsure == 0 ? raised : fingersExtendedAtAnyScale(points, raised: raised, unsure: unsure))
        }
    }

    /// ``isExtended(tip:dip:pip:mcp:wrist:)``'s answers: unsure when the fourth powers left the Double range (the
    /// angle is then tested again on vectors with the scale taken out).
    private enum Answer { case no, yes, unsure }

    @inline(__always)
    private static func isExtended(tip: SIMD2<Double>, dip: SIMD2<Double>, pip: SIMD2<Double>, mcp: SIMD2<Double>,
                                   wrist: SIMD2<Double>) -> Answer {
        let tipToWrist = squaredLength(tip - wrist), dipToWrist = squaredLength(dip - wrist)
        let pipToWrist = squaredLength(pip - wrist), mcpToWrist = squaredLength(mcp - wrist)
        guard tipToWrist > dipToWrist && dipToWrist > pipToWrist && pipToWrist > mcpToWrist else { return .no }
        let v1 = tip - pip, v2 = mcp - pip
        let dot = v1.x * v2.x + v1.y * v2.y
        guard dot < 0 else { return .no }
        let lengths = squaredLength(v1) * squaredLength(v2)
        // dot² and the lengths' product are fourth powers of the coordinates: beyond about 1e±77 they overflow or
        // underflow, where 004's atan2 does not care about scale. dot ≠ 0, so neither vector is 0 and `lengths`
        // is normal unless it left the range. A yes can be wrong only by an underflow (dot² ≤ lengths, so an
        // overflow makes both infinite, and inf > inf is no): with the bar at least the smallest normal number, a yes
        // needs lengths > dot² > that, normal (one compare more on the yes path: LLVM branches rather than emit a
        // vmaxsd, in either spelling of the max; 316 instructions a hand, callgrind). A no is unsure when
        // lengths is infinite or below where that floor can have raised the bar (¾·lengths < leastNormal).
        if dot * dot > max(0.75 * lengths, .leastNormalMagnitude) { return .yes }
        return isAtLeastFloorAndFinite(lengths) ? .no : .unsure
    }

    /// `x ≥ leastNormal / 0.75 ∧ x < ∞` for an `x` without its sign bit, as one unsigned compare of the bits (positive
    /// doubles order as their bit patterns; NaN is out of range too).
    @inline(__always)
    private static func isAtLeastFloorAndFinite(_ x: Double) -> Bool {
        let floor = (Double.leastNormalMagnitude / 0.75).nextUp.bitPattern
        return x.bitPattern &- floor < Double.infinity.bitPattern &- floor
    }

    @inline(__always)
    private static func squaredLength(_ v: SIMD2<Double>) -> Double { v.x * v.x + v.y * v.y }
}

/// `raised` with the fingers of `unsure` whose angle at the PIP is wider than 150° (their distances already passed),
/// the angle tested on vectors whose scale has been taken out (only the angle between them matters). A free function
/// out of line: the detector's loop then saves no register for it.
@inline(never)
private func fingersExtendedAtAnyScale(_ points: UnsafeBufferPointer<SIMD2<Double>>, raised: UInt8, unsure: UInt8) -> UInt8 {
    var raised = raised
    for finger in 0..<5 where unsure & (1 << finger) != 0 {
        let base = 1 + 4 * finger
        let pip = points[base + 2]
        let v1 = scaledToOne(points[base] - pip), v2 = scaledToOne(points[base + 3] - pip)
        let dot = v1.x * v2.x + v1.y * v2.y
        if dot < 0 && dot * dot > 0.75 * (v1 * v1).sum() * (v2 * v2).sum() { raised |= 1 << finger }
    }
    return raised
}

/// `v` times the power of two that brings its larger coordinate into 1..<2 (exact: only the exponent changes).
private func scaledToOne(_ v: SIMD2<Double>) -> SIMD2<Double> {
    let largest = max(abs(v.x), abs(v.y))
    return v * Double(sign: .plus, exponent: -largest.exponent, significand: 1)
}
