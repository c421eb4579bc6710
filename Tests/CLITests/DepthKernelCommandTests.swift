import XCTest
import Foundation

/// `framebudget kernel` for the depth-side hot paths, run as a user would: exit codes, the one-line error, and no
/// output folder on bad input.
final class DepthKernelCommandTests: XCTestCase {
    private var input = "", output = ""

    override func setUpWithError() throws {
        let base = NSTemporaryDirectory() + "fb-depth-cli-\(UUID().uuidString)"
        input = base + "-in"
        output = base + "-out"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: input)
        try? FileManager.default.removeItem(atPath: output)
    }

    /// A version 1.0 `.npy` file: the 10-byte prefix, the header dict padded to a 64-byte boundary, then the data.
    private func writeNpy(_ file: String, descr: String, shape: String, data: [UInt8]) throws {
        var header = "{'descr': '\(descr)', 'fortran_order': False, 'shape': \(shape), }"
        while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
        header += "\n"
        let length = UInt16(header.utf8.count)
        let bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(length & 0xFF), UInt8(length >> 8)] + Array(header.utf8) + data
        try Data(bytes).write(to: URL(fileURLWithPath: input + "/" + file))
    }

    private func float32(_ values: [Float]) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) } }

    func testColormapWritesRGBA() throws {
        try writeNpy("depth.npy", descr: "<f4", shape: "(2, 3)", data: float32([0.5, 2.75, 5, .nan, 1, 4]))
        let result = try Framebudget.run(["kernel", "colormap", "--in", input, "--out", output, "--param", "width=6", "--param", "height=4"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("colormap: 3x2 depth -> rgba.npy 6x4"), result.stdout)
        let written = try Data(contentsOf: URL(fileURLWithPath: output + "/rgba.npy"))
        XCTAssertEqual(written.count, 128 + 6 * 4 * 4, "64-byte-aligned header, then 4x6x4 bytes")
    }

    func testWrongDTypeIsOneLineExitTwoAndNoOutput() throws {
        try writeNpy("depth.npy", descr: "<f8", shape: "(1, 2)", data: [UInt8](repeating: 0, count: 16))
        let result = try Framebudget.run(["kernel", "edge-overlay", "--in", input, "--out", output])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(input)/depth.npy: dtype is float64, expected float32\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    /// The output size defaults to the input's: a map too wide for an output is said as such, not as a `width`
    /// parameter the user never gave; a given one is named as given.
    func testAnOutputTooLargeByDefaultNamesTheInputNotAParameterNeverGiven() throws {
        try writeNpy("depth.npy", descr: "<f4", shape: "(1, 20000)", data: float32([Float](repeating: 1, count: 20000)))
        let byDefault = try Framebudget.run(["kernel", "colormap", "--in", input, "--out", output])
        XCTAssertEqual(byDefault.status, 2)
        XCTAssertEqual(byDefault.stderr, "framebudget: error: parameter 'width': 20000 is over 16384 "
                       + "(the default: depth.npy's size; give width= and height=)\n")
        let given = try Framebudget.run(["kernel", "colormap", "--in", input, "--out", output, "--param", "width=20000", "--param", "height=2"])
        XCTAssertEqual(given.stderr, "framebudget: error: parameter 'width': 20000 is over 16384\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testNearNotBelowFarIsRefused() throws {
        try writeNpy("depth.npy", descr: "<f4", shape: "(1, 2)", data: float32([1, 2]))
        let result = try Framebudget.run(["kernel", "colormap", "--in", input, "--out", output,
                                          "--param", "near=3", "--param", "far=1"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: parameter 'near': 3.0 must be less than far (1.0)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testARepeatedParameterKeyIsAMalformedCommandLine() throws {
        try writeNpy("depth.npy", descr: "<f4", shape: "(1, 2)", data: float32([1, 2]))
        let result = try Framebudget.run(["kernel", "colormap", "--in", input, "--out", output,
                                          "--param", "near=1", "--param", "far=4", "--param", "near=2"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(result.stderr, "framebudget: error: --param near: given more than once; give each key once "
                                      + "(see 'framebudget kernel --help')\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testTruncatedFrameIsRefused() throws {
        try writeNpy("frame.npy", descr: "|u1", shape: "(2, 2, 4)", data: [UInt8](repeating: 7, count: 10))
        let result = try Framebudget.run(["kernel", "preview-scale", "--in", input, "--out", output])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "framebudget: error: \(input)/frame.npy: truncated: header declares 16 data bytes, file has 10\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}
