import ArgumentParser
import ChildProcesses
import Measurement
import RunPipeline

/// `framebudget list`: the benchmark ids of the suite, optionally filtered.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List benchmark ids.", discussion: HelpText.named("Example: framebudget list 'nms/*'"))

    @Argument(help: "Ids or globs to select.")
    var filters: [String] = []

    @Flag(help: "Also print parameters, threads and declared bytes/flops per iteration.")
    var verbose = false

    func run() throws {
        try reportingFailures {
            for benchmark in try SuiteSession.select(filters, from: Registration.suite.benchmarks) {
                guard verbose else { Console.output(benchmark.id); continue }
                // Benchmarks that record their thread count as a parameter too (for the results) show it once.
                let parameters = benchmark.parameters.sorted { $0.key < $1.key }
                    .filter { $0.key != "threads" || $0.value != "\(benchmark.threads)" }
                    .map { "\($0.key)=\($0.value)" }
                var details = ["threads=\(benchmark.threads)"] + parameters
                if let bytes = benchmark.bytesPerIteration { details.append("bytes/iter=" + Self.count(bytes)) }
                if let flops = benchmark.flopsPerIteration { details.append("flops/iter=" + Self.count(flops)) }
                Console.output("\(benchmark.id)  \(details.joined(separator: " "))")
            }
        }
    }

    /// A declared count: whole ones as integers, others (0.5, 1e19) as %g: `Int(_:)` trapped on 1e19 and printed
    /// 0.5 as 0.
    static func count(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }
}
