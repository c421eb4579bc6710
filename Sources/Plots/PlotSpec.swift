import Foundation

/// One plot, ready for gnuplot: the commands, the strings they show and the data files they read.
///
/// Plot kinds (latency distribution, timeline, trend, comparison…) build specs from the results model; only
/// ``Gnuplot`` runs anything. The script must not set a terminal or output: the renderer does, once per format.
/// Every string from the results reaches gnuplot through ``strings`` (see ``GnuplotScript``), never as code.
public struct PlotSpec: Sendable, Equatable {
    /// File stem of the images, e.g. `colormap-latency` → `colormap-latency.png` and `.svg` (always file-safe).
    public var name: String
    /// Human title, for reports that list the plots.
    public var title: String
    /// gnuplot commands that draw the plot, reading data files by their bare names and text as `S[k]`.
    public var script: GnuplotScript
    /// The text the script shows, loaded into gnuplot's array `S` before the script runs.
    public var strings: PlotStrings
    /// Data files the script reads, by file name (written beside the images). Numbers only: text goes to `strings`.
    public var dataFiles: [String: String]
    /// The hot path the plot shows, so reports can place it beside that hot path's verdicts; nil for run-wide plots.
    public var hotPath: String?
    /// The image's height in pixels (960 wide): taller for a plot with a row per benchmark, whose labels would
    /// otherwise run together.
    public var height: Int

    /// The height every plot has unless its rows need more.
    public static let standardHeight = 600

    public init(name: String, title: String, script: GnuplotScript, strings: PlotStrings = PlotStrings(),
                dataFiles: [String: String] = [:], hotPath: String? = nil, height: Int = standardHeight) {
        self.name = DataFileName(name).name
        self.title = title
        self.script = script
        self.strings = strings
        self.dataFiles = dataFiles
        self.hotPath = hotPath
        self.height = height
    }

    /// The data file the renderer writes ``strings`` to.
    var stringsFile: DataFileName { DataFileName("\(name)-strings.dat") }
    /// The data file of ``strings`` as a PNG draws them, when some character has no font (``FontCoverage``).
    var rasterStringsFile: DataFileName { DataFileName("\(name)-strings-png.dat") }

    /// The script with each `S[k]` shown as the text it stands for, in single quotes: for reading (tests, docs),
    /// never for running.
    public var readable: String {
        var text = script.code
        for (index, string) in strings.strings.enumerated().reversed() {
            text = text.replacingOccurrences(of: "S[\(index + 1)]", with: "'\(string)'")
        }
        return text
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

    /// The gnuplot terminal line for this format, 960 pixels wide and `height` high.
    func terminal(height: Int = PlotSpec.standardHeight) -> String {
        switch self {
        case .png: return "set terminal pngcairo size 960,\(height) noenhanced font 'sans,10'"
        case .svg: return "set terminal svg size 960,\(height) noenhanced dynamic font 'sans,10'"
        }
    }
}
