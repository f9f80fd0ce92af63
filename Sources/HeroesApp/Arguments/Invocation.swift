/// A parsed command line: the command, its arguments, and option values read by typed key.
struct Invocation: Sendable {
    /// The command to run; `nil` when only global words were given (`heroes-cli`, `--help`).
    let command: CommandSpec?
    let arguments: [String]
    /// Each option's values, in the order given; a switch has one empty value per use.
    let options: [String: [String]]

    subscript(option: Option<Bool>) -> Bool { options[option.spec.name] != nil }

    subscript(option: Option<String>) -> String? { options[option.spec.name]?.last }

    subscript(option: Option<[String]>) -> [String] { options[option.spec.name] ?? [] }

    subscript(option: Option<Int>) -> Int? { options[option.spec.name]?.last.flatMap { Int($0) } }

    subscript(option: Option<ColorChoice>) -> ColorChoice? {
        options[option.spec.name]?.last.flatMap(ColorChoice.init(rawValue:))
    }

    func argument(_ index: Int) -> String? { arguments.indices.contains(index) ? arguments[index] : nil }
}
