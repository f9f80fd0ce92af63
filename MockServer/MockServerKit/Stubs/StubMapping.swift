import Foundation

/// One WireMock stub mapping, compiled at load.
struct StubMapping: Sendable {
    /// WireMock's `id` (or `uuid`), or one made at load.
    let id: String
    let name: String?
    /// Lower wins; WireMock's default is 5.
    let priority: Int
    /// Later additions are larger and win among equal priorities.
    var sequence = 0
    /// Its JSON size if the admin API added it (else 0), for the bound on added mappings.
    var addedBytes = 0
    let request: RequestPattern
    let response: StubResponse
    let scenario: ScenarioStep?
    let file: String
    /// As given, for the admin API.
    let source: StubJSON

    private static let keys: Set<String> = [
        "id", "uuid", "name", "priority", "request", "response", "scenarioName", "requiredScenarioState",
        "newScenarioState", "persistent", "metadata", "postServeActions",
    ]

    static let defaultPriority = 5

    init(_ cursor: JSONCursor, files: BodyFolder?) throws(MappingError) {
        try cursor.onlyKeys(Self.keys)
        if cursor.member("postServeActions") != nil {
            throw cursor.error("postServeActions (webhooks) are not supported")
        }
        id = try (cursor.member("id") ?? cursor.member("uuid"))?.string() ?? UUID().uuidString.lowercased()
        name = try cursor.member("name")?.string()
        priority = try cursor.member("priority")?.integer(in: 1...Int(Int32.max)) ?? Self.defaultPriority
        guard let request = cursor.member("request") else { throw cursor.error("request is missing") }
        self.request = try RequestPattern(request)
        guard let response = cursor.member("response") else { throw cursor.error("response is missing") }
        self.response = try StubResponse(response, files: files)
        scenario = try ScenarioStep(cursor)
        file = cursor.file
        source = cursor.value
    }

    /// As the admin API shows it: as given, with its id.
    var json: StubJSON {
        guard case .object(var members) = source else { return source }
        members["id"] = .string(id)
        members["uuid"] = .string(id)
        return .object(members)
    }

    /// Load-time notes short of refusing the stub.
    var warnings: [String] { response.warnings }

    /// How a near miss names the stub.
    var label: String {
        let named = name.map { "\"\($0)\" " } ?? ""
        return "\(named)(id \(id), \(file))"
    }
}

/// A mapping's scenario step: it answers only in the required state, then moves to the new one.
struct ScenarioStep: Sendable {
    static let started = "Started"

    let scenario: String
    let requiredState: String?
    let newState: String?

    /// Nil when the mapping has no scenario keys.
    init?(_ cursor: JSONCursor) throws(MappingError) {
        guard let name = cursor.member("scenarioName") else {
            for key in ["requiredScenarioState", "newScenarioState"] {
                if let stray = cursor.member(key) { throw stray.error("\(key) needs scenarioName") }
            }
            return nil
        }
        scenario = try name.string()
        requiredState = try cursor.member("requiredScenarioState")?.string()
        newState = try cursor.member("newScenarioState")?.string()
    }
}
