import XCTest
@testable import NumpyFiles

/// The reader on hostile input: what the fuzz target (Sources/NpyFuzz) exercises, as fixed regression cases, and
/// the seed corpus it starts from.
final class NpyReaderSafetyTests: XCTestCase {
    /// A version 1.0 file: magic, version, header length, this header text, then these data bytes.
    static func file(header: String, data: [UInt8] = []) -> [UInt8] {
        let length = header.utf8.count
        return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(length & 0xFF), UInt8(length >> 8)] + Array(header.utf8) + data
    }

    /// What numpy holds for a seed (`Corpus/seeds.json`, written by make_corpus.py): C-order bytes in hex.
    private struct Seed: Decodable {
        var descr: String
        var shape: [Int]
        var c_bytes: String

        var bytes: [UInt8] {
            var result: [UInt8] = []
            var digits = c_bytes.makeIterator()
            while let high = digits.next(), let low = digits.next() { result.append(UInt8(String([high, low]), radix: 16)!) }
            return result
        }
    }

    func testEverySeedOfTheFuzzCorpusReadsAsNumpyHoldsItAndSurvivesARoundTrip() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Corpus", withExtension: nil))
        let expected = try JSONDecoder().decode([String: Seed].self, from: Data(contentsOf: folder.appendingPathComponent("seeds.json")))
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".npy") }
        XCTAssertEqual(Set(seeds), Set(expected.keys))
        XCTAssertGreaterThanOrEqual(seeds.count, 11)
        for name in seeds {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let array = try NpyFormat.parse(bytes, file: name)
            let numpy = try XCTUnwrap(expected[name])
            XCTAssertEqual(array.dtype.rawValue, numpy.descr, name)
            XCTAssertEqual(array.shape, numpy.shape, name)
            XCTAssertEqual(array.bytes, numpy.bytes, name)
            XCTAssertEqual(try NpyFormat.parse(NpyFormat.serialize(array), file: name), array, name)
        }
    }

    func testHeaderDeclaringGigabytesOnASmallFileIsRefusedAsTruncatedBeforeReading() throws {
        // 3 GB declared (under the 4 GiB limit): the reader must compare with the file size, not try to read it.
        let path = NSTemporaryDirectory() + "fb-npy-\(UUID().uuidString).npy"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Self.file(header: "{'descr': '<f4', 'fortran_order': False, 'shape': (30000, 25000), }\n", data: [1, 2, 3, 4])
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        XCTAssertThrowsError(try NpyFile.read(path)) { error in
            XCTAssertEqual(error as? NpyError, .truncated(file: path, expected: 3_000_000_000, found: 4))
        }
    }

    /// numpy reads a hand-written header's `'float32'` (its dtype name) as `<f4`: refused as "unsupported dtype
    /// 'float32' (supported: float32, …)", a message that contradicted itself.
    func testADTypeWrittenByItsNumpyNameReadsAsItsCode() throws {
        for (descr, data, expected) in [("float32", [0, 0, 0x80, 0x3F] as [UInt8], NpyDType.float32), ("uint8", [7], .uint8),
                                        ("f8", [0, 0, 0, 0, 0, 0, 0xF0, 0x3F], .float64), ("int32", [1, 0, 0, 0], .int32)] {
            let array = try NpyFormat.parse(Self.file(header: "{'descr': '\(descr)', 'fortran_order': False, 'shape': (1,), }\n",
                                                      data: data), file: "x.npy")
            XCTAssertEqual(array.dtype, expected, descr)
        }
    }

    /// A format 3.0 header is UTF-8 (numpy writes 3.0 for exactly that): shown as Latin-1, `'é'` read `'Ã©'`.
    func testAVersionThreeHeaderIsReadAsUTF8() {
        let header = Array("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'é': 1, }\n".utf8)
        var bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [3, 0]
        bytes += withUnsafeBytes(of: UInt32(header.count).littleEndian, Array.init) + header + [0, 0, 0x80, 0x3F]
        XCTAssertThrowsError(try NpyFormat.parse(bytes, file: "x.npy")) { error in
            XCTAssertTrue("\(error)".contains("'é'"), "\(error)")
        }
    }

    func testShapeWhoseByteCountOverflowsIsABadShape() {
        let bytes = Self.file(header: "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }\n")
        XCTAssertThrowsError(try NpyFormat.parse(bytes, file: "x.npy")) { error in
            guard case .badShape = error as? NpyError else { return XCTFail("\(error)") }
        }
    }

    /// An empty Fortran-ordered array whose other dimensions multiply past an Int (found by `make fuzz`): its
    /// product is 0, so it passed, and the reordering's strides trapped (exit 132, nothing said). Refused, from the
    /// parser and from the file reader alike; an empty array that fits reads as empty, with nothing to reorder.
    func testAnEmptyArrayWhoseOtherDimensionsOverflowIsABadShape() throws {
        let header = "{'descr': '<i4', 'fortran_order': True, 'shape': (0, 4294967296, 4294967296), }"
        let bytes = Self.file(header: header + String(repeating: " ", count: 118 - header.utf8.count - 1) + "\n")
        XCTAssertThrowsError(try NpyFormat.parse(bytes, file: "x.npy")) { error in
            XCTAssertEqual("\(error)", "x.npy: bad shape: [0, 4294967296, 4294967296] overflows a byte count")
        }
        let path = NSTemporaryDirectory() + "fb-npy-\(UUID().uuidString).npy"
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        XCTAssertThrowsError(try NpyFile.read(path)) { error in
            guard case .badShape = error as? NpyError else { return XCTFail("\(error)") }
        }
        let empty = try NpyFormat.parse(Self.file(header: "{'descr': '<i4', 'fortran_order': True, 'shape': (0, 3, 4), }\n"),
                                        file: "x.npy")
        XCTAssertEqual(empty.shape, [0, 3, 4])
        XCTAssertEqual(empty.bytes, [])
    }

    /// A dimension past what an Int holds was called "not a tuple of integers": it is one, too large.
    func testADimensionOfMoreDigitsThanAnyArrayIsNamedAsTooLarge() {
        let bytes = Self.file(header: "{'descr': '<f4', 'fortran_order': False, 'shape': (46116860184273879040, 4), }\n")
        XCTAssertThrowsError(try NpyFormat.parse(bytes, file: "x.npy")) { error in
            XCTAssertEqual("\(error)", "x.npy: not a .npy file: header dict: shape has a dimension of 20 digits, beyond any array")
        }
    }
}
