import Statistics
import Foundation
import Results

/// Where the history of runs is kept, as commands and readers see it: the SQLite file (``HistoryDatabase``, the
/// embedded default) or a shared PostgreSQL server (`PostgresHistory`). Commands, ``BaselineResolver`` and the
/// gate's baseline check use this protocol only, so they never know which.
///
/// Every implementation keeps the same model: one run per run id (a second record of it changes nothing and throws
/// ``HistoryError/alreadyRecorded(runID:)``), each process run counted once (``ProcessRunsOnRecord``), written in one transaction (a writer killed mid-record leaves nothing
/// of it), with its machine class, its benchmarks' statistics and their between-run spreads.
public protocol HistoryStore: Sendable {
    /// Where the history is, for messages: the database file, or the server's URL without its password.
    var location: String { get }

    /// Records a run in one transaction: its row (with the whole results document) and one row per benchmark.
    /// - Parameters:
    ///   - document: the results JSON as read (stored as is, raw samples included); encoded from `run` when nil.
    ///   - branch: the git branch the run measured, for baseline look-ups by branch.
    ///   - insideTransaction: a test hook called after the inserts, before the commit (a crash test pauses there).
    /// - Returns: the run's number in the history.
    /// - Throws: ``HistoryError/alreadyRecorded(runID:)`` when the run id is present, and
    ///   ``HistoryError/processRunsAlreadyRecorded(runID:holders:)`` when every process run of it is (nothing is changed).
    func record(_ run: RunResults, document: Data?, branch: String?, insideTransaction: @escaping @Sendable () -> Void) throws -> Int64

    /// Runs, newest first, at most `limit`, only of `branch` when given.
    func runs(limit: Int, branch: String?) throws -> [RunRecord]

    /// The series of one benchmark, oldest first; with `machineClass` (a ``Results/MachineClass/hash``) only the
    /// runs of that class.
    /// - Throws: ``HistoryError/unknownBenchmark(id:)`` when no run measured it.
    func series(of benchmarkID: String, completeOnly: Bool, machineClass: String?) throws -> [SeriesPoint]

    /// Every benchmark id ever recorded, sorted.
    func benchmarkIDs() throws -> [String]

    /// The full results of a run, by number or run id.
    /// - Throws: ``HistoryError/unknownRun(reference:)``.
    func run(_ reference: String) throws -> RunResults

    /// The newest complete run whose branch is `branch` or whose commit starts with `commitPrefix` (with
    /// `machineClass`, a hash, only runs of that class), and how many matching runs are incomplete.
    func latestCompleteRunID(branch: String?, commitPrefix: String?, machineClass: String?) throws
        -> (runID: String?, incomplete: Int)

    /// The newest run (complete ones first) whose branch is `branch` or whose commit starts with `commitPrefix`;
    /// with `machineClass` (a hash) only runs of that class.
    func latestRunID(branch: String?, commitPrefix: String?, machineClass: String?) throws -> String?

    /// The machine class hash of the newest run that measured `benchmarkID` (complete runs first).
    func newestMachineClass(of benchmarkID: String) throws -> String?

    /// Each benchmark's between-run spread in one machine class, pooled over its newest `window` runs of that
    /// class; benchmarks with fewer than 2 degrees of freedom are absent.
    func noiseFloors(of benchmarkIDs: [String], machineClass: MachineClass, window: Int) throws -> [String: PriorSpread]

    /// What the history already holds of `run`'s process runs (``ProcessRunsOnRecord``): a record refuses a run
    /// whose process runs are all held, and leaves those a stored spread rests on out of the run's own spreads.
    func processRunsOnRecord(of run: RunResults) throws -> ProcessRunsOnRecord

    /// The machine classes recorded, newest first, with how many runs each holds.
    func machineClasses() throws -> [(machineClass: MachineClass, runs: Int)]

    /// A check of the stored history: `ok` when sound, else what is wrong.
    func integrityCheck() throws -> String
}

extension HistoryStore {
    /// Records a run without a test hook (see ``record(_:document:branch:insideTransaction:)``).
    @discardableResult
    public func record(_ run: RunResults, document: Data? = nil, branch: String? = nil) throws -> Int64 {
        try record(run, document: document, branch: branch, insideTransaction: {})
    }

    /// ``noiseFloors(of:machineClass:window:)`` over the default window.
    public func noiseFloors(of benchmarkIDs: [String], machineClass: MachineClass) throws -> [String: PriorSpread] {
        try noiseFloors(of: benchmarkIDs, machineClass: machineClass, window: HistoryDatabase.noiseFloorWindow)
    }

    /// A benchmark's between-run spread in one machine class: the SDs of its last `window` recorded runs of that
    /// class that held several process runs, pooled by their degrees of freedom. Nil when they give fewer than 2
    /// degrees of freedom (too few runs for a noise floor).
    public func noiseFloor(of benchmarkID: String, machineClass: MachineClass,
                           window: Int = HistoryDatabase.noiseFloorWindow) throws -> PriorSpread? {
        try noiseFloors(of: [benchmarkID], machineClass: machineClass, window: window)[benchmarkID]
    }
}

extension HistoryStore {
    /// The numbers of the runs of `branch`, for keeping a series to one branch.
    public func runNumbers(onBranch branch: String) throws -> Set<Int64> {
        Set(try runs(limit: Int.max, branch: branch).map(\.number))
    }

    /// ``newestMachineClass(of:)`` among the runs of `branch` (of every branch when nil).
    public func newestMachineClass(of benchmarkID: String, branch: String?) throws -> String? {
        guard let branch else { return try newestMachineClass(of: benchmarkID) }
        let classes = Dictionary(try runs(limit: Int.max, branch: branch).map { ($0.number, $0.machineClass) },
                                 uniquingKeysWith: { first, _ in first })
        let points = try series(of: benchmarkID, completeOnly: false, machineClass: nil).filter { classes[$0.number] != nil }
        guard let newest = points.last(where: \.complete) ?? points.last else { return nil }
        return classes[newest.number] ?? nil
    }
}
