import Foundation

/// WireMock's recording options (`POST /__admin/recordings/start`'s body), less `targetBaseUrl`
/// and `filters`, which the caller applies.
struct RecordSpec: Sendable {
    /// Request headers a stub requires: lowercased name → compared without regard to case.
    var captureHeaders: [String: Bool] = [:]
    var requestBodyPattern: RecordedBodyMatcher = .automatic()
    /// A text body longer than this many bytes goes to `__files/` (WireMock's default, 10 KiB).
    var extractBodyThreshold = 10_240
    /// A binary body longer than this goes to `__files/`; WireMock's default 0 sends them all.
    var extractBinaryThreshold = 0
    /// False: bodies stay inline, since no file is written.
    var persist = true
    /// A request answered differently in turn becomes a scenario; false keeps its first answer.
    var repeatsAsScenarios = true
    /// Lowercased; kept out of every file (a captured one is required, its value not kept).
    var redactedHeaders: Set<String>

    /// Always redacted, whatever the options say.
    static let credentialHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    private static let keys: Set<String> = [
        "targetBaseUrl", "filters", "captureHeaders", "requestBodyPattern", "extractBodyCriteria",
        "outputFormat", "persist", "repeatsAsScenarios", "transformers", "transformerParameters",
    ]

    /// Whether a lowercased header name is a credential: one of `redactedHeaders`, or a secret
    /// name the journal hides. This server's own `X-Mock-…` fields are never forwarded, so never
    /// required.
    func isCredential(_ name: String) -> Bool {
        redactedHeaders.contains(name) || (Journal.isSecretName(name) && !name.hasPrefix("x-mock-"))
    }

    /// WireMock's defaults, with `extra` header names redacted too.
    init(redacting extra: [String] = []) {
        redactedHeaders = Self.credentialHeaders.union(extra.map { $0.lowercased() })
    }

    /// Reads WireMock's JSON; an unknown key or a value of the wrong kind is refused, naming it.
    init(json: [String: Any], redacting extra: [String]) throws(MockServerError) {
        self.init(redacting: extra)
        let root = JSONCursor(value: StubJSON(foundation: json), path: "$", file: "recording spec")
        do throws(MappingError) {
            try read(root)
        } catch {
            throw MockServerError(error.description)
        }
    }

    private mutating func read(_ root: JSONCursor) throws(MappingError) {
        try root.onlyKeys(Self.keys)
        if let headers = root.member("captureHeaders") {
            for (name, options) in try headers.members() {
                try options.onlyKeys(["caseInsensitive"])
                captureHeaders[name.lowercased()] = try options.member("caseInsensitive")?.bool() ?? false
            }
        }
        if let pattern = root.member("requestBodyPattern") {
            requestBodyPattern = try RecordedBodyMatcher(pattern)
        }
        if let criteria = root.member("extractBodyCriteria") {
            try criteria.onlyKeys(["textSizeThreshold", "binarySizeThreshold"])
            if let text = criteria.member("textSizeThreshold") { extractBodyThreshold = try Self.size(text) }
            if let binary = criteria.member("binarySizeThreshold") {
                extractBinaryThreshold = try Self.size(binary)
            }
        }
        persist = try root.member("persist")?.bool() ?? true
        repeatsAsScenarios = try root.member("repeatsAsScenarios")?.bool() ?? true
        if let transformers = root.member("transformers"), !(try transformers.elements().isEmpty) {
            throw transformers.error("recording transformers are not supported")
        }
        if let format = root.member("outputFormat") {
            guard ["FULL", "IDS"].contains(try format.string()) else {
                throw format.error("outputFormat is FULL or IDS")
            }
        }
    }

    /// A byte count: a number, or text as WireMock writes it (`"2048"`, `"10 KB"`, `"1.5mb"`).
    static func size(_ cursor: JSONCursor) throws(MappingError) -> Int {
        if case .integer(let number) = cursor.value, number >= 0 { return number }
        guard case .string(let text) = cursor.value, let bytes = parseSize(text) else {
            throw cursor.error("expected a size such as 2048 or \"10 KB\"")
        }
        return bytes
    }

    /// `"10 KB"` → 10240 (units of 1024, any case); nil when not a size.
    static func parseSize(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = String(trimmed.dropFirst(number.count)).trimmingCharacters(in: .whitespaces)
        let scales: [String: Double] = [
            "": 1, "b": 1, "k": 1024, "kb": 1024, "m": 1_048_576, "mb": 1_048_576,
            "g": 1_073_741_824, "gb": 1_073_741_824,
        ]
        guard let value = Double(number), let scale = scales[unit] else { return nil }
        let bytes = value * scale
        guard bytes.isFinite, bytes < Double(Int.max / 2) else { return nil }
        return Int(bytes)
    }
}

/// WireMock's `requestBodyPattern`: how a recorded request body becomes a body pattern.
enum RecordedBodyMatcher: Sendable, Equatable {
    /// `equalToJson` for a JSON body, `equalTo` for other text (WireMock's default).
    case automatic(
        ignoreArrayOrder: Bool = true, ignoreExtraElements: Bool = true, caseInsensitive: Bool = false)
    case equalToJSON(ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    case equalTo(caseInsensitive: Bool)

    init(_ cursor: JSONCursor) throws(MappingError) {
        try cursor.onlyKeys(["matcher", "ignoreArrayOrder", "ignoreExtraElements", "caseInsensitive"])
        let arrayOrder = try cursor.member("ignoreArrayOrder")?.bool()
        let extraElements = try cursor.member("ignoreExtraElements")?.bool()
        let caseInsensitive = try cursor.member("caseInsensitive")?.bool() ?? false
        let matcher = try cursor.member("matcher")?.string() ?? "auto"
        switch matcher {
        case "auto":
            self = .automatic(
                ignoreArrayOrder: arrayOrder ?? true, ignoreExtraElements: extraElements ?? true,
                caseInsensitive: caseInsensitive)
        case "equalToJson":
            self = .equalToJSON(
                ignoreArrayOrder: arrayOrder ?? false, ignoreExtraElements: extraElements ?? false)
        case "equalTo":
            self = .equalTo(caseInsensitive: caseInsensitive)
        default:
            throw cursor.error("matcher \(matcher) is not supported here (auto, equalToJson or equalTo)")
        }
    }
}
