import Foundation

/// One sample of `Golden/descriptive.json` with the values numpy/scipy computed for it (see make_golden.py).
struct GoldenSample: Decodable {
    let name: String
    let values: [Double]
    let mean: Double
    let std: Double
    let median: Double
    let mad: Double
    let percentiles: [String: Double]
    let tukey: [String: Int]

    static func load() throws -> [GoldenSample] {
        let url = try XCTUnwrapURL(Bundle.module.url(forResource: "descriptive", withExtension: "json", subdirectory: "Golden"))
        return try JSONDecoder().decode([GoldenSample].self, from: Data(contentsOf: url))
    }

    private static func XCTUnwrapURL(_ url: URL?) throws -> URL {
        guard let url else { throw CocoaError(.fileNoSuchFile) }
        return url
    }
}

/// Relative closeness, with an absolute floor for values at 0.
func assertClose(_ actual: Double, _ expected: Double, relative: Double = 1e-9, _ message: String) -> Bool {
    abs(actual - expected) <= relative * max(abs(expected), 1e-12)
}
