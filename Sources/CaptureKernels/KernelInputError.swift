/// Bad input to `framebudget kernel`; every message is one line naming the file or parameter and the problem.
public enum KernelInputError: Error, CustomStringConvertible, Equatable {
    case unknownKernel(id: String, known: [String])
    case badParameter(name: String, reason: String)
    case missingFile(file: String)
    case invalidInput(file: String, reason: String)
    /// The inputs are valid but the kernel has no answer (e.g. fusion's "no fit"), with the reason.
    case noResult(reason: String)

    public var description: String {
        switch self {
        case let .unknownKernel(id, known): return "unknown kernel '\(id)' (known: \(known.joined(separator: ", ")))"
        case let .badParameter(name, reason): return "parameter '\(name)': \(reason)"
        case let .missingFile(file): return "\(file): missing input file"
        case let .invalidInput(file, reason): return "\(file): \(reason)"
        case let .noResult(reason): return "no result: \(reason)"
        }
    }
}

extension KernelInputError {
    /// True when an input file is absent (as opposed to present but invalid): `run --workload` skips such benchmarks.
    public var isMissingFile: Bool {
        if case .missingFile = self { return true }
        return false
    }
}
