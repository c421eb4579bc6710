/// The plain greedy NMS of YOLO post-processing: filter by confidence, sort by score, then for each kept box
/// suppress every later box of its class that overlaps it too much. O(n²) in the candidates.
public enum ReferenceNMS {
    /// - Parameters:
    ///   - boxes: `4·N` floats, `x1, y1, x2, y2` per candidate.
    ///   - scores: `N` confidences.
    ///   - classes: `N` class ids.
    /// - Returns: indices into the input of the kept candidates, by descending score (ties in input order).
    public static func run(boxes: [Float], scores: [Float], classes: [Int32], parameters: NMSParameters) -> [Int32] {
        precondition(boxes.count == 4 * scores.count && classes.count == scores.count, "N boxes, scores and classes")
        let order = scores.indices
            .filter { scores[$0] > parameters.confidence }
            .sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        let box = { (i: Int) in (boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3]) }
        var suppressed = [Bool](repeating: false, count: order.count)
        var keep: [Int32] = []
        for (position, candidate) in order.enumerated() where !suppressed[position] {
            guard keep.count < parameters.maxDetections else { break }
            keep.append(Int32(candidate))
            for later in (position + 1)..<order.count where !suppressed[later] {
                let other = order[later]
                if classes[other] == classes[candidate],
                   intersectionOverUnion(box(candidate), box(other)) > parameters.iou {
                    suppressed[later] = true
                }
            }
        }
        return keep
    }
}
