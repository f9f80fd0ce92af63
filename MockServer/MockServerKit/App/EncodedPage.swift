/// A JSON body encoded once per version of the store (a page of heroes, one hero, the teams),
/// with its 200's fields made once too, so a GET builds nothing per request.
struct EncodedPage {
    let body: [UInt8]
    /// Changes with any change to what the body holds.
    let entityTag: String
    /// `Content-Type` and `ETag`, as a 200 sends them.
    let fields: [HTTPField]
    /// Its 200 in advance.
    let prebuilt: PrebuiltResponse

    init(body: [UInt8], entityTag: String) {
        self.body = body
        self.entityTag = entityTag
        fields = [ServerResponse.jsonContentType, HTTPField(name: "ETag", value: entityTag)]
        prebuilt = PrebuiltResponse(fields: fields)
    }
}
