/// Scratch rows placed, row by row, at a chosen distance modulo 4 KiB from the rows they are computed with.
///
/// Why: a load whose low 12 address bits overlap an older, still-pending store's waits for that store on x86
/// cores (4 KiB aliasing). The edge overlay's cleaning loop stores a scratch row while it loads a depth row, and
/// where the heap happened to put the scratch 16 bytes past the depth rows modulo 4 KiB, each vector load
/// overlapped the store before it: the same binary measured 22.5–23 µs in one process and 25.5 µs in another (a
/// per-process regime no paired comparison could see through). Placed at a fixed phase from the row it meets, a
/// scratch row takes the same time in every process.
///
/// Each slot is a region of 4 KiB plus one row. A plain value of raw pointers (no reference counting in the
/// kernels' loops); its owner calls ``deallocate()``.
struct PhasedScratch {
    /// The page size phases are taken modulo (the low address bits a store-to-load check compares first).
    static let page = 4096
    /// Bytes one slot's region spans: any phase, then a whole row.
    let regionBytes: Int
    private let storage: UnsafeMutableRawPointer

    /// - Precondition: `slots > 0`, `width > 0`.
    init(slots: Int, width: Int) {
        precondition(slots > 0 && width > 0, "slots and width must be positive")
        regionBytes = Self.page + (width * MemoryLayout<Float>.stride + 63) / 64 * 64
        storage = .allocate(byteCount: regionBytes * slots, alignment: Self.page)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: regionBytes * slots)
    }

    func deallocate() { storage.deallocate() }

    /// Where slot `slot`'s region starts.
    @inline(__always)
    func region(_ slot: Int) -> UnsafeMutableRawPointer { storage + regionBytes * slot }

    /// Slot `slot`'s row placed `phase` bytes past `anchor` modulo 4 KiB (rounded down to 64 bytes). The same
    /// arguments give the same row, so a row is found again from its anchor; what it holds is whatever was last
    /// written there.
    @inline(__always)
    func row(_ slot: Int, phase: Int, from anchor: UnsafeRawPointer) -> UnsafeMutablePointer<Float> {
        let region = region(slot)
        let target = UInt(bitPattern: anchor) &+ UInt(bitPattern: phase)
        let offset = Int((target &- UInt(bitPattern: region)) & UInt(Self.page - 1) & ~UInt(63))
        return (region + offset).assumingMemoryBound(to: Float.self)
    }
}
