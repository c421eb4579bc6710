import ArgumentParser
import Foundation
import FrameLoop
import Measurement

/// How frame-loop benchmarks run: part of ``MeasurementOptions``.
struct FrameLoopOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frames each frame-loop benchmark offers (default: its own, 600 at 60 fps and 450 at 30 fps; 120 with --quick).")
    var frames: Int?

    @Option(name: .customLong("frame-loop-mode"),
            help: "realtime (real threads, waits for each frame's due time) or simulated (frames timed back to back, schedule computed). Default: simulated with --quick or when CI is set, realtime otherwise.")
    var mode: FrameLoopMode?

    func validate() throws {
        if let frames, frames < 1 { throw badOptionValue("--frames must be at least 1 (got \(frames))") }
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
