import Foundation
import TextFormatting

/// Draws a flame graph as a self-contained SVG: one rectangle per frame, root at the bottom, widths proportional
/// to samples, a tooltip (`<title>`) with the samples and share, labels where the box is wide enough.
public struct FlameGraphSVG: Sendable {
    public var width = 1200.0
    public var frameHeight = 16.0
    public var padding = 10.0
    /// Space above the frames for the title.
    public var header = 30.0
    /// Frames narrower than this many pixels are not drawn (nor their callees, which are narrower still), and the
    /// graph is as tall as the frames drawn: a few samples of a deep stack (the runtime's, an unwinding artefact)
    /// would otherwise make a graph of 130 levels whose top is empty (flamegraph.pl's `--minwidth` does the same).
    public var minimumWidth = 1.0
    /// Approximate width of one label character in the 11 px monospace font.
    static let characterWidth = 6.7

    public init() {}

    /// The SVG document of `frames` (from ``FlameGraphLayout``) under `title`, those at least ``minimumWidth`` wide;
    /// `fill` colours a box (default: a warm colour by the function's name).
    public func render(_ frames: [FlameFrame], title: String, fill: ((FlameFrame) -> String)? = nil) -> String {
        let total = Double(frames.first { $0.depth == 0 }?.width ?? 0)
        let scale = total > 0 ? (width - 2 * padding) / total : 0
        let frames = frames.filter { $0.depth == 0 || Double($0.width) * scale >= minimumWidth }
        let height = header + Double(FlameGraphLayout.maximumDepth(frames) + 1) * frameHeight + 2 * padding
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
            viewBox="0 0 \(format(width)) \(format(height))" font-family="monospace" font-size="11">
            <rect x="0" y="0" width="\(format(width))" height="\(format(height))" fill="#f8f8f0"/>
            <text x="\(format(width / 2))" y="20" text-anchor="middle" font-size="15">\(XMLText.escape(title))</text>

            """
        for frame in frames {
            let x = padding + Double(frame.start) * scale
            let boxWidth = Double(frame.width) * scale
            let y = height - padding - Double(frame.depth + 1) * frameHeight
            let share = total > 0 ? 100 * Double(frame.width) / total : 0
            svg += "<g><title>\(XMLText.escape(frame.name)) (\(frame.width) sample\(frame.width == 1 ? "" : "s"), \(String(format: "%.2f", share))%)</title>"
            svg += "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(boxWidth))\" height=\"\(format(frameHeight - 1))\" "
            // A thin outline keeps pale boxes (a differential graph's unchanged frames) apart from the background.
            svg += "fill=\"\(fill?(frame) ?? color(frame.name))\" stroke=\"#c8c8c0\" stroke-width=\"0.5\" rx=\"2\"/>"
            if let label = label(frame.name, fitting: boxWidth) {
                svg += "<text x=\"\(format(x + 3))\" y=\"\(format(y + frameHeight - 4.5))\">\(XMLText.escape(label))</text>"
            }
            svg += "</g>\n"
        }
        return svg + "</svg>\n"
    }

    /// The name, shortened with `..` to fit the box, or nil when not even 3 characters fit.
    func label(_ name: String, fitting boxWidth: Double) -> String? {
        let fits = Int((boxWidth - 6) / Self.characterWidth)
        guard fits >= 3 else { return nil }
        return name.count <= fits ? name : String(name.prefix(fits - 2)) + ".."
    }

    /// A warm colour chosen by the name's FNV-1a hash, so the same function has the same colour in every graph.
    func color(_ name: String) -> String {
        let hash = FNV1a.hash32(name)
        let red = 205 + Int(hash % 50), green = 80 + Int((hash >> 8) % 150), blue = 40 + Int((hash >> 16) % 40)
        return String(format: "#%02x%02x%02x", red, green, blue)
    }

    private func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
