extension Benchmark {
    /// Set-up for a measurement, as every runner does it: the peak-resident mark is reset first (so the benchmark's
    /// peak includes its own inputs), and a failure names the benchmark.
    /// - Throws: ``MeasurementError/setUpFailed(id:reason:)``.
    public func prepare(_ source: WorkloadSource) throws -> Iteration {
        ProcessResources.resetPeakResident()
        do { return try setUp(source) }
        catch { throw MeasurementError.setUpFailed(id: id, reason: "\(error)") }
    }
}
