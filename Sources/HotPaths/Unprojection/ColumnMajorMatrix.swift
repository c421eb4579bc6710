/// A 3×3 float matrix laid out as `simd_float3x3` is: three columns, `m[column][row]` (001 §6: "simd_float3x3 is
/// column-major"). Written out here so the layout the intrinsics are read from is explicit and testable on Linux.
public struct ColumnMajorMatrix3: Sendable, Equatable {
    public var columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    public init(columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)) { self.columns = columns }

    /// `matrix[column][row]`, as on `simd_float3x3`.
    public subscript(column: Int) -> SIMD3<Float> {
        switch column {
        case 0: return columns.0
        case 1: return columns.1
        case 2: return columns.2
        default: preconditionFailure("column \(column) of a 3×3 matrix")
        }
    }

    /// ARKit's camera intrinsics: column 0 `(fx, 0, 0)`, column 1 `(0, fy, 0)`, column 2 `(cx, cy, 1)`.
    public static func intrinsics(fx: Float, fy: Float, cx: Float, cy: Float) -> ColumnMajorMatrix3 {
        ColumnMajorMatrix3(columns: (SIMD3(fx, 0, 0), SIMD3(0, fy, 0), SIMD3(cx, cy, 1)))
    }

    public static func == (a: ColumnMajorMatrix3, b: ColumnMajorMatrix3) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
    }
}

/// A 4×4 float matrix laid out as `simd_float4x4` (ARKit's `camera.transform`, camera to world): four columns.
public struct ColumnMajorMatrix4: Sendable, Equatable {
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    public init(columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)) { self.columns = columns }

    public static let identity = ColumnMajorMatrix4(columns: (SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)))

    /// `matrix · vector`: the sum of the columns weighted by the vector's components.
    public static func * (m: ColumnMajorMatrix4, v: SIMD4<Float>) -> SIMD4<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    public static func == (a: ColumnMajorMatrix4, b: ColumnMajorMatrix4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2 && a.columns.3 == b.columns.3
    }
}

/// The pinhole parameters read from a column-major intrinsics matrix exactly as 001 §6 documents:
/// `fx = K[0][0]`, `fy = K[1][1]`, `cx = K[2][0]`, `cy = K[2][1]`.
public struct PinholeIntrinsics: Sendable, Equatable {
    public var fx: Float, fy: Float, cx: Float, cy: Float

    public init(fx: Float, fy: Float, cx: Float, cy: Float) {
        self.fx = fx; self.fy = fy; self.cx = cx; self.cy = cy
    }

    public init(_ k: ColumnMajorMatrix3) {
        self.init(fx: k[0][0], fy: k[1][1], cx: k[2][0], cy: k[2][1])
    }

    /// The misreading 001 §6 warns about (`cx = K[0][2]`, `cy = K[1][2]`: row-major thinking), kept only so tests
    /// can show it gives a different, wrong point.
    public static func transposedMisreading(_ k: ColumnMajorMatrix3) -> PinholeIntrinsics {
        PinholeIntrinsics(fx: k[0][0], fy: k[1][1], cx: k[0][2], cy: k[1][2])
    }
}
