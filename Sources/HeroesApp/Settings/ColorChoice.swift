/// When the text views use colour: `--color=auto|always|never`, with `--no-color` kept as
/// `--color=never`.
enum ColorChoice: String, Sendable, CaseIterable {
    /// On a terminal only, and never when `NO_COLOR` is set (to anything but empty) or
    /// `TERM=dumb`.
    case auto
    /// Everywhere, a pipe included, whatever `NO_COLOR` says: an explicit flag wins over the
    /// environment, as no-color.org asks.
    case always
    /// Nowhere.
    case never

    /// The choice `arguments` make before they are parsed, for the views that show a usage error:
    /// the last `--color=WHEN` or `--color WHEN`, `--no-color`, else `auto`.
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

    /// Whether text to a stream that `isTerminal` (or not) is coloured, `environment` read for
    /// `NO_COLOR` and `TERM` under `auto`.
    func usesColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto:
            isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        }
    }
}
