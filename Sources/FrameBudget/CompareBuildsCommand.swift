import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import Measurement
import Results
import RunPipeline

/// `framebudget compare-builds BASE HEAD`: two builds of a FrameBudget executable measured in pairs, both alive at
/// once, blocks of samples alternating between them, process pairs added until every benchmark is decided.
struct CompareBuildsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare-builds",
        abstract: "Compare two builds in pairs: both alive at once, alternating blocks; pairs added until decided.",
        discussion: HelpText.named("""
            Example: framebudget compare-builds .build-compare/bin/1a2b3c4d5e6f/framebudget .build/release/framebudget 'colormap/*'
            Each process pair starts one worker of each build; benchmark by benchmark, both warm up, then blocks of \
            samples alternate A B B A with the same iterations per sample, so a disturbance of the machine hits both. \
            A pair's change is the median of its blocks' log ratios; the interval is a t interval over pairs. \
            REGRESSED/IMPROVED: p within a Pocock boundary that holds --alpha family-wise over the benchmarks \
            (Bonferroni) and over the looks after every pair, and the change beyond the threshold, both with the \
            disturbed pairs set aside and with every pair; UNCHANGED: the interval inside ±threshold, one look's 90% \
            spent over the looks 3…--max-pairs as the boundary is (98.9% for 3…40; measured on until the MDE is within \
            it too); anything else is INCONCLUSIVE and gets another pair, up to \
            --max-pairs or --max-minutes. Frame loops are not paired. \
            Exit 0 all unchanged or improved, 1 something regressed, 3 something inconclusive or not paired (none \
            regressed), 2 bad input, 4 the first pair's workers could not be started or did not answer (named, with \
            the signal that ended one); later, a worker that dies ends its pair (twice: its benchmark is not paired) and \
            one that cannot start (its executable rebuilt since the start) ends the comparison with the pairs measured, \
            said in the report, 64 a \
            malformed command line, 130/143 interrupted (the pairs measured are reported).
            """))

    @Argument(help: "The base build's executable (a program calling FrameBudgetCommandLine.main).")
    var base: String

    @Argument(help: "The head build's executable.")
    var head: String

    @Argument(help: "Benchmark ids or globs (default: every timed benchmark both builds have).")
    var filters: [String] = []

    @OptionGroup var paired: PairedOptions

    @Option(help: "Output: console, markdown (a PR comment) or json.")
    var format: Format = .console

    /// The paired report's forms (compare's pr-comment is for its own time comparison).
    enum Format: String, ExpressibleByArgument, CaseIterable { case console, markdown, json }

    @Option(help: "Write the output in --format to this file (atomically); the console table is still printed.")
    var out: String?

    @Option(help: "Also write the Markdown (a pull-request comment) to this file (atomically).")
    var markdown: String?

    @Option(help: "Also write the comparison as one self-contained HTML page (flame graphs embedded) to this file (atomically).")
    var html: String?

    @Option(name: .customLong("profile-seconds"),
            help: "Seconds each build runs a regressed benchmark under perf for the differential profile (0: none).")
    var profileSeconds: Double = 2

    @Option(name: .customLong("profile-dir"),
            help: "Folder of the differential profiles (default: beside --markdown, --html or --out, else Reports/compare-profiles).")
    var profileDirectory: String?

    func validate() throws {
        guard (0...600).contains(profileSeconds) else {
            throw badOptionValue("--profile-seconds must be in 0...600 (got \(profileSeconds))")
        }
    }

    func run() throws {
        try reportingFailures {
            // The outputs' folders before minutes of measuring, not after: a missing one is made, a file in the
            // way is named now.
            for path in [out, markdown, html].compactMap({ $0 }) {
                try Folders.create(URL(fileURLWithPath: path).deletingLastPathComponent().path, what: "output folder")
            }
            let interruption = Interruption()
            interruption.install()
            var report = try paired.compare(base: base, head: head, filters: filters, interruption: interruption)
            if interruption.signal == nil { addProfiles(to: &report, interruption: interruption) }
            try write(report)
            if let signal = interruption.signal { throw ExitCode(signal.exitStatus) }
            if report.exitStatus != .success { throw report.exitStatus.code }
        }
    }

    /// Differential profiles of the regressions: evidence beside the verdicts, so a failure is a warning.
    private func addProfiles(to report: inout PairedComparisonReport, interruption: Interruption) {
        guard profileSeconds > 0 else { return }
        let beside = (markdown ?? html ?? out).map { URL(fileURLWithPath: $0).deletingLastPathComponent().path + "/profiles" }
        var profiling = RegressionProfiling(base: base, head: head, seconds: profileSeconds,
                                            folder: profileDirectory ?? beside ?? "Reports/compare-profiles")
        profiling.heed(interruption)
        let (profiles, warnings) = profiling.profile(report) { Console.info($0) }
        report.warnings += warnings
        if !profiles.isEmpty {
            report.profiles = profiles
            report.profileFolder = profiling.folder
        }
    }

    private func write(_ report: PairedComparisonReport) throws {
        let text: String
        switch format {
        case .console: text = PairedComparisonText.console(report)
        case .markdown: text = PairedComparisonText.markdown(report)
        case .json: text = try PairedComparisonText.json(report)
        }
        let files: [(String?, () -> String)] = [(out, { text }), (markdown, { PairedComparisonText.markdown(report) }),
                                                (html, { page(report) })]
        for (path, contents) in files {
            guard let path else { continue }
            do { try AtomicFile.write(contents(), to: path) } catch { throw CommandFailure(.runFailure, "\(error)") }
        }
        if out == nil && format == .json { return Console.outputRendered(text, terminator: "") }
        Console.output(out == nil ? text : PairedComparisonText.console(report), terminator: "")
    }

    /// The HTML page, with the flame graphs the profiling wrote read back to be embedded.
    private func page(_ report: PairedComparisonReport) -> String {
        var graphs: [String: Data] = [:]
        for profile in report.profiles ?? [] {
            guard let graph = profile.flameGraph else { continue }
            let path = report.profileFolder.map { "\($0)/\(graph)" } ?? graph
            graphs[profile.id] = FileManager.default.contents(atPath: path)
        }
        return PairedComparisonHTML.render(report, flameGraphs: graphs)
    }
}
