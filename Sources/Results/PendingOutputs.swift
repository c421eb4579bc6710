import CPlatform
import Foundation
import Glibc
import Synchronization

/// What this process is writing and has not put in place yet (temporary files, staging folders), so that a SIGINT
/// or SIGTERM can remove it before the process exits: an interrupted command leaves its outputs as they were, with
/// no temporary file or folder beside them.
///
/// A path is registered while it is created (under the lock the clean-up takes, so a signal never falls between the
/// two), and outputs are put in place (renamed) under that lock too: the clean-up waits for a move in progress
/// instead of removing a folder half moved in, and nothing is created or put in place after it. What a SIGKILL
/// leaves is removed by the next writer of the same output (``sweepAbandoned(in:matching:)``).
public enum PendingOutputs {
    /// The command was interrupted before this output could be written or put in place.
    public struct Interrupted: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var description: String { "\(path): not written: interrupted" }
    }

    /// The process's registry, which the static functions use.
    public static let shared = Registry()

    /// Runs `create` (which makes the file or folder at `path`) and registers `path`, both under the lock.
    /// - Throws: ``Interrupted`` after ``discardAll()``; whatever `create` throws (nothing is registered then).
    public static func create<T: Sendable>(_ path: String, _ create: () throws -> T) throws -> T {
        try shared.create(path, create)
    }

    /// Forgets `path` (put in place, or removed by its writer).
    public static func release(_ path: String) { shared.release(path) }

    /// Runs `move` (the renames that put an output in place) under the lock.
    /// - Throws: ``Interrupted`` after ``discardAll()`` (`move` is not run); whatever `move` throws.
    public static func publish(_ path: String, _ move: () throws -> Void) throws { try shared.publish(path, move) }

    /// Creates the folder `path` (and its missing parents) unless the outputs were discarded: a folder inside a
    /// staging folder made with parents after the clean-up would bring the staging folder back.
    /// - Throws: ``Interrupted`` after ``discardAll()``; FileManager's error.
    public static func createFolder(_ path: String) throws {
        try shared.create(path) { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        shared.release(path)
    }

    /// Removes every registered path and refuses any creation or move after it: for a SIGINT/SIGTERM handler that
    /// then exits the process (a writer refused meanwhile waits for that exit). Waits for a move in progress.
    public static func discardAll() { shared.discardAll() }

    /// The outputs put in place so far (``publish(_:_:)``), in order: what an interruption leaves written, whole.
    public static var published: [String] { shared.published }

    /// Whether ``discardAll()`` has run: the process is exiting on a signal, with the signal's status.
    public static var isDiscarded: Bool { shared.isDiscarded }

    /// Registered paths, and whether they were discarded; see the static functions of ``PendingOutputs``.
    public final class Registry: Sendable {
        private struct State: ~Copyable {
            /// Registered paths, with how many registrations each has (a path written twice at once stays).
            var paths: [String: Int] = [:]
            var closed = false
            /// What was put in place, in order (``publish(_:_:)`` that returned).
            var published: [String] = []
        }

        private let state = Mutex(State())

        public init() {}

        public func create<T: Sendable>(_ path: String, _ create: () throws -> T) throws -> T {
            try state.withLock { state throws -> T in
                guard !state.closed else { throw Interrupted(path: path) }
                let made = try create()
                state.paths[path, default: 0] += 1
                return made
            }
        }

        public func release(_ path: String) {
            state.withLock { state in
                guard let count = state.paths[path] else { return }
                state.paths[path] = count > 1 ? count - 1 : nil
            }
        }

        public func publish(_ path: String, _ move: () throws -> Void) throws {
            try state.withLock { state throws in
                guard !state.closed else { throw Interrupted(path: path) }
                try move()
                // Into a staging folder is not into place: the folder's own move is (an interruption removes it).
                if !state.paths.keys.contains(where: { path.hasPrefix($0 + "/") }) { state.published.append(path) }
            }
        }

        public var isDiscarded: Bool { state.withLock { $0.closed } }

        public var published: [String] { state.withLock { $0.published } }

        public func discardAll() {
            state.withLock { state in
                state.closed = true
                for path in state.paths.keys {
                    // The writer may still be writing into a folder: another pass catches a file made during the first.
                    for _ in 0..<3 where access(path, F_OK) == 0 { try? FileManager.default.removeItem(atPath: path) }
                }
                state.paths = [:]
            }
        }
    }

    /// Removes the entries of `folder` whose name `owner` reads as left by a process that is gone (killed before
    /// it could clean up): `owner` returns the pid in a name, or nil for a name that is not such an entry.
    public static func sweepAbandoned(in folder: String, matching owner: (String) -> pid_t?) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = owner(name), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
        }
    }

    /// The pid in `.<base>.<pid>.tmp` (the temporary name ``AtomicFile`` and the plots use for `base`), or nil.
    public static func temporaryFileOwner(_ name: String, base: String) -> pid_t? {
        let prefix = ".\(base).", suffix = ".tmp"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        return pid_t(name.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The temporary name of `base` for this process: `.<base>.<pid>.tmp`.
    public static func temporaryName(_ base: String) -> String { ".\(base).\(getpid()).tmp" }
}

extension PendingOutputs {
    /// Puts the folder `staged` in the place of the existing `target` in one step, leaving the old content at
    /// `staged`'s name for the caller to remove: no moment has `target` missing, even under SIGKILL. Where the file
    /// system cannot swap (EINVAL, ENOSYS), `target` is renamed aside to `aside` and `staged` renamed in (put back on
    /// failure): a kill between the two leaves the old content at `aside`.
    /// - Returns: 0, or the errno of the failed step.
    public static func replaceFolder(_ target: String, with staged: String, aside: String) -> Int32 {
        let swapped = fb_exchange_paths(staged, target)
        guard swapped == EINVAL || swapped == ENOSYS else { return swapped }
        guard rename(target, aside) == 0 else { return errno }
        guard rename(staged, target) == 0 else {
            let failure = errno
            _ = rename(aside, target)
            return failure
        }
        return rename(aside, staged) == 0 ? 0 : errno
    }
}
