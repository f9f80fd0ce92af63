/// The contract's routes: paths and their methods (404, and 405 with `Allow`).
extension HeroesApplication {
    private static let healthBody = WireJSON.encode(["status": "ok"])

    func route(_ request: ServerRequest) -> ServerResponse {
        guard let segments = PathSegments(request.path) else {
            return ErrorBody.response(status: 400, message: "the path is not valid percent-encoded UTF-8")
        }
        let method = request.method == .head ? .get : request.method
        switch segments.count {
        case 2 where segments.segment(1, is: "health"):
            return refusal(request, unless: AllowedMethods.read)
                ?? ServerResponse.json(200, Self.healthBody)
        case 3 where segments.segment(1, is: "v1") && segments.segment(2, is: "token"):
            return refusal(request, unless: AllowedMethods.token) ?? issueToken(request)
        default:
            break
        }
        // A bearer token on any other route must be valid, reads too (RFC 6750 §3.1): the client
        // learns its token expired instead of being served as anonymous.
        if let token = Authenticator.bearerToken(in: request.value("authorization")),
            authenticator.tokens.role(for: token) == nil
        {
            return Self.invalidTokenResponse
        }
        // Made once for the routes that take a hero id.
        let id = segments.count == 4 || segments.count == 5 ? String(segments[3]) : ""
        switch segments.count {
        case 3 where segments.segment(1, is: "v1") && segments.segment(2, is: "teams"):
            return refusal(request, unless: AllowedMethods.read) ?? teams(request)
        case 3 where segments.segment(1, is: "v1") && segments.segment(2, is: "heroes"):
            if let refusal = refusal(request, unless: AllowedMethods.collection) { return refusal }
            return method == .get ? list(request) : create(request)
        case 4
        where segments.segment(1, is: "v1") && segments.segment(2, is: "heroes")
            && HeroRecord.isValidID(id):
            if let refusal = refusal(request, unless: AllowedMethods.hero) { return refusal }
            switch method {
            case .get: return hero(id, request)
            case .put: return replace(id, request)
            default: return delete(id, request)
            }
        case 5
        where segments.segment(1, is: "v1") && segments.segment(2, is: "heroes")
            && HeroRecord.isValidID(id)
            && segments.segment(4, is: "picture"):
            if let refusal = refusal(request, unless: AllowedMethods.picture) { return refusal }
            return method == .get ? picture(id, request) : putPicture(id, request)
        default:
            return ErrorBody.response(
                status: 404, message: "no resource at \(segments.joined())")
        }
    }

    /// 405 with `Allow` unless the method is one of `methods`; nil when it is. A check, not a
    /// closure around the endpoint: this runs per request.
    private func refusal(_ request: ServerRequest, unless methods: [HTTPMethod]) -> ServerResponse? {
        guard !methods.contains(request.method) else { return nil }
        let allowed = methods.map(\.description).joined(separator: ", ")
        return ErrorBody.response(
            status: 405, message: "\(request.method) is not allowed here; allowed: \(allowed)",
            extra: [HTTPField(name: "Allow", value: allowed)])
    }

    /// 401 or 403 unless an editor's credentials come.
    func refuseUnlessEditor(_ request: ServerRequest) -> ServerResponse? {
        switch authenticator.authorizeWrite(request.value("authorization")) {
        case .allowed:
            return nil
        case .forbidden:
            return ErrorBody.response(status: 403, message: "writes need the editor role")
        case .unauthorized(let message):
            return ErrorBody.response(
                status: 401, message: message,
                extra: [HTTPField(name: "WWW-Authenticate", value: #"Basic realm="heroes""#)]
            )
        case .invalidToken:
            return Self.invalidTokenResponse
        }
    }

    /// 401 for an expired or unknown bearer token: the Basic challenge every 401 carries
    /// (docs/API.md), which Basic-only clients read, then RFC 6750's.
    static var invalidTokenResponse: ServerResponse {
        ErrorBody.response(
            status: 401, message: "the bearer token is expired or unknown",
            extra: [
                HTTPField(name: "WWW-Authenticate", value: #"Basic realm="heroes""#),
                HTTPField(
                    name: "WWW-Authenticate", value: #"Bearer realm="heroes", error="invalid_token""#),
            ])
    }

    /// `POST /v1/token`: Basic credentials in, an OAuth 2-shaped bearer token out (RFC 6749
    /// §5.1); a viewer's token reads, an editor's writes too.
    func issueToken(_ request: ServerRequest) -> ServerResponse {
        let refusal = ErrorBody.response(
            status: 401, message: "a token needs a user's HTTP Basic credentials",
            extra: [HTTPField(name: "WWW-Authenticate", value: #"Basic realm="heroes""#)])
        guard let authorization = request.value("authorization"),
            case .some(.some(let user)) = authenticator.basicUser(authorization)
        else { return refusal }
        let token = authenticator.tokens.issue(for: user.role, user: user.name)
        let seconds = max(1, authenticator.tokens.lifetime.components.seconds)
        var response = ServerResponse.json(
            200, WireJSON.encode(TokenBody(accessToken: token, tokenType: "Bearer", expiresIn: seconds)))
        // RFC 6749 §5.1: a token response is never cached.
        response.fields.append(HTTPField(name: "Cache-Control", value: "no-store"))
        return response
    }
}

/// Made once, not per request.
private enum AllowedMethods {
    static let read: [HTTPMethod] = [.get, .head]
    static let collection: [HTTPMethod] = [.get, .head, .post]
    static let hero: [HTTPMethod] = [.get, .head, .put, .delete]
    static let picture: [HTTPMethod] = [.get, .head, .put]
    static let token: [HTTPMethod] = [.post]
}

private struct TokenBody: Encodable {
    let accessToken: String
    let tokenType: String
    let expiresIn: Int64

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
    }
}
