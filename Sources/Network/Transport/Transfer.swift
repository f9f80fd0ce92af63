import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One task's state inside `SessionDelegate`; every property is guarded by the delegate's lock.
final class Transfer {
    /// What a finished task produced.
    struct Outcome: Sendable {
        let head: HTTPResponseHead
        let body: Data
    }

    /// Where a download goes; nil for a data or upload task.
    let destination: URL?
    let progress: ProgressHandler?
    var continuation: CheckedContinuation<Outcome, any Error>?
    var body = Data()
    var cancelled = false
    /// Set when the delegate declined an authentication challenge; the task then ends with
    /// `cancelled` although the server answered (with a 401).
    var declinedChallenge = false
    var fileError: String?

    init(destination: URL?, progress: ProgressHandler?) {
        self.destination = destination
        self.progress = progress
    }

    /// The task's result from its response and completion error.
    func outcome(response: URLResponse?, error: (any Error)?) -> Result<Outcome, NetworkError> {
        let answered = declinedChallenge && !cancelled && (response as? HTTPURLResponse)?.statusCode == 401
        if let error, !answered {
            return .failure(Self.networkError(error, cancelled: cancelled, afterHead: response != nil))
        }
        if let fileError {
            return .failure(.transport(code: URLError.cannotMoveFile.rawValue, message: fileError))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(
                .transport(code: URLError.badServerResponse.rawValue, message: "not an HTTP response"))
        }
        let fields = http.allHeaderFields.compactMap { name, value -> (String, String)? in
            guard let name = name as? String else { return nil }
            return (name, "\(value)")
        }
        let headers = HTTPHeaders(fields.sorted { $0.0.lowercased() < $1.0.lowercased() })
        return .success(
            Outcome(head: HTTPResponseHead(status: http.statusCode, headers: headers), body: body))
    }

    /// Maps a URLSession error to the case a caller acts on.
    static func networkError(_ error: any Error, cancelled: Bool, afterHead: Bool) -> NetworkError {
        var code = (error as? URLError)?.code.rawValue ?? (error as NSError).code
        if cancelled || code == URLError.cancelled.rawValue { return .cancelled }
        if code == URLError.timedOut.rawValue { return .timedOut }
        // FoundationNetworking reports a body cut short ("transfer closed with N bytes remaining")
        // as an unknown error; after the head arrived, that is a connection lost mid-body.
        if code == URLError.unknown.rawValue && afterHead { code = URLError.networkConnectionLost.rawValue }
        return .transport(code: code, message: (error as NSError).localizedDescription)
    }
}
