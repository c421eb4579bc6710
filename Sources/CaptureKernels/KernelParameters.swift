/// `--param key=value` pairs of `framebudget kernel`, read with types and checked against the known keys.
public struct KernelParameters: Sendable {
    public private(set) var values: [String: String]

    /// Parses `key=value` strings.
    /// - Throws: ``KernelInputError/badParameter`` for a pair without `=`.
    public init(pairs: [String]) throws {
        var values: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw KernelInputError.badParameter(name: pair, reason: "expected key=value")
            }
            values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        self.values = values
    }

    public init(_ values: [String: String] = [:]) { self.values = values }

    /// Refuses keys the kernel does not know, so a typo never silently falls back to a default.
    public func requireOnly(_ known: [String]) throws {
        for key in values.keys.sorted() where !known.contains(key) {
            throw KernelInputError.badParameter(name: key, reason: "unknown parameter (known: \(known.joined(separator: ", ")))")
        }
    }

    public func double(_ name: String, default fallback: Double) throws -> Double {
        guard let text = values[name] else { return fallback }
        guard let value = Double(text), value.isFinite else {
            throw KernelInputError.badParameter(name: name, reason: "'\(text)' is not a finite number")
        }
        return value
    }

    /// A parameter the kernel takes as a Float: finite as a Float too (1e39 is finite as a Double and infinite
    /// once narrowed, which trapped the colormap's palette instead of being refused).
    public func float(_ name: String, default fallback: Float) throws -> Float {
        let value = try double(name, default: Double(fallback))
        guard Float(value).isFinite else {
            throw KernelInputError.badParameter(name: name, reason: "'\(values[name] ?? "")' is beyond a 32-bit float (±\(Float.greatestFiniteMagnitude))")
        }
        return Float(value)
    }

    public func int(_ name: String, default fallback: Int) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text) else {
            throw KernelInputError.badParameter(name: name, reason: "'\(text)' is not an integer")
        }
        return value
    }

    public func bool(_ name: String, default fallback: Bool) throws -> Bool {
        guard let text = values[name] else { return fallback }
        switch text.lowercased() {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: throw KernelInputError.badParameter(name: name, reason: "'\(text)' is not true/false")
        }
    }

    public func string(_ name: String) -> String? { values[name] }
}
