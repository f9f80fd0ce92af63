import Domain
import TestSupport
import Testing

@Suite("GetRealName")
struct GetRealNameTests {
    let cipher = FakeSecretIdentityCipher()
    var getRealName: GetRealName { GetRealName(cipher: cipher) }

    @Test("the right key reveals the real name of the hero it is given")
    func rightKeyReveals() throws {
        let hero = try Hero.sample(sealedRealName: SealedSecret(base64: "sealed-ada"))
        cipher.onOpen.answers { $0.base64 == "sealed-ada" ? "Ada Quill" : nil }

        #expect(getRealName(hero) == .revealed("Ada Quill"))
        #expect(cipher.calls == [.open(SealedSecret(base64: "sealed-ada"))])
    }

    @Test("no key, the wrong key or a sealed form that does not open is classified, never an error")
    func wrongKeyIsClassified() throws {
        let hero = try Hero.sample(sealedRealName: SealedSecret(base64: "%%% damaged"))
        cipher.onOpen.returns(nil)

        #expect(getRealName(hero) == .classified)
        #expect(cipher.calls == [.open(SealedSecret(base64: "%%% damaged"))])
    }

    @Test("a hero with no secret identity is unrecorded, and the cipher is not asked")
    func noSecretIsUnrecorded() throws {
        let hero = try Hero.sample(sealedRealName: nil)

        #expect(getRealName(hero) == .unrecorded)
        #expect(cipher.calls.isEmpty)
    }
}
