import CaptureKernels
import Measurement

/// Checks a capture folder (`run --workload DIR`) against the selected benchmarks before anything is written:
/// each benchmark is set up once on the capture. One whose input files are absent, or that runs on its synthetic scene
/// only, is skipped with a one-line note;
/// one whose files are present but invalid stops the run as bad input, naming the file.
package enum CapturePreflight {
    package struct Outcome {
        /// The benchmarks to measure, in their order.
        package let runnable: [Benchmark]
        /// One line per skipped benchmark, for the console and the results' `warnings`.
        package let notes: [String]
    }

    /// - Throws: ``CommandFailure`` (bad input) for an invalid input file, or when no selected benchmark can run on
    ///   the capture (after printing the notes).
    package static func check(_ benchmarks: [Benchmark], source: WorkloadSource) throws -> Outcome {
        guard case let .capture(directory) = source else { return Outcome(runnable: benchmarks, notes: []) }
        var runnable: [Benchmark] = [], notes: [String] = []
        for benchmark in benchmarks {
            do {
                let iteration = try benchmark.setUp(source)
                iteration.tearDown()
                runnable.append(benchmark)
            } catch let missing as KernelInputError where missing.isMissingFile {
                notes.append("skipped \(benchmark.id): \(missing)")
            } catch let syntheticOnly as MeasurementSetUpError {
                notes.append("skipped \(benchmark.id): \(syntheticOnly)")
            } catch {
                throw CommandFailure(.badInput, "\(error)")
            }
        }
        guard !runnable.isEmpty else {
            notes.forEach { Console.warning($0) }
            throw CommandFailure(.badInput, "--workload \(directory): none of the selected benchmarks has its inputs in this capture")
        }
        return Outcome(runnable: runnable, notes: notes)
    }
}
