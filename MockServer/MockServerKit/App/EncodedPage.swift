/// A page of heroes, encoded once per version of the store.
struct EncodedPage {
    /// The page's JSON.
    let body: [UInt8]
    /// Its entity tag, which changes with any change to the heroes.
    let entityTag: String
}
