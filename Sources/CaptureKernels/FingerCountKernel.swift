import Foundation
import HotPaths
import NumpyFiles

/// `framebudget kernel finger-count`: raised fingers and gestures of recorded hands (004 Step 3.3).
public enum FingerCountKernel: CaptureKernel {
    public static let id = "finger-count"
    public static let usage = """
        in: landmarks.npy float64 [H, 21, 2] (or float32): per hand the wrist, then tip, DIP, PIP, MCP of thumb \
        (tip, IP, MP, CMC), index, middle, ring, little, as 004's HandLandmarks → out: raised.npy uint8 [H, 5] \
        (thumb … little, 1 = raised). Prints the counts and gestures (peace, thumbsUp, ok). \
        params: variant=optimized|reference
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["variant"])
        let variant = try KernelInputs.variant(parameters)
        let hands = try Self.hands(in: input)
        var raised: [UInt8] = []
        var summaries: [String] = []
        for hand in hands {
            let fingers = variant == "reference"
                ? FingerSet(ReferenceFingerDetector.raisedFingers(hand)) : FingerDetector.raisedFingers(hand)
            raised += Finger.allCases.map { fingers.contains(FingerSet(rawValue: 1 << UInt8($0.rawValue))) ? 1 : 0 }
            summaries.append("\(fingers.count)" + (Gesture.detect(fingers).map { " \($0.rawValue)" } ?? ""))
        }
        try OutputFile.write(NpyArray(dtype: .uint8, shape: [hands.count, 5], bytes: raised), file: "raised.npy", in: output)
        return "finger-count: \(hands.count) hands: " + (summaries.isEmpty ? "none" : summaries.joined(separator: ", "))
    }

    /// The hands of `landmarks.npy` in `folder` (also the input of `run --workload`'s finger-count benchmarks).
    /// - Throws: ``KernelInputError/missingFile(file:)`` when absent; ``KernelInputError`` or ``NpyError`` when invalid.
    public static func hands(in folder: String) throws -> [HandPose] {
        let path = folder + "/landmarks.npy"
        guard FileManager.default.fileExists(atPath: path) else { throw KernelInputError.missingFile(file: path) }
        let array = try NpyFile.read(path)
        guard array.shape.count == 3, array.shape[1] == 21, array.shape[2] == 2 else {
            throw NpyError.wrongRank(file: path, expected: "[H, 21, 2] (21 x, y landmarks per hand)", found: array.shape)
        }
        guard array.dtype == .float32 || array.dtype == .float64 else {
            throw NpyError.wrongDType(file: path, expected: "float64 or float32", found: array.dtype.name)
        }
        let values: [Double] = array.dtype == .float32
            ? try array.values(as: Float.self, file: path).map(Double.init)
            : try array.values(as: Double.self, file: path)
        if let bad = values.firstIndex(where: { !$0.isFinite }) {
            throw KernelInputError.invalidInput(file: path, reason: "hand \(bad / 42) has a non-finite landmark")
        }
        return (0..<array.shape[0]).map { h in
            HandPose(points: (0..<21).map { SIMD2(values[h * 42 + 2 * $0], values[h * 42 + 2 * $0 + 1]) })
        }
    }
}
