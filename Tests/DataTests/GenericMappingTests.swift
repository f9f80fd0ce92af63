import Data
import Domain
import Foundation
import Testing

/// A second entity costs a declaration: a sidekick mapped with a dotted key path into its
/// nested team, a to-many relationship, a reused transformer and a should-store condition.
@Suite("EntityMapping for a new entity")
struct GenericMappingTests {
    struct Sidekick: Sendable, Hashable {
        let id: String
        let name: String
        let teamID: Team.ID?
        let mentors: [Team]
        let since: Date
    }

    enum SidekickMapping {
        static let id = Attribute(.id, from: "id", .string, to: \Sidekick.id)
        static let name = Attribute(.name, from: "profile.name", .string, to: \Sidekick.name)
        static let teamID = Attribute(.teamID, from: "team.id", .optional(.teamID), to: \Sidekick.teamID)
        static let mentors = Attribute(
            .team, from: "mentors", .many(TeamMapping.mapping), to: \Sidekick.mentors)
        static let since = Attribute(.updatedAt, from: "since", .rfc3339Date, to: \Sidekick.since)
        static let mapping = EntityMapping<Sidekick>(
            id: id, rootKeyPath: "data.sidekicks", attributes: [name, teamID, mentors, since],
            conditions: [StoreCondition { $0.name.count > 20 ? "name is too long" : nil }]
        ) { record throws(MappingFailure) in
            Sidekick(
                id: try record(id), name: try record(name), teamID: try record(teamID),
                mentors: try record(mentors), since: try record(since))
        }
    }

    @Test("the root key path, dotted key paths, relationships and conditions all apply")
    func mapsSidekicks() throws {
        let json = """
            {"data": {"sidekicks": [
              {"id": "s1", "profile": {"name": "Robin"}, "team": {"id": "dawn-guard"},
               "mentors": [{"id": "t1", "name": "One"}], "since": "2026-01-01T00:00:00+01:00"},
              {"id": "s2", "profile": {"name": "A name far too long for it"}, "mentors": [],
               "since": "2026-01-01T00:00:00Z"},
              {"id": "s3", "profile": {"name": "Bucky"}, "mentors": [{"id": "t2"}],
               "since": "2026-01-01T00:00:00Z"}
            ]}}
            """
        let body = try JSONTreeSerializer().decode(JSONValue.self, from: Data(json.utf8))
        let result = try MappingPipeline(SidekickMapping.mapping).run(body, stored: [:])
        #expect(
            result.items.map(\.entity) == [
                Sidekick(
                    id: "s1", name: "Robin", teamID: Team.ID("dawn-guard"),
                    mentors: [Team(id: Team.ID("t1"), name: "One")],
                    since: Date(timeIntervalSince1970: 1_767_222_000))
            ])
        #expect(
            result.rejected == [
                RejectedRecord(id: "s2", index: 1, reason: "name is too long"),
                RejectedRecord(id: "s3", index: 2, reason: "mentors name is missing"),
            ])
    }

    @Test("a body without the root key path fails as a whole")
    func missingRoot() throws {
        let body = try JSONTreeSerializer().decode(JSONValue.self, from: Data(#"{"data": {}}"#.utf8))
        #expect(throws: MappingFailure("data.sidekicks is missing")) {
            try MappingPipeline(SidekickMapping.mapping).run(body, stored: [:])
        }
    }

    @Test("Team's own mapping reads the teams body, and skips a team without a name")
    func teams() throws {
        let json = #"{"items": [{"id": "a", "name": "Alpha"}, {"id": "b", "name": ""}]}"#
        let body = try JSONTreeSerializer().decode(JSONValue.self, from: Data(json.utf8))
        let result = try MappingPipeline(TeamMapping.mapping).run(body, stored: [:])
        #expect(result.items.map(\.entity) == [Team(id: Team.ID("a"), name: "Alpha")])
        #expect(result.rejected == [RejectedRecord(id: "b", index: 1, reason: "name must not be empty")])
    }
}
