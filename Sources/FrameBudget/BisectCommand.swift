import ArgumentParser
import ChildProcesses
import Comparison
import Foundation
import Measurement
import Results
import RunPipeline

/// `framebudget bisect --good REV --bad REV BENCHMARK…`: the first commit whose build regressed the benchmarks.
struct BisectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bisect",
        abstract: "Find the first commit between GOOD and BAD whose build regressed the benchmarks.",
        discussion: HelpText.named("""
            Example: framebudget bisect --good v1.2 --bad main 'colormap/*'
            Walks the first-parent commits after GOOD up to BAD. Each revision is built once with \
            scripts/build-revision.sh (cached per commit). BAD is first compared with GOOD; then a binary search \
            compares each midpoint with GOOD and answers bad (it has BAD's regression: the regression is at or \
            before it), good (after it) or undecided. \
            --mode time: the paired comparison of compare-builds (both builds alive at once), a search step's \
            threshold for the regressed benchmark being half the lower bound of BAD's change (one-sided: an \
            interval wholly below it is good); an INCONCLUSIVE or undecided step is \
            measured again with twice the pairs, --remeasures times, before the search stops at the range it could \
            not narrow (when one undecided commit is left between a good and a bad one, the bad one is compared \
            with it directly). --mode instructions: exact instruction counts under valgrind (deterministic). A commit that \
            does not build or cannot run the benchmark is skipped for a neighbour, and reported. The result names the \
            commit with its change against its parent, every step, and is written to <reports>/bisect-<good>-<bad>/bisect.json \
            (in time mode with each comparison's compare-builds JSON in comparisons/ beside it). \
            Exit 0 found, 1 BAD shows no regression against GOOD (unchanged or improved), 2 bad input (e.g. GOOD not \
            an ancestor of BAD), 3 inconclusive (BAD against GOOD, a range it could not narrow to one commit, or a \
            commit found that does not regress against its parent), \
            4 GOOD or BAD does not build or run, 130/143 stopped by SIGINT/SIGTERM (the steps completed and the \
            range still in question are written, outcome "interrupted"). An earlier result of the same range, with \
            its comparisons, stays until the new one is written.
            """))

    @Option(help: "A commit, branch or tag without the regression.")
    var good: String

    @Option(help: "A later commit, branch or tag with it (GOOD must be its ancestor).")
    var bad: String

    @Argument(help: "Benchmark ids or globs (at least one).")
    var benchmarks: [String]

    @Option(help: "The git repository (default: the current folder's).")
    var repo: String = "."

    @Option(help: "time: the paired comparison; instructions: exact instruction counts under valgrind.")
    var mode: CompareMode = .time

    @Option(name: .customLong("max-steps"), help: "Most commits the search tries after checking BAD against GOOD.")
    var maximumSteps = 32

    @Option(help: "Times an INCONCLUSIVE step is measured again (twice the pairs each time) before stopping there.")
    var remeasures = 2

    @Option(name: .customLong("max-pairs"), help: "--mode time: process pairs of a step's first comparison.")
    var maximumPairs = 20

    @Option(name: .customLong("max-minutes"), parsing: .unconditional, help: "--mode time: the minutes each comparison may measure.")
    var maximumMinutes: Double = 10

    @Option(name: .customLong("link-orders"),
            help: "--mode time: build every revision in K shuffled function orders as well (LINK_ORDERS=K scripts/build-revision.sh, K in 2…\(LinkOrders.maximum)) and run each comparison's process pair i on order i of both builds (compare-builds --link-orders).")
    var linkOrders: Int?

    @OptionGroup var instructionOptions: InstructionCompareOptions

    @Option(help: "The package's folder inside the repository (its Package.swift; where its budgets are found).")
    var package = "."

    @Option(help: "The benchmark executable the package builds (default: this tool's name).")
    var product: String?

    @Option(help: "The build configuration of every revision: release, or debug (quick; for tests).")
    var configuration: Configuration = .release

    enum Configuration: String, ExpressibleByArgument, CaseIterable { case release, debug }

    @Option(name: .customLong("build-script"), help: "FrameBudget's scripts/build-revision.sh (default: the repository's).")
    var buildScript: String?

    @Option(help: "The reports folder: the result goes to <reports>/bisect-<good>-<bad>/bisect.json.")
    var reports = "Reports"

    @Option(name: .customLong("profile-seconds"),
            help: "Seconds the culprit and its parent each run the regressed benchmark under perf for the differential profile (0: none).")
    var profileSeconds: Double = 2

    func validate() throws {
        guard maximumSteps >= 1 else { throw badOptionValue("--max-steps must be ≥ 1 (got \(maximumSteps))") }
        guard (0...6).contains(remeasures) else { throw badOptionValue("--remeasures must be in 0...6 (got \(remeasures))") }
        // compare-builds' own ranges: a value it refuses was found only after GOOD and BAD were built.
        let largestPairs = PairedSettings.largestMaximumPairs
        guard (3...largestPairs).contains(maximumPairs) else {
            throw badOptionValue("--max-pairs must be in 3...\(largestPairs) (got \(maximumPairs))")
        }
        guard maximumMinutes.isFinite && (0.01...1440).contains(maximumMinutes) else {
            throw badOptionValue("--max-minutes must be in 0.01...1440 (got \(maximumMinutes))")
        }
        if let linkOrders {
            guard mode == .time else { throw badOptionValue("--link-orders is for --mode time: instruction counts do not depend on where the linker put a function") }
            guard (2...LinkOrders.maximum).contains(linkOrders) else {
                throw badOptionValue("--link-orders must be a number of link orders in 2…\(LinkOrders.maximum) (got \(linkOrders))")
            }
        }
        guard (0...600).contains(profileSeconds) else {
            throw badOptionValue("--profile-seconds must be in 0...600 (got \(profileSeconds))")
        }
    }

    func run() throws {
        try reportingFailures {
            let root = try repositoryRoot()
            let script = buildScript ?? "\(root)/scripts/build-revision.sh"
            if let problem = SystemFile.executableProblem(script) {
                throw CommandFailure(.badInput, "build script \(script): \(problem) (pass FrameBudget's scripts/build-revision.sh as --build-script)")
            }
            let history = GitHistory(repository: root)
            let folder = resultFolder(history)
            // Before minutes of building: a file in the way is named now.
            try Folders.create(reports, what: "reports folder")
            let interruption = Interruption()
            interruption.install()
            let forwarded: @Sendable () -> [Int32] = { interruption.receivedSignals }
            let output = BisectOutput(folder: folder)
            let builder = builder(root, script: script, holding: [good, bad].compactMap(history.resolve))
            let bisector = Bisector(history: history, builder: builder,
                                    comparer: comparer(root, scratch: output.scratch, forwarded: forwarded),
                                    settings: BisectSettings(maximumSteps: maximumSteps, remeasures: remeasures),
                                    progress: { Console.info("bisect: \($0)") }, interrupted: { interruption.signal })
            var result: BisectResult
            do { result = try bisector.run(good: good, bad: bad) } catch let refusal as BisectRefusal {
                output.discard()
                throw CommandFailure(.badInput, refusal.description)
            }
            // The answer is printed and written before the profile, which a stop or a failure must not cost it.
            Console.output(BisectText.console(result) + "result: \(folder)/bisect.json")
            try output.publish(result)
            if interruption.signal == nil, let profile = culpritProfile(result, builder: builder, folder: folder,
                                                                        repository: root, interruption: interruption) {
                result.profile = profile
                Console.output(PairedComparisonText.profileConsole(profile).joined(separator: "\n"))
                try output.publish(result)
            }
            if let signal = interruption.signal { throw ExitCode(signal.exitStatus) }
            if result.exitStatus != 0 { throw ExitCode(result.exitStatus) }
        }
    }

    /// The culprit against its parent under perf: where the added time went, an edited function named first when
    /// the samples allow (the commit's diff). Evidence beside the answer, so a profile that cannot be made is a
    /// warning, never a failure.
    private func culpritProfile(_ result: BisectResult, builder: ScriptRevisionBuilder, folder: String,
                                repository: String, interruption: Interruption) -> ProfileDifference? {
        guard profileSeconds > 0, result.outcome == .found, let measurement = result.againstParent,
              measurement.verdict == .regressed,
              let step = result.steps.last(where: { $0.role == .culprit && $0.measurement != nil }) else { return nil }
        Console.info("bisect: profiling \(measurement.benchmark) on \(step.commit.sha.prefix(10)) and its parent (\(profileSeconds) s each)")
        do {
            let parent = try builder.build(step.base), culprit = try builder.build(step.commit.sha)
            var profiling = RegressionProfiling(base: parent, head: culprit, seconds: profileSeconds, folder: folder)
            profiling.heed(interruption)
            let edits = SourceChanges.load(repository: repository, parent: step.base, commit: step.commit.sha)
            return try profiling.profile(benchmark: measurement.benchmark, change: measurement.change ?? 0) {
                edits?.changed(function: $0) ?? false
            }
        } catch {
            Console.warning("bisect: no differential profile of \(measurement.benchmark): \(error)")
            return nil
        }
    }

    private func repositoryRoot() throws -> String {
        guard let root = GitHistory.root(of: repo) else {
            throw CommandFailure(.badInput, "--repo \(repo) is not inside a git repository")
        }
        return root
    }

    /// <reports>/bisect-<good10>-<bad10>, made only when something is written (bad input writes nothing);
    /// references that name no commit are refused by the bisector.
    private func resultFolder(_ history: GitHistory) -> String {
        let name = [good, bad].map { history.resolve($0).map { String($0.prefix(10)) } ?? "unknown" }.joined(separator: "-")
        return URL(fileURLWithPath: reports).appendingPathComponent("bisect-\(name)").standardizedFileURL.path
    }

    /// The build script's runner; `held` (GOOD's and BAD's commits) stay in its cache however small it is set, as
    /// every midpoint is compared with GOOD's build. The script runs in this process's group: a terminal's Ctrl-C
    /// stops the build at once (a build given the signal alone would run on to its end).
    private func builder(_ root: String, script: String, holding held: [String]) -> ScriptRevisionBuilder {
        let environment = ProcessInfo.processInfo.environment
        let worktrees = environment["COMPARE_WORKTREES"] ?? "\(root)/.build-compare"
        return ScriptRevisionBuilder(
            script: script, repository: root, binaries: "\(worktrees)/bin",
            product: product ?? ToolName.current,
            environment: ["PACKAGE": package, "PRODUCT": product ?? ToolName.current, "CONFIGURATION": configuration.rawValue,
                          "LINK_ORDERS": linkOrders.map(String.init) ?? "", "COMPARE_CACHE_HOLD": held.joined(separator: " ")])
    }

    private func comparer(_ root: String, scratch: String, forwarded: @escaping @Sendable () -> [Int32]) -> any BuildComparing {
        let debug = configuration == .debug ? ["--allow-debug"] : []
        let packageFolder = "\(root)/\(package)"
        switch mode {
        case .time:
            let orders = linkOrders == nil ? [] : ["--link-orders"]
            return PairedBuildComparer(tool: ProcessRunner.currentExecutable, benchmarks: benchmarks,
                                       maximumPairs: maximumPairs, arguments: ["--max-minutes", "\(maximumMinutes)"] + orders + debug,
                                       workingDirectory: packageFolder, scratch: scratch, forwardedSignals: forwarded)
        case .instructions:
            let settings = InstructionComparisonSettings(threshold: instructionOptions.thresholdFraction!, topFunctions: 0)
            return InstructionBuildComparer(benchmarks: benchmarks, settings: settings, arguments: debug,
                                            workingDirectory: packageFolder, reports: scratch, forwardedSignals: forwarded)
        }
    }
}
