import Domain
import Foundation
import TestSupport

/// The heroes the view tests draw, with a wide-character name and a hero without a team.
enum Heroes {
    static let updatedAt = Date(timeIntervalSince1970: 1_796_040_000)

    static func nightOwl() throws -> Hero { try Hero.sample() }

    static func tokyo() throws -> Hero {
        try Hero.sample(
            id: "0012", codeName: "東京 Kitsune 🦊", sealedRealName: nil, powers: ["Foxfire", "Illusions"],
            picture: nil, team: Team.sample(id: "night-shift", name: "Night Shift"), version: 1
        )
    }

    static func loner() throws -> Hero {
        try Hero.sample(
            id: "0031", codeName: "Quiet Tide",
            powers: ["Tidal control", "Breathing under water", "Talking to whales at great distances"],
            team: nil, version: 7
        )
    }

    static func roster() throws -> [Hero] { [try nightOwl(), try tokyo(), try loner()] }
}
