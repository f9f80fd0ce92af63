/// A typed key for one `--option`, as swift-argument-parser's `@Option` is: its declaration,
/// which the parser, the usage errors and the help text read, and the Swift type a command reads
/// its value as (`invocation[.codeName]` is a `String?`). Each key is declared once, in
/// `OptionKeys.swift`, so that a spelling and its help line live in one place; the same table
/// can later give shell completion and a man page.
struct Option<Value>: Sendable {
    /// The declaration the parser and the help text read.
    let spec: OptionSpec

    private init(_ spec: OptionSpec) {
        self.spec = spec
    }

    /// The same option with the help line a command gives it, where it means more there
    /// (`--team` filters a list, but sets the team of `create`).
    func helping(_ text: String) -> Self {
        Self(OptionSpec(spec.name, spec.value, help: text, environment: spec.environment))
    }
}

extension Option where Value == String {
    /// An option taking one value, shown as `placeholder`; `environment` is read when it is absent.
    init(_ name: String, _ placeholder: String, help: String, environment: String? = nil) {
        self.init(OptionSpec(name, .text(placeholder), help: help, environment: environment))
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An option taking one of `Value`'s cases, shown as `placeholder`; the parser refuses any
    /// other word.
    init(_ name: String, _ placeholder: String, help: String) {
        self.init(OptionSpec(name, .choice(placeholder, Value.allCases.map(\.rawValue)), help: help))
    }
}

extension Option where Value == Int {
    /// An option taking a whole number within `range`, which the parser checks.
    init(_ name: String, _ placeholder: String, in range: ClosedRange<Int>, help: String) {
        self.init(OptionSpec(name, .integer(placeholder, range), help: help))
    }
}

extension Option where Value == [String] {
    /// An option that may be given several times; every value is kept, in order.
    init(repeating name: String, _ placeholder: String, help: String) {
        self.init(OptionSpec(name, .repeated(placeholder), help: help))
    }
}

extension Option where Value == Bool {
    /// A switch, taking no value.
    init(flag name: String, help: String) {
        self.init(OptionSpec(name, help: help))
    }
}
