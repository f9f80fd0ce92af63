import Foundation
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Building a `URLRequest` from a descriptor against writing the same request by hand, timed in
/// the same run so the ratio holds whatever the machine.
enum RequestBuildingBenchmark {
    struct HeroInput: Codable, Sendable {
        var codeName: String
        var powers: [String]
        var teamID: String?
    }

    static let page = Endpoint<Data>("heroes", arguments: 3)
    static let replace = Endpoint<NoContent>("replaceHero", arguments: 3)

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>heroes</key><dict><key>request</key><dict>
            <key>path</key><string>/v1/heroes?page=%0&amp;per_page=%1&amp;q=%2</string>
            <key>headers</key><dict><key>Accept</key><string>application/json</string></dict>
          </dict></dict>
          <key>replaceHero</key><dict><key>request</key><dict>
            <key>path</key><string>/v1/heroes/%0</string><key>method</key><string>PUT</string>
            <key>headers</key><dict><key>If-Match</key><string>%2</string></dict>
            <key>body</key><string>%1</string>
          </dict></dict>
        </dict></plist>
        """

    /// One comparison's result.
    struct Result {
        let name: String
        let descriptor: Duration
        let handWritten: Duration
        var ratio: Double { descriptor.seconds / handWritten.seconds }
    }

    static func run(iterations: Int) throws -> [Result] {
        var registry = DescriptorRegistry(defaultSerializer: JSONSerializer(keys: .snakeCase))
        registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "SnakeJSON")
        let catalog = try ServiceCatalog(
            plist: Data(plist.utf8), fileName: "Benchmark.plist", endpoints: [page, replace],
            registry: registry
        )
        guard let base = URL(string: "http://127.0.0.1:8080") else { return [] }
        let service = WebService(baseURL: base, catalog: catalog, transport: RefusingTransport(.cancelled))
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let input = HeroInput(
            codeName: "Night Owl", powers: ["Night vision", "Gliding"], teamID: "dawn-guard")

        let getCase = try compare(
            "GET, 3 placeholders vs by hand", iterations: iterations,
            descriptor: { index in
                try service.request(page, index % 50 + 1, 20, "night owl & co").url?.absoluteString.count ?? 0
            },
            handWritten: { index in
                let query = "night owl & co".addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
                let text = "http://127.0.0.1:8080/v1/heroes?page=\(index % 50 + 1)&per_page=20&q=\(query)"
                guard let url = URL(string: text) else { return 0 }
                var request = URLRequest(url: url)
                request.httpMethod = "GET"
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                return request.url?.absoluteString.count ?? 0
            }
        )
        let putCase = try compare(
            "PUT, JSON body vs by hand", iterations: iterations,
            descriptor: { index in
                try service.request(replace, "00\(index % 10)", input, "\"0007-3\"").httpBody?.count ?? 0
            },
            handWritten: { index in
                guard let url = URL(string: "http://127.0.0.1:8080/v1/heroes/00\(index % 10)") else {
                    return 0
                }
                var request = URLRequest(url: url)
                request.httpMethod = "PUT"
                request.httpBody = try encoder.encode(input)
                request.setValue("\"0007-3\"", forHTTPHeaderField: "If-Match")
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                return request.httpBody?.count ?? 0
            }
        )
        return [getCase, putCase]
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    /// Times both builders in alternating rounds and keeps each one's fastest round, which is
    /// the least disturbed by the other engineers sharing the machine.
    private static func compare(
        _ name: String, iterations: Int,
        descriptor: (Int) throws -> Int, handWritten: (Int) throws -> Int
    ) throws -> Result {
        var sink = 0
        var best = (descriptor: Duration.seconds(1_000), handWritten: Duration.seconds(1_000))
        let clock = ContinuousClock()
        for _ in 0..<7 {
            let first = try clock.measure { for index in 0..<iterations { sink &+= try descriptor(index) } }
            let second = try clock.measure { for index in 0..<iterations { sink &+= try handWritten(index) } }
            best = (min(best.descriptor, first), min(best.handWritten, second))
        }
        if sink == 42 { print("") }  // keeps the work observable so it is not optimised away
        return Result(
            name: name, descriptor: best.descriptor / iterations, handWritten: best.handWritten / iterations)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
