import XCTest
import Foundation

/// `framebudget kernel unproject` as a new user meets it: a textbook K is refused with a hint, and following the
/// hint literally (`np.save("intrinsics.npy", K.T)`, a Fortran-ordered file) is accepted.
final class UnprojectCommandTests: XCTestCase {
    private var base = ""

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "fb-unproject-cli-\(UUID().uuidString)"
        for folder in ["textbook", "transposed", "columns"] {
            try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: base) }

    private func unproject(_ folder: String) throws -> Framebudget.Result {
        try Framebudget.run(["kernel", "unproject", "--in", base + "/" + folder, "--out", base + "/out-" + folder])
    }

    func testTheHintsKTransposedIsAcceptedAndPlacesAsTheCOrderedColumns() throws {
        let script = """
            import numpy as np, os
            K = np.array([[1450, 0, 962.5], [0, 1460, 718.25], [0, 0, 1]], np.float32)
            T = np.array([[0, -1, 0, 0.5], [1, 0, 0, 1.25], [0, 0, 1, -2], [0, 0, 0, 1]], np.float32)
            detections = np.array([[962.5, 718.25, 0.25, 2], [1252.5, 572.25, 0.01, 3], [10, 20, 0.5, 1]], np.float32)
            for folder, k, t in [('textbook', K, T.T), ('transposed', K.T, T.T),
                                 ('columns', np.ascontiguousarray(K.T), np.ascontiguousarray(T.T))]:
                np.save(os.path.join('\(base)', folder, 'intrinsics.npy'), k)
                np.save(os.path.join('\(base)', folder, 'transform.npy'), t)
                np.save(os.path.join('\(base)', folder, 'detections.npy'), detections)
            header = open(os.path.join('\(base)', 'transposed', 'intrinsics.npy'), 'rb').read(128)
            print(b"'fortran_order': True" in header)
            """
        let made = try Framebudget.python(["-c", script])
        XCTAssertEqual(made.stdout, "True\n", "np.save of K.T writes a Fortran-ordered file")

        let refused = try unproject("textbook")
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("save K.T, rows = columns (fx,0,0), (0,fy,0), (cx,cy,1)"), refused.stderr)

        let transposed = try unproject("transposed")
        XCTAssertEqual(transposed.status, 0, transposed.stderr)
        XCTAssertEqual(transposed.stdout, "unproject: placed 3 detections (optimized)\n")
        let columns = try unproject("columns")
        XCTAssertEqual(columns.status, 0, columns.stderr)
        let placements = { (folder: String) in FileManager.default.contents(atPath: self.base + "/out-" + folder + "/placements.npy") }
        XCTAssertNotNil(placements("transposed"))
        XCTAssertEqual(placements("transposed"), placements("columns"))
    }
}
