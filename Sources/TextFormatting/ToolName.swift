import Foundation
import Synchronization

/// The name this process calls itself in what it prints: `framebudget` for FrameBudget's own suite, the package's
/// executable name for a package built on the library (set once at start-up by the command line's entry point), so
/// a user's tool never speaks with FrameBudget's voice in its errors, help or exports.
public enum ToolName {
    private static let stored = Mutex("framebudget")

    /// The current name (default `framebudget`).
    public static var current: String { stored.withLock { $0 } }

    /// The name reports open with: `FrameBudget` for FrameBudget's own tool, else the package's tool's name.
    public static var displayName: String { displayName(of: current) }

    /// The name reports open with for the tool called `name`.
    public static func displayName(of name: String) -> String { name == "framebudget" ? "FrameBudget" : name }

    /// Sets the name, before any command runs.
    public static func set(_ name: String) { stored.withLock { $0 = name } }

    /// `text` with every `framebudget` replaced by the current name: help texts and messages are written once, with
    /// FrameBudget's own name, and speak the user's tool's name when it is another.
    public static func named(_ text: String) -> String {
        let name = current
        return name == "framebudget" ? text : text.replacingOccurrences(of: "framebudget", with: name)
    }
}
