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
        return Dictionary(uniqueKeysWithValues: zip(mangled, lines.prefix(mangled.count)))
    }
}
