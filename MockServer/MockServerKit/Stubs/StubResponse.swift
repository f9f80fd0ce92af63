import Foundation

/// WireMock's `response` object, read once at load.
struct StubResponse: Sendable {
    let status: Int
    let reasonPhrase: String?
    let fields: [HTTPField]
    let body: [UInt8]
    let delayMilliseconds: Int
    let delayDistribution: DelayDistribution?
    /// `chunkedDribbleDelay`: this many pieces over this many milliseconds.
    let dribble: (pieces: Int, milliseconds: Int)?
    let fault: StubFault?
    /// Templates, with `transformers: ["response-template"]`.
    let template: (body: ResponseTemplate, fields: [(name: String, value: ResponseTemplate)])?
    /// Helpers outside the subset; the stub answers 500 naming them.
    let unsupportedHelpers: [String]
    /// The mapping file, for that 500.
    let file: String
    /// `proxyBaseUrl`: the answer comes from that origin instead.
    let proxy: ProxyTarget?

    private static let keys: Set<String> = [
        "status", "statusMessage", "headers", "body", "jsonBody", "base64Body", "bodyFileName",
        "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault", "transformers",
        "proxyBaseUrl", "additionalProxyRequestHeaders",
    ]
    /// Fields the server derives from the body sent; a stub's own would contradict them.
    static let framingFields: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// `files`: the `__files` directory bodies are read from.
    init(_ cursor: JSONCursor, files: BodyFolder?) throws(MappingError) {
        try cursor.onlyKeys(Self.keys)
        status = try cursor.member("status")?.integer(in: 200...599) ?? 200
        if let message = cursor.member("statusMessage") {
            let text = try message.string()
            guard text.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) })
            else {
                throw message.error("a status message holds no control characters")
            }
            reasonPhrase = text
        } else {
            reasonPhrase = nil
        }
        fields = try Self.fields(cursor.member("headers"))
        body = try Self.body(cursor, files: files)
        delayMilliseconds = try cursor.member("fixedDelayMilliseconds")?.integer(in: 0...60_000) ?? 0
        delayDistribution = try cursor.member("delayDistribution").map { cursor throws(MappingError) in
            try DelayDistribution(cursor)
        }
        if let dribble = cursor.member("chunkedDribbleDelay") {
            try dribble.onlyKeys(["numberOfChunks", "totalDuration"])
            guard let chunks = dribble.member("numberOfChunks"),
                let duration = dribble.member("totalDuration")
            else {
                throw dribble.error("chunkedDribbleDelay needs numberOfChunks and totalDuration")
            }
            self.dribble = (try chunks.integer(in: 1...1_000), try duration.integer(in: 0...60_000))
        } else {
            self.dribble = nil
        }
        if let fault = cursor.member("fault") {
            let name = try fault.string()
            guard let known = StubFault(rawValue: name) else {
                let names = StubFault.allCases.map(\.rawValue).joined(separator: ", ")
                throw fault.error("unknown fault \(name); known: \(names)")
            }
            self.fault = known
        } else {
            fault = nil
        }
        file = cursor.file
        proxy = try Self.proxy(cursor)
        var templated = false
        for transformer in try cursor.member("transformers")?.elements() ?? [] {
            guard try transformer.string() == "response-template" else {
                throw transformer.error("unsupported transformer \(try transformer.string())")
            }
            templated = true
        }
        guard templated else {
            template = nil
            unsupportedHelpers = []
            return
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw cursor.error("a templated body must be UTF-8 text")
        }
        let bodyTemplate = try ResponseTemplate(text, at: cursor)
        var fieldTemplates: [(name: String, value: ResponseTemplate)] = []
        for field in fields {
            fieldTemplates.append((field.name, try ResponseTemplate(field.value, at: cursor)))
        }
        template = (bodyTemplate, fieldTemplates)
        var helpers: [String] = []
        for helper in bodyTemplate.unsupported + fieldTemplates.flatMap(\.value.unsupported)
        where !helpers.contains(helper) {
            helpers.append(helper)
        }
        unsupportedHelpers = helpers
    }

    var warnings: [String] {
        unsupportedHelpers.map { "\(file): unsupported template helper \($0); this stub answers 500" }
    }

    private static func proxy(_ cursor: JSONCursor) throws(MappingError) -> ProxyTarget? {
        let extra = cursor.member("additionalProxyRequestHeaders")
        guard let base = cursor.member("proxyBaseUrl") else {
            if let extra { throw extra.error("additionalProxyRequestHeaders needs proxyBaseUrl") }
            return nil
        }
        let text = try base.string()
        guard let target = ProxyTarget(baseURL: text, additionalHeaders: try fields(extra)) else {
            throw base.error("proxyBaseUrl must be an absolute http or https URL, not \(text)")
        }
        return target
    }

    private static func fields(_ cursor: JSONCursor?) throws(MappingError) -> [HTTPField] {
        guard let cursor else { return [] }
        var fields: [HTTPField] = []
        for (name, value) in try cursor.members() {
            guard !name.isEmpty, name.utf8.allSatisfy(ByteClass.isToken) else {
                throw value.error("not a valid header name: \(name)")
            }
            if framingFields.contains(name.lowercased()) { continue }
            let values: [JSONCursor] = if case .array = value.value { try value.elements() } else { [value] }
            for item in values {
                let text: String
                switch item.value {
                case .string(let string): text = string
                case .integer, .double, .bool: text = item.value.text
                default: throw item.error("a header value is a string or an array of strings")
                }
                guard !text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                    throw item.error("a header value holds no line breaks")
                }
                fields.append(HTTPField(name: name, value: text))
            }
        }
        return fields
    }

    private static func body(_ cursor: JSONCursor, files: BodyFolder?) throws(MappingError) -> [UInt8] {
        let sources = ["body", "jsonBody", "base64Body", "bodyFileName"].filter { cursor.member($0) != nil }
        guard sources.count <= 1 else {
            throw cursor.error("at most one of \(sources.joined(separator: ", "))")
        }
        if let body = cursor.member("body") { return Array(try body.string().utf8) }
        if let json = cursor.member("jsonBody") { return json.value.serialized }
        if let base64 = cursor.member("base64Body") {
            guard let data = Data(base64Encoded: try base64.string()) else {
                throw base64.error("base64Body is not base64")
            }
            return Array(data)
        }
        guard let name = cursor.member("bodyFileName") else { return [] }
        let relative = try name.string()
        guard let files else { throw name.error("bodyFileName needs a root directory with __files") }
        let parts = relative.split(separator: "/")
        guard !relative.hasPrefix("/"), !parts.isEmpty, !parts.contains("..") else {
            throw name.error("bodyFileName must name a file inside __files, not \(relative)")
        }
        switch files.read(relative) {
        case .success(let bytes): return bytes
        case .failure(let problem): throw name.error(problem.message)
        }
    }

    /// `pathParameters`: the values of the stub's `urlPathTemplate`, for `{{request.path.NAME}}`.
    func render(_ request: StubRequest, pathParameters: [String: String] = [:]) -> (ServerResponse, Delivery)
    {
        if !unsupportedHelpers.isEmpty {
            let names = unsupportedHelpers.joined(separator: ", ")
            let text = "the stub in \(file) uses unsupported template helpers: \(names)\n"
            let response = ServerResponse(
                status: 500, fields: [HTTPField(name: "Content-Type", value: "text/plain; charset=utf-8")],
                body: Array(text.utf8))
            return (response, Delivery())
        }
        var response = ServerResponse(status: status, fields: fields, body: body, reasonPhrase: reasonPhrase)
        if let template {
            response.body = Array(template.body.render(request, pathParameters: pathParameters).utf8)
            response.fields = template.fields.map { field in
                // A rendered value must stay on one line, whatever the request sent.
                let scalars = field.value.render(request, pathParameters: pathParameters).unicodeScalars
                    .filter {
                        $0 != "\r" && $0 != "\n" && $0 != "\0"
                    }
                return HTTPField(name: field.name, value: String(String.UnicodeScalarView(scalars)))
            }
        }
        var mode = fault?.apply(to: &response) ?? .normal
        // WireMock's dribble is our trickle: the head at once, then each piece after its share.
        if mode == .normal, let dribble {
            mode = .trickle(pauseMilliseconds: dribble.milliseconds / dribble.pieces, pieces: dribble.pieces)
        }
        let delay = min(60_000, delayMilliseconds + (delayDistribution?.sample() ?? 0))
        return (response, Delivery(delayMilliseconds: delay, mode: mode))
    }
}
