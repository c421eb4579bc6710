/// Puts elements that arrive in Fortran order (first index fastest, as numpy saves a transposed or
/// Fortran-contiguous array) at their C-order places (last index fastest, what every reader of ``NpyArray`` expects).
///
/// The elements can arrive in pieces (a file read in chunks): the position in the array is carried from one call
/// of ``place(_:into:)`` to the next, so reading a Fortran file needs no second buffer of the array's size.
struct FortranToCOrder {
    private let shape: [Int]
    private let elementSize: Int
    /// Elements between consecutive values of each index in C order.
    private let strides: [Int]
    /// The index of the next element to arrive, and its C-order element offset.
    private var index: [Int]
    private var offset = 0

    /// True when the two orders lay out this shape identically (at most one dimension longer than 1, or no element
    /// at all), so the bytes can be copied as they are.
    static func isSameAsC(_ shape: [Int]) -> Bool { shape.contains(0) || shape.filter { $0 > 1 }.count <= 1 }

    init(shape: [Int], elementSize: Int) {
        self.shape = shape
        self.elementSize = elementSize
        var strides = [Int](repeating: 1, count: shape.count)
        for axis in shape.indices.dropLast().reversed() { strides[axis] = strides[axis + 1] * shape[axis + 1] }
        self.strides = strides
        index = [Int](repeating: 0, count: shape.count)
    }

    /// Places the next `source.count / elementSize` elements (in Fortran order) into `destination` (C order,
    /// the whole array's bytes).
    mutating func place(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) {
        precondition(source.count % elementSize == 0, "a piece must hold whole elements")
        switch elementSize {
        case 1: place(UInt8.self, source, destination)
        case 4: place(UInt32.self, source, destination)
        case 8: place(UInt64.self, source, destination)
        default: preconditionFailure("element size \(elementSize)")
        }
    }

    private mutating func place<Element: BitwiseCopyable>(
        _: Element.Type, _ source: UnsafeRawBufferPointer, _ destination: UnsafeMutableRawBufferPointer
    ) {
        let count = source.count / elementSize
        guard count > 0 else { return }
        // Unaligned loads and stores: the data of a file read whole starts wherever its header ends.
        let size = elementSize
        let (length, stride) = (shape[0], strides[0])
        var taken = 0
        while taken < count {
            // Along the first axis, the fastest in Fortran order: consecutive inputs, one C stride apart.
            let run = Swift.min(length - index[0], count - taken)
            for k in 0..<run {
                let element = source.loadUnaligned(fromByteOffset: (taken + k) * size, as: Element.self)
                destination.storeBytes(of: element, toByteOffset: (offset + k * stride) * size, as: Element.self)
            }
            taken += run
            index[0] += run
            offset += run * stride
            if index[0] == length { carry() }
        }
    }

    /// The first index went past its end: reset it and step the next ones, as an odometer does.
    private mutating func carry() {
        offset -= shape[0] * strides[0]
        index[0] = 0
        for axis in shape.indices.dropFirst() {
            index[axis] += 1
            offset += strides[axis]
            if index[axis] < shape[axis] { return }
            offset -= shape[axis] * strides[axis]
            index[axis] = 0
        }
    }
}
