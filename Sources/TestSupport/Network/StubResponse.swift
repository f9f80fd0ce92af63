import Foundation
import Network
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One scripted answer of a `StubTransport`.
public struct StubResponse: Sendable {
    public var outcome: Result<HTTPResponse, NetworkError>
    /// Cancelled, it throws `NetworkError.cancelled`.
    public var delay: Duration = .zero
    /// Made before the wait, in order.
    public var progress: [TransferReport] = []

    public static func status(_ status: Int, headers: HTTPHeaders = [:], body: Data = Data()) -> StubResponse
    {
        StubResponse(outcome: .success(HTTPResponse(status: status, headers: headers, body: body)))
    }

    /// `json` as a UTF-8 body, with `Content-Type: application/json`.
    public static func json(_ status: Int = 200, _ json: String, headers: HTTPHeaders = [:]) -> StubResponse {
        var fields = Array(headers.map { ($0.name, $0.value) })
        fields.append(("Content-Type", "application/json"))
        return .status(status, headers: HTTPHeaders(fields), body: Data(json.utf8))
    }

    public static func failure(_ error: NetworkError) -> StubResponse {
        StubResponse(outcome: .failure(error))
    }

    public func delayed(by delay: Duration) -> StubResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    public func reporting(_ progress: TransferReport...) -> StubResponse {
        var copy = self
        copy.progress += progress
        return copy
    }
}
