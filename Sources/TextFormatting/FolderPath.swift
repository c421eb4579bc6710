/// Paths as messages print them.
public enum FolderPath {
    /// `file` inside `folder`, with one separator whatever the folder ends with (`--out review/` printed
    /// `review//report.html`).
    public static func joined(_ folder: String, _ file: String) -> String {
        var trimmed = Substring(folder)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed == "/" ? "/" + file : "\(trimmed)/\(file)"
    }
}
