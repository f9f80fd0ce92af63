import Data
import Domain
import Foundation
import MockServerKit
import Network
import TestSupport
import Testing

/// A sync stopped by its deadline keeps the heroes of the pages it pulled (a slow server's work is
/// not thrown away), unlike a fault, which leaves the store as it was (`SyncFaultTests`).
@Suite("A sync's deadline keeps what it pulled")
struct SyncDeadlineKeepsTests {
    @Test("page 2 outlasting the deadline: the 10 heroes of page 1 are kept, the roster is not whole")
    func keepsPulledPages() async throws {
        try await SyncHarness.with(syncPageSize: 10) { harness in
            _ = try harness.server.addFault(
                FaultRule(method: "GET", path: "/v1/heroes", fault: "delay:60s", times: 1, after: 1))
            // Long enough for page 1 on a loaded machine; page 2 waits a minute.
            let budget = TestTime.budget(.seconds(8))
            let started = ContinuousClock.now
            let error = await #expect(throws: DomainError.self) {
                try await WebService.withDeadline(budget) {
                    try await harness.repository.sync(until: started + budget) { _ in }
                }
            }
            #expect(error?.caseName == "unavailable", "\(String(describing: error))")
            #expect(ContinuousClock.now - started < budget + .seconds(30), "it did not wait out the page")
            let (count, whole) = try await harness.store.read { (try $0.heroCount(), try $0.holdsRoster()) }
            #expect(count == 10)
            #expect(!whole, "ten heroes of 44 are not the server's")

            harness.server.clearFaults()
            let next = try await harness.repository.sync()
            #expect(next.inserted.count == 34 && next.unchanged.count == 10, "\(next)")
        }
    }
}
