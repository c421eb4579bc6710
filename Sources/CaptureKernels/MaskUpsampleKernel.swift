import Foundation
import HotPaths
import NumpyFiles

/// `framebudget kernel mask-upsample`: instance masks of detections at output resolution.
public enum MaskUpsampleKernel: CaptureKernel {
    public static let id = "mask-upsample"
    public static let usage = """
        in: protos.npy float32 [C, ph, pw], coeffs.npy float32 [N, C], boxes.npy float32 [N, 4] (x1, y1, x2, y2 in \
        output pixels; parts outside the image are clipped; inverted or non-finite rows are refused) → \
        out: masks.npy uint8 [N, height, width] = round(255·sigmoid mask). N = 0 gives an empty [0, height, width]. \
        params: width=1920, height=1440, flip=true, variant=optimized|reference
        """
    /// Detections computed together: bounds the optimized pipeline's window memory whatever N is.
    static let chunk = 16
    /// Largest masks.npy written (N·height·width bytes).
    static let outputLimit = 2 << 30

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["width", "height", "flip", "variant"])
        let variant = try KernelInputs.variant(parameters)
        let inputs = try MaskInputs.read(from: input)
        let geometry = try geometry(parameters, inputs)
        let count = inputs.boxes.count / 4
        guard count * geometry.pixels <= outputLimit else {
            throw KernelInputError.badParameter(name: "width", reason: "\(count) masks of \(geometry.width)x\(geometry.height) exceed \(outputLimit) bytes")
        }
        var masks: [UInt8] = []
        masks.reserveCapacity(count * geometry.pixels)
        let pipeline = InstanceMaskPipeline(geometry: geometry, channels: inputs.channels, capacity: min(count, chunk))
        for start in stride(from: 0, to: count, by: chunk) {
            let end = min(start + chunk, count)
            let coefficients = Array(inputs.coefficients[(start * inputs.channels)..<(end * inputs.channels)])
            let boxes = Array(inputs.boxes[(4 * start)..<(4 * end)])
            masks += variant == "reference"
                ? ReferenceMasks.run(prototypes: inputs.prototypes, coefficients: coefficients, boxes: boxes,
                                     channels: inputs.channels, geometry: geometry)
                : pipeline.run(prototypes: inputs.prototypes, coefficients: coefficients, boxes: boxes)
        }
        try OutputFile.write(NpyArray(dtype: .uint8, shape: [count, geometry.height, geometry.width], bytes: masks),
                             file: "masks.npy", in: output)
        return "mask-upsample: \(count) masks of \(geometry.width)x\(geometry.height) from \(geometry.protoWidth)x\(geometry.protoHeight) prototypes (\(variant))"
    }

    private static func geometry(_ parameters: KernelParameters, _ inputs: MaskInputs) throws -> MaskGeometry {
        let width = try parameters.int("width", default: 1920), height = try parameters.int("height", default: 1440)
        for (name, value) in [("width", width), ("height", height)] where !(1...16384).contains(value) {
            throw KernelInputError.badParameter(name: name, reason: "\(value) is not in 1...16384")
        }
        return MaskGeometry(protoWidth: inputs.protoWidth, protoHeight: inputs.protoHeight, width: width, height: height,
                            flip: try parameters.bool("flip", default: true))
    }
}

/// Prototypes, coefficients and boxes read and checked against each other.
struct MaskInputs {
    var prototypes: [Float], coefficients: [Float], boxes: [Float]
    var channels: Int, protoHeight: Int, protoWidth: Int

    static func read(from folder: String) throws -> MaskInputs {
        let protosPath = folder + "/protos.npy"
        guard FileManager.default.fileExists(atPath: protosPath) else { throw KernelInputError.missingFile(file: protosPath) }
        let (protoShape, prototypes) = try NpyFile.read(protosPath, as: Float.self, rank: 3)
        guard protoShape.allSatisfy({ $0 > 0 }) else {
            throw NpyError.badShape(file: protosPath, reason: "empty prototype grid \(protoShape)")
        }
        let boxes = try KernelInputs.boxes(in: folder)
        let count = boxes.count / 4
        let coefficients = try KernelInputs.read(folder, "coeffs.npy", as: Float.self, shape: [count, protoShape[0]],
                                                 meaning: "one row of \(protoShape[0]) coefficients per box, as protos.npy has \(protoShape[0]) channels")
        return MaskInputs(prototypes: prototypes, coefficients: coefficients, boxes: boxes,
                          channels: protoShape[0], protoHeight: protoShape[1], protoWidth: protoShape[2])
    }
}
