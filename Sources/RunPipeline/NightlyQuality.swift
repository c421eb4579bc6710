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

        package init(build: Build, round: Int, runID: String, exitStatus: Int32, verdicts: [String: VerdictOutcome]?,
                     seconds: Double) {
            self.build = build
            self.round = round
            self.runID = runID
            self.exitStatus = exitStatus
            self.verdicts = verdicts
            self.seconds = seconds
        }
    }

    /// One build's counts over its gate runs.
    package struct Tally: Codable, Sendable, Equatable {
        package var build: Build
        package var runs = 0
        /// Runs with a FAIL verdict on any budget.
        package var runsWithFail = 0
        package var exitOne = 0
        /// The watched budget's verdicts: FAIL, INCONCLUSIVE, PASS, and the rest (MISSING, or no verdicts at all),
        /// so that the four add up to `runs`.
        package var watchedFail = 0
        package var watchedInconclusive = 0
        package var watchedPass = 0
        package var watchedMissing = 0
    }

    /// The budget the slowdown is meant to FAIL, e.g. `colormap-1920x1440-p95`.
    package var watch: String
    package var machine: String
    package var date: String
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
        let header = "| build | runs | runs with any FAIL | exit 1 | \(watch) FAIL | INCONCLUSIVE | PASS | MISSING or no verdicts |"
        return [header, "|---|---|---|---|---|---|---|---|"] + Build.allCases.map { build in
            let t = tally(build)
            return "| \(build.rawValue) | \(t.runs) | \(t.runsWithFail) | \(t.exitOne) | \(t.watchedFail) | "
                + "\(t.watchedInconclusive) | \(t.watchedPass) | \(t.watchedMissing) |"
        } + ["", rates]
    }

    /// What so few runs can show of the two rates the promises rest on (Wilson, 95%): "0 of 5" unchanged runs with a
    /// FAIL is a rate up to 43%, "5 of 5" slowed runs failing at least 57%.
    package var rates: String {
        let unchanged = tally(.unchanged), slowed = tally(.slowed)
        return "Rates (95%): unchanged runs with any FAIL \(unchanged.runsWithFail) of \(unchanged.runs)"
            + PairedQuality.bounds(unchanged.runsWithFail, of: unchanged.runs)
            + "; slowed runs with \(watch) FAIL \(slowed.watchedFail) of \(slowed.runs)"
            + PairedQuality.bounds(slowed.watchedFail, of: slowed.runs)
    }

    /// `summary.md`: the machine and date, what is expected, the table.
    package var markdown: String {
        (["# Nightly gate quality", "", "Machine: \(machine). Date: \(date).", "",
          "Expected: no unchanged run with any FAIL; \(watch) FAIL in every slowed run.", ""] + table)
            .joined(separator: "\n") + "\n"
    }
}

extension NightlyQuality: Encodable {
    private enum CodingKeys: String, CodingKey { case watch, machine, date, builds, runs }

    /// `summary.json`: the counts per build beside every gate run they were counted from.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(watch, forKey: .watch)
        try container.encode(machine, forKey: .machine)
        try container.encode(date, forKey: .date)
        try container.encode(Build.allCases.map(tally), forKey: .builds)
        try container.encode(runs, forKey: .runs)
    }
}
