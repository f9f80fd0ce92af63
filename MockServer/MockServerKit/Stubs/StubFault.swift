/// WireMock's `fault` values, each delivered as one of the server's transport faults.
enum StubFault: String, Sendable, CaseIterable {
    case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
    case emptyResponse = "EMPTY_RESPONSE"
    case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"

    /// The delivery carrying the fault, from the stub's own response.
    func apply(to response: inout ServerResponse) -> Delivery.Mode {
        switch self {
        case .connectionResetByPeer:
            return .reset
        case .emptyResponse:
            return .closeBeforeHeaders
        case .malformedResponseChunk:
            // The head promises the whole body and half comes: the response breaks off, as a
            // bad chunk makes it.
            if response.body.count < 2 { response.body = Array("a response cut short".utf8) }
            if !ResponseEncoder.hasBody(response.status) { response.status = 200 }
            return .truncateBody(response.body.count / 2)
        case .randomDataThenClose:
            response.body = (0..<64).map { _ in UInt8.random(in: 0...255) }
            return .bodyWithoutHeadThenClose
        }
    }
}
