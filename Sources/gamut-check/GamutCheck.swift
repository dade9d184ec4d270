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
            Exit codes:
              0  success
              2  usage error, or an input that could not be read or converted
            """,
        version: "0.1.0",
        subcommands: [Convert.self, ProfileCommand.self])

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
}

/// Prints to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
