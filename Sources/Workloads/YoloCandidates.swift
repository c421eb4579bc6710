/// The raw output of a YOLO detector before NMS: N candidate boxes (`x1, y1, x2, y2` in pixels of the 640×640
/// input), their best class and its confidence (001 §2: yolo11l-seg, 8400 candidates).
///
/// A scene places objects; a share of the candidates cluster around them (jittered boxes whose score falls with
/// the jitter, a few with a confusable class), the rest are low-scoring background boxes. Same seed, same bytes.
public struct YoloCandidates: Sendable, Equatable {
    /// `4·count` floats.
    public var boxes: [Float]
    public var scores: [Float]
    public var classes: [Int32]

    public var count: Int { scores.count }

    public init(boxes: [Float], scores: [Float], classes: [Int32]) {
        precondition(boxes.count == 4 * scores.count && classes.count == scores.count, "N boxes, scores and classes")
        self.boxes = boxes
        self.scores = scores
        self.classes = classes
    }

    /// A room with a few objects: at confidence 0.7 a few dozen candidates remain, about 6 detections.
    public static func typical(seed: UInt64) -> YoloCandidates {
        scene(count: 8400, objects: 6, nearFraction: 0.009, seed: seed)
    }

    /// A cluttered scene of overlapping objects of few classes: at confidence 0.25 over a thousand candidates
    /// remain, many overlapping.
    public static func crowded(count: Int = 8400, seed: UInt64) -> YoloCandidates {
        scene(count: count, objects: max(1, count * 60 / 8400), nearFraction: 0.09, seed: seed)
    }

    /// - Parameters:
    ///   - count: candidates (8400 for 640×640; 25200 for the older three-anchor heads).
    ///   - objects: objects in the scene.
    ///   - nearFraction: share of the candidates that cluster around an object.
    public static func scene(count: Int, objects: Int, nearFraction: Double, seed: UInt64,
                             imageSize: Double = 640) -> YoloCandidates {
        var noise = SeededNoise(seed: seed ^ 0x9010_CA4D)
        let classCount = objects > 20 ? 8 : 80  // a crowd of few classes overlaps within a class
        let placed = (0..<max(objects, 1)).map { _ in
            SceneObject(cx: imageSize * (0.1 + 0.8 * noise.uniform()), cy: imageSize * (0.1 + 0.8 * noise.uniform()),
                        size: 30 + 170 * noise.uniform(), cls: Int32(noise.index(below: classCount)),
                        confidence: 0.78 + 0.17 * noise.uniform())
        }
        var result = YoloCandidates(boxes: [], scores: [], classes: [])
        result.boxes.reserveCapacity(4 * count)
        for _ in 0..<count {
            if objects > 0 && noise.uniform() < nearFraction {
                result.appendNear(placed[noise.index(below: placed.count)], &noise, classCount: classCount)
            } else {
                result.appendBackground(&noise, imageSize: imageSize, classCount: classCount)
            }
        }
        return result
    }

    private mutating func appendNear(_ object: SceneObject, _ noise: inout SeededNoise, classCount: Int) {
        let dx = 0.1 * noise.gaussian(), dy = 0.1 * noise.gaussian()
        let scale = 1 + 0.1 * noise.gaussian()
        let half = object.size * scale / 2
        let cx = object.cx + dx * object.size, cy = object.cy + dy * object.size
        boxes += [Float(cx - half), Float(cy - half), Float(cx + half), Float(cy + half)]
        let offset = (dx * dx + dy * dy).squareRoot() + abs(scale - 1)
        scores.append(Float(max(0, min(1, object.confidence - 0.6 * offset + 0.03 * noise.gaussian()))))
        classes.append(noise.uniform() < 0.05 ? Int32(noise.index(below: classCount)) : object.cls)
    }

    private mutating func appendBackground(_ noise: inout SeededNoise, imageSize: Double, classCount: Int) {
        let cx = imageSize * noise.uniform(), cy = imageSize * noise.uniform()
        let half = (10 + 110 * noise.uniform()) / 2
        boxes += [Float(cx - half), Float(cy - half), Float(cx + half), Float(cy + half)]
        scores.append(Float(0.4 * pow8(noise.uniform())))
        classes.append(Int32(noise.index(below: classCount)))
    }

    private func pow8(_ x: Double) -> Double { let x2 = x * x, x4 = x2 * x2; return x4 * x4 }
}

private struct SceneObject {
    let cx: Double, cy: Double, size: Double
    let cls: Int32
    let confidence: Double
}
