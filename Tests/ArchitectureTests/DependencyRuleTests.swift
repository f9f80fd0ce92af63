import Testing

@Suite("The dependency rule, read from the manifest")
struct DependencyRuleTests {
    let graph: PackageGraph

    init() async throws {
        graph = try await PackageGraph.load()
    }

    @Test("every non-test target has a place in the architecture")
    func everyTargetIsPlaced() {
        let unplaced = graph.targets.filter { !$0.isTest && DependencyRule.allowed[$0.name] == nil }.map(
            \.name)
        #expect(unplaced.isEmpty, "targets missing from ARCHITECTURE.md's table: \(unplaced)")
    }

    @Test("no target depends on a layer the architecture does not allow")
    func noForbiddenEdge() {
        for target in graph.targets where !target.isTest {
            let forbidden = target.edges.subtracting(DependencyRule.allowed[target.name] ?? [])
            #expect(forbidden.isEmpty, "\(target.name) must not depend on \(forbidden.sorted())")
        }
    }

    @Test("tests see libraries only, never an executable or another test target")
    func testsSeeLibrariesOnly() {
        let testTargets = Set(graph.targets.filter(\.isTest).map(\.name))
        for target in graph.targets where target.isTest {
            let forbidden = target.edges.intersection(
                DependencyRule.testsMayNotSee.union(DependencyRule.fuzzTargets).union(testTargets))
            #expect(forbidden.isEmpty, "\(target.name) must not depend on \(forbidden.sorted())")
        }
    }

    @Test("the package uses no outside package")
    func noOutsidePackage() {
        #expect(graph.dependencies.isEmpty)
        let products = graph.targets.flatMap { $0.productDependencies ?? [] }
        #expect(products.isEmpty, "product dependencies: \(products)")
    }

    @Test(
        "the mock server shares with the app's layers, the composition root included, only Locking and Transport"
    )
    func mockServerSharesOnlyLibraries() {
        // HeroesApp too: the demo server is handed to it by the executable, never linked.
        let layers = closure(of: ["Domain", "Network", "Data", "Presentation", "TestSupport", "HeroesApp"])
        for name in ["MockServerKit", "mock-server", "MockServerTesting"] {
            let shared = closure(of: [name]).intersection(layers)
            #expect(shared == ["Locking", "Transport", "CCurl"], "\(name) shares \(shared.sorted())")
        }
    }

    /// `names` and every target they depend on, directly or not.
    private func closure(of names: Set<String>) -> Set<String> {
        var found = names
        var next = Array(names)
        while let name = next.popLast() {
            for edge in graph.targets.first(where: { $0.name == name })?.edges ?? []
            where found.insert(edge).inserted {
                next.append(edge)
            }
        }
        return found
    }
}
