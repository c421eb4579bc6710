import ChildProcesses
import Comparison
import Foundation
import Results

/// A git repository's history, read with `git`.
public struct GitHistory: CommitHistory {
    public let repository: String

    public init(repository: String) { self.repository = repository }

    public func resolve(_ reference: String) -> String? {
        output(["rev-parse", "--verify", "--quiet", "\(reference)^{commit}"])?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func isAncestor(_ ancestor: String, of descendant: String) -> Bool {
        git(["merge-base", "--is-ancestor", ancestor, descendant])?.termination == .exited(0)
    }

    public func firstParentPath(from good: String, to bad: String) -> [BisectCommit] {
        let listing = git(["log", "--reverse", "--ancestry-path", "--first-parent", "--format=%H%x09%s", "\(good)..\(bad)"])
        return (listing?.standardOutput ?? "").split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return BisectCommit(sha: String(fields[0]), subject: fields.count > 1 ? String(fields[1]) : "")
        }
    }

    public func firstParent(of sha: String) -> String? {
        output(["rev-parse", "--verify", "--quiet", "\(sha)^1"])?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func commit(_ sha: String) -> BisectCommit {
        let subject = git(["log", "-1", "--format=%s", sha])?.standardOutput ?? ""
        return BisectCommit(sha: sha, subject: subject.trimmingCharacters(in: .newlines))
    }

    /// The top folder of the repository holding `path`; nil outside one.
    public static func root(of path: String) -> String? {
        GitHistory(repository: path).output(["rev-parse", "--show-toplevel"])?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What `git -C <repository> <arguments>` printed when it exited 0; nil otherwise.
    public func output(_ arguments: [String]) -> String? {
        guard let outcome = git(arguments), outcome.termination == .exited(0) else { return nil }
        return outcome.standardOutput
    }

    private func git(_ arguments: [String]) -> ProcessRunner.Outcome? {
        let path = ProcessRunner.locate("git") ?? "/usr/bin/git"
        return try? ProcessRunner.run(.init(path, ["-C", repository] + arguments))
    }
}

/// Builds revisions with FrameBudget's `scripts/build-revision.sh` (one fixed source path, a cache per commit), run in
/// the repository with `environment` (PACKAGE, PRODUCT, CONFIGURATION, LAYOUT_FLAGS, COMPARE_WORKTREES).
public struct ScriptRevisionBuilder: RevisionBuilding {
    public let script: String
    public let repository: String
    /// Where each build is put: `<binaries>/<sha12>/<product>` (paths of one length: the length is counted).
    public let binaries: String
    public let product: String
    public let environment: [String: String]

    public init(script: String, repository: String, binaries: String, product: String, environment: [String: String]) {
        self.script = script
        self.repository = repository
        self.binaries = binaries
        self.product = product
        self.environment = environment
    }

    public func build(_ commit: String) throws(RevisionUnavailable) -> String {
        let binary = "\(binaries)/\(commit.prefix(12))/\(product)"
        let request = ProcessRunner.Request(script, [commit, binary], environment: environment, workingDirectory: repository)
        let outcome: ProcessRunner.Outcome
        do { outcome = try ProcessRunner.run(request) } catch { throw RevisionUnavailable(error.description) }
        guard outcome.termination == .exited(0) else {
            throw RevisionUnavailable("does not build: " + lastLine(of: outcome.standardError))
        }
        return binary
    }
}

/// Compares two builds with the paired measurement: `compare-builds` of the tool in a child process, its JSON read.
/// Attempt k allows `maximumPairs × 2^k` process pairs (at most ``PairedSettings/largestMaximumPairs``). Each
/// comparison's JSON is kept in `scratch`, numbered in the order measured: a step that reads a change no later step
/// confirms can be read pair by pair. `scratch` is this bisection's own folder, put in place as the result folder's
/// `comparisons/` when its result is written (``BisectCommand``), so that an earlier result's comparisons stay
/// until then.
public final class PairedBuildComparer: BuildComparing {
    public let tool: String
    public let benchmarks: [String]
    public let maximumPairs: Int
    /// More `compare-builds` options (thresholds, --max-minutes, --allow-debug).
    public let arguments: [String]
    /// Where `compare-builds` runs (the package's folder: its budgets file).
    public let workingDirectory: String
    /// Where the comparisons are written, to become the result folder's `comparisons/`.
    public let scratch: String
    /// The signals passed on to `compare-builds`, which stops at them with the pairs it measured.
    public let forwardedSignals: (@Sendable () -> [Int32])?
    private var measured = 0

    public init(tool: String, benchmarks: [String], maximumPairs: Int, arguments: [String], workingDirectory: String,
                scratch: String, forwardedSignals: (@Sendable () -> [Int32])? = nil) {
        self.tool = tool
        self.benchmarks = benchmarks
        self.maximumPairs = maximumPairs
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.scratch = scratch
        self.forwardedSignals = forwardedSignals
    }

    public func compare(base: String, head: String, attempt: Int, threshold: MidpointThreshold?) throws(RevisionUnavailable)
        -> BisectMeasurement {
        let name = keptName(base: base, head: head)
        let json = "\(scratch)/\(name)"
        let pairs = min(maximumPairs << min(attempt, 6), PairedSettings.largestMaximumPairs)
        // Last, so that it wins over a --threshold-for of the same benchmark in `arguments`.
        let split = threshold.map { ["--threshold-for", "\($0.benchmark)=\($0.change * 100)"] } ?? []
        let request = ProcessRunner.Request(tool, ["compare-builds", base, head] + benchmarks + [
            "--format", "json", "--out", json, "--profile-seconds", "0", "--max-pairs", "\(pairs)",
        ] + arguments + split, workingDirectory: workingDirectory, forwardedSignals: forwardedSignals)
        let outcome: ProcessRunner.Outcome
        do { outcome = try ProcessRunner.run(request) } catch { throw RevisionUnavailable(error.description) }
        if outcome.termination.status == 2 {
            try? FileManager.default.removeItem(atPath: json)
            throw RevisionUnavailable("compare-builds refused: " + lastLine(of: outcome.standardError), badInput: true)
        }
        guard [0, 1, 3].contains(outcome.termination.status),
              let data = FileManager.default.contents(atPath: json),
              let report = try? ResultsFile.decoder().decode(PairedComparisonReport.self, from: data) else {
            try? FileManager.default.removeItem(atPath: json)
            throw RevisionUnavailable("compare-builds failed: " + lastLine(of: outcome.standardError))
        }
        var measurement = try Self.summary(report)
        measurement.comparison = "comparisons/\(name)"
        return measurement
    }

    public func selectionRefusal(in executable: String) -> String? {
        BenchmarkSelection.refusal(of: benchmarks, in: executable, workingDirectory: workingDirectory)
    }

    /// "03-<head's folder>-against-<base's folder>.json" (a revision's build is `<sha12>/<product>`).
    private func keptName(base: String, head: String) -> String {
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        measured += 1
        let name = { (binary: String) in URL(fileURLWithPath: binary).deletingLastPathComponent().lastPathComponent }
        return String(format: "%02d-", measured) + "\(name(head))-against-\(name(base)).json"
    }

    /// The bisected benchmarks' verdict in one: the regressed one first, then an inconclusive one.
    static func summary(_ report: PairedComparisonReport) throws(RevisionUnavailable) -> BisectMeasurement {
        let order: [Verdict] = [.regressed, .inconclusive, .improved, .unchanged]
        guard let shown = order.lazy.compactMap({ verdict in report.benchmarks.first { $0.verdict == verdict } }).first else {
            let reasons = report.notPaired.map { "\($0.key): \($0.value)" }.sorted().joined(separator: "; ")
            throw RevisionUnavailable("no bisected benchmark was paired" + (reasons.isEmpty ? "" : " (\(reasons))"))
        }
        let verdict = report.notPaired.isEmpty || shown.verdict == .regressed ? shown.verdict : .inconclusive
        let interval = shown.interval.map { ConfidenceIntervalBounds(lower: $0.lower, upper: $0.upper) }
        return BisectMeasurement(verdict: verdict, benchmark: shown.id, change: shown.estimate?.relativeChange,
                                 interval: interval, pairs: shown.estimate?.pairs)
    }
}

/// Compares two builds by exact instruction counts: each build's benchmarks run once under valgrind
/// (`run --counters callgrind`), the counts compared. Deterministic: never INCONCLUSIVE, each build counted once.
public final class InstructionBuildComparer: BuildComparing {
    public let benchmarks: [String]
    public let settings: InstructionComparisonSettings
    /// More `run` options (e.g. --allow-debug).
    public let arguments: [String]
    public let workingDirectory: String
    /// This bisection's own folder for the counting runs (`bisect-<sha12>/`), as ``PairedBuildComparer/scratch``:
    /// a run id is refused where a run of that id exists, so an earlier bisection's runs must not be in it.
    public let reports: String
    /// The signals passed on to the counting run, which stops at them.
    public let forwardedSignals: (@Sendable () -> [Int32])?
    private var counted: [String: [InstructionProfile]] = [:]

    public init(benchmarks: [String], settings: InstructionComparisonSettings, arguments: [String],
                workingDirectory: String, reports: String, forwardedSignals: (@Sendable () -> [Int32])? = nil) {
        self.benchmarks = benchmarks
        self.settings = settings
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.reports = reports
        self.forwardedSignals = forwardedSignals
    }

    public func selectionRefusal(in executable: String) -> String? {
        BenchmarkSelection.refusal(of: benchmarks, in: executable, workingDirectory: workingDirectory)
    }

    public var splitsSearchSteps: Bool { false }

    /// Exact counts need no midpoint: `threshold` is not used.
    public func compare(base: String, head: String, attempt: Int, threshold: MidpointThreshold?) throws(RevisionUnavailable)
        -> BisectMeasurement {
        let report = InstructionComparison.compare(base: try count(base), head: try count(head), settings: settings)
        let order: [InstructionVerdict] = [.regressed, .improved, .belowThreshold, .unchanged]
        guard let shown = order.lazy.compactMap({ verdict in report.benchmarks.first { $0.verdict == verdict } }).first else {
            throw RevisionUnavailable("no bisected benchmark was counted in both builds")
        }
        let verdicts: [InstructionVerdict: Verdict] = [.regressed: .regressed, .improved: .improved]
        return BisectMeasurement(verdict: verdicts[shown.verdict] ?? .unchanged, benchmark: shown.id,
                                 change: shown.relativeChange)
    }

    private func count(_ binary: String) throws(RevisionUnavailable) -> [InstructionProfile] {
        if let known = counted[binary] { return known }
        try? FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        let runID = "bisect-" + URL(fileURLWithPath: binary).deletingLastPathComponent().lastPathComponent
        let request = ProcessRunner.Request(binary, [
            "run", "--quick", "--no-roofs", "--counters", "callgrind", "--counted-iterations", "1",
            "--reports", reports, "--run-id", runID, "--format", "none",
        ] + arguments + benchmarks, workingDirectory: workingDirectory, forwardedSignals: forwardedSignals)
        let outcome: ProcessRunner.Outcome
        do { outcome = try ProcessRunner.run(request) } catch { throw RevisionUnavailable(error.description) }
        guard outcome.termination == .exited(0), let run = try? ResultsFile.read(from: "\(reports)/\(runID)/results.json") else {
            throw RevisionUnavailable("cannot count its instructions: " + lastLine(of: outcome.standardError))
        }
        let profiles = InstructionProfile.profiles(of: run)
        counted[binary] = profiles
        return profiles
    }
}

/// The benchmarks' patterns checked by the build's own `list`, which refuses (exit 2) a pattern that selects none.
enum BenchmarkSelection {
    static func refusal(of benchmarks: [String], in executable: String, workingDirectory: String) -> String? {
        let request = ProcessRunner.Request(executable, ["list"] + benchmarks, workingDirectory: workingDirectory)
        // Any other outcome (a build too old to have `list`, a crash) is left to the comparisons to report.
        guard let outcome = try? ProcessRunner.run(request), outcome.termination.status == 2 else { return nil }
        let line = lastLine(of: outcome.standardError)
        return line.range(of: "error: ").map { String(line[$0.upperBound...]) } ?? line
    }
}

private func lastLine(of text: String) -> String {
    text.split(separator: "\n").last.map(String.init) ?? "no message"
}
