import Foundation
import XCTest

/// Locates and runs the `framebudget` binary built beside the test bundle.
enum Framebudget {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The products folder (.build/debug or .build/release) the tests run from.
    /// On Linux the test bundle is an executable in the products folder, beside `framebudget`.
    static var binary: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("framebudget")
    }

    static func start(_ arguments: [String], stdout: FileHandle? = nil, stderr: FileHandle? = nil,
                      environment: [String: String] = [:], directory: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? repositoryRoot)
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        // A child that crashes must end at once: the backtracer can hang waiting on it, and the test with it.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
            .merging(environment) { _, new in new }
        try process.run()
        return process
    }

    /// Runs to completion; stdout and stderr go through temporary files so a chatty child never blocks on a pipe.
    /// - Parameters:
    ///   - environment: variables set for the child on top of this process's.
    ///   - directory: the child's working directory (default: the repository's root).
    static func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> Result {
        let base = NSTemporaryDirectory() + "fb-cli-output-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: base + ".out", contents: nil)
        FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer { try? FileManager.default.removeItem(atPath: base + ".out"); try? FileManager.default.removeItem(atPath: base + ".err") }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: base + ".err"))
        let process = try start(arguments, stdout: out, stderr: err, environment: environment, directory: directory)
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(status: process.terminationStatus,
                      stdout: try String(contentsOfFile: base + ".out", encoding: .utf8),
                      stderr: try String(contentsOfFile: base + ".err", encoding: .utf8))
    }

    /// Runs to completion with stdout and stderr into one file, as a CI log takes them: the output in write order.
    static func runMerged(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let path = NSTemporaryDirectory() + "fb-cli-merged-\(UUID().uuidString).log"
        FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let process = try start(arguments, stdout: log, stderr: log)
        process.waitUntilExit()
        try log.close()
        return (process.terminationStatus, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// Starts the binary with stderr going to `log` (created empty), to be watched with ``waitFor(_:in:)``.
    static func start(_ arguments: [String], stderrLog log: String) throws -> Process {
        FileManager.default.createFile(atPath: log, contents: nil)
        return try start(arguments, stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: log)))
    }

    /// Waits until `file` holds `text`: the point a test hook announces (the 60 s bound only keeps a broken hook
    /// from hanging the suite; nothing is timed).
    static func waitFor(_ text: String, in file: String, file testFile: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if (try? String(contentsOfFile: file, encoding: .utf8))?.contains(text) == true { return }
            usleep(20_000)
        }
        XCTFail("timed out waiting for '\(text)' in \(file)", file: testFile, line: line)
    }

    /// Skips the rest of the test, saying so, when gnuplot (installed by `make deps`) is missing: the plot checks
    /// come last in a test, so the checks before them always run and a skipped plot check shows as skipped.
    static func requireGnuplot() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/gnuplot"),
                          "gnuplot is not installed (make deps installs it): the plot checks are skipped")
    }

    static func python(_ arguments: [String]) throws -> Result {
        try command("/usr/bin/env", ["python3"] + arguments)
    }

    /// Runs a tool to completion; its stdout and stderr together in `stdout`.
    static func command(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }
}
