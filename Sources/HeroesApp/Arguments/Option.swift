/// A typed key for one `--option`, as swift-argument-parser's `@Option`: declared once, read
/// back as its Swift type.
struct Option<Value>: Sendable {
    let spec: OptionSpec

    private init(_ spec: OptionSpec) {
        self.spec = spec
    }

    /// The option with a command's own help line (`--team` filters `list` but sets `create`'s team).
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
    /// An option taking one of `Value`'s cases; the parser refuses any other word.
    init(_ name: String, _ placeholder: String, help: String) {
        self.init(OptionSpec(name, .choice(placeholder, Value.allCases.map(\.rawValue)), help: help))
    }
}

extension Option where Value == Int {
    init(_ name: String, _ placeholder: String, in range: ClosedRange<Int>, help: String) {
        self.init(OptionSpec(name, .integer(placeholder, range), help: help))
    }
}

extension Option where Value == [String] {
    init(repeating name: String, _ placeholder: String, help: String) {
        self.init(OptionSpec(name, .repeated(placeholder), help: help))
    }
}

extension Option where Value == Bool {
    init(flag name: String, help: String) {
        self.init(OptionSpec(name, help: help))
    }
}
