/// A parsed command line: the command, its arguments, and option values read by typed key.
struct Invocation: Sendable {
    /// The command to run; `nil` when only global words were given (`heroes-cli`, `--help`).
    let command: CommandSpec?
    /// The positional arguments, in order.
    let arguments: [String]
    /// Each option's values, in the order given; a switch has one empty value per use.
    let options: [String: [String]]

    /// Whether the switch was given.
    subscript(option: Option<Bool>) -> Bool { options[option.spec.name] != nil }

    /// The option's last value, if given.
    subscript(option: Option<String>) -> String? { options[option.spec.name]?.last }

    /// Every value of a repeated option, in order.
    subscript(option: Option<[String]>) -> [String] { options[option.spec.name] ?? [] }

    /// The last value of an integer option; the parser has already checked it is one.
    subscript(option: Option<Int>) -> Int? { options[option.spec.name]?.last.flatMap { Int($0) } }

    /// The last value of `--color`; the parser has already checked it is one of the choices.
    subscript(option: Option<ColorChoice>) -> ColorChoice? {
        options[option.spec.name]?.last.flatMap(ColorChoice.init(rawValue:))
    }

    /// The positional argument at `index`, if given.
    func argument(_ index: Int) -> String? { arguments.indices.contains(index) ? arguments[index] : nil }
}
