import ArgumentParser
import Foundation
import FrameLoop
import Measurement

/// How frame-loop benchmarks run: part of ``MeasurementOptions``.
struct FrameLoopOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frames each frame-loop benchmark offers, 1...1000000 (default: its own, 600 at 60 fps and 450 at 30 fps; 120 with --quick).")
    var frames: Int?

    @Option(name: .customLong("frame-loop-mode"),
            help: "realtime (real threads, waits for each frame's due time) or simulated (frames timed back to back, schedule computed). Default: simulated with --quick or when CI is set, realtime otherwise.")
    var mode: FrameLoopMode?

    /// Over 4.6 hours of frames at 60 fps, a few arrays of 8 MB each.
    static let maximumFrames = 1_000_000

    func validate() throws {
        // An upper bound as the measuring options have: 2^63 frames made arrays of that many times (a crash, exit 139).
        if let frames, !(1...Self.maximumFrames).contains(frames) {
            throw badOptionValue("--frames must be in 1...\(Self.maximumFrames) (got \(frames))")
        }
    }

    /// The engine settings these options ask for.
    /// - Parameters:
    ///   - quick: `--quick` was given.
    ///   - environment: the process environment (`CI` set to anything but empty, `0` or `false` means a CI job).
    func settings(quick: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> FrameLoopSettings {
        let ci = environment["CI"].map { !["", "0", "false"].contains($0.lowercased()) } ?? false
        return FrameLoopSettings(
            frames: frames ?? (quick ? FrameLoopSettings.quickFrames : nil),
            mode: mode ?? (quick || ci ? .simulated : .realtime))
    }
}

extension FrameLoopMode: ExpressibleByArgument {}
