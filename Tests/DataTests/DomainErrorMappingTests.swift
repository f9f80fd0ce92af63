import Domain
import Network
import Testing

@testable import Data

@Suite("DomainErrorMapping")
struct DomainErrorMappingTests {
    static func status(_ code: Int, _ body: String = "") -> NetworkError {
        .unacceptableStatus(code: code, headers: HTTPHeaders(), bodyExcerpt: body)
    }

    @Test(
        "each network failure maps to the domain error it means",
        arguments: [
            (status(404), DomainError.notFound("hero 0007")),
            (
                status(409, #"{"error":{"code":"conflict","message":"code_name is taken"}}"#),
                .conflict("code_name is taken")
            ),
            (status(412), .preconditionFailed),
            (
                status(
                    422,
                    #"{"error":{"code":"validation_failed","message":"bad","fields":{"code_name":"too long","powers":"too many"}}}"#
                ),
                .invalid([.codeName: "too long", .powers: "too many"])
            ),
            (
                status(422, #"{"error":{"code":"validation_failed","fields":{"nickname":"is rude"}}}"#),
                .invalid([.request: "nickname is rude"])
            ),
            (status(422, "not json"), .invalid([.request: "was refused as invalid"])),
            (
                status(413, #"{"error":{"code":"payload_too_large","message":"over 5 MiB"}}"#),
                .invalid([.request: "over 5 MiB"])
            ),
            (status(503), .unavailable("the server answered 503")),
            (status(418), .badData("unexpected status 418")),
            (.unauthorized(realm: "heroes"), .unauthorized(realm: "heroes")),
            (.forbidden, .forbidden),
            (.timedOut, .unavailable("the server did not answer in time")),
            (.transport(code: -1004, message: "could not connect"), .unavailable("could not connect")),
            (.responseTooLarge(limit: 1024), .badData("the answer is larger than the limit of 1024 bytes")),
            (.tooManyRedirects, .badData("the server redirected too many times")),
            (.incompleteBody(expected: 10, received: 4), .badData("the answer ended after 4 of 10 bytes")),
            (
                .unexpectedContentType("text/html", bodyExcerpt: "<html>"),
                .badData("the answer is text/html, not the expected format")
            ),
            (
                .tokenRefreshFailed(TokenRefreshFailure(.unauthorized(realm: "heroes"))),
                .unauthorized(realm: "heroes")
            ),
            (
                .tokenRefreshFailed(TokenRefreshFailure(.timedOut)),
                .unavailable("the server did not answer in time")
            ),
        ] as [(NetworkError, DomainError)]
    )
    func maps(error: NetworkError, expected: DomainError) {
        #expect(DomainErrorMapping.domainError(for: error, notFound: "hero 0007") as? DomainError == expected)
    }

    @Test("a cancelled call stays a cancellation, not a domain error")
    func cancellation() {
        #expect(DomainErrorMapping.domainError(for: .cancelled, notFound: "x") is CancellationError)
    }
}
