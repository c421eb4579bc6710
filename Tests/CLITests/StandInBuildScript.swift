import Foundation

/// A build script with scripts/build-revision.sh's interface for `bisect` tests: installs this test run's own
/// `framebudget` at <out-binary> (a release build per revision takes minutes: `scripts/bisect-check.sh` bisects real
/// builds) and, with LINK_ORDERS=K, K orders beside it (hard links), logging the commit and the LINK_ORDERS it was
/// given, one line per build.
enum StandInBuildScript {
    /// - Returns: the script's path, in `folder`.
    static func write(in folder: String, log: String) throws -> String {
        let script = folder + "/build-revision.sh"
        try """
            #!/usr/bin/env bash
            set -eu
            echo "$1 LINK_ORDERS=${LINK_ORDERS-unset}" >> '\(log)'
            mkdir -p "$(dirname "$2")" && ln -f '\(Framebudget.binary.path)' "$2"
            rm -rf "$2.link-orders"
            if [[ -n ${LINK_ORDERS:-} ]]; then
                mkdir "$2.link-orders"
                for order in $(seq "$LINK_ORDERS"); do ln '\(Framebudget.binary.path)' "$2.link-orders/$order"; done
            fi
            """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return script
    }
}
