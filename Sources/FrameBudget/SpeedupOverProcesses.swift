import ChildProcesses
import Foundation
import Measurement
import RunPipeline
import Statistics

/// A speed-up measured in several fresh processes, each interleaving its own blocks: the geometric mean of the
/// processes' speed-ups with its Student-t interval over them, the process being the unit of replication (as the
/// gate judges budgets). One process's interval over its blocks is narrow (±0.3–1%) while a fresh process moves its
/// speed-up by about 1.5%: judged on one process, `--at-least 4.7` passed one run of a build and failed the next.
struct SpeedupOverProcesses: Encodable, Equatable {
    let baselineID: String
    let candidateID: String
    /// exp(mean of the processes' log speed-ups).
    let speedup: Double
    /// 95% over the processes; nil with fewer than two.
    let interval: ConfidenceInterval?
    /// Each process's speed-up (its median of block ratios), in the order measured.
    let perProcess: [Double]

    static let level = 0.95

    /// The least spread of a speed-up between fresh processes the interval assumes (SD of its logarithm): processes
    /// measured back to back share the machine's state, and three of them once read ±0.3–0.6% while seven
    /// invocations spread over ±1.5% and more (the 256×192 colormap: 104.0× to 107.5×; finger counting over nine
    /// processes: 4.56× to 4.80×, Docs/MEASURING.md). An interval narrower than the next invocation's figure is a
    /// promise the next run breaks.
    static let minimumProcessSpread = 0.015

    init?(_ figures: [InterleavedSpeedup]) {
        guard let first = figures.first, figures.allSatisfy({ $0.speedup > 0 && $0.speedup.isFinite }) else { return nil }
        let logs = figures.map { Foundation.log($0.speedup) }
        baselineID = first.baselineID
        candidateID = first.candidateID
        speedup = Foundation.exp(logs.reduce(0, +) / Double(logs.count))
        interval = figures.count < 2 ? nil : RunLevel.meanInterval(logs, level: Self.level, minimumSpread: Self.minimumProcessSpread).map {
            ConfidenceInterval(lower: Foundation.exp($0.lower), upper: Foundation.exp($0.upper), level: Self.level)
        }
        perProcess = figures.map(\.speedup)
    }

    /// Measures `processes` fresh processes of this executable one after another (`speedup … --processes 1
    /// --format json` with `options`), passing on every signal this process receives; stops after the process a
    /// signal interrupted. Returns each whole process's figure.
    /// - Throws: ``CommandFailure`` when a process fails for another reason than a signal.
    static func measure(baseline: String, candidate: String, options: [String], processes: Int,
                        interruption: Interruption, progress: (String) -> Void) throws -> [InterleavedSpeedup] {
        var figures: [InterleavedSpeedup] = []
        for index in 1...processes {
            if interruption.signal != nil { break }
            let arguments = ["speedup", baseline, candidate, "--processes", "1", "--format", "json"] + options
            let outcome = try ProcessRunner.run(.init(ProcessRunner.currentExecutable, arguments,
                                                      forwardedSignals: { interruption.receivedSignals }))
            if interruption.signal != nil { break }  // its blocks are cut short: not a whole process's figure
            guard outcome.termination.status == 0 else {
                let reason = outcome.standardError.split(separator: "\n").last.map(String.init) ?? "exit \(outcome.termination.status)"
                throw CommandFailure(.runFailure, "speedup process \(index) of \(processes) failed: \(reason)")
            }
            struct Document: Decodable { let speedup: InterleavedSpeedup }
            guard let figure = try? JSONDecoder().decode(Document.self, from: Data(outcome.standardOutput.utf8)).speedup else {
                throw CommandFailure(.runFailure, "speedup process \(index) of \(processes) wrote no speed-up")
            }
            progress(String(format: "process %d of %d: %.3f×", index, processes, figure.speedup))
            figures.append(figure)
        }
        return figures
    }
}
