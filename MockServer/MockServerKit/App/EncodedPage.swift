/// A JSON body and its 200's fields, made once per version of the store, so a GET builds
/// nothing per request.
struct EncodedPage {
    let body: [UInt8]
    /// Changes with any change to what the body holds.
    let entityTag: String
    /// `Content-Type` and `ETag`, as a 200 sends them.
    let fields: [HTTPField]
    let prebuilt: PrebuiltResponse

    init(body: [UInt8], entityTag: String) {
        self.body = body
        self.entityTag = entityTag
        fields = [ServerResponse.jsonContentType, HTTPField(name: "ETag", value: entityTag)]
        prebuilt = PrebuiltResponse(fields: fields)
    }
}
