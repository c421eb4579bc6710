import History

extension HistoryError {
    /// The exit status of a command that met this error, the same in every command: 5 when the history server could
    /// not be reached or was lost, 4 when an intact database could not be written (full disk), else 2 (bad input,
    /// a refused login included: fix the URL or password).
    package var exitStatus: ExitStatus {
        switch self {
        case .serverUnreachable, .connectionLost: return .historyServerUnavailable
        case .unwritable: return .runFailure
        default: return .badInput
        }
    }
}
