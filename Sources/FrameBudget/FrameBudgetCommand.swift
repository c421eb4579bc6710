import ArgumentParser
import RunPipeline

/// The root command: `framebudget` over FrameBudget's camera suite, or a package's own tool over its benchmarks,
/// named and described as the registered suite says. Camera-only commands (`kernel`, `peers`) exist only where the
/// suite offers them.
struct FrameBudgetCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let suite = Registration.suite
        let cameraOnly: [any ParsableCommand.Type] = (suite.captureKernels ? [KernelCommand.self] : [])
            + (suite.peers != nil ? [PeersCommand.self] : [])
        return CommandConfiguration(
            commandName: suite.name,
            abstract: suite.abstract,
            discussion: ExitStatus.documentation,
            subcommands: [
                RunCommand.self, ListCommand.self, EnvCommand.self,
                GateCommand.self, ReportCommand.self,
                CountersCommand.self, ProfileCommand.self, IterateCommand.self,
                CompareCommand.self, CompareBuildsCommand.self, GateQualityCommand.self, GateQualityPoolCommand.self,
                NightlyCommand.self,
                NightlyQualityCommand.self, RepeatabilityCommand.self, WorkerCommand.self, MergeCommand.self, HistoryCommand.self,
                BisectCommand.self, SpeedupCommand.self,
            ] + cameraOnly)
    }
}
