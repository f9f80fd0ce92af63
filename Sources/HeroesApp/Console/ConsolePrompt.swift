import Foundation
import Presentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prompts and waits; off a terminal the answer is echoed, so a scripted session reads as typed.
@MainActor
struct ConsolePrompt {
    let input: ConsoleInput
    private let echoes = isatty(STDIN_FILENO) != 1

    init(input: ConsoleInput) { self.input = input }

    /// Shows `prompt` and returns what the person did; an interrupt on a terminal ends the line.
    func ask(_ prompt: String) async -> ConsoleEvent {
        say(prompt, newline: false)
        let event = await input.next()
        switch event {
        case .line(let line): if echoes { say(line.terminalEscaped()) }
        case .interrupt: say(echoes ? "^C" : "")
        case .end: say("")
        }
        return event
    }

    func say(_ text: String, newline: Bool = true) {
        OutputFailure.standardOutput.write(newline ? text + "\n" : text)
    }
}
