/// A strict parser for the Python-literal dict of a `.npy` header. Only the three keys numpy writes are accepted.
struct HeaderDictionary {
    var descr = ""
    var fortranOrder = false
    var shape: [Int] = []

    init(text: String, file: String) throws {
        var scanner = Scanner(characters: Array(text.trimmingTrailingWhitespace()))
        func fail(_ reason: String) -> NpyError { .notNpy(file: file, reason: "header dict: \(reason)") }
        var seen = Set<String>()
        try scanner.expect("{", orThrow: fail("expected '{'"))
        while true {
            scanner.skipSpaces()
            if scanner.consume("}") { break }
            let key = try scanner.quoted(orThrow: fail("expected a quoted key"))
            try scanner.expect(":", orThrow: fail("expected ':' after '\(key)'"))
            switch key {
            // A structured dtype is a list of fields: kept as written, to be refused by name as a dtype.
            case "descr": descr = try scanner.bracketed() ?? scanner.quoted(orThrow: fail("descr is not a string"))
            case "fortran_order": fortranOrder = try scanner.boolean(orThrow: fail("fortran_order is not True/False"))
            case "shape":
                shape = try scanner.tuple(orThrow: fail("shape is not a tuple of integers")) {
                    fail("shape has a dimension of \($0.count) digits, beyond any array")
                }
            default: throw fail("unexpected key '\(key)'")
            }
            seen.insert(key)
            scanner.skipSpaces()
            if scanner.consume(",") { continue }
            try scanner.expect("}", orThrow: fail("expected ',' or '}'"))
            break
        }
        guard seen == ["descr", "fortran_order", "shape"] else {
            throw fail("missing key(s) \(Set(["descr", "fortran_order", "shape"]).subtracting(seen).sorted())")
        }
    }
}

/// Character scanner over the header text.
private struct Scanner {
    let characters: [Character]
    var position = 0

    init(characters: [Character]) { self.characters = characters }

    mutating func skipSpaces() {
        while position < characters.count, characters[position] == " " { position += 1 }
    }

    mutating func consume(_ character: Character) -> Bool {
        skipSpaces()
        guard position < characters.count, characters[position] == character else { return false }
        position += 1
        return true
    }

    mutating func expect(_ character: Character, orThrow error: NpyError) throws {
        guard consume(character) else { throw error }
    }

    mutating func quoted(orThrow error: NpyError) throws -> String {
        skipSpaces()
        guard position < characters.count, characters[position] == "'" || characters[position] == "\"" else { throw error }
        let quote = characters[position]
        position += 1
        var result = ""
        while position < characters.count, characters[position] != quote {
            result.append(characters[position])
            position += 1
        }
        guard position < characters.count else { throw error }
        position += 1
        return result
    }

    /// A `[...]` literal as written (brackets balanced, quotes not looked into), or nil when none starts here.
    mutating func bracketed() -> String? {
        skipSpaces()
        guard position < characters.count, characters[position] == "[" else { return nil }
        var depth = 0, end = position
        while end < characters.count {
            if characters[end] == "[" { depth += 1 }
            if characters[end] == "]" { depth -= 1 }
            end += 1
            if depth == 0 {
                defer { position = end }
                return String(characters[position..<end])
            }
        }
        return nil
    }

    mutating func boolean(orThrow error: NpyError) throws -> Bool {
        skipSpaces()
        for (word, value) in [("True", true), ("False", false)] {
            let end = position + word.count
            if end <= characters.count, String(characters[position..<end]) == word {
                position = end
                return value
            }
        }
        throw error
    }

    /// - Parameter tooLarge: the error for a dimension of more digits than any array has (its digits).
    mutating func tuple(orThrow error: NpyError, tooLarge: (String) -> NpyError) throws -> [Int] {
        try expect("(", orThrow: error)
        var values: [Int] = []
        while true {
            if consume(")") { return values }
            skipSpaces()
            var digits = ""
            while position < characters.count, characters[position].isNumber || characters[position] == "-" {
                digits.append(characters[position])
                position += 1
            }
            // Python 2 era files may write long integers as 192L.
            if position < characters.count, characters[position] == "L" { position += 1 }
            if digits.count > 18 && digits.allSatisfy(\.isASCII) && Int(digits.prefix(18)) != nil { throw tooLarge(digits) }
            guard digits.count <= 18, let value = Int(digits) else { throw error }
            values.append(value)
            guard values.count <= 32 else { throw error }
            if consume(",") { continue }
            try expect(")", orThrow: error)
            return values
        }
    }
}

extension String {
    func trimmingTrailingWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\n" || last == "\r" || last == "\t" {
            end = index(before: end)
        }
        return self[..<end]
    }
}
