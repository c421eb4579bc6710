import Foundation

/// Reading and writing `.npy` files on disk.
public enum NpyFile {
    /// Reads a `.npy` file, checking the header (dtype, shape, size limit) before reading the data.
    /// - Throws: ``NpyError`` naming the file.
    public static func read(_ path: String, byteLimit: Int = NpyFormat.defaultByteLimit) throws -> NpyArray {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw NpyError.unreadable(file: path, reason: reason)
        }
        defer { try? handle.close() }
        // Read the fixed prefix and header first: a header that declares gigabytes is refused before allocating.
        let prefix = [UInt8](handle.readData(ofLength: 4096))
        let header = try NpyFormat.parseHeader(prefix, file: path, byteLimit: byteLimit)
        // A header may declare more data than the file holds: compare with the file's size before asking for
        // (and allocating) that many bytes.
        let size = Int(try handle.seekToEnd())
        guard size - header.dataOffset >= header.dataBytes else {
            throw NpyError.truncated(file: path, expected: header.dataBytes, found: Swift.max(size - header.dataOffset, 0))
        }
        try handle.seek(toOffset: UInt64(header.dataOffset))
        let data = [UInt8](handle.readData(ofLength: header.dataBytes))
        guard data.count == header.dataBytes else {
            throw NpyError.truncated(file: path, expected: header.dataBytes, found: data.count)
        }
        return NpyArray(dtype: header.dtype, shape: header.shape, bytes: data)
    }

    /// Reads a file that must have the given dtype and rank; returns its shape and values.
    public static func read<T: NpyElement>(
        _ path: String, as type: T.Type, rank: Int
    ) throws -> (shape: [Int], values: [T]) {
        let array = try read(path)
        let name = (path as NSString).lastPathComponent
        guard array.shape.count == rank else {
            throw NpyError.wrongRank(file: name, expected: "\(rank) dimensions", found: array.shape)
        }
        return (array.shape, try array.values(as: T.self, file: name))
    }

    /// Writes an array (not atomically by itself: callers stage outputs and move them into place).
    public static func write(_ array: NpyArray, to path: String) throws {
        let bytes = NpyFormat.serialize(array)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw NpyError.unwritable(file: path, reason: "cannot create file")
        }
    }
}
