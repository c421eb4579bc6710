/// The post-processing part of the YOLO budget (001 §2, §2b): NMS over the detector's candidates, then the instance
/// masks of the survivors at camera resolution.
///
/// Candidate boxes are in pixels of the square, letterboxed model input (640×640); a camera image of
/// `width × height` (1920×1440) is scaled to fit and centred, so the survivors' boxes are mapped back before their
/// masks are made. Scratch grows only: after a first run with as many survivors, a run allocates nothing.
public final class YoloPostProcessor: @unchecked Sendable {
    public let nms: NonMaxSuppression
    public let masks: InstanceMaskPipeline
    public let inputSize: Int
    private let channels: Int
    private var survivorBoxes = UnsafeMutableBufferPointer<Float>.allocate(capacity: 0)
    private var survivorCoefficients = UnsafeMutableBufferPointer<Float>.allocate(capacity: 0)
    private var maskBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0)

    public init(geometry: MaskGeometry = MaskGeometry(), channels: Int = 32, inputSize: Int = 640, candidates: Int = 8400) {
        nms = NonMaxSuppression(capacity: candidates)
        masks = InstanceMaskPipeline(geometry: geometry, channels: channels)
        self.inputSize = inputSize
        self.channels = channels
    }

    deinit { survivorBoxes.deallocate(); survivorCoefficients.deallocate(); maskBytes.deallocate() }

    /// - Parameters:
    ///   - boxes, scores, classes: the candidates (`4·N`, `N`, `N`), boxes in model-input pixels.
    ///   - coefficients: `N × channels` mask coefficients of the candidates.
    ///   - prototypes: `channels × protoHeight × protoWidth`.
    /// - Returns: the kept indices, their boxes mapped back to camera pixels (`4·K`, `x1, y1, x2, y2`) and their
    ///   masks (`K × height × width`), valid until the next call.
    public func run(boxes: UnsafeBufferPointer<Float>, scores: UnsafeBufferPointer<Float>,
                    classes: UnsafeBufferPointer<Int32>, coefficients: UnsafeBufferPointer<Float>,
                    prototypes: UnsafeBufferPointer<Float>, parameters: NMSParameters = NMSParameters())
        -> (keep: UnsafeBufferPointer<Int32>, boxes: UnsafeBufferPointer<Float>, masks: UnsafeBufferPointer<UInt8>) {
        let keep = nms.run(boxes: boxes, scores: scores, classes: classes, parameters: parameters)
        reserve(keep.count)
        let geometry = masks.geometry
        let scale = Float(inputSize) / Float(max(geometry.width, geometry.height))
        let padX = (Float(inputSize) - scale * Float(geometry.width)) / 2
        let padY = (Float(inputSize) - scale * Float(geometry.height)) / 2
        for (k, index) in keep.enumerated() {
            let i = Int(index)
            survivorBoxes[4 * k] = (boxes[4 * i] - padX) / scale
            survivorBoxes[4 * k + 1] = (boxes[4 * i + 1] - padY) / scale
            survivorBoxes[4 * k + 2] = (boxes[4 * i + 2] - padX) / scale
            survivorBoxes[4 * k + 3] = (boxes[4 * i + 3] - padY) / scale
            for c in 0..<channels { survivorCoefficients[k * channels + c] = coefficients[i * channels + c] }
        }
        let maskCount = keep.count * geometry.pixels
        masks.bind(prototypes: prototypes,
                   coefficients: UnsafeBufferPointer(rebasing: survivorCoefficients[0..<(keep.count * channels)]),
                   boxes: UnsafeBufferPointer(rebasing: survivorBoxes[0..<(4 * keep.count)]),
                   masks: UnsafeMutableBufferPointer(rebasing: maskBytes[0..<maskCount]))
        masks.run()
        return (keep, UnsafeBufferPointer(rebasing: survivorBoxes[0..<(4 * keep.count)]),
                UnsafeBufferPointer(rebasing: maskBytes[0..<maskCount]))
    }

    private func reserve(_ survivors: Int) {
        guard survivors * channels > survivorCoefficients.count else { return }
        survivorBoxes.deallocate(); survivorCoefficients.deallocate(); maskBytes.deallocate()
        survivorBoxes = .allocate(capacity: 4 * survivors)
        survivorCoefficients = .allocate(capacity: survivors * channels)
        maskBytes = .allocate(capacity: survivors * masks.geometry.pixels)
    }
}
