import CPlatform
import Crypto
import Foundation
import Results
import ChildProcesses

/// Reads the machine and build facts recorded with every run.
public enum EnvironmentProbe {
    /// Collects the environment. Reads /proc, /sys and git; never fails (unknown facts are nil or "unknown").
    public static func collect(clock: ClockInfo, workingDirectory: String = FileManager.default.currentDirectoryPath) -> EnvironmentInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let git = gitState(in: workingDirectory)
        var info = EnvironmentInfo(
            hostname: ProcessInfo.processInfo.hostName,
            cpuModel: cpuModel(cpuinfo: cpuinfo),
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            frequencyGovernor: firstLine("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
            virtualization: virtualization(cpuinfo: cpuinfo),
            kernel: kernelRelease(),
            operatingSystem: osName(),
            swiftVersion: swiftVersion,
            buildConfiguration: buildConfiguration,
            gitCommit: git.commit, gitDirty: git.dirty,
            loadAverage: loadAverage(),
            clock: clock)
        info.cpuFeatures = cpuFeatures(cpuinfo: cpuinfo)
        info.executableDigest = executableDigest()
        info.addressSpaceRandomization = AddressSpaceLayout.thisProcess
        return info
    }

    /// SHA-256 of this process's executable (`/proc/self/exe`), hex; nil when it cannot be read. ~20 ms for a
    /// 30 MB release binary with the SHA extensions.
    public static func executableDigest(path: String = "/proc/self/exe") -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// `debug` or `release`, from how this binary was compiled.
    public static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// The compiler that built this binary (the toolchain may be absent where the binary runs).
    public static var swiftVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #else
        return "6.1 or earlier"
        #endif
    }

    /// The value of the first `name : value` line whose key is exactly `name` (`model` is not `model name`).
    static func field(_ name: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"),
                  line[..<colon].trimmingCharacters(in: .whitespaces) == name else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The CPU's model name with its family and model numbers when /proc/cpuinfo gives them, e.g.
    /// `AMD EPYC (family 25, model 1)`. A hypervisor may show the same name for different microarchitectures — "AMD
    /// EPYC" for Zen 3 (model 1, AVX2) and Zen 4 (model 17, AVX-512) guests alike — and the name is what keeps runs
    /// of different machines apart (``Results/MachineClass``). On the name alone the two fell in one class, where
    /// yolo-post's median is 1.3–2.4 ms on one and 0.67–0.87 ms on the other (2 Dec 2026): a history's change
    /// detection would have read a change of runner as a regression.
    static func cpuModel(cpuinfo: String) -> String {
        guard let name = field("model name", in: cpuinfo) else { return "unknown" }
        guard let family = field("cpu family", in: cpuinfo), let model = field("model", in: cpuinfo) else { return name }
        return "\(name) (family \(family), model \(model))"
    }

    /// The features of `flags` that choose code paths, in a fixed order (``Results/EnvironmentInfo/cpuFeatures``):
    /// `avx2` (with BMI2), `avx512` (F, BW, DQ and VL: what the AVX-512 loops are compiled for) and `sha_ni`;
    /// `none` when the CPU has none of them; nil when /proc/cpuinfo gives no flags (not x86, or unreadable).
    static func cpuFeatures(cpuinfo: String) -> String? {
        guard let line = field("flags", in: cpuinfo) else { return nil }
        let flags = Set(line.split(separator: " ").map(String.init))
        let features = [("avx2", ["avx2", "bmi2"]), ("avx512", ["avx512f", "avx512bw", "avx512dq", "avx512vl"]),
                        ("sha_ni", ["sha_ni"])]
        let present = features.filter { $0.1.allSatisfy(flags.contains) }.map(\.0)
        return present.isEmpty ? "none" : present.joined(separator: " ")
    }

    static func firstLine(_ path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first.map(String.init)?.trimmingCharacters(in: .whitespaces)
        return line?.isEmpty == false ? line : nil
    }

    /// The hypervisor: CPUID's vendor signature (works inside containers, where DMI is hidden), else DMI.
    static func virtualization(cpuinfo: String) -> String? {
        var signature = [CChar](repeating: 0, count: 13)
        if fb_hypervisor_vendor(&signature) == 1 {
            let vendor = String(decoding: signature.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let names = ["KVMKVMKVM": "KVM", "Microsoft Hv": "Hyper-V", "VMwareVMware": "VMware", "XenVMMXenVMM": "Xen",
                         "TCGTCGTCGTCG": "QEMU (TCG)", "VBoxVBoxVBox": "VirtualBox", " lrpepyh  vr": "Parallels"]
            return names[vendor] ?? (vendor.isEmpty ? "unknown hypervisor" : vendor)
        }
        guard let flags = field("flags", in: cpuinfo), flags.split(separator: " ").contains("hypervisor") else { return nil }
        for path in ["/sys/class/dmi/id/product_name", "/sys/class/dmi/id/sys_vendor", "/sys/hypervisor/type"] {
            if let text = firstLine(path) { return text }
        }
        return "unknown hypervisor"
    }

    static func kernelRelease() -> String {
        var name = utsname()
        uname(&name)
        func string<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(string(name.sysname)) \(string(name.release))"
    }

    static func osName() -> String {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) else {
            return ProcessInfo.processInfo.operatingSystemVersionString
        }
        return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The 1-, 5- and 15-minute load averages (empty where /proc/loadavg is missing): cheap, unlike ``collect(clock:)``,
    /// which runs git and hashes the executable.
    package static func loadAverage() -> [Double] {
        guard let text = firstLine("/proc/loadavg") else { return [] }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    /// The commit this binary was built from (its `.commit` sidecar, `FRAMEBUDGET_GIT_COMMIT`), else the working
    /// directory's git HEAD; nil when none is known.
    public static var commit: String? { gitState(in: FileManager.default.currentDirectoryPath).commit }

    /// The commit this binary was built from, else HEAD of `directory` and whether tracked files differ from it;
    /// nil outside a git checkout or without git. In order:
    /// - `FRAMEBUDGET_GIT_COMMIT`, when set (a script that runs a binary built elsewhere says which commit it was);
    /// - `<executable>.commit` beside this process's executable, written by `scripts/build-revision.sh` for every
    ///   binary it builds (make compare, nightly, gate-quality, a user's package): the commit it was built from,
    ///   whatever checkout it runs in;
    /// - the working directory's git HEAD, when `executable` lies inside that checkout (a binary built in place,
    ///   `make build`). A binary from elsewhere run in a checkout is not that checkout's build: both sides of a
    ///   `compare-builds` of two copied binaries were labelled with the HEAD of the folder it ran in.
    static func gitState(in directory: String, executable: String = ProcessRunner.currentExecutable) -> (commit: String?, dirty: Bool?) {
        if let commit = ProcessInfo.processInfo.environment["FRAMEBUDGET_GIT_COMMIT"], !commit.isEmpty { return (commit, false) }
        if let commit = builtFromCommit(sidecar: executable + ".commit") { return (commit, false) }
        guard let top = run(["git", "-C", directory, "rev-parse", "--show-toplevel"])?.trimmingCharacters(in: .whitespacesAndNewlines),
              !top.isEmpty, executable.hasPrefix(top.hasSuffix("/") ? top : top + "/"),
              let commit = run(["git", "-C", directory, "rev-parse", "HEAD"]) else { return (nil, nil) }
        let status = run(["git", "-C", directory, "status", "--porcelain", "--untracked-files=no"])
        return (commit.trimmingCharacters(in: .whitespacesAndNewlines), status.map { !$0.isEmpty })
    }

    /// The 40-hex commit in `sidecar` (one line), or nil when it is absent or holds anything else.
    public static func builtFromCommit(sidecar: String) -> String? {
        guard let text = try? String(contentsOfFile: sidecar, encoding: .utf8) else { return nil }
        let commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.count == 40 && commit.allSatisfy(\.isHexDigit) ? commit : nil
    }

    private static func run(_ arguments: [String]) -> String? {
        guard let outcome = try? ProcessRunner.run(.init("/usr/bin/env", arguments)), outcome.termination == .exited(0)
        else { return nil }
        return outcome.standardOutput
    }
}
