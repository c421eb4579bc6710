import BenchmarkSuite
print(Suite.all().map(\.id).joined(separator: "\n"))
