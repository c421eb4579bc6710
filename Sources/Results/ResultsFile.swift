import Foundation

/// Errors reading or writing a results document. Each message names the file and the problem in one line.
public enum ResultsFileError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case unsupportedSchema(path: String, found: Int, supported: Int)
    /// Decoded, but a field breaks a rule readers rely on (``RunResults/validate()``): `field` is its path,
    /// e.g. `benchmarks[3].replicates[0].sampleCount`.
    case invalid(path: String, field: String, problem: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "\(path): cannot read: \(reason)"
        case let .malformed(path, reason): return "\(path): not a FrameBudget results file: \(reason)"
        case let .unsupportedSchema(path, found, supported):
            return found > supported
                ? "\(path): schema version \(found) is newer than this framebudget reads (\(supported)); upgrade framebudget"
                : "\(path): schema version \(found) is no longer supported (this framebudget reads \(supported))"
        case let .invalid(path, field, problem): return "\(path): \(field): \(problem)"
        case let .unwritable(path, reason): return "\(path): cannot write: \(reason)"
        }
    }
}

/// Reads and writes `results.json`: ISO-8601 dates, sorted keys, atomic replacement.
public enum ResultsFile {
    /// The encoder every JSON writer uses, so all outputs agree byte for byte and write a non-finite number as a
    /// string rather than failing. `pretty`: indented (files); false: one line (a pipe's messages, a console line).
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// `date` as results.json keeps it (ISO 8601 in whole seconds): what a report made from the file sees, so a
    /// report made in memory can show the same figure.
    public static func storedDate(_ date: Date) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: formatter.string(from: date)) ?? date
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// Encodes the run.
    public static func encode(_ run: RunResults) throws -> Data {
        try encoder().encode(run)
    }

    /// Writes the run to `path` atomically: readers see the old file or the new one, never half of one.
    public static func write(_ run: RunResults, to path: String) throws {
        let data = try encode(run)
        try AtomicFile.write(data, to: path)
    }

    /// Reads a run, checking the schema version before decoding the rest and every field after
    /// (``RunResults/validate()``).
    /// - Throws: ``ResultsFileError`` naming the file and the problem (and the field, for a run that decodes but
    ///   breaks a rule).
    public static func read(from path: String) throws -> RunResults { try readDocument(from: path).run }

    /// ``read(from:)``, with the bytes it decoded: for a reader that also looks at the document itself (what
    /// `merge` would leave out), without reading the file a second time.
    public static func readDocument(from path: String) throws -> (run: RunResults, data: Data) {
        let data: Data
        do { data = try SystemFile.read(path) }
        catch { throw ResultsFileError.unreadable(path: path, reason: error.isFolder ? "is a folder, not a results file" : error.reason) }
        return (try decode(data, path: path), data)
    }

    /// Decodes and validates a run from bytes; `path` only names the source in errors. Every reader of results
    /// (files, the history's documents, a gate's fresh processes) comes through here, so none sees a run that
    /// breaks the rules of ``RunResults/validate()``.
    public static func decode(_ data: Data, path: String) throws -> RunResults {
        struct Versioned: Decodable { var schemaVersion: Int }
        let version: Int
        do { version = try decoder().decode(Versioned.self, from: data).schemaVersion }
        catch {
            let reason = JSONSyntax.problem(in: data) ?? JSONFieldLocator.problem(decoding: Versioned.self, from: data)
                ?? "no schemaVersion (\(describe(error)))"
            throw ResultsFileError.malformed(path: path, reason: reason)
        }
        guard version == RunResults.currentSchemaVersion else {
            throw ResultsFileError.unsupportedSchema(path: path, found: version, supported: RunResults.currentSchemaVersion)
        }
        // Before the fields are decoded: which of two values Foundation decodes is not the one every reader takes.
        if let duplicate = JSONDuplicateKeys.first(in: data) {
            throw ResultsFileError.invalid(path: path, field: duplicate.field, problem: "appears twice in one object "
                + "(again on line \(duplicate.line)): JSON readers disagree on which value holds")
        }
        let run: RunResults
        do { run = try decoder().decode(RunResults.self, from: data) }
        catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            // Foundation on Linux names no field for a number that does not fit it or a date it cannot read.
            let located = JSONFieldLocator.problem(decoding: RunResults.self, from: data) ?? JSONSyntax.problem(in: data)
            throw ResultsFileError.malformed(path: path, reason: located ?? "corrupted at top level: \(context.debugDescription)")
        } catch { throw ResultsFileError.malformed(path: path, reason: describe(error)) }
        do { try run.validate() }
        catch { throw ResultsFileError.invalid(path: path, field: error.field, problem: error.problem) }
        return run
    }

    /// The system's words for a Foundation file error ("No such file or directory"), not "NSCocoaErrorDomain 260":
    /// its errno when it carries one, else what looking its path up says (a link loop, a name too long), else its code.
    public static func systemReason(_ error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileReadNoSuchFile, .fileNoSuchFile: return "No such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
        case .fileWriteOutOfSpace: return "No space left on device"
        case .fileWriteFileExists:
            // A link loop "exists" too: its lookup says what is wrong with it.
            return filePath(of: error).flatMap(SystemFile.lookupProblem) ?? "File exists"
        default:
            return filePath(of: error).flatMap(SystemFile.lookupProblem) ?? error.localizedDescription
        }
    }

    private static func filePath(of error: NSError) -> String? {
        error.userInfo[NSFilePathErrorKey] as? String ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
    }

    /// A one-line description of a decoding error of `data`: where the bytes are not JSON at all (``JSONSyntax``),
    /// that; else ``describe(_:)``.
    public static func describe(_ error: Error, decoding data: Data) -> String {
        JSONSyntax.problem(in: data) ?? describe(error)
    }

    /// What JSON calls the value a Swift type decodes from: `an object`, not Foundation's `Dictionary<String, Any>`.
    public static func jsonKind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") { return "an object" }
        if name.hasPrefix("Array") { return "an array" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Double", "Float", "Int", "Int64", "Int32", "UInt64", "UInt32", "UInt8"].contains(name) { return "a number" }
        return name
    }

    /// The JSON kind Foundation's message says it found (`… but found a string instead.`), in the same words.
    public static func foundKind(_ debugDescription: String) -> String {
        guard let range = debugDescription.range(of: "but found ") else { return "another kind of value" }
        let found = debugDescription[range.upperBound...].replacingOccurrences(of: " instead.", with: "")
        switch found {
        case "a dictionary": return "an object"
        case "number": return "a number"
        case "bool": return "true or false"
        default: return found
        }
    }

    /// A one-line description of a decoding error with its coding path.
    public static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        // `benchmarks[1].id`, as the validation's messages name a field (it said `benchmarks.[1].id`).
        func path(_ context: DecodingError.Context) -> String { JSONFieldLocator.fieldPath(context.codingPath) }
        switch error {
        case let .keyNotFound(key, context): return "missing field '\(key.stringValue)' at \(path(context))"
        case let .typeMismatch(type, context):
            return "wrong type at \(path(context)): expected \(jsonKind(of: type)), found \(foundKind(context.debugDescription))"
        case let .valueNotFound(_, context): return "missing value at \(path(context))"
        case let .dataCorrupted(context): return "corrupted at \(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// Atomic file replacement: write a temporary file beside the target, fsync, rename over the target.
///
/// The temporary file (`.<name>.<pid>.tmp`) is a ``PendingOutputs`` entry: a SIGINT/SIGTERM removes it, and one a
/// killed process left is removed by the next write of the same file.
public enum AtomicFile {
    /// Writes `data` to `path` so that no reader ever sees a partial file, even after kill -9.
    /// - Throws: ``ResultsFileError/unwritable(path:reason:)``; ``PendingOutputs/Interrupted`` once interrupted.
    public static func write(_ data: Data, to path: String) throws {
        // A device or pipe named as the output (`--out /dev/null`, `--out /dev/stdout`, a FIFO) is written into, as
        // a shell's `>` would: renaming a file over it would replace /dev/null itself with a regular file (as root,
        // for every process on the machine). A block device is refused. A symbolic link to a file is followed, so
        // the link stays and its file is replaced.
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFCHR, S_IFIFO, S_IFSOCK: return try writeInPlace(data, to: path)
            case S_IFBLK: throw ResultsFileError.unwritable(path: path, reason: "a block device: not written")
            // Said before the rename says it, which a trailing slash made "Not a directory" for a folder.
            case S_IFDIR: throw ResultsFileError.unwritable(path: path, reason: "is a folder, not a file")
            case S_IFREG: if let target = linkTarget(path) { return try write(data, to: target) }
            default: break
            }
        }
        if path.hasSuffix("/") { throw ResultsFileError.unwritable(path: path, reason: "names a folder (it ends in /), not a file") }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        PendingOutputs.sweepAbandoned(in: directory) { PendingOutputs.temporaryFileOwner($0, base: url.lastPathComponent) }
        let temporary = "\(directory)/\(PendingOutputs.temporaryName(url.lastPathComponent))"
        let descriptor = try PendingOutputs.create(temporary) { open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            PendingOutputs.release(temporary)
            throw ResultsFileError.unwritable(path: path, reason: reason)
        }
        defer { PendingOutputs.release(temporary) }
        var failure = writeAll(data, to: descriptor)
        if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        do {
            if failure == nil {
                try PendingOutputs.publish(path) { if rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) } }
            }
        } catch {
            unlink(temporary)
            throw error
        }
        if let failure {
            unlink(temporary)
            throw ResultsFileError.unwritable(path: path, reason: failure)
        }
    }

    /// Writes into an existing device, pipe or socket: no temporary, no rename (nothing can be half-replaced).
    private static func writeInPlace(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { throw ResultsFileError.unwritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        if let failure = writeAll(data, to: descriptor) { throw ResultsFileError.unwritable(path: path, reason: failure) }
    }

    /// The file a symbolic link at `path` resolves to, or nil when `path` is not a link.
    private static func linkTarget(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes every byte of `data` (retrying partial and interrupted writes); the failure's reason, or nil.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }

    /// Writes a UTF-8 string atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }
}
