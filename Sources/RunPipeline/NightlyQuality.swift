import Budgets
import Foundation

/// The nightly gate's two promises, measured on real builds: `gate` runs of an unchanged build give no FAIL, and
/// runs of a build with a real slowdown of one budget's benchmark FAIL that budget every time. What
/// ``NightlyQualitySession`` records, gate run by gate run, and the counts it reports per build.
package struct NightlyQuality: Sendable, Equatable {
    /// Which of the two builds a gate run measured.
    package enum Build: String, Codable, Sendable, CaseIterable {
        case unchanged, slowed
    }

    /// One `gate` of one build, in its own run folder.
    package struct GateRun: Codable, Sendable, Equatable {
        package var build: Build
        package var round: Int
        /// Its run folder's name under the output folder, `<build>-<round>`.
        package var runID: String
        /// The gate's exit status (128 + N when signal N ended it).
        package var exitStatus: Int32
        /// Each budget's verdict by budget name, from the run folder's `verdicts.json`; nil when the gate wrote none
        /// (it stopped before reporting: bad input, a failed set-up).
        package var verdicts: [String: VerdictOutcome]?
        package var seconds: Double
        /// The 1-minute load average just before the gate started (nil where it could not be read).
        package var load: Double?

        package init(build: Build, round: Int, runID: String, exitStatus: Int32, verdicts: [String: VerdictOutcome]?,
                     seconds: Double, load: Double? = nil) {
            self.build = build
            self.round = round
            self.runID = runID
            self.exitStatus = exitStatus
            self.verdicts = verdicts
            self.seconds = seconds
            self.load = load
        }

        /// A night that goes red: the gate exited non-zero, or a budget FAILed or was MISSING (a gate without
        /// verdicts is not counted here: it reported nothing to judge by).
        var isRed: Bool {
            exitStatus != 0 || verdicts?.values.contains { $0 == .fail || $0 == .missing } == true
        }
    }

    /// One build's counts over its gate runs.
    package struct Tally: Codable, Sendable, Equatable {
        package var build: Build
        package var runs = 0
        /// Gate runs that wrote no verdicts (stopped before reporting: a crash, a failed set-up): left out of the
        /// rates, whose denominators are the runs that reported.
        package var withoutVerdicts = 0
        /// Runs that reported and would turn a nightly red: exit ≠ 0, or any FAIL or MISSING.
        package var red = 0
        /// Runs with a FAIL verdict on any budget.
        package var runsWithFail = 0
        package var exitOne = 0
        /// The watched budget's verdicts: FAIL, INCONCLUSIVE, PASS, and the rest (MISSING, or no verdicts at all),
        /// so that the four add up to `runs`.
        package var reported: Int { runs - withoutVerdicts }
        package var watchedFail = 0
        package var watchedInconclusive = 0
        package var watchedPass = 0
        package var watchedMissing = 0
    }

    /// The budget the slowdown is meant to FAIL, e.g. `colormap-1920x1440-p95`.
    package var watch: String
    package var machine: String
    package var date: String
    /// The rounds asked for (nil in summaries written before 7 Dec 2026).
    package var requestedRounds: Int?
    /// The signal that stopped the procedure early ("SIGINT"), nil when every round ran.
    package var interruptedBy: String?
    /// In the order they ran.
    package var runs: [GateRun] = []

    package init(watch: String, machine: String, date: String) {
        self.watch = watch
        self.machine = machine
        self.date = date
    }

    package func tally(_ build: Build) -> Tally {
        var tally = Tally(build: build)
        for run in runs where run.build == build {
            tally.runs += 1
            if run.verdicts == nil { tally.withoutVerdicts += 1 } else if run.isRed { tally.red += 1 }
            if run.verdicts?.values.contains(.fail) == true { tally.runsWithFail += 1 }
            if run.exitStatus == 1 { tally.exitOne += 1 }
            switch run.verdicts?[watch] {
            case .fail: tally.watchedFail += 1
            case .inconclusive: tally.watchedInconclusive += 1
            case .pass: tally.watchedPass += 1
            case .missing, nil: tally.watchedMissing += 1
            }
        }
        return tally
    }

    /// The counts as a Markdown table, one row per build (what the command prints).
    package var table: [String] {
        let header = "| build | runs | no verdicts | red (exit ≠ 0, FAIL or MISSING) | runs with any FAIL | exit 1 | "
            + "\(watch) FAIL | INCONCLUSIVE | PASS | MISSING or no verdicts |"
        return [header, "|---|---|---|---|---|---|---|---|---|---|"] + Build.allCases.map { build in
            let t = tally(build)
            return "| \(build.rawValue) | \(t.runs) | \(t.withoutVerdicts) | \(t.red) | \(t.runsWithFail) | \(t.exitOne) | "
                + "\(t.watchedFail) | \(t.watchedInconclusive) | \(t.watchedPass) | \(t.watchedMissing) |"
        } + ["", rates]
    }

    /// What so few runs can show of the two rates the promises rest on (Wilson, 95%): "0 of 5" red unchanged runs is
    /// a rate up to 43%, "5 of 5" slowed runs failing at least 57%. Over the runs that reported: a gate that wrote no
    /// verdicts kept no promise and broke none, and counted as a clean night it made the first rate look better.
    package var rates: String {
        let unchanged = tally(.unchanged), slowed = tally(.slowed)
        let silent = unchanged.withoutVerdicts + slowed.withoutVerdicts
        return "Rates (95%): unchanged runs red (exit ≠ 0, or a FAIL or MISSING) \(unchanged.red) of \(unchanged.reported)"
            + PairedQuality.bounds(unchanged.red, of: unchanged.reported)
            + "; slowed runs with \(watch) FAIL \(slowed.watchedFail) of \(slowed.reported)"
            + PairedQuality.bounds(slowed.watchedFail, of: slowed.reported)
            + (silent > 0 ? "; \(silent) gate run(s) wrote no verdicts: left out of both rates (see their logs)" : "")
    }

    /// "Load (1 min) before each gate: 0.4–2.9." when recorded.
    var loadLine: String? {
        let loads = runs.compactMap(\.load)
        guard let low = loads.min(), let high = loads.max() else { return nil }
        return String(format: "Load (1 min) before each gate: %.2f–%.2f.", low, high)
    }

    /// "Interrupted by SIGINT: 3 of 20 rounds' gate runs … counted." when stopped early.
    var interruptionLine: String? {
        guard let signal = interruptedBy else { return nil }
        let asked = requestedRounds.map { " of the \(2 * $0) asked for" } ?? ""
        return "**Interrupted by \(signal)**: \(runs.count) gate run(s)\(asked) counted; the rates are of those."
    }

    /// `summary.md`: the machine and date, what is expected, the table.
    package var markdown: String {
        let rounds = requestedRounds.map { " Rounds asked for: \($0)." } ?? ""
        return (["# Nightly gate quality", "", "Machine: \(machine). Date: \(date).\(rounds)"]
            + [loadLine, interruptionLine].compactMap { $0 }
            + ["", "Expected: no unchanged run red (no FAIL, no MISSING, exit 0); \(watch) FAIL in every slowed run.", ""]
            + table)
            .joined(separator: "\n") + "\n"
    }
}

extension NightlyQuality: Encodable {
    private enum CodingKeys: String, CodingKey { case watch, machine, date, requestedRounds, interruptedBy, builds, runs }

    /// `summary.json`: the counts per build beside every gate run they were counted from.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(watch, forKey: .watch)
        try container.encode(machine, forKey: .machine)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(requestedRounds, forKey: .requestedRounds)
        try container.encodeIfPresent(interruptedBy, forKey: .interruptedBy)
        try container.encode(Build.allCases.map(tally), forKey: .builds)
        try container.encode(runs, forKey: .runs)
    }
}
