import Domain
import TestSupport
import Testing

@Suite("Fakes fail loudly")
struct FakeTests {
    @Test("a fake called without being set up fails the test, naming the call")
    func unsetFakeFails() async throws {
        let repository = FakeHeroRepository()
        let madeAt = #_sourceLocation
        await withKnownIssue {
            _ = try? await repository.hero(try Hero.ID("0007"))
        } matching: { issue in
            // The failure points at the test that made the fake, not into TestSupport.
            issue.description.contains("HeroRepository.hero(_:) was called, but the test never set it up")
                && issue.sourceLocation?.fileID == madeAt.fileID
                && issue.sourceLocation?.line == madeAt.line - 1
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

    @Test("a synchronous call to a stub whose answer awaits fails the test instead of hanging")
    func asyncAnswerForSyncCall() {
        let cipher = FakeSecretIdentityCipher()
        cipher.onSeal.answers { _ async throws in
            try await Task.sleep(for: .milliseconds(1))
            return SealedSecret(base64: "x")
        }
        withKnownIssue {
            #expect(throws: UnimplementedCall.self) { try cipher.seal("Ada") }
        } matching: { issue in
            issue.description.contains("SecretIdentityCipher.seal(_:) is synchronous")
        }
    }
}
