import Domain
import Presentation
import Testing

@MainActor
@Suite("ErrorPresenter")
struct ErrorPresenterTests {
    struct Weird: Error, CustomStringConvertible {
        var description: String { "fetch https://editor:s3cret@heroes.example/v1 failed\nbadly" }
    }

    @Test(
        "each Domain error has a stable code and a message that says what to do next",
        arguments: [
            (DomainError.notFound("hero 0042"), "not_found", "not found: hero 0042"),
            (
                .unauthorized(realm: "heroes"), "unauthorized",
                "unauthorized (realm \"heroes\"): set HEROES_USER and HEROES_PASSWORD for an editor account"
            ),
            (
                .forbidden, "forbidden",
                "forbidden: the user is not an editor; set HEROES_USER and HEROES_PASSWORD for an editor account"
            ),
            (.conflict("code name taken"), "conflict", "conflict: code name taken"),
            (
                .preconditionFailed, "precondition_failed",
                "the hero changed since it was read: show the hero again and retry"
            ),
            (
                .invalid([.realName: "needs a clearance key", .codeName: "must not be empty"]),
                "validation_failed",
                "invalid: code name must not be empty; real name needs a clearance key"
            ),
            (
                .unavailable("connection refused"), "unavailable",
                "server unavailable (connection refused): check --server, or use --offline to read the cache"
            ),
            (.badData("no id"), "bad_data", "the server sent bad data: no id"),
        ] as [(DomainError, String, String)]
    )
    func domainErrors(error: DomainError, code: String, message: String) {
        let model = ErrorPresenter.viewModel(for: error)
        #expect(model.code.rawValue == code)
        #expect(model.message == message)
    }

    @Test("validation failures carry their fields")
    func fields() {
        let model = ErrorPresenter.viewModel(for: DomainError.invalid([.codeName: "must not be empty"]))
        #expect(model.fields == ["codeName": "must not be empty"])
    }

    @Test("cancellation and unknown errors have their own codes, without credentials")
    func otherErrors() {
        #expect(
            ErrorPresenter.viewModel(for: CancellationError())
                == ErrorViewModel(code: .cancelled, message: "cancelled"))
        let model = ErrorPresenter.viewModel(for: Weird())
        #expect(model.code == .internalError)
        #expect(model.code.rawValue == "internal")
        #expect(model.message == "internal error: fetch https://heroes.example/v1 failed\nbadly")
        #expect(!model.message.contains("s3cret"))
    }

    @Test("present(_:with:) shows the view model on the view")
    func present() {
        let view = SpyView()
        ErrorPresenter().present(DomainError.forbidden, with: view)
        #expect(view.events == [.error(ErrorPresenter.viewModel(for: DomainError.forbidden))])
    }

    @Test("the CLI's own codes build directly, and a message is kept exactly as said")
    func cliCodes() {
        #expect(ErrorCode.usage.rawValue == "usage")
        #expect(ErrorCode.config.rawValue == "config")
        #expect(ErrorViewModel(code: .usage, message: "unknown\u{1B}\n").message == "unknown\u{1B}\n")
    }
}
