import ArgumentParser

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
            CompareCommand.self, MergeCommand.self, HistoryCommand.self, PeersCommand.self,
        ])
}

/// The command line of FrameBudget, as a library: an executable's `main.swift` calls ``main()``.
public enum FrameBudgetCommandLine {
    /// Parses the process's arguments, runs the command and exits with its documented status.
    public static func main() {
        FrameBudgetCommand.main()
    }
}
