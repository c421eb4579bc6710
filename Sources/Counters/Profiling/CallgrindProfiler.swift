import Foundation

/// The functions that execute the most instructions per iteration, from valgrind's callgrind: one run of n and one
/// of 2n iterations, per-function differences over n (set-up cancels), names demangled.
public struct CallgrindProfiler: Sendable {
    /// One function's exclusive instructions per iteration.
    public struct Function: Sendable, Equatable {
        public let name: String
        public let instructionsPerIteration: Double
    }

    private let valgrind: String
    private let annotate: String
    private let setarch: String
    private let forwardedSignals: (@Sendable () -> [Int32])?

    /// - Parameter forwardedSignals: the signals to pass on to valgrind (``ExternalTool/run(_:_:environment:stdin:forwardedSignals:)``).
    /// - Throws: ``ToolError`` (missing) when valgrind, callgrind_annotate or setarch is not installed.
    public init(forwardedSignals: (@Sendable () -> [Int32])? = nil) throws {
        self.forwardedSignals = forwardedSignals
        valgrind = try ExternalTool.require("valgrind", neededFor: "profile --counters callgrind", package: "valgrind")
        annotate = try ExternalTool.require("callgrind_annotate", neededFor: "profile --counters callgrind", package: "valgrind")
        setarch = try ExternalTool.require("setarch", neededFor: "profile --counters callgrind (exact counts need address randomization off)",
                                           package: "util-linux")
    }

    /// Runs `command(n)` (a `framebudget iterate … --iterations n` child) under callgrind for n and 2n, keeps the
    /// 2n output in `folder`, and returns the top functions per iteration.
    public func topFunctions(command: (Int) -> [String], iterations: Int, into folder: String, limit: Int = 25) throws -> [Function] {
        let single = try profile(command(iterations), output: folder + "/callgrind.n.out")
        let double = try profile(command(2 * iterations), output: folder + "/callgrind.out")
        unlink(folder + "/callgrind.n.out")
        let perIteration = double.reduce(into: [String: Double]()) { result, entry in
            result[entry.key] = (entry.value - (single[entry.key] ?? 0)) / Double(iterations)
        }
        let readable = SymbolDemangler.demangle(perIteration.keys)
        return perIteration.filter { $0.value > 0 }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(limit).map { Function(name: readable[$0.key] ?? $0.key, instructionsPerIteration: $0.value) }
    }

    /// Exclusive instructions per function of one callgrind run.
    private func profile(_ command: [String], output: String) throws -> [String: Double] {
        let counted = [valgrind, "--tool=callgrind", "--callgrind-out-file=\(output)"] + command
        let (executable, arguments) = ValgrindCounter.deterministic(counted, setarch: setarch)
        let run = try ExternalTool.run(executable, arguments, forwardedSignals: forwardedSignals)
        guard run.status == 0 else {
            throw ToolError(kind: .failed, message: "callgrind exited with \(run.status): \(ExternalTool.lastMessage(run.stderr))")
        }
        let report = try ExternalTool.run(annotate, ["--threshold=100", output], forwardedSignals: forwardedSignals)
        guard report.status == 0 else { throw ToolError(kind: .failed, message: "callgrind_annotate failed on \(output)") }
        return Self.parseAnnotate(report.stdout)
    }

    /// `  1,234 (12.5%)  file:function [object]` lines (the percentage is absent in older valgrinds)
    /// → function → instructions; PROGRAM TOTALS and header lines skipped.
    static func parseAnnotate(_ text: String) -> [String: Double] {
        var functions = [String: Double]()
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard let space = trimmed.firstIndex(of: " "),
                  let count = Double(trimmed[..<space].replacingOccurrences(of: ",", with: "")) else { continue }
            var rest = trimmed[space...].drop { $0 == " " }
            if rest.first == "(", let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
            var name = rest.trimmingCharacters(in: .whitespaces)
            if name.isEmpty || name.hasPrefix("PROGRAM TOTALS") { continue }
            if let bracket = name.range(of: " [", options: .backwards) { name = String(name[..<bracket.lowerBound]) }
            if let colon = name.range(of: ":") { name = String(name[colon.upperBound...]) }
            functions[name, default: 0] += count
        }
        return functions
    }
}
