import XCTest
@testable import NumpyFiles

/// The reader against files numpy wrote (`Golden/make_golden.py`): shapes and values as numpy holds them, in both
/// orders, and every malformed header refused with one line.
final class NpyGoldenTests: XCTestCase {
    private struct Entry: Decodable {
        var file: String
        var dtype: String
        var shape: [Int]
        var fortran_order: Bool
        var values: [Double]
    }

    private static let folder = Bundle.module.url(forResource: "Golden", withExtension: nil)!

    private static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    private static let manifest: [Entry] = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("order/manifest.json"))
        return try! JSONDecoder().decode([Entry].self, from: data)
    }()

    /// The elements as Doubles (every golden value is exact in each dtype).
    private static func doubles(_ array: NpyArray) throws -> [Double] {
        switch array.dtype {
        case .float32: return try array.values(as: Float.self).map(Double.init)
        case .float64: return try array.values(as: Double.self)
        case .int32: return try array.values(as: Int32.self).map(Double.init)
        case .uint8: return try array.values(as: UInt8.self).map(Double.init)
        }
    }

    func testTheGoldenSetCoversEveryDTypeRankAndOrder() {
        let cases = Set(Self.manifest.map { "\($0.dtype) \($0.shape.count) \($0.fortran_order)" })
        XCTAssertEqual(cases.count, NpyDType.allCases.count * 4 * 2, "dtypes × ranks 1–4 × C/Fortran: \(cases.sorted())")
    }

    func testEveryFileNumpyWroteReadsAsNumpyHoldsItInCOrder() throws {
        for entry in Self.manifest {
            let path = Self.path("order/" + entry.file)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(try NpyFormat.parseHeader(bytes, file: entry.file).fortranOrder, entry.fortran_order, entry.file)
            for array in [try NpyFile.read(path), try NpyFormat.parse(bytes, file: entry.file)] {
                XCTAssertEqual(array.dtype.rawValue, entry.dtype, entry.file)
                XCTAssertEqual(array.shape, entry.shape, entry.file)
                XCTAssertEqual(try Self.doubles(array), entry.values, entry.file)
            }
        }
    }

    func testFortranFilesReadInChunksOfAnySizeGiveTheSameArray() throws {
        for entry in Self.manifest where entry.fortran_order {
            let path = Self.path("order/" + entry.file)
            let whole = try NpyFile.read(path)
            for chunk in [1, 2, 3, 7, 64] {
                XCTAssertEqual(try NpyFile.read(path, byteLimit: 1 << 20, fortranChunkElements: chunk), whole, "\(entry.file) by \(chunk)")
            }
        }
    }

    func testAFortranFileWrittenBackIsCOrderedAndHoldsNumpysCBytes() throws {
        for entry in Self.manifest where entry.fortran_order {
            let fortran = try NpyFile.read(Self.path("order/" + entry.file))
            let written = NpyFormat.serialize(fortran)
            let header = try NpyFormat.parseHeader(written, file: entry.file)
            XCTAssertFalse(header.fortranOrder, entry.file)
            let cFile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.path("order/" + entry.file.replacingOccurrences(of: "_F.", with: "_C.")))))
            let cHeader = try NpyFormat.parseHeader(cFile, file: entry.file)
            XCTAssertFalse(cHeader.fortranOrder)
            XCTAssertEqual(Array(written[header.dataOffset...]), Array(cFile[cHeader.dataOffset...]), entry.file)
        }
    }

    func testFortranOrderMovesTheDataOfEveryFileOfRankTwoOrMore() throws {
        // Else the order tests above could pass on a reader that ignores fortran_order.
        for entry in Self.manifest where entry.fortran_order && entry.shape.count >= 2 {
            let fortran = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.path("order/" + entry.file))))
            let header = try NpyFormat.parseHeader(fortran, file: entry.file)
            XCTAssertNotEqual(Array(fortran[header.dataOffset...]), try NpyFormat.parse(fortran, file: entry.file).bytes, entry.file)
        }
    }

    func testMalformedFilesAreRefusedWithOneLineNamingTheProblem() {
        let expected: [(String, String)] = [
            ("unknown_version.npy", "not a .npy file: unknown format version 4.0"),
            ("header_cut_short.npy", "not a .npy file: header cut short"),
            ("header_beyond_file.npy", "not a .npy file: header length 118 exceeds the file"),
            ("big_endian.npy", "unsupported dtype '>f4' (supported: little-endian float32 '<f4', float64 '<f8', int32 '<i4', uint8 '|u1')"),
            ("int16.npy", "unsupported dtype '<i2' (supported: little-endian float32 '<f4', float64 '<f8', int32 '<i4', uint8 '|u1')"),
            ("complex64.npy", "unsupported dtype '<c8' (supported: little-endian float32 '<f4', float64 '<f8', int32 '<i4', uint8 '|u1')"),
            ("structured.npy", "unsupported dtype '[('x', '<f4'), ('y', '<f4')]' (supported: little-endian float32 '<f4', float64 '<f8', int32 '<i4', uint8 '|u1')"),
            ("object.npy", "unsupported dtype '|O' (supported: little-endian float32 '<f4', float64 '<f8', int32 '<i4', uint8 '|u1')"),
            ("negative_dimension.npy", "bad shape: negative dimension -2"),
            ("data_cut_short.npy", "truncated: header declares 96 data bytes, file has 88"),
        ]
        for (name, message) in expected {
            let path = Self.path("bad/" + name)
            XCTAssertThrowsError(try NpyFile.read(path), name) { error in
                XCTAssertEqual("\(error)", "\(path): \(message)")
            }
        }
    }

    func testHeadersNumpyWritesForZeroAndOneDimensionAndPythonTwoLongsAreRead() throws {
        let zero = try NpyFile.read(Self.path("bad/zero_d.npy"))
        XCTAssertEqual(zero.shape, [])
        XCTAssertEqual(try zero.values(as: Double.self), [2.5])
        let one = try NpyFile.read(Self.path("bad/one_d.npy"))
        XCTAssertEqual(one.shape, [3])
        XCTAssertEqual(try one.values(as: Int32.self), [1, 2, 3])
        let longs = try NpyFile.read(Self.path("bad/python2_longs.npy"))
        XCTAssertEqual(longs.shape, [2, 3])
        XCTAssertEqual(try longs.values(as: Float.self), [0, 1, 2, 3, 4, 5])
    }

    func testHeaderDictionaryAcceptsWhatNumpyWritesAndRefusesTheRest() throws {
        let numpy = try HeaderDictionary(text: "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 4), }          \n", file: "f")
        XCTAssertEqual([numpy.descr, "\(numpy.fortranOrder)", "\(numpy.shape)"], ["<f4", "true", "[3, 4]"])
        let reordered = try HeaderDictionary(text: "{\"shape\": (5,), \"fortran_order\": False, \"descr\": \"|u1\"}", file: "f")
        XCTAssertEqual(reordered.shape, [5])
        let refusals: [(String, String)] = [
            ("'descr': '<f4'}", "expected '{'"),
            ("{'descr': '<f4', 'fortran_order': False}", "missing key(s) [\"shape\"]"),
            ("{'descr': '<f4', 'fortran_order': 1, 'shape': ()}", "fortran_order is not True/False"),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (2, x)}", "shape is not a tuple of integers"),
            ("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'extra': 1}", "unexpected key 'extra'"),
            ("{'descr': '<f4' 'fortran_order': False}", "expected ',' or '}'"),
        ]
        for (text, reason) in refusals {
            XCTAssertThrowsError(try HeaderDictionary(text: text, file: "f"), text) { error in
                XCTAssertEqual(error as? NpyError, .notNpy(file: "f", reason: "header dict: \(reason)"), text)
            }
        }
    }
}
