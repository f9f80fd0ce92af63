import Foundation
import Testing

/// Data's public API is in its own and the Domain's terms: the repository's remote is the
/// `HeroRemote` port, and the HTTP adapter is built package-wide, so a copier of Data's ports
/// and a test of its repository never meet a `Network` type.
@Suite("Data's public API names no Network type")
struct DataPublicAPITests {
    @Test("no public declaration of Data, its signature's continuation lines included, names one")
    func noNetworkTypes() throws {
        let networkTypes =
            /\b(Reply|WebService|ServiceCatalog|HTTPTransport|Endpoint|NetworkError|NetworkLogger|Serializer|RetryPolicy)\b/
        let folder = PackageGraph.root.appendingPathComponent("Sources/Data")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap {
            $0 as? String
        }
        .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for file in files {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            for (index, line) in lines.enumerated()
            where line.contains("public ") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // The signature goes on while a parenthesis is open or a line goes on with an arrow,
                // an effect or a where clause.
                var signature = line
                var depth = line.filter { $0 == "(" }.count - line.filter { $0 == ")" }.count
                var next = index + 1
                while next < lines.count {
                    let more = lines[next].trimmingCharacters(in: .whitespaces)
                    guard depth > 0 || ["->", "throws", "async", "where"].contains(where: more.hasPrefix)
                    else { break }
                    signature += " " + more
                    depth += more.filter { $0 == "(" }.count - more.filter { $0 == ")" }.count
                    next += 1
                }
                #expect(signature.firstMatch(of: networkTypes) == nil, "Sources/Data/\(file): \(signature)")
            }
        }
    }
}
