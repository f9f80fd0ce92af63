import Domain
import Testing

@Suite("HeroDraft")
struct HeroDraftTests {
    @Test("a valid draft keeps its fields, trimmed")
    func validDraftIsTrimmed() throws {
        let draft = try HeroDraft(
            codeName: "  Night Owl ", powers: [" Gliding", "Night vision "], teamID: Team.ID("x"))
        #expect(draft.codeName == "Night Owl")
        #expect(draft.powers == ["Gliding", "Night vision"])
        #expect(draft.teamID == Team.ID("x"))
        #expect(draft.sealedRealName == nil)
    }

    @Test("a draft may have no powers and exactly 20")
    func powerCountBounds() throws {
        #expect(try HeroDraft(codeName: "A").powers.isEmpty)
        #expect(try HeroDraft(codeName: "A", powers: Array(repeating: "p", count: 20)).powers.count == 20)
    }

    @Test("lengths count Unicode code points, so 80 emoji are a valid code name")
    func codePointsAreCounted() throws {
        let eighty = String(repeating: "🦉", count: 80)
        #expect(try HeroDraft(codeName: eighty).codeName == eighty)
        #expect(throws: DomainError.invalid([.codeName: "must be at most 80 characters"])) {
            try HeroDraft(codeName: eighty + "🦉")
        }
        // One family emoji is one Character but seven code points.
        #expect(throws: DomainError.invalid([.codeName: "must be at most 80 characters"])) {
            try HeroDraft(codeName: String(repeating: "👨‍👩‍👧‍👦", count: 12))
        }
    }

    @Test(
        "a draft that breaks a rule names the failing field",
        arguments: [
            ("", [], [.codeName: "must not be empty"]),
            ("   ", [], [.codeName: "must not be empty"]),
            (String(repeating: "x", count: 81), [], [.codeName: "must be at most 80 characters"]),
            ("A", Array(repeating: "p", count: 21), [.powers: "must be at most 20 entries, not 21"]),
            ("A", ["ok", " "], [.powers: "entry 2 must be 1–120 characters"]),
            ("A", [String(repeating: "p", count: 121)], [.powers: "entry 1 must be 1–120 characters"]),
            ("Evil\u{1B}[31mRed", [], [.codeName: "must not contain control characters"]),
            ("Two\nlines", [], [.codeName: "must not contain control characters"]),
            ("A", ["ok", "Fly\u{202E}eht"], [.powers: "entry 2 must not contain control characters"]),
            ("A", ["c1\u{9B}"], [.powers: "entry 1 must not contain control characters"]),
        ] as [(String, [String], [Field: String])]
    )
    func invalidDraftNamesField(codeName: String, powers: [String], expected: [Field: String]) {
        #expect(throws: DomainError.invalid(expected)) { try HeroDraft(codeName: codeName, powers: powers) }
    }

    @Test("a draft with 21 powers and no code name names both fields at once")
    func everyFailingFieldIsNamed() {
        #expect(
            throws: DomainError.invalid([
                .codeName: "must not be empty", .powers: "must be at most 20 entries, not 21",
            ])
        ) {
            try HeroDraft(codeName: "", powers: Array(repeating: "p", count: 21))
        }
    }
}
