import Foundation
import NumpyFiles
import CaptureKernels

/// A temporary input folder and a not-yet-existing output folder for one test.
final class KernelFolders {
    let input: String
    let output: String

    init() throws {
        let base = NSTemporaryDirectory() + "fb-kernel-\(UUID().uuidString)"
        input = base + "-in"
        output = base + "-out"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: input)
        try? FileManager.default.removeItem(atPath: output)
    }

    func write(_ array: NpyArray, as file: String) throws {
        try NpyFile.write(array, to: input + "/" + file)
    }

    func writeRaw(_ bytes: [UInt8], as file: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: input + "/" + file))
    }

    /// Runs a kernel as `framebudget kernel` does: staged, so a failure leaves no output folder.
    @discardableResult
    func run(_ kernel: any CaptureKernel.Type, _ parameters: [String: String] = [:]) throws -> String {
        try OutputStaging.write(into: output) { staging in
            try kernel.run(input: input, output: staging, parameters: KernelParameters(parameters))
        }
    }

    func read(_ file: String) throws -> NpyArray { try NpyFile.read(output + "/" + file) }

    var outputExists: Bool { FileManager.default.fileExists(atPath: output) }
}

extension NpyArray {
    static func depth(_ rows: [[Float]]) -> NpyArray {
        NpyArray(shape: [rows.count, rows[0].count], values: rows.flatMap { $0 })
    }
}
