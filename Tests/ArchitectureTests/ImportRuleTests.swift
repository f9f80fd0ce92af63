import Testing

@Suite("What each layer's sources import")
struct ImportRuleTests {
    @Test("the Domain imports FoundationEssentials at most, and Foundation only as its fallback")
    func domainImports() throws {
        let imports = try SourceImport.all(under: "Sources/Domain")
        #expect(!imports.isEmpty, "the scan found no import at all; is the path right?")
        for found in imports where !Self.domainMayImport(found) {
            Issue.record("Domain may not import \(found.module): \(found)")
        }
    }

    @Test(
        "each layer imports only its allowed system modules and the layers the manifest gives it",
        arguments: [
            ("Sources/Network", "Network"), ("Sources/Transport", "Transport"), ("Sources/Data", "Data"),
            ("Sources/Presentation", "Presentation"), ("Sources/TerminalGraphics", "TerminalGraphics"),
            ("MockServer/MockServerKit", "MockServerKit"), ("Sources/HeroesApp", "HeroesApp"),
            ("Sources/heroes-cli", "heroes-cli"), ("MockServer/MockServerTesting", "MockServerTesting"),
        ]
    )
    func layerImports(folder: String, target: String) async throws {
        let graph = try await PackageGraph.load()
        let layers = graph.targets.first { $0.name == target }?.edges ?? []
        let allowed = (DependencyRule.systemImports[target] ?? []).union(layers)
        for found in try SourceImport.all(under: folder) where !allowed.contains(found.module) {
            Issue.record("\(target) may not import \(found.module): \(found)")
        }
    }

    @Test(
        "the import scanner tells a guarded Foundation fallback from a bare import",
        arguments: [
            (
                "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif",
                true
            ),
            ("import Foundation", false),
            ("import FoundationNetworking", false),
            ("@preconcurrency import struct Foundation.URL", false),
            ("#if canImport(FoundationEssentials)\nimport Foundation\n#endif", false),
            ("#if os(Linux)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif", false),
        ]
    )
    func scannerSeesGuards(source: String, allowed: Bool) {
        let imports = SourceImport.parse(source, file: "Example.swift")
        #expect(!imports.isEmpty)
        #expect(imports.allSatisfy(Self.domainMayImport) == allowed)
    }

    static func domainMayImport(_ found: SourceImport) -> Bool {
        if DependencyRule.systemImports["Domain", default: []].contains(found.module) { return true }
        guard found.module == "Foundation", let condition = found.condition else { return false }
        return condition.inElse && condition.expression == "canImport(FoundationEssentials)"
    }
}
