import Foundation
import Results

/// The data-cache hierarchy, read from Linux's sysfs (`/sys/devices/system/cpu/cpu0/cache/index*`): the sizes the
/// roofs' working sets are chosen from and the levels a benchmark's working set is placed in.
public enum CacheTopology {
    /// The default sysfs folder of CPU 0's caches.
    public static let sysfsDirectory = "/sys/devices/system/cpu/cpu0/cache"

    /// Data and unified caches by level, smallest first; empty when the folder cannot be read.
    public static func read(from directory: String = sysfsDirectory) -> [CacheLevelInfo] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var byLevel: [Int: CacheLevelInfo] = [:]
        for entry in entries where entry.hasPrefix("index") {
            let path = directory + "/" + entry + "/"
            guard let level = Int(text(path + "level") ?? ""), let type = text(path + "type"), type != "Instruction",
                  let bytes = parseSize(text(path + "size") ?? "") else { continue }
            let shared = cpuCount(text(path + "shared_cpu_list") ?? "0")
            byLevel[level] = CacheLevelInfo(name: "L\(level)", bytes: bytes, sharedByCPUs: max(shared, 1))
        }
        return byLevel.keys.sorted().compactMap { byLevel[$0] }
    }

    /// `32K`, `1024K`, `32M` or a plain byte count.
    static func parseSize(_ text: String) -> Int? {
        let scales: [Character: Int] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
        guard let last = text.last else { return nil }
        if let scale = scales[last] { return Int(text.dropLast()).map { $0 * scale } }
        return Int(text)
    }

    /// CPUs in a list such as `0-3,8,10-11`.
    static func cpuCount(_ list: String) -> Int {
        list.split(separator: ",").reduce(0) { count, part in
            let bounds = part.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return count + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : bounds.count)
        }
    }

    private static func text(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Bytes of `level` reachable by `threads` threads on distinct cores: a per-core cache counts once per thread,
    /// a shared one once per instance the threads span.
    public static func capacity(of level: CacheLevelInfo, threads: Int) -> Int {
        let instances = (max(threads, 1) + level.sharedByCPUs - 1) / level.sharedByCPUs
        return level.bytes * instances
    }
}
