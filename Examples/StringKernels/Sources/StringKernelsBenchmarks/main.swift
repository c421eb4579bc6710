// The whole FrameBudget command line over this package's benchmarks and budgets file:
//   string-kernels-bench list | run | gate | report | compare | merge | history | profile | env | counters
import FrameBudget

FrameBudgetCommandLine.main(benchmarks: StringKernelsBenchmarks.benchmarks(), budgets: "budgets.yaml")
