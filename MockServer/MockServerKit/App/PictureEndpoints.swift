/// The contract's picture endpoints (docs/API.md): PNG download and upload.
extension HeroesApplication {
    /// `GET /v1/heroes/{id}/picture`; 404 when the hero or picture is absent.
    func picture(_ id: String, _ request: ServerRequest) -> ServerResponse {
        let found = store.withLock { store in store.hero(id).map { ($0, store.pictures[id]) } }
        guard let (hero, bytes) = found else { return notFound(id) }
        guard hero.hasPicture, let bytes else {
            return ErrorBody.response(status: 404, message: "hero \(id) has no picture")
        }
        let tag = "\"\(id)-\(hero.version)-picture\""
        if Preconditions.notModified(request.value("if-none-match"), current: tag) {
            return ServerResponse(status: 304, fields: [HTTPField(name: "ETag", value: tag)], body: [])
        }
        return ServerResponse(
            status: 200,
            fields: [
                HTTPField(name: "Content-Type", value: "image/png"), HTTPField(name: "ETag", value: tag),
            ],
            body: bytes)
    }

    /// `PUT /v1/heroes/{id}/picture`: editor only; not `image/png` is 415 (the HTTP layer
    /// refuses over 5 MiB with 413).
    func putPicture(_ id: String, _ request: ServerRequest) -> ServerResponse {
        if let refusal = refuseUnlessEditor(request) { return refusal }
        guard store.withLock({ $0.hero(id) }) != nil else { return notFound(id) }
        let mediaType = request.value("content-type")?.split(separator: ";").first?.trimmingWhitespace()
        guard let mediaType, mediaType.lowercased() == "image/png" else {
            return ErrorBody.response(status: 415, message: "a picture must be sent as image/png")
        }
        return store.withLock { store in
            let record: HeroRecord
            switch store.setPicture(id, request.body, now: Self.timestamp()) {
            case .changed(let changed): record = changed
            case .missing: return notFound(id)
            case .versionExhausted: return versionExhausted(id)
            case .full:
                let mebibytes = store.limits.maximumPictureBytes >> 20
                return ErrorBody.response(
                    status: 507, message: "the server holds its most pictures, \(mebibytes) MiB in all")
            }
            if let failure = persist(&store) { return failure }
            let tag = "\"\(id)-\(record.version)-picture\""
            return ServerResponse(status: 204, fields: [HTTPField(name: "ETag", value: tag)], body: [])
        }
    }
}
