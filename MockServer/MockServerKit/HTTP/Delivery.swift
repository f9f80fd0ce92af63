/// How a response travels: normally, or damaged on purpose (the transport-level faults).
struct Delivery {
    /// What happens to the bytes.
    enum Mode: Equatable {
        /// The response as it is.
        case normal
        /// A TCP reset instead of a response.
        case reset
        /// The connection is closed without a byte of response.
        case closeBeforeHeaders
        /// The head and only this many body bytes, then the connection is closed.
        case truncateBody(Int)
        /// Nothing at all, until the client gives up or the idle timeout ends the connection.
        case stall
        /// The head at once, then the body in small pieces with pauses between them.
        case trickle(pauseMilliseconds: Int, pieces: Int = Delivery.tricklePieces)
        /// The body's bytes alone, no status line or head, then the connection is closed (bytes
        /// that are not HTTP, as WireMock's `RANDOM_DATA_THEN_CLOSE`).
        case bodyWithoutHeadThenClose

        /// Whether the connection stays usable after the response: only normal and trickled
        /// deliveries leave it whole.
        var keepsConnection: Bool {
            switch self {
            case .normal, .trickle: true
            case .reset, .closeBeforeHeaders, .truncateBody, .stall, .bodyWithoutHeadThenClose: false
            }
        }
    }

    /// How many pieces a trickled body is cut into when the fault names no number.
    static let tricklePieces = 8

    /// The pause between a trickled body's pieces when the fault names none.
    static let tricklePauseMilliseconds = 50

    /// Milliseconds to wait before the first byte.
    var delayMilliseconds = 0
    /// What happens to the bytes.
    var mode = Mode.normal
    /// When set, the response is given later (a long poll); `mode` is then ignored.
    var deferred: DeferredResponse?
}
