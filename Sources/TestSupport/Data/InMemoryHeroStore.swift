import Data
import Foundation
import Locking

/// A `HeroStore` in memory, for a repository's unit tests: the JSON file store's state, reader
/// and writer without the file, so its rules hold. One commit at a time, all or nothing.
public final class InMemoryHeroStore: HeroStore {
    private let state = Locked(StoreState())

    public init() {}

    public var location: URL { URL(fileURLWithPath: "/dev/null/in-memory-heroes") }

    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result) async throws
        -> Result
    {
        try body(JSONFileHeroStore.Reader(state.withLock { $0 }))
    }

    public func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result)
        async throws -> Result
    {
        try state.withLock { state in
            let writer = JSONFileHeroStore.Writer(state)
            let result = try body(writer)
            state = writer.state
            return result
        }
    }
}
