import Foundation
import HotPaths
import NumpyFiles

/// `framebudget kernel fusion`: fits metric = α·relative + β from LiDAR pairs and writes the metric map.
public enum FusionCaptureKernel: CaptureKernel {
    public static let id = "fusion"
    public static let usage = """
        inputs:  lidar.npy float32 [h,w] (metres, h,w ≥ 2), confidence.npy uint8 [h,w] (optional: without it every \
        pixel counts as confidence 2), relative.npy float32 [H,W] (NaN allowed: no pair is taken next to one)
        outputs: metric.npy float32 [H,W] (metres, clamped to 0.01…100; 0.01 where relative is NaN), fit.json \
        {"alpha","beta","pairs"}
        params:  min_depth (0.1), max_depth (4.0), min_confidence (2)
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        let config = try config(parameters)
        let inputs = try FusionCaptureInputs.read(from: input).input
        let fusion = OptimizedFusion(config: config, lidarWidth: inputs.lidarWidth, lidarHeight: inputs.lidarHeight,
                                     relativeWidth: inputs.relativeWidth, relativeHeight: inputs.relativeHeight)
        var metric = [Float](repeating: 0, count: inputs.relative.count)
        let fit = metric.withUnsafeMutableBufferPointer { fusion.fuse(inputs, into: $0) }
        let (alpha, beta, pairs): (Float, Float, Int)
        switch fit {
        case let .noFit(reason): throw KernelInputError.noResult(reason: "no fit: \(reason)")
        case let .fit(a, b, n): (alpha, beta, pairs) = (a, b, n)
        }
        try OutputFile.write(NpyArray(shape: [inputs.relativeHeight, inputs.relativeWidth], values: metric),
                             file: "metric.npy", in: output)
        let json = "{\"alpha\": \(alpha), \"beta\": \(beta), \"pairs\": \(pairs)}\n"
        try OutputFile.write(json, file: "fit.json", in: output)
        return "fusion: alpha \(alpha), beta \(beta) from \(pairs) pairs → metric.npy [\(inputs.relativeHeight), \(inputs.relativeWidth)], fit.json"
    }

    /// The fusion parameters, checked: known keys only, min_depth < max_depth, min_confidence in 0…255.
    static func config(_ parameters: KernelParameters) throws -> FusionConfig {
        try parameters.requireOnly(["min_depth", "max_depth", "min_confidence"])
        let defaults = FusionConfig()
        let minDepth = try parameters.float("min_depth", default: defaults.minDepth)
        let maxDepth = try parameters.float("max_depth", default: defaults.maxDepth)
        guard minDepth < maxDepth else {
            throw KernelInputError.badParameter(name: "min_depth", reason: "\(minDepth) must be below max_depth \(maxDepth)")
        }
        let confidence = try parameters.int("min_confidence", default: Int(defaults.minConfidence))
        guard let minConfidence = UInt8(exactly: confidence) else {
            throw KernelInputError.badParameter(name: "min_confidence", reason: "\(confidence) is not in 0…255")
        }
        return FusionConfig(minDepth: minDepth, maxDepth: maxDepth, minConfidence: minConfidence)
    }
}

/// Fusion's input files in a capture folder, read and checked once (by the kernel and by `run --workload`).
public struct FusionCaptureInputs: Sendable {
    public static let lidarFile = "lidar.npy", confidenceFile = "confidence.npy", relativeFile = "relative.npy"
    public let input: FusionInput

    /// NaN in relative.npy is ordinary input (a depth model's output may hold some): as in document 001, a LiDAR
    /// pixel whose bilinear sample touches one gives no pair, and the metric map holds 0.01 there.
    /// - Throws: ``KernelInputError``: `missingFile` for an absent lidar.npy or relative.npy, `invalidInput` naming
    ///   the file otherwise (dtype, rank, empty, LiDAR under 2×2, confidence shape ≠ LiDAR shape).
    public static func read(from folder: String) throws -> FusionCaptureInputs {
        let lidar = try CaptureInputs.read(lidarFile, in: folder, as: Float.self, rank: 2)
        let relative = try CaptureInputs.read(relativeFile, in: folder, as: Float.self, rank: 2)
        let confidence = try CaptureInputs.readIfPresent(confidenceFile, in: folder, as: UInt8.self, rank: 2)
        guard lidar.shape[0] >= 2, lidar.shape[1] >= 2 else {
            throw KernelInputError.invalidInput(file: CaptureInputs.path(lidarFile, in: folder),
                                                reason: "shape \(lidar.shape): fusion needs at least 2x2 (it maps by (w-1) and (h-1))")
        }
        if let confidence, confidence.shape != lidar.shape {
            throw KernelInputError.invalidInput(file: CaptureInputs.path(confidenceFile, in: folder),
                                                reason: "shape \(confidence.shape) differs from lidar.npy's \(lidar.shape)")
        }
        return FusionCaptureInputs(input: FusionInput(
            lidarDepth: lidar.values, confidence: confidence?.values, lidarWidth: lidar.shape[1], lidarHeight: lidar.shape[0],
            relative: relative.values, relativeWidth: relative.shape[1], relativeHeight: relative.shape[0]))
    }
}
