import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `mock-server verify`: sends each concrete stub's request to the real API and reports where the
/// answers drifted from the stubs (status, media type, JSON shape).
public enum VerifyCommand {
    public static var usage: String { VerifyOptions.usage }

    static let timeout = Duration.seconds(10)
    /// The largest answer compared.
    static let bodyLimit = 16 << 20

    /// Runs the command on its arguments (those after `verify`).
    public static func run(_ arguments: [String]) async -> CommandOutcome {
        if arguments.contains("--help") || arguments.contains("-h") {
            return CommandOutcome(status: 0, output: usage + "\n", errors: "")
        }
        let options: VerifyOptions
        do {
            options = try VerifyOptions(parsing: arguments)
        } catch {
            return CommandOutcome(
                status: 64, output: "", errors: "mock-server verify: \(error.message)\n\(usage)\n")
        }
        let mappings: [StubMapping]
        do {
            let files = BodyFolder(options.rootDirectory.appendingPathComponent("__files", isDirectory: true))
            mappings = try MappingLoader.load(root: options.rootDirectory, files: files)
        } catch {
            return CommandOutcome(status: 78, output: "", errors: "mock-server verify: \(error)\n")
        }
        var results: [VerifyResult] = []
        for mapping in mappings {
            let plan = VerifyPlan(mapping, includeWrites: options.includeWrites)
            switch plan.step {
            case .skip(let reason):
                results.append(
                    VerifyResult(
                        file: plan.file, method: plan.method, url: plan.url, outcome: .skipped, reason: reason
                    ))
            case .send(let request, let expectation):
                guard let urlRequest = Self.urlRequest(request, options: options) else {
                    results.append(
                        VerifyResult(
                            file: plan.file, method: plan.method, url: plan.url, outcome: .skipped,
                            reason: "\(options.against)\(request.target) is not a valid URL"))
                    continue
                }
                switch await OriginClient.send(urlRequest, bodyLimit: Self.bodyLimit, deadline: Self.timeout)
                {
                case .answered(let status, let fields, let body):
                    let contentType = fields.first { asciiCaseInsensitiveEqual($0.name, "Content-Type") }?
                        .value
                    results.append(Self.compare(plan, expectation, status, contentType, body))
                case .failed(let reason):
                    return CommandOutcome(
                        status: 69, output: "",
                        errors: "mock-server verify: cannot reach \(options.against): \(reason)\n")
                }
            }
        }
        let report = VerifyReport(results: results)
        return CommandOutcome(
            status: report.hasDrift ? 1 : 0, output: options.json ? report.json : report.text, errors: "")
    }

    /// The stub's request against the origin; the command line's headers win over the stub's.
    private static func urlRequest(_ request: VerifyPlan.Request, options: VerifyOptions) -> URLRequest? {
        let separator = request.target.hasPrefix("/") ? "" : "/"
        guard let url = URL(string: options.against + separator + request.target) else { return nil }
        var urlRequest = URLRequest(url: url, timeoutInterval: Double(timeout.components.seconds))
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers
        where !options.headers.contains(where: { asciiCaseInsensitiveEqual($0.name, name) }) {
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        for (name, value) in options.headers { urlRequest.addValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body.map { Data($0) }
        return urlRequest
    }

    private static func compare(
        _ plan: VerifyPlan, _ expectation: VerifyPlan.Expectation, _ status: Int, _ contentType: String?,
        _ body: [UInt8]
    ) -> VerifyResult {
        var differences: [String] = []
        var additions: [String] = []
        if status != expectation.status {
            differences.append("status: expected \(expectation.status), got \(status)")
        }
        if let mediaType = expectation.mediaType {
            let got = contentType.map(VerifyPlan.mediaTypeOf)
            if got != mediaType {
                differences.append("Content-Type: expected \(mediaType), got \(got ?? "none")")
            }
        }
        if let json = expectation.json {
            if let actual = StubJSON(parsing: body) {
                let shape = JSONShape(expected: json, actual: actual)
                differences += shape.differences
                additions = shape.additions
            } else {
                differences.append("$: expected \(JSONShape.type(of: json)), got a body that is not JSON")
            }
        }
        return VerifyResult(
            file: plan.file, method: plan.method, url: plan.url, outcome: differences.isEmpty ? .ok : .drift,
            differences: differences, additions: additions, reason: expectation.note)
    }
}
