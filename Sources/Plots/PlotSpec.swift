/// One plot, ready for gnuplot: the commands and the data files they read.
///
/// Plot kinds (latency distribution, timeline, trend, comparison…) build specs from the results model; only
/// ``Gnuplot`` runs anything. The script must not set a terminal or output: the renderer does, once per format.
public struct PlotSpec: Sendable, Equatable {
    /// File stem of the images, e.g. `colormap-latency` → `colormap-latency.png` and `.svg`.
    public var name: String
    /// Human title, for reports that list the plots.
    public var title: String
    /// gnuplot commands that draw the plot, reading data files by their bare names.
    public var script: String
    /// Data files the script reads, by file name (written beside the images).
    public var dataFiles: [String: String]
    /// The hot path the plot shows, so reports can place it beside that hot path's verdicts; nil for run-wide plots.
    public var hotPath: String?

    public init(name: String, title: String, script: String, dataFiles: [String: String] = [:], hotPath: String? = nil) {
        self.name = name
        self.title = title
        self.script = script
        self.dataFiles = dataFiles
        self.hotPath = hotPath
    }
}

/// A kind of plot: turns some part of the results into zero or more plot specs. One type per kind, one file each.
public protocol PlotKind: Sendable {
    associatedtype Input
    /// The specs to draw for `input`; empty when there is nothing to show.
    func plots(for input: Input) -> [PlotSpec]
}

/// The image formats gnuplot renders.
public enum PlotFormat: String, Sendable, CaseIterable {
    case png, svg

    /// The gnuplot terminal line for this format.
    var terminal: String {
        switch self {
        case .png: return "set terminal pngcairo size 960,600 noenhanced font 'sans,10'"
        case .svg: return "set terminal svg size 960,600 noenhanced dynamic font 'sans,10'"
        }
    }
}
