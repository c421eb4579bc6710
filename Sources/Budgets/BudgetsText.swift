import Foundation
import Glibc
import Results

/// Reads a budgets file as text, refusing what is not a small UTF-8 text file before YAML sees it, so no input can
/// make framebudget read gigabytes or echo binary garbage.
enum BudgetsText {
    /// Larger than any budgets file (a few KB); a bigger file is a mistake, refused before it is read.
    static let maximumBytes = 1 << 20

    /// The file's text.
    /// - Throws: ``BudgetsFileError`` naming the file (and the line, for bad bytes).
    static func read(path: String) throws -> String {
        func failure(_ problem: String, line: Int? = nil) -> BudgetsFileError {
            BudgetsFileError(path: path, line: line, field: nil, problem: problem)
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure("cannot read: \(SystemFile.reason(errno: errno))") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure("is a folder, not a budgets file") }
        if let kind = SystemFile.notRegular(info.st_mode) { throw failure(kind) }
        guard Int(info.st_size) <= maximumBytes else {
            throw failure("\(info.st_size) bytes is larger than a budgets file can be (at most \(maximumBytes) bytes)")
        }
        let bytes: [UInt8]
        do { bytes = [UInt8](try SystemFile.read(path, limit: maximumBytes)) }
        catch { throw failure(error.isFolder ? "is a folder, not a budgets file" : "cannot read: \(error.reason)") }
        guard bytes.count <= maximumBytes else { throw failure("larger than a budgets file can be (at most \(maximumBytes) bytes)") }
        return try decode(bytes, failure: failure)
    }

    /// UTF-8 text without control characters other than tab, line feed and carriage return. A leading byte order
    /// mark (editors on Windows save one; YAML allows it) is dropped: Yams read it as content ("did not find
    /// expected <document start>" on line 2).
    static func decode(_ bytes: [UInt8], failure: (String, Int?) -> BudgetsFileError) throws -> String {
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let line = invalidUTF8Line(bytes)
            throw failure("not UTF-8 text (invalid byte sequence)", line)
        }
        var line = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1; continue }
            if scalar.value < 0x20 && scalar != "\t" && scalar != "\r" || scalar.value == 0x7F {
                throw failure(String(format: "control character U+%04X (a budgets file is plain text)", scalar.value), line)
            }
        }
        return text
    }

    /// The 1-based line of the first invalid UTF-8 sequence.
    private static func invalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var line = 1, start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            if String(validating: bytes[start...index], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return line
    }
}
