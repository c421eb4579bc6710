/// YOLO post-processing the straightforward way, to check ``YoloPostProcessor`` against: ``ReferenceNMS``, the
/// survivors' boxes mapped back from the letterboxed model input as ultralytics' `scale_boxes` does (in Double),
/// then ``ReferenceMasks`` at camera resolution.
public enum ReferenceYoloPost {
    /// The letterbox of a `width × height` camera image in a square `inputSize` model input: the image is scaled by
    /// `gain` to fit and centred, leaving `padX` / `padY` on each side.
    public static func letterbox(width: Int, height: Int, inputSize: Int) -> (gain: Double, padX: Double, padY: Double) {
        let gain = Swift.min(Double(inputSize) / Double(height), Double(inputSize) / Double(width))
        return (gain, (Double(inputSize) - Double(width) * gain) / 2, (Double(inputSize) - Double(height) * gain) / 2)
    }

    /// - Parameters: as ``YoloPostProcessor/run(boxes:scores:classes:coefficients:prototypes:parameters:)``.
    /// - Returns: the kept indices, their boxes in camera pixels (`4·K`), and their masks (`K × height × width`).
    public static func run(boxes: [Float], scores: [Float], classes: [Int32], coefficients: [Float], prototypes: [Float],
                           geometry: MaskGeometry, channels: Int = 32, inputSize: Int = 640,
                           parameters: NMSParameters = NMSParameters()) -> (keep: [Int32], boxes: [Float], masks: [UInt8]) {
        let keep = ReferenceNMS.run(boxes: boxes, scores: scores, classes: classes, parameters: parameters)
        let (gain, padX, padY) = letterbox(width: geometry.width, height: geometry.height, inputSize: inputSize)
        var imageBoxes: [Float] = []
        var survivorCoefficients: [Float] = []
        for index in keep.map(Int.init) {
            for (corner, pad) in zip(0..<4, [padX, padY, padX, padY]) {
                imageBoxes.append(Float((Double(boxes[4 * index + corner]) - pad) / gain))
            }
            survivorCoefficients += coefficients[(index * channels)..<((index + 1) * channels)]
        }
        let masks = ReferenceMasks.run(prototypes: prototypes, coefficients: survivorCoefficients, boxes: imageBoxes,
                                       channels: channels, geometry: geometry)
        return (keep, imageBoxes, masks)
    }
}
