/// Per-function instruction counts from cachegrind output files: what a reviewer needs to see *where* a benchmark's
/// instruction count moved.
///
/// A cachegrind file lists, after `fn=<name>`, lines of `<line number> <count per event…>`; the first event is `Ir`
/// when the cache simulator is off (and still first when it is on). The binary valgrind runs is debug-stripped, so
/// every line number is 0 and a function's lines are the code of that symbol, inlined callees included.
public enum CachegrindFunctions {
    /// Function name → total `Ir` of one cachegrind output file. A name met in several files (`fl=`) is summed.
    public static func parse(_ text: String) -> [String: Double] {
        var totals = [String: Double]()
        var function: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("fn=") {
                function = String(line.dropFirst(3))
            } else if let function, let first = line.first, first.isNumber {
                let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
                if fields.count >= 2, let count = Double(fields[1]) { totals[function, default: 0] += count }
            }
        }
        return totals
    }

    /// Per-iteration counts from a run of n iterations and one of 2n: (count(2n) − count(n)) / n per function, so a
    /// function's set-up share cancels. Functions whose difference is 0 are left out.
    public static func perIteration(single: [String: Double], double: [String: Double], iterations: Int) -> [String: Double] {
        var result = [String: Double]()
        for name in Set(single.keys).union(double.keys) {
            let difference = (double[name] ?? 0) - (single[name] ?? 0)
            if difference != 0 { result[name] = difference / Double(iterations) }
        }
        return result
    }
}
