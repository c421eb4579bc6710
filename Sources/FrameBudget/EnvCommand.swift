import ArgumentParser
import ChildProcesses
import Foundation
import Measurement
import Results
import RunPipeline

/// `framebudget env`: the environment a run would record, and its stability warnings.
struct EnvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "env", abstract: "Show the machine, build and clock facts recorded with every run.",
        discussion: ToolName.named("Example: framebudget env --json"))

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let environment = EnvironmentProbe.collect(clock: MonotonicClock.characterize())
        let warnings = StabilityWarnings.warnings(for: environment)
        if json {
            struct Document: Encodable { let environment: EnvironmentInfo; let warnings: [String] }
            Console.outputRendered(String(decoding: try ResultsFile.encoder().encode(Document(environment: environment, warnings: warnings)), as: UTF8.self))
            return
        }
        let clock = environment.clock
        let lines: [(String, String)] = [
            ("host", environment.hostname), ("cpu", environment.cpuModel),
            ("cpu features", environment.cpuFeatures ?? "unknown"), ("cores", "\(environment.logicalCores)"),
            ("governor", environment.frequencyGovernor ?? "not readable"),
            ("virtualization", environment.virtualization ?? "none detected"), ("kernel", environment.kernel),
            ("os", environment.operatingSystem), ("swift", environment.swiftVersion),
            ("build", environment.buildConfiguration),
            ("aslr", environment.addressSpaceRandomization?.rawValue ?? "unknown"),
            ("git", environment.gitCommit.map { "\($0)\(environment.gitDirty == true ? " (dirty)" : "")" } ?? "not a git checkout"),
            ("load average", environment.loadAverage.map { String(format: "%.2f", $0) }.joined(separator: " ")),
            ("clock", "\(clock.source): resolution \(clock.resolutionNanoseconds) ns, step \(clock.granularityNanoseconds) ns, read cost \(String(format: "%.1f", clock.overheadNanoseconds)) ns"),
        ]
        for (name, value) in lines { Console.output("\(name.padding(toLength: 15, withPad: " ", startingAt: 0)) \(value)") }
        for warning in warnings { Console.output("warning: \(warning)") }
    }
}
