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
            var scanner = JSONKeyScanner(bytes: raw.bindMemory(to: UInt8.self))
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
