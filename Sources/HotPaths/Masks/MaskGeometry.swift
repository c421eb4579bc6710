/// Where instance masks come from and go to: a prototype grid (160×120 for yolo11l-seg at 640×640) and the output
/// image (1920×1440), and the two rules both mask variants share so they agree exactly:
///
/// - crop (001 §2: "masks ... at proto resolution, cropped to bbox"): the box, given in output pixels, is scaled to
///   prototype cells; cell `(c, r)` is kept when its centre `(c + 0.5, r + 0.5)` lies in `[x1, x2) × [y1, y2)`,
///   every other cell is 0. Boxes reaching outside the image are thereby clipped to it; an inverted or non-finite
///   box keeps no cell (an all-zero mask).
/// - bilinear upsampling with pixel centres aligned (vImage, OpenCV INTER_LINEAR): output pixel `X` samples the grid
///   at `s = (X + 0.5)·pw/W − 0.5`, between cells `floor(s)` and `floor(s) + 1`, clamped to the edge cells.
public struct MaskGeometry: Sendable, Equatable {
    public var protoWidth: Int
    public var protoHeight: Int
    public var width: Int
    public var height: Int
    /// Flip rows (001 Critical Notes: mask rows are Y-down, CIImage composites Y-up).
    public var flip: Bool

    public init(protoWidth: Int = 160, protoHeight: Int = 120, width: Int = 1920, height: Int = 1440, flip: Bool = true) {
        self.protoWidth = protoWidth
        self.protoHeight = protoHeight
        self.width = width
        self.height = height
        self.flip = flip
    }

    public var protoCells: Int { protoWidth * protoHeight }
    public var pixels: Int { width * height }

    /// The kept cells of a box `x1, y1, x2, y2` in output pixels: columns `x`, rows `y` (possibly empty).
    public func crop(_ box: (Float, Float, Float, Float)) -> (x: Range<Int>, y: Range<Int>) {
        let scaleX = Float(protoWidth) / Float(width), scaleY = Float(protoHeight) / Float(height)
        return (Self.cells(box.0 * scaleX, box.2 * scaleX, count: protoWidth),
                Self.cells(box.1 * scaleY, box.3 * scaleY, count: protoHeight))
    }

    /// Cells `c` with `low ≤ c + 0.5 < high`, within `0..<count`.
    static func cells(_ low: Float, _ high: Float, count: Int) -> Range<Int> {
        guard low.isFinite, high.isFinite, high > low else { return 0..<0 }
        let first = Int(min(max(low - 0.5, 0), Float(count)).rounded(.up))
        let end = Int(min(max(high - 0.5, 0), Float(count)).rounded(.up))
        return first..<max(first, end)
    }

    /// The two grid cells output index `index` interpolates between and the weight of the second.
    @inline(__always)
    static func tap(_ index: Int, cells: Int, outputs: Int) -> (first: Int, second: Int, weight: Float) {
        let position = (Float(index) + 0.5) * (Float(cells) / Float(outputs)) - 0.5
        let floor = position.rounded(.down)
        let first = Int(floor)
        return (min(max(first, 0), cells - 1), min(max(first + 1, 0), cells - 1), position - floor)
    }

    /// `round(255·m)` for `m` in [0, 1]; 0 for NaN (a NaN prototype or coefficient, or ∞ × 0: no evidence of the
    /// object there), as the optimized path's vector conversion writes it. The conversion alone trapped (SIGILL).
    @inline(__always)
    static func byte(_ value: Float) -> UInt8 { value.isNaN ? 0 : UInt8((255 * value).rounded()) }
}
