import Data
import Domain
import Foundation

/// Decoding and mapping a page of heroes as the app does (the bytes into a `JSONValue` tree by
/// `JSONTreeSerializer`, then `HeroMapping` with every transformer and condition, RFC 3339
/// times read by `Date.ISO8601FormatStyle`)
/// against `JSONDecoder` into plain `Decodable` structs of the same page, alternating round by round.
enum MappingBenchmark {
    static func run(count: Int, rounds: Int) throws -> (pipeline: Duration, plain: Duration) {
        let body = try GeneratedHeroes.page(count: count)
        var pipeline: [Duration] = []
        var plain: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            var kept = 0
            pipeline.append(
                try clock.measure {
                    let tree = try JSONTreeSerializer().decode(JSONValue.self, from: body)
                    kept = try HeroPageBody.page(of: tree).items.count
                })
            guard kept == count else { throw BenchmarkError("the pipeline kept \(kept) of \(count)") }
            var decoded = 0
            plain.append(
                try clock.measure {
                    decoded = try JSONDecoder().decode(PlainPage.self, from: body).items.count
                })
            guard decoded == count else { throw BenchmarkError("JSONDecoder read \(decoded) of \(count)") }
        }
        return (median(pipeline), median(plain))
    }
}
