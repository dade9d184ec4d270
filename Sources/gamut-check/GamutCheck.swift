import ArgumentParser
import Foundation
import GamutKit

/// `gamut-check`: the command-line front of GamutKit. Logic lives in the library; this only parses,
/// reports and sets the exit code.
@main
struct GamutCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gamut-check",
        abstract: "Convert and inspect wide-color (Display P3) assets before they ship.",
        discussion: """
            `gamut-check PATH…` is `gamut-check check PATH…`.

            Exit codes:
              0  success (check: no finding at or above --fail-on)
              1  check: findings at or above --fail-on
              2  usage error, an output that could not be written, or (convert,
                 profile) an input that could not be read or converted
            """,
        version: version,
        subcommands: [Check.self, Convert.self, Fix.self, Merge.self, ProfileCommand.self, RulesCommand.self],
        defaultSubcommand: Check.self)

    /// The tool's version, also written into JSON and SARIF reports.
    static let version = "0.2.0"

    /// Runs the command, mapping every failure to the documented exit codes (ArgumentParser's default for
    /// usage errors is 64; GamutKit's contract is 2).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)  // --help, --version
            }
            if let exit = error as? ExitCode {
                Foundation.exit(exit.rawValue)
            }
            let message = error is GamutError ? "\(error)" : fullMessage(for: error)
            FileHandle.standardError.write(Data("gamut-check: \(message)\n".utf8))
            Foundation.exit(ExitCode.usageOrInputError.rawValue)
        }
    }
}

extension ExitCode {
    /// A usage error or an input that could not be read or processed.
    static let usageOrInputError = ExitCode(2)
    /// `check` found something at or above `--fail-on`.
    static let findings = ExitCode(1)
}

/// Prints to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
