import XCTest
@testable import HotPaths

/// Fusion's apply pass on every vector path: the document's `max(0.01, min(alpha * rel + beta, 100.0))`, bit for
/// bit, on the values where a vector rewrite goes wrong (NaN, ±∞, the bounds, −0, denormals) and on ramps through
/// every lane position and tail length.
final class MetricApplyTests: XCTestCase {
    private func document(_ relative: Float, _ alpha: Float, _ beta: Float) -> Float {
        Swift.max(0.01, Swift.min(alpha * relative + beta, 100.0))
    }

    func testEveryPathEqualsTheDocumentsFormulaBitForBit() {
        let special: [Float] = [.nan, .infinity, -.infinity, 0, -0.0, 0.01, 100, 99.99999, 1e-40, -1e-40,
                                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.5, 3.25, -7]
        let ramp = (0..<157).map { Float($0) * 0.731 - 20 }
        let values = special + ramp
        for (alpha, beta) in [(Float(1.5), Float(0.25)), (-2, 101), (0, 0.005), (1e30, -1e30)] {
            let expected = values.map { document($0, alpha, beta).bitPattern }
            for isa in VectorISA.supported {
                for count in [0, 1, 15, 16, 17, values.count] {
                    var output = [Float](repeating: -1, count: count)
                    values.withUnsafeBufferPointer { relative in
                        output.withUnsafeMutableBufferPointer {
                            MetricApply.apply(alpha: alpha, beta: beta, relative: UnsafeBufferPointer(rebasing: relative[..<count]),
                                              into: $0, isa: isa)
                        }
                    }
                    XCTAssertEqual(output.map(\.bitPattern), Array(expected[..<count]), "α \(alpha) β \(beta), \(isa), \(count)")
                }
            }
        }
    }
}
