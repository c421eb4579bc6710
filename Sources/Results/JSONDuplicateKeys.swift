import Foundation

/// Finds a key that appears twice in one JSON object. JSON leaves such a document's meaning open and readers
/// disagree on it: Foundation's decoder kept the first `"complete"` of a results file and Python's `json` the last,
/// so the tool and `Schemas/validate.py` judged two different runs. A results file is refused instead.
enum JSONDuplicateKeys {
    /// A repeated key: the field it names (`benchmarks[0].statistics.median`) and the line of its second use.
    struct Duplicate: Equatable {
        let field: String
        let line: Int
    }

    /// The first repeated key of `data`, JSON in UTF-8, UTF-16 or UTF-32 (Foundation's decoder reads all three);
    /// nil when there is none, or when the bytes are none of them.
    static func first(in data: Data) -> Duplicate? {
        guard let text = utf8(data) else { return nil }
        return text.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.firstDuplicate()
        }
    }

    /// `data` as UTF-8: itself, or its text re-encoded. Scanned as UTF-8, a UTF-16 file's `00 5C` (U+5C00) read as a
    /// backslash and the scanner lost track of its strings (an index out of range, found by hand after `make fuzz`).
    static func utf8(_ data: Data) -> Data? {
        if String(validating: data, as: UTF8.self) != nil { return data }
        let encodings: [String.Encoding] = [.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32, .utf32LittleEndian, .utf32BigEndian]
        for encoding in encodings {
            guard let text = String(data: data, encoding: encoding), let utf8 = text.data(using: .utf8),
                  (try? JSONSerialization.jsonObject(with: utf8, options: [.fragmentsAllowed])) != nil else { continue }
            return utf8
        }
        return nil
    }
}

/// One pass over the bytes of valid JSON, keeping the keys of each open object.
private struct Scanner {
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

    mutating func firstDuplicate() -> JSONDuplicateKeys.Duplicate? {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: "{"): frames.append(Frame(keys: [])); expectingKey = true
            case UInt8(ascii: "["): frames.append(Frame(keys: nil)); expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = frames.popLast(); expectingKey = false
            case UInt8(ascii: ","):
                guard !frames.isEmpty else { return nil }  // not JSON after all: nothing to say of its keys
                if frames.last?.keys == nil { frames[frames.count - 1].index += 1 } else { expectingKey = true }
            case UInt8(ascii: "\""):
                let key = string(keeping: expectingKey)
                if let key {
                    guard !frames.isEmpty, frames[frames.count - 1].keys != nil else { return nil }
                    if frames[frames.count - 1].keys!.insert(key).inserted == false {
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
    mutating func string(keeping: Bool) -> String? {
        let start = position + 1
        var escaped = false
        position = start
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") { escaped = true; position += 1 }
            position += 1
        }
        defer { position += 1 }
        guard keeping else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<min(position, bytes.count)])
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: [.fragmentsAllowed])) as? String
            ?? String(decoding: raw, as: UTF8.self)
    }

    /// The field `key` names in the innermost open object: the path through the open containers, then the key.
    func field(_ key: String) -> String {
        var path = ""
        for frame in frames.dropLast() {
            if frame.keys == nil { path += "[\(frame.index)]" } else if let name = frame.key { path += (path.isEmpty ? "" : ".") + name }
        }
        return path.isEmpty ? key : path + "." + key
    }
}
