/// Splits image rows into contiguous bands, one per chunk of a ``WorkerPool`` job.
public enum RowBands {
    /// The rows of band `band` out of `bands` over `height` rows: sizes differ by at most one row.
    @inline(__always)
    public static func rows(of band: Int, bands: Int, height: Int) -> Range<Int> {
        (band * height / bands)..<((band + 1) * height / bands)
    }
}
