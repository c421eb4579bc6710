import Foundation
import XCTest

/// The programs the site and export tests check their output with (chromium, otava, python3), found on PATH.
///
/// Outside `make test` a missing one skips its test with the reason; under `make test` (FRAMEBUDGET_MAKE_TEST=1,
/// set by the Makefile after `make deps` installed them) it fails the test instead, so a broken install is never
/// read as a pass.
enum ExternalTools {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The tool's path on PATH.
    /// - Throws: XCTSkip (outside `make test`) or a failure naming the tool and how `make deps` installs it.
    static func require(_ name: String, installedBy install: String) throws -> String {
        if let path = locate(name) { return path }
        let reason = "\(name) is not on PATH (\(install))"
        if ProcessInfo.processInfo.environment["FRAMEBUDGET_MAKE_TEST"] == "1" { throw MissingTool(description: reason + "; make test needs it") }
        throw XCTSkip(reason)
    }

    /// Thrown under `make test` instead of a skip: the test fails with this line.
    struct MissingTool: Error, CustomStringConvertible {
        let description: String
    }

    static func locate(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` to completion; stdout and stderr through files, so a chatty tool never blocks on a pipe.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let base = NSTemporaryDirectory() + "fb-tool-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer { try? FileManager.default.removeItem(atPath: base + ".out"); try? FileManager.default.removeItem(atPath: base + ".err") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: try String(contentsOfFile: base + ".out", encoding: .utf8),
                      stderr: try String(contentsOfFile: base + ".err", encoding: .utf8))
    }
}
