import ArgumentParser
import Foundation
import History
import RunPipeline

/// `history baseline-commit --branch B`: the git commit of the branch's newest complete run — the build `make nightly`
/// compares tonight's build with, in pairs. Prints nothing (exit 0) when the branch has no complete run yet; exit 5
/// when the history server cannot be reached (the nightly then gates the budgets alone and spools its run).
struct HistoryBaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline-commit",
        abstract: "Print the git commit of a branch's newest complete recorded run (the nightly's paired baseline).",
        discussion: "Prints nothing (exit 0) when the branch has no complete run yet. Exit 5 when the history server cannot be reached: make nightly then gates the budgets alone and spools tonight's run.")

    @Option(help: "The branch.")
    var branch: String

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try reportingFailures {
            guard let history = try database.openExistingIfAny() else {
                // Nothing on stdout, as for a branch without a run; a mistyped path is visible on stderr.
                return Console.info("\(database.path): no history recorded there yet: no baseline commit")
            }
            let baseline: BaselineResolver.Baseline
            do { baseline = try BaselineResolver.resolve(branch: branch, database: history) }
            catch HistoryError.noBaseline { return }
            catch let error as HistoryError { throw CommandFailure(error.exitStatus, error.description) }
            guard let commit = baseline.run.environment.gitCommit else {
                // Nothing on stdout (no build to make), but said: nightly.sh's "no complete run yet" would mislead.
                return Console.info("the baseline, \(baseline.source), recorded no git commit (measured outside a git "
                                    + "checkout?): no baseline commit to build")
            }
            if baseline.run.environment.gitDirty == true {
                // The run measured uncommitted changes on top of this commit; only the commit can be built again.
                Console.warning("the baseline, \(baseline.source), measured uncommitted changes on top of \(commit.prefix(10)); that commit is built without them")
            }
            Console.output(commit)
        }
    }
}
