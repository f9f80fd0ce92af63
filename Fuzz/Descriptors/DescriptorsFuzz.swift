import Foundation
import FuzzSupport
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One input: the first byte picks what the rest is (bit 0-1) and, for templates, how many
/// arguments the endpoint takes (bits 2-3, 0 to 2).
/// - 0: a whole service plist (XML or binary) for the four endpoints of `declared`;
/// - 1: a `request.path` template, then (after a NUL byte) its arguments, NUL-separated;
/// - 2: a header template, likewise;
/// - 3: two argument values for the fixed `/v/%0?q=%1`, NUL-separated.
///
/// Properties: loading fails only with `NetworkError.invalidDescriptor`, and filling a loaded
/// descriptor only with `NetworkError.encoding`; a filled URL starts with the base URL and a
/// filled header holds no CR or LF; for 3, each value decodes back from where it landed, so a
/// `%0`, `/`, `?`, `&` or `=` in a value never escapes its place.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDescriptors(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let rest = Array(input.dropFirst())
    let argumentCount = Int(input[0] >> 2) % 3
    switch input[0] & 3 {
    case 0: fuzzServicePlist(Data(rest))
    case 1: fuzzTemplate(rest, argumentCount: argumentCount, inHeader: false)
    case 2: fuzzTemplate(rest, argumentCount: argumentCount, inHeader: true)
    default: fuzzArgumentEncoding(rest)
    }
    return 0
}

private let base = URL(string: "http://127.0.0.1:8080/api") ?? URL(fileURLWithPath: "/")

/// The endpoints a whole service plist is checked against.
private let declared: [any EndpointDeclaration] = [
    Endpoint<Data>("list"), Endpoint<Data>("show", arguments: 1), Endpoint<NoContent>("update", arguments: 2),
    Endpoint<Data>("search", arguments: 3),
]

private func fuzzServicePlist(_ plist: Data) {
    guard let catalog = load(plist, endpoints: declared) else { return }
    let service = WebService(baseURL: base, catalog: catalog, transport: RefusingTransport(.cancelled))
    let arguments: [any Encodable & Sendable] = ["a b/%0?&=", 7, Data("body".utf8)]
    fill { try service.request(Endpoint<Data>("list")) }
    fill { try service.request(Endpoint<Data>("show", arguments: 1), arguments[0]) }
    fill { try service.request(Endpoint<NoContent>("update", arguments: 2), arguments[0], arguments[2]) }
    fill { try service.request(Endpoint<Data>("search", arguments: 3), arguments[0], arguments[1], "") }
}

private func fuzzTemplate(_ bytes: [UInt8], argumentCount: Int, inHeader: Bool) {
    let pieces = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
    let template = String(decoding: pieces[0], as: UTF8.self)
    let request: [String: Any] =
        inHeader
        ? ["path": "/h" + (0..<argumentCount).map { "/%\($0)" }.joined(), "headers": ["X-Fuzz": template]]
        : ["path": template]
    let plist: Data
    do {
        plist = try PropertyListSerialization.data(
            fromPropertyList: ["fill": ["request": request]], format: .binary, options: 0)
    } catch {
        fuzzCheck(false, "cannot write a plist for \(template): \(error)")
        return
    }
    let endpoint = Endpoint<Data>("fill", arguments: argumentCount)
    guard let catalog = load(plist, endpoints: [endpoint]) else { return }
    let values = (0..<argumentCount).map { index in
        index + 1 < pieces.count ? String(decoding: pieces[index + 1], as: UTF8.self) : "%\(index)"
    }
    let service = WebService(baseURL: base, catalog: catalog, transport: RefusingTransport(.cancelled))
    fill { try service.request(endpoint, arguments: values) }
}

private func fuzzArgumentEncoding(_ bytes: [UInt8]) {
    let pieces = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let segment = String(decoding: pieces[0], as: UTF8.self)
    let query = pieces.count > 1 ? String(decoding: pieces[1], as: UTF8.self) : ""
    let endpoint = Endpoint<Data>("encode", arguments: 2)
    let plist = Data(
        """
        <plist version="1.0"><dict><key>encode</key><dict><key>request</key><dict>
        <key>path</key><string>/v/%0?q=%1</string></dict></dict></dict></plist>
        """.utf8)
    guard let catalog = load(plist, endpoints: [endpoint]) else {
        fuzzCheck(false, "the fixed descriptor does not load")
        return
    }
    let service = WebService(baseURL: base, catalog: catalog, transport: RefusingTransport(.cancelled))
    let request: URLRequest
    do {
        request = try service.request(endpoint, segment, query)
    } catch {
        fuzzCheck(false, "'\(segment)', '\(query)' cannot be put in /v/%0?q=%1: \(error)")
        return
    }
    guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else {
        fuzzCheck(false, "no URL components in \(String(describing: request.url))")
        return
    }
    let path = components.percentEncodedPath
    fuzzCheck(path.hasPrefix("/api/v/"), "the path \(path) left /api/v/")
    let encodedSegment = path.dropFirst("/api/v/".count)
    fuzzCheck(!encodedSegment.contains("/"), "'\(segment)' made more than one segment: \(path)")
    fuzzCheck(
        String(encodedSegment).removingPercentEncoding == segment,
        "'\(segment)' came back as \(String(describing: String(encodedSegment).removingPercentEncoding))")
    let items = components.percentEncodedQueryItems ?? []
    fuzzCheck(items.count == 1 && items[0].name == "q", "'\(query)' split the query: \(items)")
    fuzzCheck(
        items.first?.value?.removingPercentEncoding == query,
        "'\(query)' came back as \(String(describing: items.first?.value?.removingPercentEncoding))")
}

/// The catalog `plist` describes, or nil when it is refused, as it must be, with
/// `NetworkError.invalidDescriptor`.
private func load(_ plist: Data, endpoints: [any EndpointDeclaration]) -> ServiceCatalog? {
    do {
        return try ServiceCatalog(plist: plist, fileName: "Fuzz.plist", endpoints: endpoints)
    } catch NetworkError.invalidDescriptor(let problem) {
        fuzzCheck(problem.file == "Fuzz.plist", "an error about another file: \(problem)")
        return nil
    } catch {
        fuzzCheck(false, "loading failed with an untyped error: \(error)")
        return nil
    }
}

/// Builds a request, which may fail only with `NetworkError.encoding`, and checks what it built.
private func fill(_ build: () throws -> URLRequest) {
    let request: URLRequest
    do {
        request = try build()
    } catch NetworkError.encoding {
        return
    } catch {
        fuzzCheck(false, "filling failed with \(error), not NetworkError.encoding")
        return
    }
    let url = request.url?.absoluteString ?? ""
    fuzzCheck(url.hasPrefix(base.absoluteString + "/"), "the URL \(url) left the base URL")
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
        fuzzCheck(
            !value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" },
            "CR or LF in header \(name): \(value)")
    }
}

/// libFuzzer's driver under Scripts/fuzz.sh, a replay of the inputs named otherwise.
@main
enum DescriptorsFuzzMain {
    static func main() { FuzzMain.run(fuzzDescriptors) }
}
