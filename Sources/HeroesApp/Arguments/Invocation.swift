/// A command line, parsed against the table: which command, its arguments, and every option's
/// values by name (global and the command's own alike).
struct Invocation: Sendable {
    /// The command to run; `nil` when only global words were given (`heroes-cli`, `--help`).
    let command: CommandSpec?
    /// The positional arguments, in order.
    let arguments: [String]
    /// Each option's values, in the order given; a switch has one empty value per use.
    let options: [String: [String]]

    /// Whether the switch `name` was given.
    func flag(_ name: String) -> Bool { options[name] != nil }

    /// The last value of `name`, if given.
    func value(_ name: String) -> String? { options[name]?.last }

    /// Every value of a repeated option, in order.
    func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The last value of an integer option; the parser has already checked it is one.
    func integer(_ name: String) -> Int? { value(name).flatMap { Int($0) } }

    /// The positional argument at `index`, if given.
    func argument(_ index: Int) -> String? { arguments.indices.contains(index) ? arguments[index] : nil }
}
