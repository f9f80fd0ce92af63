import Foundation

/// Checks one endpoint's entry, so a wrong descriptor fails at load, not at call time.
struct DescriptorParser {
    let file: String
    let endpoint: any EndpointDeclaration
    let registry: DescriptorRegistry

    private static let entryKeys: Set<String> = ["request", "serialization"]
    private static let requestKeys: Set<String> = [
        "path", "method", "headers", "body", "timeout", "retry", "auth", "maxResponseBytes",
    ]
    private static let serializationKeys: Set<String> = ["serializer", "serializedObject"]
    private static let retryKeys: Set<String> = ["attempts", "idempotentOnly"]
    static let maximumAttempts = 10
    static let maximumTimeoutSeconds: Double = 86_400

    func parse(_ entry: Any) throws(DescriptorError) -> RequestDescriptor {
        let entry = try dictionary(entry, key: nil)
        try checkKeys(entry, allowed: Self.entryKeys, under: nil)
        guard let requestValue = entry["request"] else { throw error("request", "is missing") }
        let request = try dictionary(requestValue, key: "request")
        try checkKeys(request, allowed: Self.requestKeys, under: "request")

        let method = try parseMethod(request["method"])
        let url = try parseURL(request["path"])
        let headers = try parseHeaders(request["headers"])
        let body = try parseBody(request["body"], method: method)
        let serialization = try parseSerialization(entry["serialization"])
        let descriptor = RequestDescriptor(
            name: endpoint.name,
            argumentCount: endpoint.argumentCount,
            responseType: ObjectIdentifier(endpoint.responseType),
            method: method,
            url: url,
            headers: headers,
            bodyArgument: body,
            serializer: serialization.serializer ?? registry.defaultSerializer,
            timeout: try parseTimeout(request["timeout"]),
            retry: try parseRetry(request["retry"]),
            maximumResponseBytes: try parseMaximumResponseBytes(request["maxResponseBytes"]),
            authentication: try parseAuthentication(request["auth"]),
            responseDecoding: serialization.decoding
        )
        try checkEveryArgumentIsUsed(descriptor)
        return descriptor
    }

    private func parseMethod(_ value: Any?) throws(DescriptorError) -> HTTPMethod {
        guard let value else { return .get }
        let name = try string(value, key: "request.method")
        guard let method = HTTPMethod(rawValue: name) else {
            throw error(
                "request.method",
                "'\(name)' is not an HTTP method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)")
        }
        return method
    }

    private func parseURL(_ value: Any?) throws(DescriptorError) -> URLTemplate {
        guard let value else { throw error("request.path", "is missing") }
        let text = try string(value, key: "request.path")
        do {
            return try URLTemplate(Template.parse(text, argumentCount: endpoint.argumentCount))
        } catch let problem {
            throw error("request.path", problem.message)
        }
    }

    private func parseHeaders(_ value: Any?) throws(DescriptorError) -> [RequestDescriptor.Header] {
        guard let value else { return [] }
        let headers = try dictionary(value, key: "request.headers")
        var parsed: [RequestDescriptor.Header] = []
        for name in headers.keys.sorted() {
            let key = "request.headers.\(name)"
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(HeaderValidation.isTokenCharacter) else {
                throw error(key, "'\(name)' is not a valid header name")
            }
            let text = try string(headers[name] as Any, key: key)
            if let problem = HeaderValidation.problem(in: text) { throw error(key, problem) }
            do {
                parsed.append(
                    .init(name: name, value: try Template.parse(text, argumentCount: endpoint.argumentCount)))
            } catch let problem {
                throw error(key, problem.message)
            }
        }
        return parsed
    }

    private func parseBody(_ value: Any?, method: HTTPMethod) throws(DescriptorError) -> Int? {
        guard let value else { return nil }
        let text = try string(value, key: "request.body")
        if method.forbidsBody {
            throw error("request.body", "a \(method) request cannot have a body")
        }
        let template: Template
        do {
            template = try Template.parse(text, argumentCount: endpoint.argumentCount)
        } catch let problem {
            throw error("request.body", problem.message)
        }
        guard let argument = template.loneArgument, argument.keyPath.isEmpty else {
            throw error("request.body", "must be one whole argument such as '%1' (Data, or an Encodable)")
        }
        return argument.index
    }

    private func parseTimeout(_ value: Any?) throws(DescriptorError) -> Duration? {
        guard let value else { return nil }
        guard let seconds = PlistValue.number(value), seconds > 0, seconds.isFinite else {
            throw error("request.timeout", "must be a number of seconds greater than 0")
        }
        // Beyond about 2.9e8 years the milliseconds would overflow Int64.
        guard seconds <= Self.maximumTimeoutSeconds else {
            throw error(
                "request.timeout", "must be at most \(Int(Self.maximumTimeoutSeconds)) seconds (a day)")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    private func parseMaximumResponseBytes(_ value: Any?) throws(DescriptorError) -> Int64? {
        guard let value else { return nil }
        guard let bytes = PlistValue.integer(value), bytes > 0 else {
            throw error("request.maxResponseBytes", "must be an integer number of bytes greater than 0")
        }
        return Int64(bytes)
    }

    private func parseRetry(_ value: Any?) throws(DescriptorError) -> RequestDescriptor.Retry? {
        guard let value else { return nil }
        let retry = try dictionary(value, key: "request.retry")
        try checkKeys(retry, allowed: Self.retryKeys, under: "request.retry")
        guard let attemptsValue = retry["attempts"] else {
            throw error("request.retry.attempts", "is missing")
        }
        guard let attempts = PlistValue.integer(attemptsValue), (1...Self.maximumAttempts).contains(attempts)
        else {
            throw error("request.retry.attempts", "must be an integer from 1 to \(Self.maximumAttempts)")
        }
        var idempotentOnly = true
        if let value = retry["idempotentOnly"] {
            guard let flag = PlistValue.boolean(value) else {
                throw error("request.retry.idempotentOnly", "must be a boolean")
            }
            idempotentOnly = flag
        }
        return .init(attempts: attempts, idempotentOnly: idempotentOnly)
    }

    private func parseAuthentication(_ value: Any?) throws(DescriptorError)
        -> RequestDescriptor.Authentication
    {
        guard let value else { return .service }
        let name = try string(value, key: "request.auth")
        if name == DescriptorRegistry.noAuthentication { return .none }
        guard let provider = registry.authenticationProviders[name] else {
            throw error("request.auth", "no authentication provider is registered as '\(name)'")
        }
        return .provider(provider)
    }

    private func parseSerialization(
        _ value: Any?
    ) throws(DescriptorError) -> (serializer: (any Serializer)?, decoding: RequestDescriptor.ResponseDecoding)
    {
        let response = endpoint.responseType
        guard let value else {
            if response == Data.self { return (nil, .raw) }
            if response == NoContent.self { return (nil, .ignored) }
            throw error("serialization", "is missing, but the endpoint returns \(response)")
        }
        let serialization = try dictionary(value, key: "serialization")
        try checkKeys(serialization, allowed: Self.serializationKeys, under: "serialization")
        guard let serializerValue = serialization["serializer"] else {
            throw error("serialization.serializer", "is missing")
        }
        let serializerName = try string(serializerValue, key: "serialization.serializer")
        guard let serializer = registry.serializers[serializerName] else {
            throw error("serialization.serializer", "no serializer is registered as '\(serializerName)'")
        }
        guard let modelValue = serialization["serializedObject"] else {
            throw error("serialization.serializedObject", "is missing")
        }
        let modelName = try string(modelValue, key: "serialization.serializedObject")
        guard let model = registry.models[modelName] else {
            throw error("serialization.serializedObject", "no model is registered as '\(modelName)'")
        }
        guard model.identifier == ObjectIdentifier(response) else {
            throw error(
                "serialization.serializedObject",
                "'\(modelName)' is registered as \(model.type), but the endpoint returns \(response)"
            )
        }
        return (serializer, .serialized(serializer))
    }

    private func checkEveryArgumentIsUsed(_ descriptor: RequestDescriptor) throws(DescriptorError) {
        var used = Set(descriptor.url.path.argumentIndices)
        for item in descriptor.url.query {
            used.formUnion(item.name.argumentIndices)
            used.formUnion(item.value?.argumentIndices ?? [])
        }
        for header in descriptor.headers { used.formUnion(header.value.argumentIndices) }
        if let body = descriptor.bodyArgument { used.insert(body) }
        if let unused = (0..<endpoint.argumentCount).first(where: { !used.contains($0) }) {
            throw error(
                nil, "argument \(unused) of \(endpoint.argumentCount) is never used (no %\(unused) anywhere)")
        }
    }

    private func dictionary(_ value: Any, key: String?) throws(DescriptorError) -> [String: Any] {
        guard let dictionary = value as? [String: Any] else { throw error(key, "must be a dictionary") }
        return dictionary
    }

    private func string(_ value: Any, key: String) throws(DescriptorError) -> String {
        guard let string = value as? String else { throw error(key, "must be a string") }
        return string
    }

    private func checkKeys(_ dictionary: [String: Any], allowed: Set<String>, under parent: String?)
        throws(DescriptorError)
    {
        if let unknown = dictionary.keys.sorted().first(where: { !allowed.contains($0) }) {
            let key = parent.map { "\($0).\(unknown)" } ?? unknown
            throw error(
                key, "is not a known key (expected one of \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    private func error(_ key: String?, _ problem: String) -> DescriptorError {
        DescriptorError(file: file, endpoint: endpoint.name, key: key, problem: problem)
    }
}
