/// The thresholds of YOLO post-processing (001 §2: yolo11l-seg at confidence 0.7, IoU 0.5; at most 300 detections).
///
/// Semantics shared by every NMS variant:
/// - a candidate takes part when `score > confidence` (strictly); a NaN score never does;
/// - candidates are visited by descending score, equal scores in input order;
/// - a candidate is suppressed when its IoU with a kept box of the same class is `> iou` (strictly);
/// - boxes are `x1, y1, x2, y2`; an inverted side (`x2 < x1` or `y2 < y1`) counts as zero length, so such a box
///   has zero area, overlaps nothing and suppresses nothing (IoU of two empty boxes is 0);
/// - at most `maxDetections` are kept, the highest-scoring ones.
public struct NMSParameters: Sendable, Equatable {
    public var confidence: Float
    public var iou: Float
    public var maxDetections: Int

    public init(confidence: Float = 0.7, iou: Float = 0.5, maxDetections: Int = 300) {
        self.confidence = confidence
        self.iou = iou
        self.maxDetections = maxDetections
    }
}

/// Intersection over union of two `x1, y1, x2, y2` boxes with inverted sides clamped to zero length; 0 when the
/// union is empty. The optimized variant evaluates the same expression, in the same order, eight boxes at a time.
@inline(__always)
func intersectionOverUnion(_ a: (Float, Float, Float, Float), _ b: (Float, Float, Float, Float)) -> Float {
    let areaA = max(0, a.2 - a.0) * max(0, a.3 - a.1)
    let areaB = max(0, b.2 - b.0) * max(0, b.3 - b.1)
    let width = max(0, min(a.2, b.2) - max(a.0, b.0))
    let height = max(0, min(a.3, b.3) - max(a.1, b.1))
    let intersection = width * height
    let union = areaA + areaB - intersection
    return union > 0 ? intersection / union : 0
}
