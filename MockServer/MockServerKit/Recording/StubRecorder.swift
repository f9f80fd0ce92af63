import Foundation

/// Recorded exchanges as WireMock's recorder maps them: one stub per distinct request, varying
/// answers as a scenario; credentials required but never kept.
enum StubRecorder {
    /// The statuses a stub can answer with here; others (1xx) are left out.
    static let recordableStatuses = 200...599

    /// The stubs for `exchanges`, in the order their requests were first seen.
    static func stubs(from exchanges: [RecordedExchange], spec: RecordSpec) -> RecordedStubs {
        var groups: [(request: StubJSON, exchange: RecordedExchange, answers: [RecordingResponse])] = []
        var index: [[UInt8]: Int] = [:]  // by the request's JSON text, keys sorted
        for exchange in exchanges where recordableStatuses.contains(exchange.status) {
            let request = RecordingRequestPattern.json(for: exchange, spec: spec)
            let answer = RecordingResponse(exchange, redacting: spec.redactedHeaders)
            if let found = index[request.serialized] {
                groups[found].answers.append(answer)
            } else {
                index[request.serialized] = groups.count
                groups.append((request, exchange, [answer]))
            }
        }
        var result = RecordedStubs(mappings: [], bodyFiles: [])
        var scenarios = 0
        for group in groups {
            let answers = steps(group.answers, spec: spec)
            var scenario: String?
            if answers.count > 1 {
                scenarios += 1
                scenario = RecordingNames.scenario(scenarios, url: group.exchange.url)
            }
            for (step, answer) in answers.enumerated() {
                var mapping = stub(group.request, answer, exchange: group.exchange, spec: spec, into: &result)
                if let scenario {
                    mapping["scenarioName"] = .string(scenario)
                    mapping["requiredScenarioState"] = .string(
                        step == 0 ? ScenarioStep.started : "\(scenario)-\(step + 1)")
                    if step + 1 < answers.count {
                        mapping["newScenarioState"] = .string("\(scenario)-\(step + 2)")
                    }
                }
                let id = mapping["id"]?.text ?? ""
                let stem = RecordingNames.stem(method: group.exchange.method, url: group.exchange.url, id: id)
                result.mappings.append(RecordedMapping(fileName: "\(stem).json", object: .object(mapping)))
            }
        }
        return result
    }

    /// The answers a request replays: one when they were all the same (or repeats are not
    /// scenarios); else each in turn, less trailing repeats, since the last answer stays.
    private static func steps(_ answers: [RecordingResponse], spec: RecordSpec) -> [RecordingResponse] {
        guard spec.repeatsAsScenarios, let first = answers.first else { return Array(answers.prefix(1)) }
        if answers.allSatisfy({ $0 == first }) { return [first] }
        var steps = answers
        while steps.count > 1, steps[steps.count - 1] == steps[steps.count - 2] { steps.removeLast() }
        return steps
    }

    /// One mapping's members, its body file added to `stubs` when extracted.
    private static func stub(
        _ request: StubJSON, _ answer: RecordingResponse, exchange: RecordedExchange, spec: RecordSpec,
        into stubs: inout RecordedStubs
    ) -> [String: StubJSON] {
        let id = UUID().uuidString.lowercased()
        var bodyFile: String?
        if answer.extractsBody(spec) {
            let stem = RecordingNames.stem(method: exchange.method, url: exchange.url, id: id)
            let isText = answer.media.text(of: answer.body) != nil
            let name = "\(stem).\(answer.media.fileExtension(isText: isText))"
            stubs.bodyFiles.append(RecordedBodyFile(name: name, bytes: answer.body))
            bodyFile = name
        }
        var mapping: [String: StubJSON] = [
            "id": .string(id), "uuid": .string(id), "request": request,
            "response": answer.json(bodyFile: bodyFile),
        ]
        if spec.persist { mapping["persistent"] = .bool(true) }
        return mapping
    }
}
