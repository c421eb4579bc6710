import Foundation
import ChildProcesses

/// A failure running an external tool (valgrind, perf, callgrind_annotate), as one line.
public struct ToolError: Error, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable { case missing, failed }
    public let kind: Kind
    public let message: String
    public var description: String { message }
}

/// Finds and runs the external tools the counter and profile layers use.
public enum ExternalTool {
    /// The tool's path on `PATH` (plus the Swift toolchain folder, for swift-demangle), or nil.
    public static func locate(_ name: String) -> String? {
        ProcessRunner.locate(name, alsoIn: ["/opt/swift/usr/bin"])
    }

    /// The tool's path, or a ``ToolError`` of kind `missing` saying what needs it and how to install it.
    public static func require(_ name: String, neededFor purpose: String, package: String) throws -> String {
        guard let path = locate(name) else {
            throw ToolError(kind: .missing, message: "\(name) not found on PATH: \(purpose) needs it (install the Debian package \(package))")
        }
        return path
    }

    /// Output of a finished tool.
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Runs `executable` to completion (``ProcessRunner``). `environment` entries are added to this process's
    /// environment; `stdin` is fed when given. `forwardedSignals` passes this process's SIGINT/SIGTERM on to the
    /// tool (``ProcessRunner/Request/forwardedSignals``), so a signal sent to this process alone stops it too.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           stdin: String? = nil, forwardedSignals: (@Sendable () -> [Int32])? = nil) throws -> Output {
        do {
            let outcome = try ProcessRunner.run(.init(executable, arguments, environment: environment, standardInput: stdin,
                                                      forwardedSignals: forwardedSignals))
            return Output(status: outcome.termination.status, stdout: outcome.standardOutput, stderr: outcome.standardError)
        } catch {
            throw ToolError(kind: .failed, message: error.description)
        }
    }

    /// The last line of a tool's stderr that says something (valgrind prefixes lines with `==pid==`).
    public static func lastMessage(_ stderr: String) -> String {
        let lines = stderr.split(separator: "\n").map { line -> String in
            var text = Substring(line)
            if text.hasPrefix("=="), let end = text.dropFirst(2).range(of: "==") { text = text[end.upperBound...] }
            return text.trimmingCharacters(in: .whitespaces)
        }
        return lines.last { !$0.isEmpty } ?? "no output"
    }

    /// `x86_64`: the machine name `setarch` wants.
    public static var machine: String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
