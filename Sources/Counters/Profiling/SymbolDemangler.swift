/// Demangles Swift symbols with the toolchain's `swift-demangle`, in one batch; other names pass unchanged.
public enum SymbolDemangler {
    /// True for a mangled Swift name (`$s…`, `_$s…`, and the older `$S`/`_T0` prefixes).
    static func isMangledSwift(_ name: String) -> Bool {
        ["$s", "_$s", "$S", "_$S", "_T0"].contains { name.hasPrefix($0) }
    }

    /// Raw name → readable name for every mangled Swift name in `names`; empty when swift-demangle is missing.
    public static func demangle(_ names: some Sequence<String>) -> [String: String] {
        let mangled = Array(Set(names.filter(isMangledSwift))).sorted()
        guard !mangled.isEmpty, let tool = ExternalTool.locate("swift-demangle"),
              let output = try? ExternalTool.run(tool, ["--simplified"], stdin: mangled.joined(separator: "\n") + "\n"),
              output.status == 0 else { return [:] }
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= mangled.count else { return [:] }
        return distinguished(Dictionary(uniqueKeysWithValues: zip(mangled, lines.prefix(mangled.count))))
    }

    /// `--simplified` drops the suffix the optimizer gives a function's copies (`…TA` and `…TA.18`): where two raw
    /// names read the same, each keeps its suffix (`… [.18]`), so a table never shows one function twice.
    static func distinguished(_ readable: [String: String]) -> [String: String] {
        let shared = Set(Dictionary(grouping: readable.values) { $0 }.filter { $0.value.count > 1 }.keys)
        return readable.reduce(into: [:]) { result, entry in
            guard shared.contains(entry.value), let dot = entry.key.lastIndex(of: ".") else { return result[entry.key] = entry.value }
            result[entry.key] = "\(entry.value) [\(entry.key[dot...])]"
        }
    }
}
