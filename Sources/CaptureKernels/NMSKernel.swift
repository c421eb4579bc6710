import Foundation
import HotPaths
import NumpyFiles

/// `framebudget kernel nms`: YOLO post-processing NMS on recorded candidates.
public enum NMSKernel: CaptureKernel {
    public static let id = "nms"
    public static let usage = """
        in: boxes.npy float32 [N, 4] (x1, y1, x2, y2), scores.npy float32 [N], classes.npy int32 [N] → \
        out: keep.npy int32 [K], indices into the input by descending score (equal scores in input order). \
        N = 0 gives an empty keep.npy. NaN scores never pass; a box with x2 < x1 or y2 < y1 or a non-finite \
        coordinate is refused with its row. params: conf=0.7 (score > conf), iou=0.5 (suppress IoU > iou), \
        max_det=300, variant=optimized|reference
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["conf", "iou", "max_det", "variant"])
        let settings = try nmsParameters(parameters)
        let variant = try KernelInputs.variant(parameters)
        let candidates = try NMSInputs.read(from: input)
        let keep = variant == "reference"
            ? ReferenceNMS.run(boxes: candidates.boxes, scores: candidates.scores, classes: candidates.classes, parameters: settings)
            : NonMaxSuppression(capacity: candidates.scores.count, maxDetections: settings.maxDetections)
                .run(boxes: candidates.boxes, scores: candidates.scores, classes: candidates.classes, parameters: settings)
        try OutputFile.write(NpyArray(shape: [keep.count], values: keep), file: "keep.npy", in: output)
        let passing = candidates.scores.filter { $0 > settings.confidence }.count
        return "nms: kept \(keep.count) of \(candidates.scores.count) candidates (\(passing) over conf \(settings.confidence), \(variant))"
    }

    static func nmsParameters(_ parameters: KernelParameters) throws -> NMSParameters {
        let iou = try parameters.float("iou", default: 0.5)
        guard (0...1).contains(iou) else { throw KernelInputError.badParameter(name: "iou", reason: "must be in 0...1") }
        let maxDetections = try parameters.int("max_det", default: 300)
        guard maxDetections >= 0 else { throw KernelInputError.badParameter(name: "max_det", reason: "must be at least 0") }
        // Scores are class probabilities: a threshold outside 0...1 keeps every candidate or none (a typo).
        let confidence = try parameters.float("conf", default: 0.7)
        guard (0...1).contains(confidence) else { throw KernelInputError.badParameter(name: "conf", reason: "must be in 0...1") }
        return NMSParameters(confidence: confidence, iou: iou, maxDetections: maxDetections)
    }
}

/// Detection candidates read and checked: N boxes, scores and classes; boxes finite and not inverted.
struct NMSInputs {
    var boxes: [Float]
    var scores: [Float]
    var classes: [Int32]

    static func read(from folder: String) throws -> NMSInputs {
        let boxes = try KernelInputs.boxes(in: folder)
        let count = boxes.count / 4
        let scores = try KernelInputs.read(folder, "scores.npy", as: Float.self, shape: [count], meaning: "one score per box")
        let classes = try KernelInputs.read(folder, "classes.npy", as: Int32.self, shape: [count], meaning: "one class per box")
        return NMSInputs(boxes: boxes, scores: scores, classes: classes)
    }
}
