import Foundation

/// Reading and writing `.npy` files on disk.
public enum NpyFile {
    /// Reads a `.npy` file, checking the header (dtype, shape, size limit) before reading the data. The array is in
    /// C order whether the file holds C or Fortran order.
    /// - Throws: ``NpyError`` naming the file.
    public static func read(_ path: String, byteLimit: Int = NpyFormat.defaultByteLimit) throws -> NpyArray {
        try read(path, byteLimit: byteLimit, fortranChunkElements: 1 << 18)
    }

    /// ``read(_:byteLimit:)`` reading Fortran-ordered data `fortranChunkElements` at a time (tests make it small).
    static func read(_ path: String, byteLimit: Int, fortranChunkElements: Int) throws -> NpyArray {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw NpyError.unreadable(file: path, reason: reason)
        }
        defer { try? handle.close() }
        // The throwing FileHandle calls: the legacy readData(ofLength:) traps on a read error (e.g. a folder).
        func attempt<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch { throw NpyError.unreadable(file: path, reason: Self.reason(error, path: path)) }
        }
        // Read the fixed prefix and header first: a header that declares gigabytes is refused before allocating.
        let prefix = [UInt8](try attempt { try handle.read(upToCount: 4096) } ?? Data())
        let header = try NpyFormat.parseHeader(prefix, file: path, byteLimit: byteLimit)
        // A header may declare more data than the file holds: compare with the file's size before asking for
        // (and allocating) that many bytes.
        let size = Int(try attempt { try handle.seekToEnd() })
        guard size - header.dataOffset >= header.dataBytes else {
            throw NpyError.truncated(file: path, expected: header.dataBytes, found: Swift.max(size - header.dataOffset, 0))
        }
        try attempt { try handle.seek(toOffset: UInt64(header.dataOffset)) }
        if header.needsReordering {
            return try readFortranOrder(handle, header, chunkBytes: fortranChunkElements * header.dtype.size, path: path, attempt: attempt)
        }
        let data = header.dataBytes == 0 ? [] : [UInt8](try attempt { try handle.read(upToCount: header.dataBytes) } ?? Data())
        guard data.count == header.dataBytes else {
            throw NpyError.truncated(file: path, expected: header.dataBytes, found: data.count)
        }
        return NpyArray(dtype: header.dtype, shape: header.shape, bytes: data)
    }

    /// Fortran-ordered data, read a chunk at a time straight to its C-order places: the array is allocated once,
    /// at the size the header declared (already checked against the limit and the file's size).
    private static func readFortranOrder(
        _ handle: FileHandle, _ header: NpyFormat.Header, chunkBytes: Int, path: String,
        attempt: (() throws -> Data?) throws -> Data?
    ) throws -> NpyArray {
        var order = FortranToCOrder(shape: header.shape, elementSize: header.dtype.size)
        var read = 0
        let data = try [UInt8](unsafeUninitializedCapacity: header.dataBytes) { buffer, initialized in
            let destination = UnsafeMutableRawBufferPointer(buffer)
            while read < header.dataBytes {
                let chunk = try attempt { try handle.read(upToCount: Swift.min(chunkBytes, header.dataBytes - read)) } ?? Data()
                // Whole elements only (a short read mid-file would split one): else it is reported as truncated.
                guard !chunk.isEmpty, chunk.count % header.dtype.size == 0 else { break }
                chunk.withUnsafeBytes { order.place($0, into: destination) }
                read += chunk.count
            }
            initialized = header.dataBytes
        }
        guard read == header.dataBytes else { throw NpyError.truncated(file: path, expected: header.dataBytes, found: read) }
        return NpyArray(dtype: header.dtype, shape: header.shape, bytes: data)
    }

    /// Why a read failed, in a few words ("is a folder" rather than Foundation's generic sentence).
    private static func reason(_ error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return "is a folder" }
        return (error as NSError).localizedDescription
    }

    /// Reads a file that must have the given dtype and rank; returns its shape and values.
    public static func read<T: NpyElement>(
        _ path: String, as type: T.Type, rank: Int
    ) throws -> (shape: [Int], values: [T]) {
        let array = try read(path)
        // The path as given, as every other error of the file names it (not its bare name).
        guard array.shape.count == rank else {
            throw NpyError.wrongRank(file: path, expected: "\(rank) dimensions", found: array.shape)
        }
        return (array.shape, try array.values(as: T.self, file: path))
    }

    /// Writes an array (not atomically by itself: callers stage outputs and move them into place).
    public static func write(_ array: NpyArray, to path: String) throws {
        let bytes = NpyFormat.serialize(array)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw NpyError.unwritable(file: path, reason: "cannot create file")
        }
    }
}
