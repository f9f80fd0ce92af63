import Domain
import Foundation

/// Creates and edits heroes, showing each field's problem or the saved hero.
@MainActor
public final class HeroEditorPresenter {
    private let createHero: CreateHero
    private let updateHero: UpdateHero
    private let getRealName: GetRealName

    /// `getRealName` reveals a kept real name after an edit.
    public init(createHero: CreateHero, updateHero: UpdateHero, getRealName: GetRealName) {
        self.createHero = createHero
        self.updateHero = updateHero
        self.getRealName = getRealName
    }

    /// Field problems are shown first; errors are rethrown.
    public func create(
        with view: any HeroEditorView,
        codeName: String,
        powers: [String] = [],
        team: Team.ID? = nil,
        realName: String? = nil
    ) async throws {
        let saved = try await reportingProblems(to: view) {
            try await createHero(codeName: codeName, powers: powers, team: team, realName: realName)
        }
        view.show(
            saved, realName: realName.map { .revealed(Self.trimmed($0)) } ?? .unrecorded, isStale: false)
    }

    /// Field problems are shown first; errors are rethrown.
    public func update(with view: any HeroEditorView, id: Hero.ID, edit: HeroEdit) async throws {
        let saved = try await reportingProblems(to: view) { try await updateHero(id, applying: edit) }
        let realName: RealName =
            switch edit.realName {
            case .set(let name): .revealed(Self.trimmed(name))
            case .clear: .unrecorded
            // The saved hero is what the write answered: open its name rather than read it again.
            case .keep: getRealName(saved)
            }
        view.show(saved, realName: realName, isStale: false)
    }

    private func reportingProblems(
        to view: any HeroEditorView, _ write: () async throws -> Hero
    ) async throws -> Hero {
        do {
            return try await write()
        } catch {
            if case DomainError.invalid(let fields) = error { view.showProblems(FieldProblem.list(fields)) }
            throw error
        }
    }

    private static func trimmed(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
