import Budgets
import Measurement
import Results

extension ReportPipeline {
    /// This pipeline as the gate that measured `run` judged it, so that `report` and `gate --results` give the gate's
    /// own verdicts: only the budgets of the benchmarks its id filters selected (the others were not asked for, so
    /// not MISSING), every interval over runs at the level of its re-measuring cap's looks. Filters or a cap given on
    /// the command line win over the recorded ones.
    package func judging(_ run: RunResults, filters: [String] = [], maxProcesses: Int? = nil) -> ReportPipeline {
        let selection = filters.isEmpty ? run.settings.filters : filters
        let cap = maxProcesses ?? run.settings.gateMaxProcesses
        var evaluator = evaluator
        evaluator.looks = SequentialLooks(cap: cap ?? SequentialLooks.defaultCap, overridesBudgets: cap != nil)
        let filter = IDFilter(selection)
        let selected = selection.isEmpty ? budgets : budgets.filter { filter.matches($0.benchmarkID) }
        return ReportPipeline(budgets: selected, evaluator: evaluator, strict: strict)
    }
}
