import Budgets
import Foundation
import Results

/// Reads the verdicts a `gate` wrote into its run folder (`verdicts.json`, ``Reports/VerdictsExporter``): the gate's
/// decisions as it serialised them, never its console text, whose layout is free to change.
package enum GateVerdictsFile {
    /// Only the fields read: other fields of the file may change without breaking this reader.
    private struct Document: Decodable {
        struct Entry: Decodable {
            struct Named: Decodable { var name: String }
            var budget: Named
            var outcome: VerdictOutcome
        }
        var verdicts: [Entry]
    }

    /// Each budget's outcome by budget name, from `<folder>/verdicts.json`.
    /// - Returns: nil when the file does not exist (the gate stopped before writing its reports).
    /// - Throws: ``CommandFailure`` (run failure) naming the file when it cannot be read or is no verdicts file.
    package static func read(folder: String) throws -> [String: VerdictOutcome]? {
        let path = "\(folder)/verdicts.json"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) }
        catch { throw CommandFailure(.runFailure, "\(path): cannot read: \(ResultsFile.systemReason(error))") }
        let document: Document
        do { document = try JSONDecoder().decode(Document.self, from: data) }
        catch { throw CommandFailure(.runFailure, "\(path): not a verdicts file: \(ResultsFile.describe(error, decoding: data))") }
        // A budgets file names each budget once; should one repeat, its first verdict counts.
        return Dictionary(document.verdicts.map { ($0.budget.name, $0.outcome) }, uniquingKeysWith: { first, _ in first })
    }
}
