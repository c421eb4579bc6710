/// Where a regressed benchmark's time went on each side of a comparison, per function, from sampling profiles of
/// both builds (`perf record -e cpu-clock`): the functions that added the most time first.
public struct ProfileDifference: Codable, Sendable, Equatable {
    /// The benchmark profiled.
    public var id: String
    /// cpu-clock samples of each side's profile.
    public var baseSamples: Int
    public var headSamples: Int
    /// The measured relative change of the benchmark the shares are scaled by (head time = base time × (1 + change)).
    public var relativeChange: Double
    /// Per function: ``responsible`` first, then by ``FunctionChange/addedShareOfBase``, largest first.
    public var functions: [FunctionChange]
    /// The differential flame graph (head's stacks coloured by the change of their share), relative to the report.
    public var flameGraph: String?
    /// The function the added time enters by: the deepest whose total time holds (nearly) all of it — the changed
    /// function when it makes its callees do the added work. nil when no function's total grew (and in files
    /// written before it was recorded).
    public var responsible: String?
    /// True when ``responsible`` was named because the change edited it (a bisection's culprit commit, whose diff is
    /// known); false when named by the samples alone; nil in files written before it was recorded.
    public var responsibleChanged: Bool?

    public init(id: String, baseSamples: Int, headSamples: Int, relativeChange: Double, functions: [FunctionChange],
                flameGraph: String? = nil, responsible: String? = nil) {
        self.id = id
        self.baseSamples = baseSamples
        self.headSamples = headSamples
        self.relativeChange = relativeChange
        self.functions = functions
        self.flameGraph = flameGraph
        self.responsible = responsible
    }

    /// The responsible function's growth of total time, as a fraction of base's time: headTotal × (1 + change) − baseTotal.
    public var responsibleGrowth: Double? {
        guard let name = responsible, let function = functions.first(where: { $0.name == name }) else { return nil }
        return function.headTotal * (1 + relativeChange) - function.baseTotal
    }
}

/// One function's shares of its side's samples: self (the function itself on top of the stack) and total (anywhere
/// in the stack, counted once per stack).
public struct FunctionChange: Codable, Sendable, Equatable {
    public var name: String
    public var baseSelf: Double
    public var headSelf: Double
    public var baseTotal: Double
    public var headTotal: Double
    /// The function's self time added by head, as a fraction of base's time per iteration:
    /// headSelf × (1 + change) − baseSelf. The functions responsible for a regression have the largest.
    public var addedShareOfBase: Double

    public init(name: String, baseSelf: Double, headSelf: Double, baseTotal: Double, headTotal: Double,
                addedShareOfBase: Double) {
        self.name = name
        self.baseSelf = baseSelf
        self.headSelf = headSelf
        self.baseTotal = baseTotal
        self.headTotal = headTotal
        self.addedShareOfBase = addedShareOfBase
    }
}
