import Foundation

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
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        catch { return ([], PlotError.unwritable(path: directory, reason: (error as NSError).localizedDescription).description) }
        var rendered: [Rendered] = []
        var failures: [String] = []
        for spec in specs {
            do { rendered.append(Rendered(spec: spec, files: try Gnuplot.render(spec, into: directory))) }
            catch { failures.append("\(error)") }
        }
        return (rendered, failures.isEmpty ? nil : "\(failures.count) plot(s) skipped: " + failures.joined(separator: "; "))
    }
}
