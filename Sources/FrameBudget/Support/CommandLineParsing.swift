import ArgumentParser
import TextFormatting
import RunPipeline
import Foundation

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
        if let empty = emptyArgument(arguments) {
            Console.error("\(empty) is empty (an unset variable?): give it a value")
            Self.exit(withError: ExitStatus.badInput.code)
        }
        let arguments = attachingNegativeValues(arguments)
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

    /// The first empty argument, named: the option it is the value of (`--reports ""`, `--out=`), or its place
    /// (`argument 2`); nil when there is none. A folder option made every path `"/" + name`: `make bench REPORTS=`
    /// wrote a run folder and a `latest` link into `/`; an empty file argument read as `: cannot read`. No command
    /// takes an empty word. Options that take a value are those the help of `arguments`' command lists (and, after
    /// `--`, the gate's: a nightly's gate reads them later, after its checks).
    static func emptyArgument(_ arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(where: { $0.isEmpty || $0.hasPrefix("--") && $0.count > 3 && $0.hasSuffix("=") })
        else { return nil }  // the usual case: no help text rendered
        let word = arguments[index]
        if !word.isEmpty { return String(word.dropLast()) }
        guard index > 0, arguments[index - 1].hasPrefix("--"), !arguments[index - 1].contains("=") else { return "argument \(index + 1)" }
        return valueOptions(arguments).contains(arguments[index - 1]) ? arguments[index - 1] : "argument \(index + 1)"
    }

    /// `arguments` with each negative number given to an option attached to it (`--threshold -1` as
    /// `--threshold=-1`): swift-argument-parser reads `-1` as an option and said "missing value for '--threshold'"
    /// (exit 64), where the option's own check says what range it takes (exit 2). Options that take a value are
    /// those the help of the command (and the gate's, after `--`) lists.
    static func attachingNegativeValues(_ arguments: [String]) -> [String] {
        let negative = /-\.?[0-9][0-9.eE+-]*%?/
        guard arguments.dropFirst().contains(where: { $0.wholeMatch(of: negative) != nil }) else { return arguments }
        let takesValue = valueOptions(arguments)
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if takesValue.contains(word), index + 1 < arguments.count, arguments[index + 1].wholeMatch(of: negative) != nil {
                result.append(word + "=" + arguments[index + 1])
                index += 2
            } else {
                result.append(word)
                index += 1
            }
        }
        return result
    }

    /// The options (`--reports`, `-n`) of the command `arguments` name that take a value, and after `--` the gate's.
    static func valueOptions(_ arguments: [String]) -> Set<String> {
        var command: any ParsableCommand.Type = FrameBudgetCommand.self
        for name in commandPath(arguments) {
            command = command.configuration.subcommands.first { $0._commandName == name } ?? command
        }
        let commands: [any ParsableCommand.Type] = arguments.contains("--") ? [command, GateCommand.self] : [command]
        var options = Set<String>()
        for command in commands {
            for match in helpMessage(for: command, includeHidden: true, columns: 10_000).matches(of: /(--?[a-z0-9][a-z0-9-]*) </) {
                options.insert(String(match.1))
            }
        }
        return options
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
