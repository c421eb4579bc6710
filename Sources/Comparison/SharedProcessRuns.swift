import Results

extension Comparator {
    /// The process runs both sides hold (a name that resolved to the same recorded run, a merged file beside one of
    /// its own rounds, a copy renamed), by their base run ids, sorted; nil when they share none. Shared means the same
    /// samples of a benchmark both sides have: two CI jobs that both ran `--run-id ci` share a name, not a run.
    public static func sharedProcessRuns(_ base: RunResults, _ head: RunResults) -> [String]? {
        var shared = Set<String>()
        for baseResult in base.benchmarks {
            guard let headResult = head.benchmark(baseResult.id) else { continue }
            let headSlices = headResult.samplesByReplicate(runID: head.runID).filter { $0.count > 1 }
            for (replicate, slice) in zip(baseResult.replicates(runID: base.runID), baseResult.samplesByReplicate(runID: base.runID))
            where slice.count > 1 && headSlices.contains(where: { $0.elementsEqual(slice) }) {
                shared.insert(replicate.runID)
            }
        }
        return shared.isEmpty ? nil : shared.sorted()
    }
}
