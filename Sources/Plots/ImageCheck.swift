import Foundation
import Glibc

/// Whether an image gnuplot wrote is whole: a PNG ends with its IEND chunk, an SVG with `</svg>`.
enum ImageCheck {
    /// - Throws: ``PlotError/unwritable(path:reason:)`` naming `image` (the final name) when the file is cut short.
    static func complete(_ path: String, format: PlotFormat, naming image: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PlotError.unwritable(path: image, reason: "gnuplot wrote no image (\(spaceNote(path)))")
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 64 ? size - 64 : 0)
        let tail = (try? handle.readToEnd()) ?? Data()
        let whole: Bool
        switch format {
        case .png: whole = tail.count >= 12 && tail.suffix(12) == Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        case .svg: whole = String(decoding: tail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</svg>")
        }
        guard whole else { throw PlotError.unwritable(path: image, reason: "image cut short at \(size) bytes (\(spaceNote(path)))") }
    }

    /// "No space left on device" when the folder's file system is full, else a neutral note.
    private static func spaceNote(_ path: String) -> String {
        var info = statvfs()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard statvfs(folder, &info) == 0 else { return "cannot check free space" }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20 ? String(cString: strerror(ENOSPC)) : "gnuplot stopped writing"
    }
}
