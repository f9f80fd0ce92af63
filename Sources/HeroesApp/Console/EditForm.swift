import Domain
import Foundation
import Presentation

/// The edit questions: Enter keeps the default, `-` removes an optional field, commas split powers.
@MainActor
struct EditForm {
    struct Answers: Sendable, Equatable {
        var codeName: String
        var realName: String?
        var powers: String
        var team: String?
        /// `-` was typed for a real name that exists, even one the key cannot open.
        var clearsRealName = false
    }

    enum Outcome: Sendable {
        case answered(Answers)
        case interrupted
        case ended
    }

    let prompt: ConsolePrompt

    /// The answers as they stand for `hero`; a classified real name has no default to show.
    static func defaults(for hero: HeroSnapshotView.Snapshot) -> Answers {
        let realName: String? =
            switch hero.realName {
            case .revealed(let name): name
            case .classified, .unrecorded: nil
            }
        return Answers(
            codeName: hero.codeName, realName: realName, powers: hero.powers.joined(separator: ", "),
            team: hero.team?.id.rawValue)
    }

    func ask(from defaults: Answers, classified: Bool) async -> Outcome {
        var answers = defaults
        let realDefault = defaults.realName ?? (classified ? "classified: kept" : "none")
        do throws(Stopped) {
            let codeName = try await field("code name", defaults.codeName)
            answers.codeName = codeName.isEmpty ? defaults.codeName : codeName
            let realName = try await field("real name", realDefault, clearable: true)
            answers.realName = Self.optional(realName, default: defaults.realName)
            answers.clearsRealName =
                realName.isEmpty
                ? defaults.clearsRealName : realName == "-" && (defaults.realName != nil || classified)
            let powers = try await field("powers", defaults.powers)
            answers.powers = powers.isEmpty ? defaults.powers : powers
            answers.team = Self.optional(
                try await field("team", defaults.team ?? "none", clearable: true), default: defaults.team)
        } catch let stopped {
            return stopped.outcome
        }
        return .answered(answers)
    }

    /// The edit that turns `before` into `after`, naming only the fields that changed.
    static func edit(from before: Answers, to after: Answers) -> HeroEdit {
        HeroEdit(
            codeName: after.codeName == before.codeName ? nil : after.codeName,
            powers: after.powers == before.powers ? nil : powerList(after.powers),
            team: change(before.team, after.team).map(Team.ID.init),
            realName: after.clearsRealName ? .clear : change(before.realName, after.realName))
    }

    static func powerList(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private struct Stopped: Error {
        let outcome: Outcome
    }

    private func field(_ label: String, _ current: String, clearable: Bool = false) async throws(Stopped)
        -> String
    {
        let hint = clearable ? " ('-' removes)" : ""
        // The current value is data: shown escaped, as every view shows it.
        switch await prompt.ask("  \(label) [\(current.terminalEscaped())]\(hint): ") {
        case .line(let line): return line.trimmingCharacters(in: .whitespaces)
        case .interrupt: throw Stopped(outcome: .interrupted)
        case .end: throw Stopped(outcome: .ended)
        }
    }

    private static func optional(_ typed: String, default current: String?) -> String? {
        if typed.isEmpty { return current }
        return typed == "-" ? nil : typed
    }

    private static func change(_ before: String?, _ after: String?) -> FieldEdit<String> {
        guard before != after else { return .keep }
        return after.map { .set($0) } ?? .clear
    }
}
