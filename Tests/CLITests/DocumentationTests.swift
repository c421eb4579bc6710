import Foundation
import XCTest

/// The documentation against what it documents: the option reference in Docs/reference must be the built binary's
/// `--help`, and every relative link of README.md and Docs/**/*.md must lead somewhere.
final class DocumentationTests: XCTestCase {
    private let root = Framebudget.repositoryRoot
    private var referenceFolder: String { root + "/Docs/reference" }

    // MARK: - The option reference

    /// Regenerates every file of Docs/reference in memory, exactly as scripts/generate-reference.sh writes it, from
    /// the `framebudget` beside the test bundle, and compares: a stale, missing or extra file fails, named.
    func testOptionReferenceMatchesTheBinarysHelp() throws {
        let expected = try Self.reference()
        let present = try FileManager.default.contentsOfDirectory(atPath: referenceFolder).filter { $0.hasSuffix(".md") }
        for (file, text) in expected.files.sorted(by: { $0.key < $1.key }) {
            let path = "Docs/reference/" + file
            guard let committed = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else {
                XCTFail("\(path) is missing (the binary has that command): run make reference")
                continue
            }
            if committed != text {
                XCTFail("\(path) is stale: it differs from the binary's help\(Self.firstDifference(committed, text)); "
                        + "run make reference")
            }
        }
        for file in present.sorted() where expected.files[file] == nil {
            XCTFail("Docs/reference/\(file) documents no command of the binary: run make reference")
        }
    }

    /// The reference files the binary's help gives: file name → contents.
    private static func reference() throws -> (files: [String: String], commands: [(title: String, file: String)]) {
        var files: [String: String] = [:]
        var commands: [(title: String, file: String)] = []
        func generate(_ words: [String]) throws {
            let help = try Self.help(words)
            let title = (["framebudget"] + words).joined(separator: " ")
            let file = (words.isEmpty ? "framebudget" : words.joined(separator: "-")) + ".md"
            files[file] = "# \(title)\n\nGenerated from `\(title) --help`; do not edit: run `make reference`.\n\n"
                + "```text\n\(help)\n```\n"
            commands.append((title, file))
            for subcommand in Self.subcommands(in: help) { try generate(words + [subcommand]) }
        }
        try generate([])
        files["README.md"] = "# Option reference\n\n"
            + "Every command's `--help`, one file per command; do not edit: run `make reference`, which regenerates\n"
            + "them from the debug build (`scripts/generate-reference.sh`). `make test` fails when one is stale.\n\n"
            + "| command | reference |\n|---|---|\n"
            + commands.map { "| `\($0.title)` | [\($0.file)](\($0.file)) |\n" }.joined()
        return (files, commands)
    }

    /// `framebudget WORDS… --help` at the fixed width of the reference: ArgumentParser wraps help to the terminal
    /// width, which it takes from COLUMNS before asking the terminal. Trailing newlines are dropped, as the shell's
    /// `$(…)` drops them in the script.
    private static func help(_ words: [String]) throws -> String {
        let output = NSTemporaryDirectory() + "fb-help-\(UUID().uuidString).txt"
        FileManager.default.createFile(atPath: output, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let process = Process()
        process.executableURL = Framebudget.binary
        process.arguments = words + ["--help"]
        process.currentDirectoryURL = URL(fileURLWithPath: Framebudget.repositoryRoot)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["COLUMNS": "100", "SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOfFile: output, encoding: .utf8)
        guard process.terminationStatus == 0, !text.isEmpty else {
            throw HelpFailure(description: "framebudget \((words + ["--help"]).joined(separator: " ")) exited "
                              + "\(process.terminationStatus) with \(text.isEmpty ? "no output" : "output")")
        }
        var trimmed = Substring(text)
        while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The names under SUBCOMMANDS: (entry lines are indented by two spaces, wrapped descriptions deeper); hidden
    /// commands are not listed there, so they get no file.
    static func subcommands(in help: String) -> [String] {
        var names: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") { inside = true; continue }
            guard inside else { continue }
            if line.isEmpty { break }
            if line.hasPrefix("  ") && !line.hasPrefix("   "), let name = line.split(separator: " ").first {
                names.append(String(name))
            }
        }
        return names
    }

    struct HelpFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "(end of file)"
            let r = index < right.count ? String(right[index]) : "(end of help)"
            if l != r { return " at line \(index + 1): file has '\(l)', help has '\(r)'" }
        }
        return ""
    }

    func testSubcommandsAreReadFromTheSubcommandsSection() {
        let help = """
            OVERVIEW: x

            SUBCOMMANDS:
              record                  Record a results file.
              list                    List recorded runs, newest first, with a description long enough to
                                      wrap.
              show (default)          Print a trend.

              See 'framebudget help history <subcommand>' for detailed help.
            """
        XCTAssertEqual(Self.subcommands(in: help), ["record", "list", "show"])
        XCTAssertEqual(Self.subcommands(in: "OVERVIEW: x\n\nOPTIONS:\n  -h, --help  Show help information.\n"), [])
    }

    // MARK: - Relative links

    /// Every relative link of README.md and Docs/**/*.md names an existing file or folder, and its #anchor, when it
    /// has one and points into a Markdown file, a heading of that file (GitHub's heading ids).
    func testRelativeLinksLeadSomewhere() throws {
        var files = ["README.md"]
        let docs = root + "/Docs"
        if let walker = FileManager.default.enumerator(atPath: docs) {
            for case let path as String in walker where path.hasSuffix(".md") { files.append("Docs/" + path) }
        }
        XCTAssertGreaterThan(files.count, 10, "README.md and Docs/ were not found under \(root)")
        var checked = 0
        for file in files.sorted() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            for (line, target) in Self.links(in: text) {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let pathPart = parts[0].removingPercentEncoding ?? parts[0]
                let anchor = parts.count > 1 ? parts[1] : nil
                let resolved = pathPart.isEmpty ? file : ((folder as NSString).appendingPathComponent(pathPart) as NSString).standardizingPath
                if resolved.hasPrefix("..") || resolved.hasPrefix("/") {
                    XCTFail("\(file):\(line): link '\(target)' leaves the repository")
                    continue
                }
                guard FileManager.default.fileExists(atPath: root + "/" + resolved) else {
                    XCTFail("\(file):\(line): link '\(target)': \(resolved) does not exist")
                    continue
                }
                if let anchor, !anchor.isEmpty, resolved.hasSuffix(".md") {
                    let targetText = try String(contentsOfFile: root + "/" + resolved, encoding: .utf8)
                    if !Self.headingIDs(in: targetText).contains(anchor) {
                        XCTFail("\(file):\(line): link '\(target)': \(resolved) has no heading with id '\(anchor)'")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    /// (line number, target) of every Markdown link outside code, skipping links with a scheme (https:, mailto:).
    static func links(in text: String) -> [(Int, String)] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^()\s]+)(?:\s+"[^"]*")?\)"#)
        var found: [(Int, String)] = []
        var fenced = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if rawLine.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            let line = withoutCodeSpans(String(rawLine))
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                guard let targetRange = Range(match.range(at: 1), in: line) else { continue }
                let target = String(line[targetRange])
                if target.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) != nil { continue }
                found.append((index + 1, target))
            }
        }
        return found
    }

    /// The line with its `code spans` removed (a link's text may be code; a code span may show link syntax).
    private static func withoutCodeSpans(_ line: String) -> String {
        line.replacingOccurrences(of: #"`[^`]*`"#, with: "", options: .regularExpression)
    }

    /// GitHub's ids of a Markdown file's headings: the heading's text lower-cased, every character that is not a
    /// letter, mark, number, connector (`_`), hyphen or space removed, spaces made hyphens; repeats get -1, -2….
    static func headingIDs(in text: String) -> Set<String> {
        var ids: Set<String> = []
        var seen: [String: Int] = [:]
        var fenced = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, let match = line.range(of: #"^#{1,6} "#, options: .regularExpression) else { continue }
            var heading = String(line[match.upperBound...]).trimmingCharacters(in: .whitespaces)
            // A link's text stays, its target goes.
            heading = heading.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
            let id = slug(heading)
            let count = seen[id, default: 0]
            ids.insert(count == 0 ? id : "\(id)-\(count)")
            seen[id] = count + 1
        }
        return ids
    }

    static func slug(_ heading: String) -> String {
        var id = ""
        for scalar in heading.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                 .connectorPunctuation:
                id.unicodeScalars.append(scalar)
            default:
                if scalar == "-" { id.append("-") } else if scalar == " " { id.append("-") }
            }
        }
        return id
    }

    func testHeadingIDsAreGitHubs() {
        XCTAssertEqual(Self.slug("Quality of the gate: `make gate-quality [N=20] [MAX_ROUNDS=20] [FILTER='ids…']`"),
                       "quality-of-the-gate-make-gate-quality-n20-max_rounds20-filterids")
        XCTAssertEqual(Self.slug("Instruction mode: `make compare MODE=instructions [FILTER='glob …']`"),
                       "instruction-mode-make-compare-modeinstructions-filterglob-")
        XCTAssertEqual(Self.slug("Results: `Reports/<run-id>/results.json`"), "results-reportsrun-idresultsjson")
        XCTAssertEqual(Self.headingIDs(in: "# A\n## A\n```\n# not a heading\n```\n### B & C\n"), ["a", "a-1", "b--c"])
    }
}
