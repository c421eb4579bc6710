// The stand-in for "your code" in the docs' snippets (README and Docs/LIBRARY.md import MyKernels): exactly the
// functions they call, with the signatures a reader would expect, and nothing else. scripts/snippets/extract.py
// (STUBS) copies it into the generated package as the module MyKernels.

/// A checksum of `bytes` (Adler-32 here; any function of the bytes would do).
public func checksum(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in bytes {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
    }
    return b << 16 | a
}
