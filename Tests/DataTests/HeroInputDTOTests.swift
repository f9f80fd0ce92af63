import Data
import Domain
import Foundation
import Testing

@Suite("HeroInputDTO")
struct HeroInputDTOTests {
    @Test("a draft becomes the create/replace body with every key, nulls included")
    func encodesInput() throws {
        let draft = try HeroDraft(codeName: "Ember", powers: ["Fire"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(HeroInputDTO(draft)), as: UTF8.self)
        #expect(json == #"{"code_name":"Ember","encrypted_real_name":null,"powers":["Fire"],"team_id":null}"#)

        let full = try HeroDraft(
            codeName: "Ember", teamID: Team.ID("dawn-guard"), sealedRealName: SealedSecret(base64: "c2Vh"))
        #expect(HeroInputDTO(full).teamID == "dawn-guard")
        #expect(HeroInputDTO(full).encryptedRealName == "c2Vh")
    }
}
