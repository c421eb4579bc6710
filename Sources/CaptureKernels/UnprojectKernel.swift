import Foundation
import HotPaths
import NumpyFiles

/// `framebudget kernel unproject`: world positions and effect scales of detections (001 §6–7).
public enum UnprojectKernel: CaptureKernel {
    public static let id = "unproject"
    public static let usage = """
        in: intrinsics.npy float32 [3, 3] holding the simd_float3x3 columns as rows (row 2 = cx, cy, 1; i.e. the \
        textbook K transposed), transform.npy float32 [4, 4] (camera.transform columns as rows; identity when \
        absent), detections.npy float32 [N, 4] (u, v in pixels, box width as a fraction of the image, depth in m > 0) \
        → out: placements.npy float32 [N, 4] (world x, y, z, effect scale in 0.1...3 m). \
        params: image_width=1920, variant=optimized|reference
        """

    public static func run(input: String, output: String, parameters: KernelParameters) throws -> String {
        try parameters.requireOnly(["image_width", "variant"])
        let variant = try KernelInputs.variant(parameters)
        let imageWidth = try parameters.float("image_width", default: 1920)
        guard imageWidth > 0 else { throw KernelInputError.badParameter(name: "image_width", reason: "must be positive") }
        let k = try intrinsics(input)
        let transform = try cameraTransform(input)
        let requests = try detections(input)
        let placements = variant == "reference"
            ? ReferenceUnprojection.place(requests, intrinsics: k, cameraTransform: transform, imageWidth: imageWidth)
            : EffectPlacer(intrinsics: k, cameraTransform: transform, imageWidth: imageWidth).place(requests)
        let values = placements.flatMap { [$0.position.x, $0.position.y, $0.position.z, $0.scale] }
        try OutputFile.write(NpyArray(shape: [placements.count, 4], values: values), file: "placements.npy", in: output)
        return "unproject: placed \(placements.count) detections (\(variant))"
    }

    /// Refuses a textbook (row-major) K: its principal point would be read as 0 (001 §6's warning).
    private static func intrinsics(_ folder: String) throws -> ColumnMajorMatrix3 {
        let m = try KernelInputs.read(folder, "intrinsics.npy", as: Float.self, shape: [3, 3], meaning: "a 3x3 matrix")
        guard m[2] == 0 && m[5] == 0 && m[8] == 1 else {
            throw KernelInputError.invalidInput(file: folder + "/intrinsics.npy", reason:
                "not simd_float3x3 columns (K[0][2] = \(m[2]), K[1][2] = \(m[5]), K[2][2] = \(m[8]); expected 0, 0, 1): save K.T, rows = columns (fx,0,0), (0,fy,0), (cx,cy,1)")
        }
        guard m[0] > 0 && m[4] > 0 && m.allSatisfy(\.isFinite) else {
            throw KernelInputError.invalidInput(file: folder + "/intrinsics.npy", reason: "fx = K[0][0] and fy = K[1][1] must be positive and finite")
        }
        return ColumnMajorMatrix3(columns: (SIMD3(m[0], m[1], m[2]), SIMD3(m[3], m[4], m[5]), SIMD3(m[6], m[7], m[8])))
    }

    private static func cameraTransform(_ folder: String) throws -> ColumnMajorMatrix4 {
        guard FileManager.default.fileExists(atPath: folder + "/transform.npy") else { return .identity }
        let m = try KernelInputs.read(folder, "transform.npy", as: Float.self, shape: [4, 4], meaning: "a 4x4 matrix")
        let column = { (c: Int) in SIMD4(m[4 * c], m[4 * c + 1], m[4 * c + 2], m[4 * c + 3]) }
        return ColumnMajorMatrix4(columns: (column(0), column(1), column(2), column(3)))
    }

    private static func detections(_ folder: String) throws -> [PlacementRequest] {
        let path = folder + "/detections.npy"
        guard FileManager.default.fileExists(atPath: path) else { throw KernelInputError.missingFile(file: path) }
        let (shape, values) = try NpyFile.read(path, as: Float.self, rank: 2)
        guard shape[1] == 4 else {
            throw NpyError.wrongRank(file: path, expected: "[N, 4] (u, v, width fraction, depth)", found: shape)
        }
        return try (0..<shape[0]).map { row in
            let (u, v, width, depth) = (values[4 * row], values[4 * row + 1], values[4 * row + 2], values[4 * row + 3])
            guard u.isFinite && v.isFinite && width.isFinite && depth.isFinite && depth > 0 && width >= 0 else {
                throw KernelInputError.invalidInput(file: path, reason: "row \(row): values must be finite, depth > 0 and width ≥ 0")
            }
            return PlacementRequest(centre: SIMD2(u, v), normalizedWidth: width, depth: depth)
        }
    }
}
