/// What a client sends to create or replace a hero; one that breaks a rule cannot be made.
public struct HeroDraft: Sendable, Hashable {
    /// In code points, trimmed.
    public static let codeNameLength = 1...80
    public static let maximumPowerCount = 20
    /// In code points, trimmed.
    public static let powerLength = 1...120

    /// Trimmed.
    public let codeName: String
    /// Each trimmed, in order.
    public let powers: [String]
    public let teamID: Team.ID?
    /// Sealed by a `SecretIdentityCipher`.
    public let sealedRealName: SealedSecret?

    /// Throws `DomainError.invalid` naming each field that breaks a rule.
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
    /// Every rule broken, by field. Control characters count: a terminal acts on them.
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

    /// The size rules alone, for a server's record, whose control characters are shown escaped.
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
    /// C0, C1, DEL, or a bidirectional control (U+202A–E, U+2066–9).
    var containsControlCharacters: Bool {
        unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    var trimmed: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
