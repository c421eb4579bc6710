import Foundation

/// Finds the field behind a decoding failure that Foundation's JSONDecoder reports without one: on Linux a number
/// that does not fit its field (`2.5` or `1e30` where a whole number goes) or a date that is not ISO 8601 comes back
/// as "corrupted at top level: The given data was not valid JSON", with no coding path. The document is decoded
/// again, through this decoder over `JSONSerialization`'s tree, which keeps the path.
///
/// Only for the message of a failure JSONDecoder already reported: it decodes the way ``ResultsFile/decoder()``
/// does (ISO 8601 dates, "NaN"/"Infinity" floats), not faster or for values.
public enum JSONFieldLocator {
    /// "`benchmarks[0].iterationsPerSample`: 2.5 is not a whole number", or nil when this decoder finds nothing wrong
    /// (or the bytes are not JSON at all: ``JSONSyntax`` says that).
    static func problem<T: Decodable>(decoding type: T.Type, from data: Data) -> String? {
        if let offset = firstInvalidUTF8(data) { return "not UTF-8 text: the byte at offset \(offset) is not UTF-8" }
        guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        do {
            _ = try T(from: TreeDecoder(value: tree, codingPath: []))
            return nil
        } catch let failure as Failure {
            return failure.description
        } catch let error as DecodingError {
            return ResultsFile.describe(error)
        } catch {
            return nil
        }
    }

    /// The offset of the first byte that is not part of valid UTF-8 (a string of another encoding), or nil.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var codingPath: [any CodingKey]
        var problem: String

        var description: String { "\(JSONFieldLocator.fieldPath(codingPath)): \(problem)" }
    }

    /// A coding path as messages name a field: `benchmarks[1].id`, or `top level`.
    public static func fieldPath(_ codingPath: [any CodingKey]) -> String {
        let keys = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        let path = keys.enumerated().map { $0.offset > 0 && !$0.element.hasPrefix("[") ? "." + $0.element : $0.element }.joined()
        return path.isEmpty ? "top level" : path
    }
}

/// The index of an element in an unkeyed container, as a coding key.
private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct TreeDecoder: Decoder {
    let value: Any
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let object = value as? [String: Any] else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedTree<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let array = value as? [Any] else { throw mismatch("an array") }
        return UnkeyedTree(array: array, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleTree(value: value, codingPath: codingPath) }

    func mismatch(_ expected: String) -> JSONFieldLocator.Failure {
        JSONFieldLocator.Failure(codingPath: codingPath, problem: "expected \(expected), found \(describe(value))")
    }
}

/// How a value of the tree is named in a message: the number or string itself, else its kind.
private func describe(_ value: Any) -> String {
    switch value {
    case is NSNull: return "null"
    case let string as String: return "'\(string.prefix(40))'"
    case let number as NSNumber: return "\(number)"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    default: return "\(type(of: value))"
    }
}

private struct SingleTree: SingleValueDecodingContainer {
    let value: Any
    let codingPath: [any CodingKey]

    func fail(_ problem: String) -> JSONFieldLocator.Failure { JSONFieldLocator.Failure(codingPath: codingPath, problem: problem) }

    func decodeNil() -> Bool { value is NSNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard let bool = value as? Bool else { throw fail("expected true or false, found \(describe(value))") }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard let string = value as? String else { throw fail("expected a string, found \(describe(value))") }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        if let number = value as? NSNumber {
            // 1e999 parses (as ∞) where JSONDecoder refuses it, naming no field: a number no double holds.
            guard number.doubleValue.isFinite else { throw fail("\(number) is out of the range of a double") }
            return number.doubleValue
        }
        switch value as? String {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: throw fail("expected a number, found \(describe(value))")
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    /// A whole number within `T`'s range: where JSONDecoder fails without a path on Linux.
    func whole<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let number = value as? NSNumber else { throw fail("expected a whole number, found \(describe(value))") }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(.towardZero) else { throw fail("\(number) is not a whole number") }
        // Through the double first: 2⁶³ rounds to Double(Int64.max), and its int64Value wraps.
        let exact = T(exactly: double) != nil ? (T.isSigned ? T(exactly: number.int64Value) : T(exactly: number.uint64Value)) : nil
        guard let exact else { throw fail("\(number) is out of the range of this field (\(T.min)…\(T.max))") }
        return exact
    }

    func decode(_ type: Int.Type) throws -> Int { try whole(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try whole(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try whole(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try whole(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try whole(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try whole(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try whole(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try whole(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try whole(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try whole(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self {
            let text = try decode(String.self)
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw fail("'\(text.prefix(40))' is not an ISO 8601 date and time (e.g. 2026-12-06T12:00:00Z)")
            }
            return date as! T
        }
        if type == Data.self {
            guard let data = Data(base64Encoded: try decode(String.self)) else { throw fail("not base64") }
            return data as! T
        }
        return try T(from: TreeDecoder(value: value, codingPath: codingPath))
    }
}

private struct KeyedTree<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: [String: Any]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func single(_ key: Key) throws -> SingleTree {
        guard let value = object[key.stringValue] else {
            throw JSONFieldLocator.Failure(codingPath: codingPath + [key], problem: "missing")
        }
        if value is NSNull { throw JSONFieldLocator.Failure(codingPath: codingPath + [key], problem: "is null") }
        return SingleTree(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { object[key.stringValue] is NSNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try single(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try single(key).value, codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try single(key).value, codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { TreeDecoder(value: object, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: object[key.stringValue] ?? NSNull(), codingPath: codingPath + [key])
    }
}

private struct UnkeyedTree: UnkeyedDecodingContainer {
    let array: [Any]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    init(array: [Any], codingPath: [any CodingKey]) {
        self.array = array
        self.codingPath = codingPath
    }

    mutating func next() throws -> SingleTree {
        guard !isAtEnd else {
            throw JSONFieldLocator.Failure(codingPath: codingPath, problem: "has \(array.count) elements, more were expected")
        }
        defer { currentIndex += 1 }
        return SingleTree(value: array[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, array[currentIndex] is NSNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let element = try next()
        return try TreeDecoder(value: element.value, codingPath: element.codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = try next()
        return try TreeDecoder(value: element.value, codingPath: element.codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = try next()
        return TreeDecoder(value: element.value, codingPath: element.codingPath)
    }
}
