/// When the text views use colour: `--color=auto|always|never`, with `--no-color` kept as
/// `--color=never`.
enum ColorChoice: String, Sendable, CaseIterable {
    /// On a terminal only, and never when `NO_COLOR` is set (to anything but empty) or
    /// `TERM=dumb`.
    case auto
    /// Everywhere, pipes included: an explicit flag wins over `NO_COLOR` (no-color.org).
    case always
    case never

    /// The choice before parsing, for a usage error's view.
    static func prescan(_ arguments: [String]) -> ColorChoice {
        var choice = ColorChoice.auto
        var words = arguments[...]
        while let word = words.popFirst(), word != "--" {
            if word == Option.noColor.spec.synopsis {
                choice = .never
            } else if word == "--color", let value = words.first.flatMap(ColorChoice.init(rawValue:)) {
                choice = value
            } else if word.hasPrefix("--color="), let value = ColorChoice(rawValue: String(word.dropFirst(8)))
            {
                choice = value
            }
        }
        return choice
    }

    func usesColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto:
            isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        }
    }
}
