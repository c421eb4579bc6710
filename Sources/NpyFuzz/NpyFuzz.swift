// libFuzzer target for the .npy reader (`make fuzz`). Built with `--sanitize=fuzzer -DNPY_FUZZING`, libFuzzer
// supplies `main` and calls `LLVMFuzzerTestOneInput` with mutated bytes. In an ordinary build the `@main` below
// stands in, so `swift build` of the whole package still links, and the binary replays inputs given as files
// (e.g. a crash file from a fuzzing run): `.build/debug/NpyFuzz crash-1234`.
import Foundation
import NumpyFiles

/// One input: parse it; a Fortran-ordered input must come out as the oracle below orders it, and whatever parses
/// must survive a serialize → parse round trip (which writes C order) unchanged.
/// Errors are the expected outcome for most inputs; a crash, a trap or a sanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func npyFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // A 16 MiB limit keeps libFuzzer's RSS bounded; the limit check itself is part of what is fuzzed.
    guard let array = try? NpyFormat.parse(bytes, file: "input", byteLimit: 16 << 20) else { return 0 }
    precondition(array.bytes.count == array.count * array.dtype.size, "data size disagrees with the shape")
    if let header = try? NpyFormat.parseHeader(bytes, file: "input", byteLimit: 16 << 20), header.fortranOrder {
        let data = Array(bytes[header.dataOffset..<(header.dataOffset + header.dataBytes)])
        precondition(array.bytes == cOrder(fortran: data, shape: array.shape, elementSize: array.dtype.size),
                     "Fortran-ordered data read in the wrong order: shape \(array.shape)")
    }
    guard let again = try? NpyFormat.parse(NpyFormat.serialize(array), file: "round trip", byteLimit: 16 << 20) else {
        preconditionFailure("a parsed array does not parse again after serialization: shape \(array.shape)")
    }
    precondition(again == array, "round trip changed the array: shape \(array.shape) → \(again.shape)")
    return 0
}

/// The oracle for Fortran-ordered input, by the definition rather than the reader's odometer: the element at C
/// index (i0, …, in) is the one at Fortran offset i0 + d0·(i1 + d1·(i2 + …)).
func cOrder(fortran data: [UInt8], shape: [Int], elementSize: Int) -> [UInt8] {
    let count = shape.reduce(1, *)
    var result: [UInt8] = []
    result.reserveCapacity(data.count)
    for cIndex in 0..<count {
        var rest = cIndex, fortranOffset = 0
        var index = [Int](repeating: 0, count: shape.count)
        for axis in shape.indices.reversed() {
            index[axis] = rest % shape[axis]
            rest /= shape[axis]
        }
        for axis in shape.indices.reversed() { fortranOffset = fortranOffset * shape[axis] + index[axis] }
        result += data[(fortranOffset * elementSize)..<((fortranOffset + 1) * elementSize)]
    }
    return result
}

#if !NPY_FUZZING
@main
enum NpyFuzzReplay {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("usage: NpyFuzz FILE... (replays inputs; build with 'make fuzz' to fuzz)\n".utf8))
            exit(64)
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
                exit(2)
            }
            _ = data.withUnsafeBytes { npyFuzzOneInput($0.bindMemory(to: UInt8.self).baseAddress, data.count) }
            print("\(file): ok")
        }
    }
}
#endif
