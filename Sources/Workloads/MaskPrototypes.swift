import Foundation

/// The mask head of a YOLO segmentation model for one image: prototype maps (32 × 120 × 160 for yolo11l-seg),
/// and per detection 32 mask coefficients and a box in output pixels (001 §2, §2b). Same seed, same bytes.
public struct MaskPrototypes: Sendable, Equatable {
    /// `channels × protoHeight × protoWidth`.
    public var prototypes: [Float]
    /// `N × channels`.
    public var coefficients: [Float]
    /// `N × 4`, `x1, y1, x2, y2` in output pixels.
    public var boxes: [Float]
    public let channels: Int, protoWidth: Int, protoHeight: Int

    public var detections: Int { boxes.count / 4 }

    public init(prototypes: [Float], coefficients: [Float], boxes: [Float], channels: Int, protoWidth: Int, protoHeight: Int) {
        precondition(prototypes.count == channels * protoWidth * protoHeight && coefficients.count == boxes.count / 4 * channels)
        self.prototypes = prototypes
        self.coefficients = coefficients
        self.boxes = boxes
        self.channels = channels
        self.protoWidth = protoWidth
        self.protoHeight = protoHeight
    }

    /// Smooth prototype maps (products of low-frequency waves plus a blob, roughly unit variance), coefficients
    /// drawn N(0, 0.5²), and boxes of objects 90–600 pixels wide placed over a `width × height` image.
    public static func scene(detections: Int, seed: UInt64, channels: Int = 32, protoWidth: Int = 160,
                             protoHeight: Int = 120, width: Int = 1920, height: Int = 1440) -> MaskPrototypes {
        var noise = SeededNoise(seed: seed ^ 0x3A5C_0DE5)
        var prototypes = [Float](repeating: 0, count: channels * protoWidth * protoHeight)
        for c in 0..<channels {
            let (fx, fy) = (0.02 + 0.1 * noise.uniform(), 0.02 + 0.1 * noise.uniform())
            let (px, py) = (2 * Double.pi * noise.uniform(), 2 * Double.pi * noise.uniform())
            let (bx, by) = (Double(protoWidth) * noise.uniform(), Double(protoHeight) * noise.uniform())
            let radius = 8 + 20 * noise.uniform(), sign = noise.uniform() < 0.5 ? -2.0 : 2.0
            for y in 0..<protoHeight {
                for x in 0..<protoWidth {
                    let wave = 1.4 * sin(fx * Double(x) + px) * cos(fy * Double(y) + py)
                    let d2 = ((Double(x) - bx) * (Double(x) - bx) + (Double(y) - by) * (Double(y) - by)) / (radius * radius)
                    prototypes[(c * protoHeight + y) * protoWidth + x] = Float(wave + sign * exp(-d2))
                }
            }
        }
        var coefficients: [Float] = [], boxes: [Float] = []
        for _ in 0..<detections {
            coefficients += (0..<channels).map { _ in Float(0.5 * noise.gaussian()) }
            let boxWidth = 90 + 510 * noise.uniform(), boxHeight = boxWidth * (0.6 + noise.uniform())
            let x1 = (Double(width) - boxWidth) * noise.uniform(), y1 = max(0, Double(height) - boxHeight) * noise.uniform()
            boxes += [Float(x1), Float(y1), Float(x1 + boxWidth), Float(min(Double(height), y1 + boxHeight))]
        }
        return MaskPrototypes(prototypes: prototypes, coefficients: coefficients, boxes: boxes, channels: channels,
                              protoWidth: protoWidth, protoHeight: protoHeight)
    }
}
