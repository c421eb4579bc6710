import Foundation

/// The machine's CPU time as `/proc/stat` counts it, every CPU together: what the hypervisor took for other guests
/// (steal) out of all the time there was.
///
/// A virtual CPU the host deschedules is not running, yet the wall clock goes on: a sample that spans the gap is
/// slower by it, and nothing inside the guest (load average, task clock) shows why. On the shared KVM hosts this tool
/// is run on, steal came and went in minutes: 0–37% of the CPUs in 30-second windows on 2 Dec 2026 (Intel, model 167),
/// and the kernels' medians swung with it. Recorded with every benchmark, every run and every paired comparison, it
/// says which figures were measured on a machine that was not all there.
public struct HostCPUTime: Sendable, Equatable {
    /// Clock ticks the hypervisor stole, summed over the CPUs.
    public var stolenTicks: UInt64
    /// All clock ticks: user, nice, system, idle, iowait, irq, softirq and steal (guest time is inside user and nice).
    public var totalTicks: UInt64

    public init(stolenTicks: UInt64, totalTicks: UInt64) {
        self.stolenTicks = stolenTicks
        self.totalTicks = totalTicks
    }

    /// The reading now; nil where `/proc/stat` cannot be read (not Linux) or has no `cpu` line.
    public static func now(path: String = "/proc/stat") -> HostCPUTime? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return parse(text)
    }

    /// The aggregate `cpu` line of a `/proc/stat` text: `cpu  user nice system idle iowait irq softirq steal …`.
    /// Kernels before 2.6.11 have no steal column: their steal reads 0. Nil without a `cpu` line or with fewer than
    /// four numbers on it.
    public static func parse(_ text: String) -> HostCPUTime? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let fields = line.split(separator: " ").dropFirst().prefix(8).map { UInt64($0) }
        guard fields.count >= 4, fields.allSatisfy({ $0 != nil }) else { return nil }
        let ticks = fields.map { $0! }
        return HostCPUTime(stolenTicks: ticks.count > 7 ? ticks[7] : 0, totalTicks: ticks.reduce(0, &+))
    }

    /// The share of all CPUs' time stolen between `earlier` and this reading, 0...1; nil when no tick passed (a
    /// stretch shorter than one tick, 10 ms at the usual 100 Hz, says nothing) or the counters went backwards.
    public func stolenShare(since earlier: HostCPUTime) -> Double? {
        guard totalTicks > earlier.totalTicks, stolenTicks >= earlier.stolenTicks else { return nil }
        let stolen = Double(stolenTicks - earlier.stolenTicks), total = Double(totalTicks - earlier.totalTicks)
        return min(1, stolen / total)
    }

    /// The share stolen from `earlier` (a reading, or nil where none could be taken) until now.
    public static func stolenShare(since earlier: HostCPUTime?) -> Double? {
        guard let earlier, let now = now() else { return nil }
        return now.stolenShare(since: earlier)
    }
}
