/// One `--option`: its name, its value and its help line.
struct OptionSpec: Sendable {
    enum Value: Sendable, Equatable {
        case none
        /// One value; help shows the placeholder (`N`, `URL`, …).
        case text(String)
        case integer(String, ClosedRange<Int>)
        /// May be given more than once; every one is kept, in order.
        case repeated(String)
        /// One of a few words (`--color WHEN`).
        case choice(String, [String])
    }

    /// Without dashes: `per-page`.
    let name: String
    let value: Value
    let help: String
    let environment: String?

    init(_ name: String, _ value: Value = .none, help: String, environment: String? = nil) {
        self.name = name
        self.value = value
        self.help = help
        self.environment = environment
    }

    static func of<each Value>(_ options: repeat Option<each Value>) -> [OptionSpec] {
        var specs: [OptionSpec] = []
        for option in repeat each options { specs.append(option.spec) }
        return specs
    }

    /// `--page N`, `--power P...`, `--json`.
    var synopsis: String {
        switch value {
        case .none: "--\(name)"
        case .text(let placeholder), .integer(let placeholder, _), .choice(let placeholder, _):
            "--\(name) \(placeholder)"
        case .repeated(let placeholder): "--\(name) \(placeholder)..."
        }
    }
}

/// A positional word, such as the `ID` of `show ID`.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    let isOptional: Bool
    /// Takes every word left (`help demo reset`); only the last one may.
    let isRepeated: Bool
    /// When only a few words will do (`completion bash`).
    let choices: [String]

    init(_ name: String, help: String, optional: Bool = false, repeated: Bool = false, choices: [String] = [])
    {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeated = repeated
        self.choices = choices
    }

    /// `ID`, `[FILE]`, `[COMMAND...]`.
    var synopsis: String {
        let word = name + (isRepeated ? "..." : "")
        return isOptional ? "[\(word)]" : word
    }
}
