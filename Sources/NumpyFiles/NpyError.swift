/// What can be wrong with a `.npy` file; every message names the file and the problem in one line.
public enum NpyError: Error, CustomStringConvertible, Equatable {
    case unreadable(file: String, reason: String)
    case notNpy(file: String, reason: String)
    case unsupportedDType(file: String, descr: String)
    case badShape(file: String, reason: String)
    case tooLarge(file: String, bytes: Int, limit: Int)
    case truncated(file: String, expected: Int, found: Int)
    case wrongDType(file: String, expected: String, found: String)
    case wrongRank(file: String, expected: String, found: [Int])
    case unwritable(file: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): return "\(file): cannot read: \(reason)"
        case let .notNpy(file, reason): return "\(file): not a .npy file: \(reason)"
        case let .unsupportedDType(file, descr):
            return "\(file): unsupported dtype '\(descr)' (supported: little-endian float32 '<f4', float64 '<f8', int32 '<i4', uint8 '|u1')"
        case let .badShape(file, reason): return "\(file): bad shape: \(reason)"
        case let .tooLarge(file, bytes, limit):
            return "\(file): header declares \(bytes) bytes of data, over the limit of \(limit) bytes; refused before allocating"
        case let .truncated(file, expected, found):
            return "\(file): truncated: header declares \(expected) data bytes, file has \(found)"
        case let .wrongDType(file, expected, found): return "\(file): dtype is \(found), expected \(expected)"
        case let .wrongRank(file, expected, found): return "\(file): shape \(found), expected \(expected)"
        case let .unwritable(file, reason): return "\(file): cannot write: \(reason)"
        }
    }
}
