/// Evicts the CPU caches between cold-cache samples by streaming over a buffer larger than the last-level cache.
public final class CacheEvictor: @unchecked Sendable {
    /// 64 MiB: twice the 32 MiB LLC of this machine's class, and larger than any common LLC slice.
    public static let defaultBytes = 64 << 20
    private let buffer: UnsafeMutableBufferPointer<UInt64>
    private var round: UInt64 = 0

    public init(bytes: Int = CacheEvictor.defaultBytes) {
        buffer = .allocate(capacity: bytes / 8)
        buffer.initialize(repeating: 0)
    }

    deinit { buffer.deallocate() }

    /// Writes every cache line of the buffer (a write evicts dirty lines of the benchmark's data too).
    public func evict() {
        round &+= 1
        var index = 0
        while index < buffer.count {
            buffer[index] &+= round
            index += 8
        }
        blackHole(buffer[0])
    }
}
