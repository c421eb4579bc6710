import Foundation
import Results

/// Renders a set of plot specs into a folder, turning "gnuplot missing" or a failing plot into a note for the
/// reports rather than an error: reports are written whatever happens to the plots.
public enum PlotRendering {
    /// One rendered plot: its spec and its image files (relative to the folder).
    public struct Rendered: Sendable {
        public var spec: PlotSpec
        public var files: [String]
    }

    /// - Returns: the plots drawn, and a note naming what was skipped and why (nil when all were drawn).
    public static func render(_ specs: [PlotSpec], into directory: String) -> (plots: [Rendered], note: String?) {
        guard !specs.isEmpty else { return ([], nil) }
        guard Gnuplot.executable != nil else { return ([], PlotError.gnuplotMissing.description) }
        do { try PendingOutputs.createFolder(directory) }
        catch let interrupted as PendingOutputs.Interrupted { return ([], interrupted.description) }
        catch { return ([], PlotError.unwritable(path: directory, reason: ResultsFile.systemReason(error)).description) }
        var rendered: [Rendered] = []
        var failures: [PlotError] = []
        for (index, spec) in specs.enumerated() {
            do { rendered.append(Rendered(spec: spec, files: try Gnuplot.render(spec, into: directory))) }
            catch let error as PlotError {
                failures.append(error)
                // A folder that cannot take one plot (a full disk) takes none: don't try the rest.
                if case .unwritable = error {
                    return (rendered, note(failures, skipped: specs.count - index, of: specs.count))
                }
            } catch let interrupted as PendingOutputs.Interrupted {
                return (rendered, interrupted.description)  // the process is exiting
            } catch { failures.append(.gnuplotFailed(plot: spec.name, message: "\(error)")) }
        }
        return (rendered, failures.isEmpty ? nil : note(failures, skipped: failures.count, of: specs.count))
    }

    /// Longest text of one failure in the note: the note is one line of a console warning and of the reports.
    static let maximumFailureText = 300

    /// "3 of 13 plots skipped: <the first failure>": the first reason explains the rest often enough, and a
    /// list of thirteen identical reasons is no help.
    static func note(_ failures: [PlotError], skipped: Int, of total: Int) -> String {
        var first = failures[0].description
        if first.count > maximumFailureText { first = String(first.prefix(maximumFailureText)) + "…" }
        let others = failures.count > 1 ? " (and \(failures.count - 1) other failure\(failures.count == 2 ? "" : "s"))" : ""
        return "\(skipped) of \(total) plot\(total == 1 ? "" : "s") skipped: \(first)\(others)"
    }
}
