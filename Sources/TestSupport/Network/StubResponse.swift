import Foundation
import Network
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One scripted answer of a `StubTransport`.
public struct StubResponse: Sendable {
    /// The response, or the error the transport throws.
    public var outcome: Result<HTTPResponse, NetworkError>
    /// The wait before answering; cancelled, it throws `NetworkError.cancelled`.
    public var delay: Duration = .zero
    /// Progress reports made before the wait, in order.
    public var progress: [TransferReport] = []

    /// A response with `status`, `headers` and `body`.
    public static func status(_ status: Int, headers: HTTPHeaders = [:], body: Data = Data()) -> StubResponse
    {
        StubResponse(outcome: .success(HTTPResponse(status: status, headers: headers, body: body)))
    }

    /// A response with `status` and the UTF-8 JSON `json` as its body.
    public static func json(_ status: Int = 200, _ json: String, headers: HTTPHeaders = [:]) -> StubResponse {
        var fields = Array(headers.map { ($0.name, $0.value) })
        fields.append(("Content-Type", "application/json"))
        return .status(status, headers: HTTPHeaders(fields), body: Data(json.utf8))
    }

    /// The transport throws `error`.
    public static func failure(_ error: NetworkError) -> StubResponse {
        StubResponse(outcome: .failure(error))
    }

    /// The same answer, given after `delay`.
    public func delayed(by delay: Duration) -> StubResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// The same answer, reporting `progress` first.
    public func reporting(_ progress: TransferReport...) -> StubResponse {
        var copy = self
        copy.progress += progress
        return copy
    }
}
