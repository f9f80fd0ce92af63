import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fills a descriptor's tokenised templates; values are never rescanned.
struct RequestBuilder {
    let descriptor: RequestDescriptor
    /// Without a trailing `/`.
    let base: String

    func request(_ arguments: [any Encodable & Sendable]) throws(NetworkError) -> URLRequest {
        guard arguments.count == descriptor.argumentCount else {
            throw .encoding(
                "\(descriptor.name) takes \(Self.count(descriptor.argumentCount)), but the call passed \(arguments.count)"
            )
        }
        let text = ArgumentText(serializer: descriptor.serializer, endpoint: descriptor.name)
        let urlString = try url(arguments, text)
        guard let url = URL(string: urlString) else {
            throw .encoding("\(descriptor.name): '\(urlString)' is not a valid URL")
        }
        var request = URLRequest(url: url)
        request.httpMethod = descriptor.method.rawValue
        // FoundationNetworking reads whole seconds (0.8 s would be 0): round up; the deadline cuts exactly.
        if let timeout = descriptor.timeout { request.timeoutInterval = max(1, timeout.seconds.rounded(.up)) }
        for header in descriptor.headers {
            guard let value = try fill(header.value, arguments, text, encode: { $0 }, absentAllowed: true)
            else {
                continue
            }
            if let problem = HeaderValidation.problem(in: value) {
                throw .encoding("\(descriptor.name): header \(header.name) \(problem)")
            }
            request.setValue(value, forHTTPHeaderField: header.name)
        }
        if let index = descriptor.bodyArgument {
            try attachBody(arguments[index], index: index, to: &request)
        }
        return request
    }

    private static func count(_ number: Int) -> String { number == 1 ? "1 argument" : "\(number) arguments" }

    private func url(_ arguments: [any Encodable & Sendable], _ text: ArgumentText) throws(NetworkError)
        -> String
    {
        var url = base
        url += try fill(descriptor.url.path, arguments, text, encode: PercentEncoding.pathSegment) ?? ""
        var separator = "?"
        for item in descriptor.url.query {
            let name = try fill(item.name, arguments, text, encode: PercentEncoding.queryComponent) ?? ""
            guard let valueTemplate = item.value else {
                url += separator + name
                separator = "&"
                continue
            }
            // An absent (nil) argument drops an item whose value is just that placeholder.
            let value = try fill(
                valueTemplate, arguments, text, encode: PercentEncoding.queryComponent,
                absentAllowed: valueTemplate.loneArgument != nil
            )
            guard let value else { continue }
            url += separator + name + "=" + value
            separator = "&"
        }
        return url
    }

    /// nil only when `absentAllowed` and the template's one placeholder is absent.
    private func fill(
        _ template: Template,
        _ arguments: [any Encodable & Sendable],
        _ text: ArgumentText,
        encode: (String) -> String,
        absentAllowed: Bool = false
    ) throws(NetworkError) -> String? {
        var result = ""
        for part in template.parts {
            switch part {
            case .literal(let literal):
                result += literal
            case .argument(let index, let keyPath):
                guard let value = try text.text(for: arguments[index], index: index, keyPath: keyPath) else {
                    if absentAllowed && template.parts.count == 1 { return nil }
                    throw .encoding("\(descriptor.name): argument \(index) is nil where a value is needed")
                }
                result += encode(value)
            }
        }
        return result
    }

    private func attachBody(
        _ argument: any Encodable & Sendable, index: Int, to request: inout URLRequest
    ) throws(NetworkError) {
        if let data = argument as? Data {
            request.httpBody = data
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                // Without it, libcurl labels a body application/x-www-form-urlencoded.
                request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            }
            return
        }
        do {
            request.httpBody = try descriptor.serializer.encode(argument)
        } catch {
            throw .encoding("\(descriptor.name): argument \(index) cannot be encoded as a body: \(error)")
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(descriptor.serializer.contentType, forHTTPHeaderField: "Content-Type")
        }
    }
}

extension Duration {
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
