import Foundation

/// 004's `FingerDetector.detectRaisedFingers` as written: a finger is raised when its joints get farther from the
/// wrist from MCP to tip (`tip→wrist > dip→wrist > pip→wrist > mcp→wrist`, Euclidean distances) and the angle at
/// the PIP between tip and MCP, `|atan2(det, dot)|` in degrees, exceeds 150°. The thumb goes through the same test
/// with tip, IP, MP and CMC.
public enum ReferenceFingerDetector {
    /// The raised fingers in 004's order (thumb first), as the document's array.
    public static func raisedFingers(_ hand: HandPose) -> [Finger] {
        Finger.allCases.filter { finger in
            let j = hand.joints(finger)
            return isExtended(tip: j.tip, dip: j.dip, pip: j.pip, mcp: j.mcp, wrist: hand.wrist)
        }
    }

    static func isExtended(tip: SIMD2<Double>, dip: SIMD2<Double>, pip: SIMD2<Double>, mcp: SIMD2<Double>,
                           wrist: SIMD2<Double>) -> Bool {
        let tipToWrist = distance(tip, wrist), dipToWrist = distance(dip, wrist)
        let pipToWrist = distance(pip, wrist), mcpToWrist = distance(mcp, wrist)
        let isExtending = tipToWrist > dipToWrist && dipToWrist > pipToWrist && pipToWrist > mcpToWrist
        return isExtending && angle(tip, pip, mcp) > 150
    }

    private static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The angle at `p2` between `p1` and `p3`, in degrees, 0...180.
    private static func angle(_ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) -> Double {
        let v1 = p1 - p2, v2 = p3 - p2
        let dot = v1.x * v2.x + v1.y * v2.y
        let det = v1.x * v2.y - v1.y * v2.x
        return abs(atan2(det, dot) * 180 / .pi)
    }
}
