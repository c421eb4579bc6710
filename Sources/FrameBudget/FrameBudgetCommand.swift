import ArgumentParser
import RunPipeline

/// `framebudget`: benchmarks the hot paths of a LiDAR/AR camera pipeline against the budgets of its design documents.
struct FrameBudgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "framebudget",
        abstract: "Benchmark LiDAR/AR camera hot paths against their frame budgets.",
        discussion: ExitStatus.documentation,
        subcommands: [
            RunCommand.self, ListCommand.self, EnvCommand.self, KernelCommand.self,
            GateCommand.self, ReportCommand.self,
            CountersCommand.self, ProfileCommand.self, IterateCommand.self,
            CompareCommand.self, CompareBuildsCommand.self, GateQualityCommand.self, NightlyCommand.self,
            NightlyQualityCommand.self, RepeatabilityCommand.self, WorkerCommand.self, MergeCommand.self, HistoryCommand.self,
            PeersCommand.self,
        ])
}
