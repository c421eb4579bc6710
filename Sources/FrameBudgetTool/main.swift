import FrameBudget

FrameBudgetCommandLine.main()
