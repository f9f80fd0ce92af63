import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's state: in `SessionDelegate` behind its lock, in `CurlTransfer` on the engine's thread.
final class Transfer {
    struct Outcome: Sendable {
        let head: HTTPResponseHead
        let body: Data
    }

    /// Nil unless downloading.
    let destination: URL?
    let progress: ProgressHandler?
    /// One byte more stops the task.
    let limit: Int64
    var continuation: CheckedContinuation<Outcome, any Error>?
    var body = Data()
    /// In memory or in the file.
    var received: Int64 = 0
    /// Renamed to `destination` at the end.
    var partialFile: (url: URL, handle: FileHandle)?
    var cancelled = false
    var redirects = 0
    var tooManyRedirects = false
    var exceededLimit = false
    /// The task then ends `cancelled` though the server answered 401.
    var declinedChallenge = false
    var fileError: String?

    init(destination: URL?, limit: Int64, progress: ProgressHandler?) {
        self.destination = destination
        self.limit = limit
        self.progress = progress
    }

    /// False past `limit` (nothing kept) or when the file cannot be written.
    func receive(_ data: Data, expectedLength: Int64) -> Bool {
        guard received + Int64(data.count) <= limit, expectedLength <= limit else {
            exceededLimit = true
            discardPartialFile()
            return false
        }
        received += Int64(data.count)
        guard let destination else {
            body.append(data)
            return true
        }
        do {
            let handle = try partialFile?.handle ?? openPartialFile(next: destination)
            try handle.write(contentsOf: data)
            return true
        } catch {
            fileError = "cannot write the download next to \(destination.path): \(error)"
            discardPartialFile()
            return false
        }
    }

    private func openPartialFile(next destination: URL) throws -> FileHandle {
        let url = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        partialFile = (url, handle)
        return handle
    }

    func discardPartialFile() {
        guard let (url, handle) = partialFile else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
        partialFile = nil
    }

    /// Replaces a file at `destination`, never a folder.
    private func finishDownload(at destination: URL) {
        let files = FileManager.default
        do {
            let source: URL
            if let (url, handle) = partialFile {
                try handle.close()
                source = url
            } else {
                source = destination.deletingLastPathComponent()
                    .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
                guard files.createFile(atPath: source.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown)
                }
            }
            partialFile = nil
            do {
                var isFolder: ObjCBool = false
                if files.fileExists(atPath: destination.path, isDirectory: &isFolder) {
                    guard !isFolder.boolValue else {
                        fileError = "cannot move the download to \(destination.path): it is a folder"
                        try? files.removeItem(at: source)
                        return
                    }
                    try files.removeItem(at: destination)
                }
                try files.moveItem(at: source, to: destination)
            } catch {
                try? files.removeItem(at: source)
                throw error
            }
        } catch {
            fileError = "cannot move the download to \(destination.path): \(error)"
        }
    }

    /// Moves a download into place on success, else removes its partial file.
    func outcome(head: HTTPResponseHead?, error: (any Error)?) -> Result<Outcome, TransportError> {
        let result = judge(head: head, error: error)
        if case .success = result, let destination {
            finishDownload(at: destination)
            if let fileError {
                return .failure(.failed(code: URLError.cannotMoveFile.rawValue, message: fileError))
            }
        } else {
            discardPartialFile()
        }
        return result
    }

    private func judge(head: HTTPResponseHead?, error: (any Error)?) -> Result<Outcome, TransportError> {
        if exceededLimit && !cancelled { return .failure(.responseTooLarge(limit: limit)) }
        if tooManyRedirects && !cancelled { return .failure(.tooManyRedirects) }
        let answered = declinedChallenge && !cancelled && head?.status == 401
        if let error, !answered {
            if !cancelled, let short = incompleteBody(head) { return .failure(short) }
            return .failure(Self.networkError(error, cancelled: cancelled, afterHead: head != nil))
        }
        if let fileError {
            return .failure(.failed(code: URLError.cannotCreateFile.rawValue, message: fileError))
        }
        guard let head else {
            return .failure(
                .failed(code: URLError.badServerResponse.rawValue, message: "not an HTTP response"))
        }
        return .success(Outcome(head: head, body: body))
    }

    /// Not for a compressed body.
    private func incompleteBody(_ head: HTTPResponseHead?) -> TransportError? {
        guard let head else { return nil }
        let encoding = head.headers["Content-Encoding"]?.lowercased() ?? "identity"
        let expected = head.headers["Content-Length"].flatMap { Int64($0) } ?? -1
        guard encoding == "identity", expected >= 0, received < expected else { return nil }
        return .incompleteBody(expected: expected, received: received)
    }

    static func networkError(_ error: any Error, cancelled: Bool, afterHead: Bool) -> TransportError {
        var code = (error as? URLError)?.code.rawValue ?? (error as NSError).code
        if cancelled || code == URLError.cancelled.rawValue { return .cancelled }
        if code == URLError.timedOut.rawValue { return .timedOut }
        // FoundationNetworking reports a body cut short as an unknown error.
        if code == URLError.unknown.rawValue && afterHead { code = URLError.networkConnectionLost.rawValue }
        return .failed(code: code, message: (error as NSError).localizedDescription)
    }
}
