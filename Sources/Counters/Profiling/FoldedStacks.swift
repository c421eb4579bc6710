import Foundation

/// Call stacks with their sample counts, root first, frames joined by `;`: the "folded" form flame graphs draw.
public struct FoldedStacks: Sendable, Equatable {
    /// `root;caller;leaf` → samples.
    public var counts: [String: Int]

    public init(counts: [String: Int] = [:]) { self.counts = counts }

    /// Total samples.
    public var total: Int { counts.values.reduce(0, +) }

    /// One `stack count` line per stack, sorted by stack: the text file format.
    public var text: String {
        counts.keys.sorted().map { "\($0) \(counts[$0]!)\n" }.joined()
    }

    /// Parses the text format (`a;b;c 12` per line; blank lines ignored).
    /// - Throws: ``ToolError`` naming the line that has no trailing count.
    public init(parsingFolded text: String) throws {
        counts = [:]
        for (number, line) in text.split(separator: "\n").enumerated() where !line.allSatisfy(\.isWhitespace) {
            guard let space = line.lastIndex(of: " "), let count = Int(line[line.index(after: space)...]), count >= 0 else {
                throw ToolError(kind: .failed, message: "folded stacks line \(number + 1): expected 'frame;frame count'")
            }
            counts[String(line[..<space]), default: 0] += count
        }
    }

    /// Folds `perf script` output: each sample is a header line (`comm pid [cpu] time: period event:`) followed by
    /// one indented line per frame, leaf first (`address symbol+0xoffset (object)`), and a blank line.
    /// The command name becomes the root frame; unknown symbols are named after their object (`[libc.so.6]`).
    /// - Parameter rename: maps raw symbol names to display names (demangling); identity by default.
    public static func fromPerfScript(_ output: String, rename: (String) -> String = { $0 }) -> FoldedStacks {
        var folded = FoldedStacks()
        var command: String?
        var frames = [String]()
        func flush() {
            if let command, !frames.isEmpty {
                folded.counts[([command] + frames.reversed()).joined(separator: ";"), default: 0] += 1
            }
            command = nil
            frames = []
        }
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) { flush(); continue }
            if line.first?.isWhitespace == false {
                flush()
                command = sanitize(String(line.split(separator: " ").first ?? "?"))
            } else if command != nil, let symbol = frameSymbol(line) {
                frames.append(sanitize(rename(symbol)))
            }
        }
        flush()
        return folded
    }

    /// These stacks without those of idle threads yielding: a stack whose frames below the root are unnamed
    /// (`[object]`, no symbol) down to `sched_yield` is a thread with nothing to do giving up its CPU, such as
    /// OpenBLAS's workers spinning between calls. None of the benchmark's own code is on it, yet in a profile of a
    /// regression it came first ("the time was added under do_syscall_64", +4.5%, for a change to finger counting
    /// whose own function added +0.4%). A thread of the benchmark that yields keeps its named frames, and its stack.
    /// - Returns: the stacks kept, and how many samples were left out.
    public func withoutIdleYielding() -> (stacks: FoldedStacks, leftOut: Int) {
        var kept = FoldedStacks(), leftOut = 0
        for (stack, count) in counts {
            if Self.isIdleYield(stack) { leftOut += count } else { kept.counts[stack] = count }
        }
        return (kept, leftOut)
    }

    private static func isIdleYield(_ stack: String) -> Bool {
        let frames = stack.split(separator: ";").dropFirst()  // the root is the command's name
        guard let yield = frames.firstIndex(where: { $0 == "__sched_yield" || $0 == "sched_yield" }) else { return false }
        return frames[..<yield].allSatisfy { $0.hasPrefix("[") && $0.hasSuffix("]") }
    }

    /// The symbol of one frame line, without its offset; `[object]` when perf could not name it.
    static func frameSymbol(_ line: Substring) -> String? {
        let trimmed = line.drop { $0.isWhitespace }
        guard let space = trimmed.firstIndex(of: " ") else { return nil }
        var rest = trimmed[trimmed.index(after: space)...]
        var object = ""
        if rest.hasSuffix(")"), let open = rest.range(of: " (", options: .backwards) {
            object = String(rest[open.upperBound..<rest.index(before: rest.endIndex)])
            rest = rest[..<open.lowerBound]
        }
        if let plus = rest.range(of: "+0x", options: .backwards) { rest = rest[..<plus.lowerBound] }
        if rest.isEmpty || rest == "[unknown]" {
            let name = object.split(separator: "/").last.map(String.init) ?? "unknown"
            return "[\(name.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))]"
        }
        return String(rest)
    }

    /// `;` separates frames and the last space separates the count: neither may appear inside a frame name.
    static func sanitize(_ name: String) -> String {
        name.replacingOccurrences(of: ";", with: ":").replacingOccurrences(of: "\n", with: " ")
    }
}
