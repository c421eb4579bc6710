/// The `.npy` format, versions 1.0–3.0: magic `\x93NUMPY`, major/minor version, header length (2 bytes for 1.x,
/// 4 for 2.x/3.x), a Python-literal dict header `{'descr': '<f4', 'fortran_order': False, 'shape': (192, 256), }`,
/// then the raw data, in C order or (`'fortran_order': True`) Fortran order. Arrays are read into C order either
/// way and always written in C order.
public enum NpyFormat {
    /// Data larger than this is refused before anything is allocated (a capture frame set is ≈ 1.9 GB at most).
    public static let defaultByteLimit = 4 << 30

    static let magic: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59]

    /// Parses a whole file's bytes.
    /// - Parameters:
    ///   - bytes: the file content.
    ///   - file: names the file in errors.
    ///   - byteLimit: largest data section accepted.
    public static func parse(_ bytes: [UInt8], file: String, byteLimit: Int = defaultByteLimit) throws -> NpyArray {
        let header = try parseHeader(bytes, file: file, byteLimit: byteLimit)
        let available = bytes.count - header.dataOffset
        guard available >= header.dataBytes else {
            throw NpyError.truncated(file: file, expected: header.dataBytes, found: Swift.max(available, 0))
        }
        let data = bytes[header.dataOffset..<(header.dataOffset + header.dataBytes)]
        guard header.needsReordering else { return NpyArray(dtype: header.dtype, shape: header.shape, bytes: Array(data)) }
        var order = FortranToCOrder(shape: header.shape, elementSize: header.dtype.size)
        let reordered = [UInt8](unsafeUninitializedCapacity: header.dataBytes) { buffer, initialized in
            data.withUnsafeBytes { order.place($0, into: UnsafeMutableRawBufferPointer(buffer)) }
            initialized = header.dataBytes
        }
        return NpyArray(dtype: header.dtype, shape: header.shape, bytes: reordered)
    }

    /// What the header says, checked: dtype, shape, where the data starts and how long it is.
    public struct Header: Equatable, Sendable {
        public var dtype: NpyDType
        public var shape: [Int]
        public var dataOffset: Int
        public var dataBytes: Int
        /// The data is in Fortran order (first index fastest): numpy writes it for a transposed or
        /// Fortran-contiguous array. Readers hand out C order whatever the file holds.
        public var fortranOrder: Bool

        /// The data must be rearranged into C order (Fortran order, and a shape whose two orders differ).
        public var needsReordering: Bool { fortranOrder && !FortranToCOrder.isSameAsC(shape) }
    }

    /// Parses and validates the header only (enough to refuse a file before reading its data).
    public static func parseHeader(_ bytes: [UInt8], file: String, byteLimit: Int = defaultByteLimit) throws -> Header {
        guard bytes.count >= 6, Array(bytes[0..<6]) == magic else {
            throw NpyError.notNpy(file: file, reason: "missing the \\x93NUMPY magic")
        }
        guard bytes.count >= 8 else { throw NpyError.notNpy(file: file, reason: "header cut short") }
        let major = bytes[6]
        let lengthBytes: Int
        switch major {
        case 1: lengthBytes = 2
        case 2, 3: lengthBytes = 4
        default: throw NpyError.notNpy(file: file, reason: "unknown format version \(major).\(bytes[7])")
        }
        guard bytes.count >= 8 + lengthBytes else { throw NpyError.notNpy(file: file, reason: "header cut short") }
        var headerLength = 0
        for i in 0..<lengthBytes { headerLength |= Int(bytes[8 + i]) << (8 * i) }
        let headerStart = 8 + lengthBytes
        guard headerLength <= 1 << 20, bytes.count >= headerStart + headerLength else {
            throw NpyError.notNpy(file: file, reason: "header length \(headerLength) exceeds the file")
        }
        // Format 3.0 exists for headers in UTF-8 (a field name 'é'); 1.x and 2.x are Latin-1.
        guard let text = String(bytes: bytes[headerStart..<(headerStart + headerLength)], encoding: major == 3 ? .utf8 : .isoLatin1) else {
            throw NpyError.notNpy(file: file, reason: "header is not text")
        }
        let dictionary = try HeaderDictionary(text: text, file: file)
        guard let dtype = NpyDType(descr: dictionary.descr) else {
            throw NpyError.unsupportedDType(file: file, descr: dictionary.descr)
        }
        let dataBytes = try checkedByteCount(shape: dictionary.shape, elementSize: dtype.size, file: file)
        guard dataBytes <= byteLimit else { throw NpyError.tooLarge(file: file, bytes: dataBytes, limit: byteLimit) }
        return Header(dtype: dtype, shape: dictionary.shape, dataOffset: headerStart + headerLength, dataBytes: dataBytes,
                      fortranOrder: dictionary.fortranOrder)
    }

    /// Product of the shape times the element size, refusing overflow. The dimensions other than 0 must multiply
    /// without overflow too: an empty array of shape (0, 2³², 2³²) passed (its product is 0) and then trapped where
    /// a stride or a row length was computed from its other dimensions.
    static func checkedByteCount(shape: [Int], elementSize: Int, file: String) throws -> Int {
        var total = elementSize, nonZero = elementSize
        for dimension in shape {
            guard dimension >= 0 else { throw NpyError.badShape(file: file, reason: "negative dimension \(dimension)") }
            let (product, overflow) = total.multipliedReportingOverflow(by: dimension)
            let (others, othersOverflow) = nonZero.multipliedReportingOverflow(by: Swift.max(dimension, 1))
            guard !overflow, !othersOverflow else { throw NpyError.badShape(file: file, reason: "\(shape) overflows a byte count") }
            (total, nonZero) = (product, others)
        }
        return total
    }

    /// Serializes an array as a version 1.0 file (version 2.0 when the header would not fit in 65535 bytes).
    public static func serialize(_ array: NpyArray) -> [UInt8] {
        let shapeText = array.shape.count == 1 ? "(\(array.shape[0]),)"
            : "(" + array.shape.map(String.init).joined(separator: ", ") + ")"
        var header = "{'descr': '\(array.dtype.rawValue)', 'fortran_order': False, 'shape': \(shapeText), }"
        // Pad with spaces so that magic + version + length + header + newline is a multiple of 64 bytes.
        let unpadded = 10 + header.utf8.count + 1
        header += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
        var output = magic + [1, 0]
        let length = header.utf8.count
        output += [UInt8(length & 0xFF), UInt8(length >> 8)]
        output += Array(header.utf8)
        output += array.bytes
        return output
    }
}
