// The whole FrameBudget command line over this package's benchmarks and budgets file, under this executable's own
// name (`string-kernels-bench --help`): list | run | gate | report | compare | compare-builds | merge | history |
// nightly | profile | env | counters
import FrameBudget

FrameBudgetCommandLine.main(benchmarks: StringKernelsBenchmarks.benchmarks(), budgets: "budgets.yaml")
