import ArgumentParser
import ChildProcesses
import CaptureKernels
import Foundation
import RunPipeline

/// `framebudget kernel <id> --in DIR --out DIR`: runs one hot path on recorded `.npy` inputs.
struct KernelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kernel", abstract: "Run a hot path on .npy inputs and write .npy outputs.",
        discussion: ToolName.named("""
            Example: framebudget kernel colormap --in capture/ --out out/ --param near=0.3
            Exit: 0 outputs written · 2 bad input (nothing written) · 4 cannot write --out (nothing written) \
            · 64 a malformed command line (a --param key given twice) · 130/143 interrupted.
            """))

    @Argument(help: "Hot-path id, e.g. colormap, fusion, nms.")
    var id: String

    @Option(name: .customLong("in"), help: "Folder of input .npy files.")
    var input: String

    @Option(name: .customLong("out"), help: "Folder for outputs; written only when every output succeeded.")
    var output: String

    @Option(name: .customLong("param"), help: "A kernel parameter as key=value (repeatable).")
    var parameters: [String] = []

    /// A key given twice is refused rather than the last value kept: `--param near=1 --param near=2` has no one
    /// meaning, and which value a kernel used would show only in its output.
    func validate() throws {
        if let key = Self.repeatedKey(parameters) {
            throw ValidationError("--param \(key): given more than once; give each key once")
        }
    }

    /// The first key of `pairs` (`key=value`) that an earlier pair already gave, if any.
    static func repeatedKey(_ pairs: [String]) -> String? {
        var seen: Set<Substring> = []
        for pair in pairs {
            // No key (refused in run(), naming the pair) is no repeated key.
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { continue }
            let key = pair[..<equals]
            if !seen.insert(key).inserted { return String(key) }
        }
        return nil
    }

    func run() throws {
        try reportingFailures {
            let kernel = try CaptureKernels.kernel(id)
            let parameters = try KernelParameters(pairs: parameters)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw CommandFailure(.badInput, "--in \(input): no such folder")
            }
            guard isDirectory.boolValue else { throw CommandFailure(.badInput, "--in \(input): not a folder") }
            do {
                let summary = try OutputStaging.write(into: output) { staging in
                    try kernel.run(input: input, output: staging, parameters: parameters)
                }
                Console.output(summary)
            } catch let failure as KernelOutputError {
                throw CommandFailure(.runFailure, failure.description)
            }
        }
    }
}
