/// A page of heroes, encoded once per version of the store.
struct EncodedPage {
    let body: [UInt8]
    /// Changes with any change to the heroes.
    let entityTag: String
}
