import Foundation
import Results

/// Writes reports into a folder, each atomically: a reader sees a whole report or the previous one.
public struct ReportWriter: Sendable {
    public var reporters: [any Reporter]

    public init(reporters: [any Reporter] = ReportWriter.standard) {
        self.reporters = reporters
    }

    /// Every file format FrameBudget writes beside `results.json`.
    public static let standard: [any Reporter] = [
        ConsoleReporter(colour: false), MarkdownReporter(), JUnitReporter(), HTMLReporter(), BencherExporter(),
        GitHubActionBenchmarkExporter(), VerdictsExporter(),
    ]

    /// Renders every report, then writes them; nothing is written if any fails to render. For an incomplete run
    /// the formats that cannot say so are not written, and an earlier file of theirs in `directory` is removed.
    /// - Returns: the written paths.
    /// - Throws: the renderer's error, or ``ResultsFileError/unwritable(path:reason:)``.
    @discardableResult
    public func write(_ input: ReportInput, to directory: String) throws -> [String] {
        let written = reporters.filter { input.run.complete || $0.writesIncompleteRuns }
        let rendered = try written.map { ($0.fileName, try $0.render(input)) }
        for withheld in reporters where !input.run.complete && !withheld.writesIncompleteRuns {
            try? FileManager.default.removeItem(atPath: "\(directory)/\(withheld.fileName)")
        }
        return try rendered.map { name, data in
            let path = "\(directory)/\(name)"
            try AtomicFile.write(data, to: path)
            return path
        }
    }
}
