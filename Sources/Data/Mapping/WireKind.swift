/// The kind of JSON a transformer reads, so that `JSONDecoder` can be asked for exactly that
/// and never has to guess (a `Decoder` only says whether a guess was right, and a wrong guess
/// costs a thrown error).
public indirect enum WireKind: Sendable {
    /// Anything: read as a `JSONValue`, kind by kind.
    case any
    /// A string.
    case string
    /// A whole number.
    case integer
    /// An array of strings.
    case strings
    /// An object read by another mapping's layout (a to-one relationship).
    case object(RecordLayout)
    /// `null` or a missing key, or the wrapped kind.
    case optional(WireKind)
}
