import Foundation

/// One HAR entry as an exchange, or the reason it cannot be one.
enum HAREntry {
    enum Outcome {
        case exchange(RecordedExchange)
        case skipped(String)
    }

    static func read(_ entry: StubJSON, index: Int) throws(HARError) -> Outcome {
        let base = "$.log.entries[\(index)]"
        func fail(_ path: String, _ reason: String) -> HARError {
            HARError(entry: index, path: base + path, reason: reason)
        }
        guard case .object = entry else { throw fail("", "expected an object") }
        guard case .object? = entry["request"] else {
            throw fail(".request", entry["request"] == nil ? "missing" : "expected an object")
        }
        guard case .string(let method)? = entry["request"]?["method"], !method.isEmpty,
            method.utf8.allSatisfy(ByteClass.isToken)
        else { throw fail(".request.method", "expected a method name") }
        guard case .string(let address)? = entry["request"]?["url"], let url = target(of: address) else {
            throw fail(".request.url", "expected an absolute URL or a path")
        }
        var requestHeaders = try headers(entry["request"]?["headers"], at: ".request.headers", fail)
        let requestBody = try body(entry["request"]?["postData"], at: ".request.postData", fail)
        addContentType(entry["request"]?["postData"]?["mimeType"], to: &requestHeaders)

        guard let response = entry["response"], case .object = response else {
            throw fail(".response", entry["response"] == nil ? "missing" : "expected an object")
        }
        guard case .integer(let status)? = response["status"], (0...599).contains(status) else {
            throw fail(".response.status", "expected a status from 0 to 599")
        }
        if status == 0 { return .skipped("status 0 (no answer was received)") }
        guard StubRecorder.recordableStatuses.contains(status) else {
            return .skipped("status \(status) (an interim answer, which a stub cannot give)")
        }
        var responseHeaders = try headers(response["headers"], at: ".response.headers", fail)
        guard let content = response["content"], case .object = content else {
            return .skipped("the archive holds no content for its answer")
        }
        let responseBody = try body(content, at: ".response.content", fail)
        if responseBody.isEmpty, case .integer(let size)? = content["size"], size > 0 {
            return .skipped("the archive left out its \(size)-byte answer body")
        }
        addContentType(content["mimeType"], to: &responseHeaders)
        return .exchange(
            RecordedExchange(
                method: method, url: url, requestHeaders: requestHeaders, requestBody: requestBody,
                status: status, responseHeaders: responseHeaders, responseBody: responseBody))
    }

    /// Path and query of an absolute URL (the fragment dropped), or a path as it is.
    static func target(of address: String) -> String? {
        var rest = Substring(address.prefix { $0 != "#" })
        if !rest.hasPrefix("/") {
            guard let scheme = rest.range(of: "://"), !rest[..<scheme.lowerBound].isEmpty else { return nil }
            rest = rest[scheme.upperBound...]
            guard let start = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
            rest = rest[start...]
            if rest.hasPrefix("?") { return "/" + rest }
        }
        guard !rest.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            return nil
        }
        return String(rest)
    }

    /// `[{"name": …, "value": …}]`, HTTP/2 pseudo-headers (`:authority`) left out; none when absent.
    private static func headers(
        _ value: StubJSON?, at path: String, _ fail: (String, String) -> HARError
    ) throws(HARError) -> [(name: String, value: String)] {
        guard let value, value != .null else { return [] }
        guard case .array(let items) = value else { throw fail(path, "expected an array") }
        var found: [(name: String, value: String)] = []
        for (index, item) in items.enumerated() {
            guard case .string(let name)? = item["name"], case .string(let text)? = item["value"] else {
                throw fail("\(path)[\(index)]", "expected a name and a value, both strings")
            }
            if !name.hasPrefix(":") { found.append((name, text)) }
        }
        return found
    }

    /// `text`, decoded when `encoding` is `base64`; empty when absent.
    private static func body(
        _ value: StubJSON?, at path: String, _ fail: (String, String) -> HARError
    ) throws(HARError) -> [UInt8] {
        guard let value, value != .null else { return [] }
        guard case .object = value else { throw fail(path, "expected an object") }
        guard let text = value["text"], text != .null else { return [] }
        guard case .string(let string) = text else { throw fail(path + ".text", "expected a string") }
        switch value["encoding"] {
        case nil, .null?:
            return Array(string.utf8)
        case .string("base64")?:
            guard let data = Data(base64Encoded: string) else {
                throw fail(path + ".text", "not valid base64")
            }
            return Array(data)
        case .some(let other):
            throw fail(path + ".encoding", "unsupported encoding \(other.text) (only base64)")
        }
    }

    /// The archive's `mimeType` as `Content-Type` when the headers name none.
    private static func addContentType(
        _ mimeType: StubJSON?, to headers: inout [(name: String, value: String)]
    ) {
        // Chrome writes x-unknown for no type at all.
        guard case .string(let type)? = mimeType, !type.isEmpty, type != "x-unknown",
            !headers.contains(where: { $0.name.lowercased() == "content-type" })
        else { return }
        headers.append(("Content-Type", type))
    }
}
