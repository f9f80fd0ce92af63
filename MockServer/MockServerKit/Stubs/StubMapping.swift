import Foundation

/// One WireMock stub mapping, read and compiled at load.
struct StubMapping: Sendable {
    /// WireMock's `id` (or `uuid`), or one made at load.
    let id: String
    let name: String?
    /// Lower numbers win; WireMock's default is 5.
    let priority: Int
    /// Larger numbers were added later, and win among equal priorities.
    var sequence = 0
    /// The size of its JSON when the admin API added it (0 for the root directory's), which the
    /// admin API's bound on added mappings counts.
    var addedBytes = 0
    let request: RequestPattern
    let response: StubResponse
    let scenario: ScenarioStep?
    /// The file it came from, relative to the root directory.
    let file: String
    /// The mapping's JSON as it was given, for the admin API.
    let source: StubJSON

    private static let keys: Set<String> = [
        "id", "uuid", "name", "priority", "request", "response", "scenarioName", "requiredScenarioState",
        "newScenarioState", "persistent", "metadata", "postServeActions",
    ]

    /// The default priority, as in WireMock.
    static let defaultPriority = 5

    /// Reads one mapping object.
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

    /// The mapping's JSON as the admin API shows it: as given, with its id.
    var json: StubJSON {
        guard case .object(var members) = source else { return source }
        members["id"] = .string(id)
        members["uuid"] = .string(id)
        return .object(members)
    }

    /// What the load has to say about this stub short of refusing it.
    var warnings: [String] { response.warnings }

    /// How a near miss names the stub.
    var label: String {
        let named = name.map { "\"\($0)\" " } ?? ""
        return "\(named)(id \(id), \(file))"
    }
}

/// A mapping's place in a scenario: it answers only in the required state, and moves the
/// scenario to the new state when it does.
struct ScenarioStep: Sendable {
    /// The state every scenario starts in.
    static let started = "Started"

    let scenario: String
    let requiredState: String?
    let newState: String?

    /// Reads the scenario keys of a mapping; nil when it has none.
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
