/// Why a request cannot be served at the framing level. The connection is closed after the answer.
struct HTTPFailure: Error {
    /// The status to answer with (400, 408, 413, 417, 431, 501 or 505).
    let status: Int
    /// A sentence for the error body.
    let message: String
}
