import History
import Synchronization

extension HistoryDatabase {
    private static let warned = Mutex<Set<String>>([])

    /// Opens `path` for reading (`compare`, `gate --baseline`) and warns of its ``readNote``.
    package static func reading(_ path: String) throws -> HistoryDatabase {
        try HistoryDatabase(path: path, access: .readOnly).warningOfItsReadNote()
    }

    /// Prints ``readNote`` (what the history shown leaves out) as a warning, once a process per database: commands
    /// open one several times (`history plot` per benchmark, the gate before and after measuring).
    package func warningOfItsReadNote() -> HistoryDatabase {
        if let readNote, Self.warned.withLock({ $0.insert(path).inserted }) { Console.warning(readNote) }
        return self
    }
}
