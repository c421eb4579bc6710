import Budgets
import Measurement
import Results

extension ReportPipeline {
    /// This pipeline as the gate that measured `run` judged it, so that `report` and `gate --results` give the gate's
    /// own verdicts: only the budgets of the benchmarks its id filters selected (the others were not asked for, so
    /// not MISSING), every interval over runs at the level of its re-measuring cap's looks. Filters or a cap given on
    /// the command line win over the recorded ones.
    ///
    /// Recorded filters that leave out benchmarks the file holds are not the gate's: a FrameBudget before 6 Dec 2026
    /// recorded a re-measuring process's filters when it merged that process in, so a whole-suite gate's file could
    /// say it selected four frame loops. Such a file is judged on the budgets of what its filters select and of every
    /// benchmark it holds (``recordedFiltersMismatch(_:)`` says so, for the caller to warn): a filtered gate's file
    /// gets no MISSING for benchmarks it never measured.
    package func judging(_ run: RunResults, filters: [String] = [], maxProcesses: Int? = nil) -> ReportPipeline {
        let recorded = Self.recordedFiltersMismatch(run) == nil ? run.settings.filters
            : run.settings.filters + run.benchmarks.map(\.id)
        let selection = filters.isEmpty ? recorded : filters
        let cap = maxProcesses ?? run.settings.gateMaxProcesses
        var evaluator = evaluator
        evaluator.looks = SequentialLooks(cap: cap ?? SequentialLooks.defaultCap, overridesBudgets: cap != nil)
        let filter = IDFilter(selection)
        let selected = selection.isEmpty ? budgets : budgets.filter { filter.matches($0.benchmarkID) }
        return ReportPipeline(budgets: selected, evaluator: evaluator, strict: strict)
    }

    /// A warning when the run's recorded id filters do not select every benchmark it holds (see ``judging(_:filters:maxProcesses:)``),
    /// else nil.
    package static func recordedFiltersMismatch(_ run: RunResults) -> String? {
        let recorded = run.settings.filters
        guard !recorded.isEmpty else { return nil }
        let filter = IDFilter(recorded)
        // A peer merged in (`peers merge`) is the filtered kernels' company, never a benchmark the gate selected.
        let unselected = run.benchmarks.filter { !$0.isPeer }.map(\.id).filter { !filter.matches($0) }
        guard let first = unselected.first else { return nil }
        return "\(run.runID): its recorded filters (\(recorded.joined(separator: " "))) leave out \(unselected.count) of the "
            + "\(run.benchmarks.count) benchmarks it holds (\(first)\(unselected.count > 1 ? ", …" : "")): not the gate's own "
            + "(a file from before 6 Dec 2026); judged on the budgets of every benchmark it holds too"
    }
}
