/// Element types FrameBudget reads and writes (little-endian, as numpy writes them on every common machine).
public enum NpyDType: String, Sendable, CaseIterable {
    case float32 = "<f4"
    case float64 = "<f8"
    case int32 = "<i4"
    case uint8 = "|u1"

    /// Bytes per element.
    public var size: Int {
        switch self {
        case .float32, .int32: return 4
        case .float64: return 8
        case .uint8: return 1
        }
    }

    /// numpy's name for the type (`float32`...), for error messages.
    public var name: String {
        switch self {
        case .float32: return "float32"
        case .float64: return "float64"
        case .int32: return "int32"
        case .uint8: return "uint8"
        }
    }

    /// Parses a `descr` string; `<u1` and `|i4`-style spellings numpy also accepts are normalized.
    init?(descr: String) {
        // numpy writes `<f4`; it also reads the names a hand-written header may use (`float32`, `f4`, `=f4`: native
        // order, little-endian on every machine FrameBudget runs on).
        switch descr {
        case "<f4", "=f4", "f4", "float32": self = .float32
        case "<f8", "=f8", "f8", "float64", "d": self = .float64
        case "<i4", "=i4", "i4", "int32": self = .int32
        case "|u1", "<u1", "=u1", "u1", "uint8", "B": self = .uint8
        default: return nil
        }
    }
}

/// A C-ordered n-dimensional array read from or written to a `.npy` file.
public struct NpyArray: Sendable, Equatable {
    public var dtype: NpyDType
    public var shape: [Int]
    /// Raw little-endian element bytes, C order.
    public var bytes: [UInt8]

    /// Number of elements (product of the shape; 1 for a 0-d array).
    public var count: Int { shape.reduce(1, *) }

    public init(dtype: NpyDType, shape: [Int], bytes: [UInt8]) {
        precondition(bytes.count == shape.reduce(1, *) * dtype.size, "byte count does not match shape and dtype")
        self.dtype = dtype
        self.shape = shape
        self.bytes = bytes
    }

    /// An array of the given shape holding `values`.
    public init<T: NpyElement>(shape: [Int], values: [T]) {
        precondition(values.count == shape.reduce(1, *), "\(values.count) values do not fill shape \(shape)")
        self.dtype = T.npyDType
        self.shape = shape
        self.bytes = values.withUnsafeBytes { Array($0) }
    }

    /// The elements as `T`, which must be the array's dtype.
    /// - Throws: ``NpyError/wrongDType`` naming the expected and found types.
    public func values<T: NpyElement>(as type: T.Type = T.self, file: String = "array") throws -> [T] {
        guard dtype == T.npyDType else {
            throw NpyError.wrongDType(file: file, expected: T.npyDType.name, found: dtype.name)
        }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            }
            initialized = count
        }
    }
}

/// Swift types stored in `.npy` files.
public protocol NpyElement: Sendable {
    static var npyDType: NpyDType { get }
}

extension Float: NpyElement { public static var npyDType: NpyDType { .float32 } }
extension Double: NpyElement { public static var npyDType: NpyDType { .float64 } }
extension Int32: NpyElement { public static var npyDType: NpyDType { .int32 } }
extension UInt8: NpyElement { public static var npyDType: NpyDType { .uint8 } }
