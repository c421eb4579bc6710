import Foundation
import Measurement
import Results

/// `framebudget nightly-quality`'s procedure: N rounds, each one `gate` of the unchanged build and one of the slowed
/// build, each in its own run folder; every gate's verdicts read from the `verdicts.json` it wrote, counted per
/// build (``NightlyQuality``), and the summary saved after every gate, so an interrupted night keeps what it has.
package struct NightlyQualitySession {
    package typealias Build = NightlyQuality.Build

    /// The unchanged build's executable.
    package var unchanged: String
    /// The executable of the build with a real slowdown.
    package var slowed: String
    /// What every gate gets after `--reports` and `--run-id`: its options and benchmark filters.
    package var gateArguments: [String]
    package var rounds: Int
    /// Holds each gate's run folder `<build>-<round>/` and its log, `summary.md` and `summary.json`.
    package var folder: String
    /// The signal this process was stopped by, if any: checked after each gate.
    package var interrupted: () -> InterruptingSignal?
    package var progress: (String) -> Void
    /// The 1-minute load average, read before each gate (injected by tests).
    package var load: () -> Double? = { EnvironmentProbe.loadAverage().first }

    package init(unchanged: String, slowed: String, gateArguments: [String], rounds: Int, folder: String,
                 interrupted: @escaping () -> InterruptingSignal? = { nil }, progress: @escaping (String) -> Void = { _ in }) {
        self.unchanged = unchanged
        self.slowed = slowed
        self.gateArguments = gateArguments
        self.rounds = rounds
        self.folder = folder
        self.interrupted = interrupted
        self.progress = progress
    }

    /// The builds in the order round `round` (from 1) runs them: the unchanged build first in odd rounds, the slowed
    /// one in even rounds, so that a drift of the machine over the night (warming, a neighbour's job) hits both.
    package static func order(round: Int) -> [Build] {
        round % 2 == 1 ? [.unchanged, .slowed] : [.slowed, .unchanged]
    }

    package static func runID(_ build: Build, round: Int) -> String { "\(build.rawValue)-\(round)" }

    package func executable(_ build: Build) -> String { build == .unchanged ? unchanged : slowed }

    /// Checks what would otherwise fail hours in: both builds are executable files, and no run folder of the plan
    /// exists yet (a gate refuses to write into one).
    /// - Throws: ``CommandFailure`` (bad input) naming the file or folder.
    package func check() throws {
        for path in [unchanged, slowed] {
            if let problem = SystemFile.executableProblem(path) { throw CommandFailure(.badInput, "\(path): \(problem)") }
        }
        for round in 1...rounds {
            for build in Build.allCases where FileManager.default.fileExists(atPath: "\(folder)/\(Self.runID(build, round: round))") {
                throw CommandFailure(.badInput, "\(folder)/\(Self.runID(build, round: round)): run folder exists already; "
                                     + "choose another output folder or remove it")
            }
        }
    }

    /// Runs every round with `launcher`, saving the summary after every gate, and stops after the gate during which
    /// this process was interrupted; that gate, stopped part-way by the signal passed on to it, is not counted (its
    /// run folder and log stay).
    /// - Returns: the gates that ran whole, recorded into `quality`, and the signal that stopped them early (nil:
    ///   every round ran).
    /// - Throws: ``CommandFailure``: a gate that could not be started, a `verdicts.json` that cannot be read, a
    ///   summary that cannot be written.
    package func run(_ quality: NightlyQuality, launcher: some GateRunLauncher) throws -> (NightlyQuality, InterruptingSignal?) {
        var quality = quality
        quality.requestedRounds = rounds
        try check()
        try Folders.create(folder, what: "output folder")
        for round in 1...rounds {
            for build in Self.order(round: round) {
                let run = try gate(build, round: round, launcher: launcher, watch: quality.watch)
                if let signal = interrupted() {
                    quality.interruptedBy = signal.rawValue
                    try save(quality)
                    return (quality, signal)
                }
                quality.runs.append(run)
                try save(quality)
            }
        }
        return (quality, nil)
    }

    private func gate(_ build: Build, round: Int, launcher: some GateRunLauncher, watch: String) throws -> NightlyQuality.GateRun {
        let runID = Self.runID(build, round: round)
        progress("round \(round) of \(rounds): \(build.rawValue) build, gate \(runID)")
        let start = Date(), loadBefore = load()
        let status = try launcher.gate(executable(build), reports: folder, runID: runID, arguments: gateArguments)
        let verdicts = try GateVerdictsFile.read(folder: "\(folder)/\(runID)")
        // A gate that refused its input or its command line would refuse it every round: counting its rounds would
        // measure nothing (a mistyped gate option once gave 6 gates of "exit 64, no verdicts" and exit 0).
        if [ExitStatus.badInput.rawValue, ExitStatus.usage.rawValue].contains(status) && verdicts == nil && interrupted() == nil {
            let log = "\(folder)/\(runID).log"
            let line = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last.map(String.init)
            throw CommandFailure(.badInput, "gate \(runID) refused its input (exit \(status)): \(line ?? "see \(log)")")
        }
        if let verdicts, verdicts[watch] == nil {
            throw CommandFailure(.badInput, "--watch '\(watch)' names no budget of the gate (its budgets: "
                                 + "\(verdicts.keys.sorted().prefix(8).joined(separator: ", ")))")
        }
        let run = NightlyQuality.GateRun(build: build, round: round, runID: runID, exitStatus: status, verdicts: verdicts,
                                         seconds: Date().timeIntervalSince(start), load: loadBefore)
        let failures = verdicts.map { "\($0.values.filter { $0 == .fail }.count) FAIL" } ?? "no verdicts written"
        progress("\(runID): exit \(status), \(watch) \(verdicts?[watch]?.rawValue ?? "none"), \(failures), \(Int(run.seconds)) s")
        return run
    }

    /// Writes `summary.md` and `summary.json`, each atomically.
    package func save(_ quality: NightlyQuality) throws {
        do {
            try AtomicFile.write(quality.markdown, to: "\(folder)/summary.md")
            try AtomicFile.write(String(decoding: try ResultsFile.encoder().encode(quality), as: UTF8.self) + "\n",
                                 to: "\(folder)/summary.json")
        } catch { throw CommandFailure(.runFailure, "\(error)") }
    }
}
