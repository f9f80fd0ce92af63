/// What a client sends to create or replace a hero; one that breaks a rule cannot be made.
public struct HeroDraft: Sendable, Hashable {
    /// A code name is 1–80 characters (Unicode code points), after trimming surrounding spaces.
    public static let codeNameLength = 1...80
    /// A hero has at most this many powers.
    public static let maximumPowerCount = 20
    /// Each power is 1–120 characters (Unicode code points), after trimming surrounding spaces.
    public static let powerLength = 1...120

    /// The public name, trimmed.
    public let codeName: String
    /// The powers, each trimmed, in the order given.
    public let powers: [String]
    /// The team to join, if any.
    public let teamID: Team.ID?
    /// The real name, already sealed by a `SecretIdentityCipher`; `nil` for none.
    public let sealedRealName: SealedSecret?

    /// Checks every rule and throws `DomainError.invalid` naming each field that breaks one.
    public init(
        codeName: String,
        powers: [String] = [],
        teamID: Team.ID? = nil,
        sealedRealName: SealedSecret? = nil
    ) throws(DomainError) {
        let problems = Self.problems(codeName: codeName, powers: powers)
        guard problems.isEmpty else { throw .invalid(problems) }
        self.codeName = codeName.trimmed
        self.powers = powers.map(\.trimmed)
        self.teamID = teamID
        self.sealedRealName = sealedRealName
    }
}

extension HeroDraft {
    /// Every rule the fields break, by field; empty when valid. Control characters count: a
    /// terminal acts on an ESC sequence or a bidirectional override instead of showing it.
    public static func problems(codeName: String, powers: [String]) -> [Field: String] {
        var problems = sizeProblems(codeName: codeName, powers: powers)
        if problems[.codeName] == nil, codeName.trimmed.containsControlCharacters {
            problems[.codeName] = "must not contain control characters"
        }
        if problems[.powers] == nil,
            let index = powers.firstIndex(where: { $0.trimmed.containsControlCharacters })
        {
            problems[.powers] = "entry \(index + 1) must not contain control characters"
        }
        return problems
    }

    /// The size rules alone, for a record read from a server; one with a control character is
    /// kept and shown escaped.
    public static func sizeProblems(codeName: String, powers: [String]) -> [Field: String] {
        let codeName = codeName.trimmed
        let powers = powers.map(\.trimmed)
        var problems: [Field: String] = [:]
        if !codeNameLength.contains(codeName.unicodeScalars.count) {
            problems[.codeName] = codeName.isEmpty ? "must not be empty" : "must be at most 80 characters"
        }
        if powers.count > maximumPowerCount {
            problems[.powers] = "must be at most \(maximumPowerCount) entries, not \(powers.count)"
        } else if let index = powers.firstIndex(where: { !powerLength.contains($0.unicodeScalars.count) }) {
            problems[.powers] = "entry \(index + 1) must be 1–120 characters"
        }
        return problems
    }
}

extension String {
    /// Whether it holds a C0 or C1 control, DEL, or a bidirectional control (U+202A–E, U+2066–9).
    var containsControlCharacters: Bool {
        unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmed: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
