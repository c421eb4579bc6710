import ArgumentParser
import TextFormatting
import RunPipeline

extension FrameBudgetCommand {
    /// Parses `arguments`, runs the command they name and exits with its status. Never returns.
    ///
    /// A command line that does not parse (exit 64) is one line on stderr, like every other bad input: the problem
    /// and where the command's help is. swift-argument-parser's own exit followed that line with a `Help:` line and
    /// the usage block, four lines where a nightly job's log shows the last one (`See '… --help'`), not the problem.
    static func parseAndRun(_ arguments: [String]) -> Never {
        if let unknown = unknownHelpTopic(arguments) {
            let help = ([ToolName.current] + commandPath(Array(arguments.dropFirst())) + ["--help"]).joined(separator: " ")
            Console.error("unknown command '\(unknown)' for 'help' (see '\(help)')")
            Self.exit(withError: ExitCode.validationFailure)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            SignalExit.holdIfExiting()
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let problem = message(for: error)
            Console.error("\(TerminalText.clause(problem)) "
                          + "(see '\(([ToolName.current] + commandPath(arguments) + ["--help"]).joined(separator: " "))')")
            Self.exit(withError: ExitCode.validationFailure)
        }
        SignalExit.holdIfExiting()
        Self.exit()
    }

    /// The first word of `help <command…>` that names no command, or nil. swift-argument-parser's `help` shows the
    /// tool's own help for a topic it does not know, and exits 0: a script's `help typo` looked answered.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        let topic = arguments.dropFirst().filter { !$0.hasPrefix("-") }
        let known = commandPath(Array(topic))
        return known.count < topic.count ? topic[known.count] : nil
    }

    /// The subcommands `arguments` open with (`history show`), as far as they name commands.
    static func commandPath(_ arguments: [String]) -> [String] {
        var command: any ParsableCommand.Type = FrameBudgetCommand.self
        var path: [String] = []
        for argument in arguments {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == argument }) else { break }
            path.append(argument)
            command = next
        }
        return path
    }
}
