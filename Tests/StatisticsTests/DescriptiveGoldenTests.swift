import XCTest
@testable import Statistics

/// Statistics agree with numpy/scipy on fixed samples to 1e-9 relative.
final class DescriptiveGoldenTests: XCTestCase {
    func testPercentilesMatchNumpyLinearDefinition() throws {
        for sample in try GoldenSample.load() {
            for (q, expected) in sample.percentiles {
                let actual = Percentile.of(sample.values, Double(q)!)
                XCTAssertTrue(assertClose(actual, expected, ""), "\(sample.name) p\(q): \(actual) vs numpy \(expected)")
            }
        }
    }

    func testMeanStandardDeviationAndMedianMatchNumpy() throws {
        for sample in try GoldenSample.load() {
            XCTAssertTrue(assertClose(Descriptive.mean(sample.values), sample.mean, ""), "\(sample.name) mean")
            XCTAssertTrue(assertClose(Descriptive.standardDeviation(sample.values), sample.std, ""), "\(sample.name) std")
            XCTAssertTrue(assertClose(Descriptive.median(sample.values), sample.median, ""), "\(sample.name) median")
        }
    }

    func testMedianAbsoluteDeviationMatchesScipy() throws {
        for sample in try GoldenSample.load() {
            let actual = Descriptive.medianAbsoluteDeviation(sample.values)
            XCTAssertTrue(assertClose(actual, sample.mad, ""), "\(sample.name) MAD \(actual) vs scipy \(sample.mad)")
        }
    }

    func testTukeyClassificationMatchesNumpyFences() throws {
        for sample in try GoldenSample.load() {
            let outliers = OutlierClassification.tukey(sample.values)
            XCTAssertEqual(outliers.lowSevere, sample.tukey["lowSevere"], sample.name)
            XCTAssertEqual(outliers.lowMild, sample.tukey["lowMild"], sample.name)
            XCTAssertEqual(outliers.highMild, sample.tukey["highMild"], sample.name)
            XCTAssertEqual(outliers.highSevere, sample.tukey["highSevere"], sample.name)
        }
    }

    func testSummaryAgreesWithItsParts() throws {
        let sample = try XCTUnwrap(GoldenSample.load().first { $0.name == "lognormal_200" })
        let summary = SampleSummary.of(sample.values)
        XCTAssertEqual(summary.count, 200)
        XCTAssertTrue(assertClose(summary.p99, sample.percentiles["99"]!, ""))
        XCTAssertTrue(assertClose(summary.p999, sample.percentiles["99.9"]!, ""))
        XCTAssertEqual(summary.coefficientOfVariation, sample.std / sample.mean, accuracy: 1e-12)
        XCTAssertEqual(summary.value(of: "p50"), summary.median)
        XCTAssertNil(summary.value(of: "p42"))
    }

    func testGeometricMeanIsTheCentreOfRatios() {
        XCTAssertEqual(Descriptive.geometricMean([1, 4]), 2, accuracy: 1e-12)
        XCTAssertEqual(Descriptive.geometricMean([0.5, 2]), 1, accuracy: 1e-12, "a halving and a doubling cancel")
        XCTAssertEqual(Descriptive.geometricMean([1.03]), 1.03, accuracy: 1e-12)
        XCTAssertTrue(Descriptive.geometricMean([1, .nan]).isNaN)
    }
}
