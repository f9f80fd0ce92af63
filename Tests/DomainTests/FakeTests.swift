import Domain
import TestSupport
import Testing

@Suite("Fakes fail loudly")
struct FakeTests {
    @Test("a fake called without being set up fails the test, naming the call")
    func unsetFakeFails() async throws {
        let repository = FakeHeroRepository()
        await withKnownIssue {
            _ = try? await repository.hero(try Hero.ID("0007"))
        } matching: { issue in
            issue.description.contains("HeroRepository.hero(_:) was called, but the test never set it up")
        }
        #expect(repository.calls == [.hero(try Hero.ID("0007"))])
    }

    @Test("a cipher fake that cannot throw still fails the test when not set up")
    func unsetCipherFails() {
        let cipher = FakeSecretIdentityCipher()
        withKnownIssue {
            #expect(cipher.open(SealedSecret(base64: "x")) == nil)
        } matching: { issue in
            issue.description.contains("SecretIdentityCipher.open(_:)")
        }
    }
}
