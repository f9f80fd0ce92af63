/// Why a request cannot be served at the framing level; the connection closes after.
struct HTTPFailure: Error {
    /// 400, 408, 413, 417, 431, 501 or 505.
    let status: Int
    let message: String
}
