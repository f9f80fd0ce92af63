import Data
import Domain
import Foundation
import Testing

@Suite("Merge pickers: a local edit meets an incoming record")
struct MergePickerTests {
    static let base = Hero(
        id: try! Hero.ID("0007"), codeName: "Night Owl", sealedRealName: nil, powers: ["Gliding"],
        picture: nil,
        team: nil, updatedAt: Date(timeIntervalSince1970: 0), version: 3)

    static func hero(codeName: String = "Night Owl", powers: [String] = ["Gliding"], version: Int = 3) -> Hero
    {
        Hero(
            id: base.id, codeName: codeName, sealedRealName: nil, powers: powers, picture: nil, team: nil,
            updatedAt: Date(timeIntervalSince1970: Double(version)), version: version)
    }

    @Test(
        "untouched attributes take the incoming value; an edited one the server left alone is kept, no conflict"
    )
    func disjointEdits() throws {
        let local = Self.hero(codeName: "Owl")
        let incoming = Self.hero(powers: ["Gliding", "Sonar"], version: 4)
        let merged = try HeroMapping.mapping.merge(stored: Self.base, local: local, incoming: incoming)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.entity?.codeName == "Owl")
        #expect(merged.entity?.powers == ["Gliding", "Sonar"])
        #expect(merged.entity?.version == 4, "the server's version wins, so the merged push matches it")
    }

    @Test(
        "an attribute both sides changed keeps the local value and is listed as a conflict with both values")
    func bothChanged() throws {
        let merged = try HeroMapping.mapping.merge(
            stored: Self.base, local: Self.hero(codeName: "Owl"),
            incoming: Self.hero(codeName: "Strix", version: 4))
        #expect(merged.entity?.codeName == "Owl")
        #expect(
            merged.conflicts == [
                AttributeConflict(
                    id: "0007", field: .codeName, local: "Owl", incoming: "Strix", isResolved: true)
            ])
    }

    @Test("the same change on both sides is no conflict")
    func sameChange() throws {
        let merged = try HeroMapping.mapping.merge(
            stored: Self.base, local: Self.hero(codeName: "Owl"),
            incoming: Self.hero(codeName: "Owl", version: 4))
        #expect(merged.conflicts.isEmpty)
        #expect(merged.entity?.codeName == "Owl")
    }

    @Test("refuseConflicts leaves the record unmerged, and the pipeline says which")
    func refusing() throws {
        let picker = MergePicker<String>.refuseConflicts
        #expect(picker.pick(stored: "a", local: "b", incoming: "c") == .unresolvable)
        #expect(picker.pick(stored: "a", local: "b", incoming: "a") == .value("b", isConflict: false))
        #expect(picker.pick(stored: "a", local: "a", incoming: "c") == .value("c", isConflict: false))
        #expect(
            MergePicker<String>.incomingWins.pick(stored: "a", local: "b", incoming: "c")
                == .value("c", isConflict: false))
    }
}
