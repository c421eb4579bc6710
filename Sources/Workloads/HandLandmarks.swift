import Foundation

/// 21-landmark hand poses (004's order: wrist, then tip, DIP, PIP, MCP of thumb, index, middle, ring, little —
/// the thumb's IP, MP, CMC in the joint slots) in normalized image coordinates, built from a simple skeleton:
/// a raised finger runs straight out from its knuckle, a curled one folds back toward the palm.
public enum HandLandmarks {
    /// Direction of each finger from the wrist, degrees (thumb to little), and its knuckle's distance.
    private static let angles: [Double] = [150, 105, 90, 75, 60]
    private static let knuckle: [Double] = [0.04, 0.12, 0.125, 0.12, 0.11]
    private static let segments: [(Double, Double, Double)] = [
        (0.04, 0.03, 0.025), (0.05, 0.03, 0.025), (0.055, 0.033, 0.027), (0.05, 0.03, 0.025), (0.04, 0.025, 0.02),
    ]

    /// The pose with the given fingers raised (thumb first), rotated by `rotation` degrees about the wrist at
    /// `wrist`, every point jittered by N(0, jitter²) from `seed`.
    public static func pose(raised: [Bool], rotation: Double = 0, wrist: SIMD2<Double> = SIMD2(0.5, 0.2),
                            jitter: Double = 0, seed: UInt64 = 0) -> [SIMD2<Double>] {
        precondition(raised.count == 5, "five fingers")
        var noise = SeededNoise(seed: seed ^ 0x4A4D)
        var points = [SIMD2<Double>(0, 0)]
        for finger in 0..<5 {
            let theta = angles[finger] + (finger == 0 ? -10 : 0)
            let mcp = direction(angles[finger]) * knuckle[finger]
            let (first, second, third) = segments[finger]
            let pip: SIMD2<Double>, dip: SIMD2<Double>, tip: SIMD2<Double>
            if raised[finger] {
                pip = mcp + direction(theta) * first
                dip = pip + direction(theta) * second
                tip = dip + direction(theta) * third
            } else {
                let fold = finger == 0 ? -30.0 : 0  // the thumb folds across the palm
                pip = mcp + direction(theta + fold) * (first * 0.85)
                dip = pip + direction(theta + fold + (finger == 0 ? -60 : 120)) * (second * 0.8)
                tip = dip + direction(theta + fold + (finger == 0 ? -150 : 200)) * (third * 0.8)
            }
            points += [tip, dip, pip, mcp]
        }
        let turn = direction(rotation)
        return points.map { p in
            let rotated = SIMD2(p.x * turn.x - p.y * turn.y, p.x * turn.y + p.y * turn.x)
            return wrist + rotated + SIMD2(jitter * noise.gaussian(), jitter * noise.gaussian())
        }
    }

    /// A seeded pose: random raised fingers, rotation within ±40°, jitter 0.003. Returns the raised flags too.
    public static func random(seed: UInt64) -> (points: [SIMD2<Double>], raised: [Bool]) {
        var noise = SeededNoise(seed: seed)
        let raised = (0..<5).map { _ in noise.uniform() < 0.5 }
        return (pose(raised: raised, rotation: 80 * noise.uniform() - 40, jitter: 0.003, seed: seed), raised)
    }

    private static func direction(_ degrees: Double) -> SIMD2<Double> {
        SIMD2(cos(degrees * .pi / 180), sin(degrees * .pi / 180))
    }
}
