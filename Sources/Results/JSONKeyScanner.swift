import Foundation

/// One pass over the bytes of JSON, keeping the keys of each open object and the index of each open array: which
/// field a byte belongs to, and whether an object repeats a key. It reads a valid prefix only, so a document that
/// breaks down at byte N can still be placed up to N.
struct JSONKeyScanner {
    /// An open object (its keys so far, and the key whose value is being read) or array (the element's index).
    struct Frame {
        var keys: Set<String>?
        var key: String?
        var index = 0
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var line = 1
    var frames: [Frame] = []
    var expectingKey = false

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The first key an object repeats, scanning the whole document.
    mutating func firstDuplicate() -> JSONDuplicateKeys.Duplicate? { scan(upTo: bytes.count, stoppingAtDuplicate: true) }

    /// The field the byte at `offset` belongs to (`benchmarks[0].statistics.median`, `benchmarks[2]`), or the object
    /// whose key is expected there; nil at the top level or when the bytes before it are not JSON.
    mutating func field(atByte offset: Int) -> String? {
        _ = scan(upTo: Swift.min(offset, bytes.count), stoppingAtDuplicate: false)
        guard let innermost = frames.last else { return nil }
        if innermost.keys == nil { return containerPath() + "[\(innermost.index)]" }
        guard !expectingKey, let key = innermost.key else {
            let path = containerPath()
            return path.isEmpty ? nil : path
        }
        return field(key)
    }

    /// Scans until `limit` (or the first repeated key, when `stoppingAtDuplicate`).
    private mutating func scan(upTo limit: Int, stoppingAtDuplicate: Bool) -> JSONDuplicateKeys.Duplicate? {
        while position < limit {
            switch bytes[position] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "{"): frames.append(Frame(keys: [])); expectingKey = true
            case UInt8(ascii: "["): frames.append(Frame(keys: nil)); expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = frames.popLast(); expectingKey = false
            case UInt8(ascii: ","):
                guard !frames.isEmpty else { return nil }  // not JSON after all: nothing to say of its keys
                if frames.last?.keys == nil { frames[frames.count - 1].index += 1 } else { expectingKey = true }
            case UInt8(ascii: "\""):
                if let key = string(keeping: expectingKey) {
                    guard !frames.isEmpty, frames[frames.count - 1].keys != nil else { return nil }
                    if frames[frames.count - 1].keys!.insert(key).inserted == false, stoppingAtDuplicate {
                        return JSONDuplicateKeys.Duplicate(field: field(key), line: line)
                    }
                    frames[frames.count - 1].key = key
                    expectingKey = false
                }
                continue  // `string` has moved past the closing quote
            default: break
            }
            position += 1
        }
        return nil
    }

    /// Moves past the string that starts at `position`; its text when `keeping` (escapes decoded, so `"\u0063"`
    /// and `"c"` are one key), else nil.
    private mutating func string(keeping: Bool) -> String? {
        let start = position + 1
        var escaped = false
        position = start
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") { escaped = true; position += 1 }
            position += 1
        }
        defer { position += 1 }
        guard keeping else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<Swift.min(position, bytes.count)])
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: [.fragmentsAllowed])) as? String
            ?? String(decoding: raw, as: UTF8.self)
    }

    /// The path through the open containers, innermost excluded: the name of the innermost container itself.
    private func containerPath() -> String {
        var path = ""
        for frame in frames.dropLast() {
            if frame.keys == nil { path += "[\(frame.index)]" } else if let name = frame.key { path += (path.isEmpty ? "" : ".") + name }
        }
        return path
    }

    /// The field `key` names in the innermost open object.
    private func field(_ key: String) -> String {
        let path = containerPath()
        return path.isEmpty ? key : path + "." + key
    }
}
