import Foundation
import XCTest
import CaptureKernels
import NumpyFiles

/// A temporary input folder and a not-yet-existing output folder for running a capture kernel as `framebudget kernel`
/// does. Removed by ``remove()`` (tear-down) or when the last reference goes (a folder made inside one test).
final class KernelFolder {
    let input: String
    let output: String

    init() throws {
        let base = NSTemporaryDirectory() + "fb-kernel-\(UUID().uuidString)"
        input = base + "/in"
        output = base + "/out"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
    }

    deinit { remove() }

    func remove() { try? FileManager.default.removeItem(atPath: (input as NSString).deletingLastPathComponent) }

    func write(_ name: String, _ array: NpyArray) throws { try NpyFile.write(array, to: input + "/" + name) }

    func writeRaw(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: input + "/" + name))
    }

    func writeText(_ name: String, _ text: String) throws {
        try text.write(toFile: input + "/" + name, atomically: true, encoding: .utf8)
    }

    /// Runs the kernel through the all-or-nothing staging, as the command does.
    @discardableResult
    func run(_ kernel: any CaptureKernel.Type, _ parameters: [String: String] = [:]) throws -> String {
        try OutputStaging.write(into: output) { staging in
            try kernel.run(input: input, output: staging, parameters: KernelParameters(parameters))
        }
    }

    func read(_ name: String) throws -> NpyArray { try NpyFile.read(output + "/" + name) }

    var outputExists: Bool { FileManager.default.fileExists(atPath: output) }

    /// The error's one-line message, asserting that nothing was written.
    func failure(_ kernel: any CaptureKernel.Type, _ parameters: [String: String] = [:],
                 file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            try run(kernel, parameters)
            XCTFail("expected an error", file: file, line: line)
            return ""
        } catch {
            XCTAssertFalse(outputExists, "nothing written on error", file: file, line: line)
            let message = "\(error)"
            XCTAssertFalse(message.contains("\n"), "one line: \(message)", file: file, line: line)
            return message
        }
    }
}

extension NpyArray {
    /// A float32 depth map from its rows.
    static func depth(_ rows: [[Float]]) -> NpyArray {
        NpyArray(shape: [rows.count, rows[0].count], values: rows.flatMap { $0 })
    }
}
