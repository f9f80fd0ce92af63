/// One `--option`: its name, its value and its help line.
struct OptionSpec: Sendable {
    /// What follows the option on the command line.
    enum Value: Sendable, Equatable {
        /// Nothing: the option is a switch.
        case none
        /// One value, shown in help as the placeholder (`N`, `URL`, …).
        case text(String)
        /// A whole number within the given range.
        case integer(String, ClosedRange<Int>)
        /// A value that may be given more than once; every one is kept, in order.
        case repeated(String)
        /// One of a few fixed words (`--color WHEN`: `auto`, `always` or `never`).
        case choice(String, [String])
    }

    /// The name without its dashes: `per-page` for `--per-page`.
    let name: String
    /// What follows it.
    let value: Value
    /// One line for the help text.
    let help: String
    /// The environment variable read when the option is absent, if any.
    let environment: String?

    init(_ name: String, _ value: Value = .none, help: String, environment: String? = nil) {
        self.name = name
        self.value = value
        self.help = help
        self.environment = environment
    }

    /// The declarations of some typed keys, in order.
    static func of<each Value>(_ options: repeat Option<each Value>) -> [OptionSpec] {
        var specs: [OptionSpec] = []
        for option in repeat each options { specs.append(option.spec) }
        return specs
    }

    /// How the option is written in usage lines: `--page N`, `--power P...`, `--json`.
    var synopsis: String {
        switch value {
        case .none: "--\(name)"
        case .text(let placeholder), .integer(let placeholder, _), .choice(let placeholder, _):
            "--\(name) \(placeholder)"
        case .repeated(let placeholder): "--\(name) \(placeholder)..."
        }
    }
}

/// One positional word a command takes, such as the `ID` of `show ID`.
struct ArgumentSpec: Sendable {
    /// The placeholder shown in usage lines.
    let name: String
    /// One line for the help text.
    let help: String
    /// Whether the command runs without it.
    let isOptional: Bool
    /// Whether it takes every word that is left (`help demo reset`); only the last one may.
    let isRepeated: Bool
    /// The words it may be, when only a few are (`completion bash`); empty when any will do.
    let choices: [String]

    init(_ name: String, help: String, optional: Bool = false, repeated: Bool = false, choices: [String] = [])
    {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeated = repeated
        self.choices = choices
    }

    /// How it is written in usage lines: `ID`, `[FILE]`, `[COMMAND...]`.
    var synopsis: String {
        let word = name + (isRepeated ? "..." : "")
        return isOptional ? "[\(word)]" : word
    }
}
