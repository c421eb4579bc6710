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
        for name in withheldFileNames(for: input.run) {
            try? FileManager.default.removeItem(atPath: "\(directory)/\(name)")
        }
        return try rendered.map { name, data in
            let path = "\(directory)/\(name)"
            try AtomicFile.write(data, to: path)
            return path
        }
    }

    /// The files this writer leaves out for `run`: those of the formats that cannot mark a run incomplete, when it
    /// is. A writer that stages its files elsewhere removes these from the destination (an earlier complete run's
    /// `bencher.json` must not stand beside this run's reports, to be uploaded as tonight's).
    public func withheldFileNames(for run: RunResults) -> [String] {
        run.complete ? [] : reporters.filter { !$0.writesIncompleteRuns }.map(\.fileName)
    }
}
