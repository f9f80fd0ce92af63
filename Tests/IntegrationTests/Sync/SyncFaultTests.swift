import Domain
import Foundation
import MockServerKit
import TestSupport
import Testing

@testable import Data

/// A fault at any point of a sync leaves the store as it was or complete, never half.
@Suite("Sync under faults")
struct SyncFaultTests {
    @Test("a fault on the second push keeps it and every later change pending; the first, confirmed, is gone")
    func faultOnSecondPush() async throws {
        try await SyncHarness.with { harness in
            let repository = harness.repository
            var read: [Hero] = []
            for id in ["0005", "0006", "0007"] {
                read.append(try await repository.hero(try Hero.ID(id)).value)
            }
            harness.transport.isOffline = true
            for hero in read {
                _ = try await repository.replace(
                    hero.id, with: try HeroDraft(codeName: hero.codeName + " Prime", powers: hero.powers),
                    expectedVersion: hero.version)
            }
            harness.transport.isOffline = false
            _ = try harness.server.addFault(
                FaultRule(method: "PUT", path: "/v1/heroes/0006", fault: "status:500"))

            let error = await #expect(throws: DomainError.self) { try await repository.sync() }
            #expect(error?.caseName == "unavailable", "\(String(describing: error))")
            #expect(try await harness.pending().map(\.id) == ["0006", "0007"])
            let first = try #require(try await harness.store.read { try $0.hero("0005")?.hero })
            #expect(first.codeName == read[0].codeName + " Prime" && first.version == read[0].version + 1)
            #expect(try await harness.serverHero("0006").codeName == read[1].codeName)

            let changes = try await repository.sync()
            #expect(changes.pushed.map(\.rawValue) == ["0006", "0007"])
            #expect(try await harness.pending().isEmpty)
            #expect(try await harness.serverHero("0007").codeName == read[2].codeName + " Prime")
        }
    }

    @Test(
        "a fault on page 3 of the pull leaves every store file byte for byte as it was; the next sync completes"
    )
    func faultOnThirdPage() async throws {
        try await SyncHarness.with(syncPageSize: 10) { harness in
            let repository = harness.repository
            let first = try await repository.sync()
            #expect(first.inserted.count >= 40)
            let (changed, _) = try await harness.other.replace(
                try Hero.ID("0001"), with: try HeroDraft(codeName: "Changed Elsewhere"), expectedVersion: nil)
            let before = try harness.storeFiles()
            _ = try harness.server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes", fault: "status:500", times: 1, after: 2))

            let error = await #expect(throws: DomainError.self) { try await repository.sync() }
            #expect(error?.caseName == "unavailable", "\(String(describing: error))")
            #expect(try harness.storeFiles() == before)
            let pages = harness.server.requests().filter { $0.path == "/v1/heroes" }.suffix(3)
            #expect(pages.map(\.status) == [200, 200, 500])

            let second = try await repository.sync()
            #expect(second.updated == [changed.id])
            #expect(second.inserted.isEmpty && second.deleted.isEmpty)
        }
    }
}
