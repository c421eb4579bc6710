import Foundation
import Results
import ChildProcesses

/// Why a plot could not be drawn.
public enum PlotError: Error, CustomStringConvertible, Equatable {
    /// gnuplot is not installed: reports are still written and say the plots were skipped.
    case gnuplotMissing
    /// gnuplot ran and failed; `message` is its first error line.
    case gnuplotFailed(plot: String, message: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .gnuplotMissing: return "gnuplot not found on PATH: plots skipped (apt-get install gnuplot-nox)"
        case let .gnuplotFailed(plot, message): return "plot \(plot): gnuplot failed: \(message)"
        case let .unwritable(path, reason): return "\(path): cannot write plot: \(reason)"
        }
    }
}

/// Runs gnuplot on plot specs. The only place in FrameBudget that starts gnuplot.
public enum Gnuplot {
    /// The gnuplot executable on PATH, if any.
    public static var executable: String? {
        ProcessRunner.locate("gnuplot")
    }

    /// Writes the spec's data files into `directory` and renders one image per format.
    /// - Returns: the image paths, relative to `directory` (e.g. `["colormap-latency.png", "colormap-latency.svg"]`).
    /// - Throws: ``PlotError``; an image appears whole or not at all (rendered to a temporary name, then renamed).
    public static func render(
        _ spec: PlotSpec, into directory: String, formats: [PlotFormat] = PlotFormat.allCases
    ) throws -> [String] {
        guard let gnuplot = executable else { throw PlotError.gnuplotMissing }
        var files = spec.dataFiles
        if !spec.strings.strings.isEmpty { files[spec.stringsFile.name] = spec.strings.dataFile }
        // PNG text holds only characters an installed font draws (FontCoverage); SVG keeps the text as it is.
        let drawable = FontCoverage.installed.map { spec.strings.drawable(with: $0) } ?? spec.strings
        let rasterStrings = drawable == spec.strings ? spec.stringsFile : spec.rasterStringsFile
        if drawable != spec.strings { files[rasterStrings.name] = drawable.dataFile }
        for (file, contents) in files.sorted(by: { $0.key < $1.key }) {
            let path = "\(directory)/\(file)"
            do { try AtomicFile.write(contents, to: path) }
            catch let ResultsFileError.unwritable(_, reason) { throw PlotError.unwritable(path: path, reason: reason) }
        }
        return try formats.map { format in
            let image = "\(spec.name).\(format.rawValue)"
            let temporary = PendingOutputs.temporaryName(image), target = "\(directory)/\(image)"
            let script = "\(format.terminal(height: spec.height))\nset output '\(temporary)'\n\(spec.strings.loader(from: format == .png ? rasterStrings : spec.stringsFile))\n"
                + "\(spec.script.code)\nunset output\n"
            // Registered before gnuplot makes it, so that an interruption removes it; one a killed run left goes now.
            PendingOutputs.sweepAbandoned(in: directory) { PendingOutputs.temporaryFileOwner($0, base: image) }
            try PendingOutputs.create("\(directory)/\(temporary)") {}
            defer { PendingOutputs.release("\(directory)/\(temporary)") }
            var moved: Int32 = -1
            do {
                try run(gnuplot, script: script, in: directory, plot: spec.name)
                // gnuplot exits 0 even when it could not write the whole image (a full disk): check it is complete.
                try ImageCheck.complete("\(directory)/\(temporary)", format: format, naming: target)
                try PendingOutputs.publish(target) { moved = rename("\(directory)/\(temporary)", target) == 0 ? 0 : errno }
            } catch {
                unlink("\(directory)/\(temporary)")
                throw error
            }
            guard moved == 0 else {
                unlink("\(directory)/\(temporary)")
                throw PlotError.unwritable(path: target, reason: String(cString: strerror(moved)))
            }
            return image
        }
    }

    /// Feeds `script` to gnuplot on stdin with `directory` as working folder, so data files are read by bare name.
    private static func run(_ gnuplot: String, script: String, in directory: String, plot: String) throws {
        let outcome: ProcessRunner.Outcome
        do {
            // Its own process group: a Ctrl-C after the measuring lets the reports finish whole (gnuplot exited 2 on
            // the terminal's SIGINT, a plot was lost); an at-once stop still kills it (stopRunningChildren).
            outcome = try ProcessRunner.run(.init(gnuplot, workingDirectory: directory, standardInput: script, ownProcessGroup: true))
        } catch { throw PlotError.gnuplotFailed(plot: plot, message: "\(error)") }
        let message = outcome.standardError
        guard outcome.termination.status == 0 else {
            // gnuplot explains over several lines (a warning naming the file, then the error): keep them all, on one.
            let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            throw PlotError.gnuplotFailed(
                plot: plot, message: lines.isEmpty ? "exit \(outcome.termination.status)" : lines.joined(separator: " / "))
        }
    }
}
