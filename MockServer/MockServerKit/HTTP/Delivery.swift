/// How a response travels: normally, or damaged on purpose (transport faults).
struct Delivery {
    enum Mode: Equatable {
        case normal
        case reset
        /// Closed without a byte of response.
        case closeBeforeHeaders
        /// The head and this many body bytes, then close.
        case truncateBody(Int)
        /// Nothing, until the client gives up or the idle timeout ends it.
        case stall
        /// The head at once, then the body in small pieces with pauses.
        case trickle(pauseMilliseconds: Int, pieces: Int = Delivery.tricklePieces)
        /// The body alone, no head, then close (WireMock's `RANDOM_DATA_THEN_CLOSE`).
        case bodyWithoutHeadThenClose

        /// Whether the connection stays usable: only normal and trickled deliveries.
        var keepsConnection: Bool {
            switch self {
            case .normal, .trickle: true
            case .reset, .closeBeforeHeaders, .truncateBody, .stall, .bodyWithoutHeadThenClose: false
            }
        }
    }

    /// Trickle pieces when the fault names no number.
    static let tricklePieces = 8

    /// Trickle pause when the fault names none.
    static let tricklePauseMilliseconds = 50

    var delayMilliseconds = 0
    var mode = Mode.normal
    /// When set, the response comes later (a long poll) and `mode` is ignored.
    var deferred: DeferredResponse?
}
