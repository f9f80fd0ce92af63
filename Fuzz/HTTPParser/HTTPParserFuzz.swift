import FuzzSupport
import MockServerKit

/// One input: the first byte sets the size of the pieces the rest arrives in (1 to 256 bytes),
/// the rest is what a client sends. Properties: the reading does not depend on how the bytes
/// are cut; a request read re-encodes, with `Content-Length` framing, into bytes that read back
/// as the same request; nothing read holds bytes a head may not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let piece = Int(input[0]) + 1
    let bytes = Array(input.dropFirst())
    let whole = RawRequest.read(bytes)
    let cut = RawRequest.read(bytes, arrivals: Array(repeating: piece, count: bytes.count / piece + 1))
    fuzzCheck(kind(whole) == kind(cut), "read whole: \(whole); in pieces of \(piece): \(cut)")
    guard case .request(let request) = whole else { return 0 }
    fuzzCheck(whole == cut, "read whole: \(whole); in pieces of \(piece): \(cut)")
    checkShape(request, inputSize: bytes.count)
    let again = RawRequest.read(reencoded(request))
    guard case .request(let reread) = again else {
        fuzzCheck(false, "\(request) re-encoded reads as \(again)")
        return 0
    }
    fuzzCheck(
        reread.method == request.method && reread.target == request.target
            && reread.minorVersion == request.minorVersion && reread.body == request.body
            && reread.fields.filter(isNotFraming) == request.fields.filter(isNotFraming),
        "\(request) re-encoded reads as \(reread)")
    return 0
}

private func kind(_ outcome: RawRequest.Outcome) -> String {
    switch outcome {
    case .request: "request"
    case .incomplete: "incomplete"
    case .refused: "refused"
    }
}

private func checkShape(_ request: RawRequest, inputSize: Int) {
    fuzzCheck(request.length <= inputSize, "took \(request.length) of \(inputSize) bytes")
    fuzzCheck(!request.method.isEmpty && !request.target.isEmpty, "an empty method or target: \(request)")
    fuzzCheck(request.body.count <= 5 * 1024 * 1024, "a body of \(request.body.count) bytes")
    for field in request.fields {
        fuzzCheck(!field.name.isEmpty, "a field without a name")
        fuzzCheck(
            !field.value.utf8.contains(13) && !field.value.utf8.contains(10), "CR or LF in \(field.value)")
        fuzzCheck(
            field.value.first != " " && field.value.last != " ",
            "whitespace around the value '\(field.value)'")
    }
}

private func isNotFraming(_ field: HTTPField) -> Bool {
    let name = field.name.lowercased()
    return name != "content-length" && name != "transfer-encoding"
}

/// The request as a client would send it with its body counted by `Content-Length`.
private func reencoded(_ request: RawRequest) -> [UInt8] {
    var text = "\(request.method) \(request.target) HTTP/1.\(request.minorVersion)\r\n"
    for field in request.fields where isNotFraming(field) {
        text += "\(field.name): \(field.value)\r\n"
    }
    text += "Content-Length: \(request.body.count)\r\n\r\n"
    return Array(text.utf8) + request.body
}

/// libFuzzer's driver under Scripts/fuzz.sh, a replay of the inputs named otherwise.
@main
enum HTTPParserFuzzMain {
    static func main() { FuzzMain.run(fuzzHTTPParser) }
}
