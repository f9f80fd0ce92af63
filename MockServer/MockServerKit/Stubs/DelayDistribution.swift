import Foundation

/// WireMock's `delayDistribution`: a delay drawn per response, added to the fixed one.
enum DelayDistribution: Sendable {
    /// Milliseconds, every value as likely.
    case uniform(lower: Int, upper: Int)
    /// A long tail around `median` ms; `sigma` spreads its logarithm; capped at `maximum`.
    case lognormal(median: Double, sigma: Double, maximum: Int)

    /// Reads `{"type": "uniform", "lower": 15, "upper": 25}` or
    /// `{"type": "lognormal", "median": 80, "sigma": 0.4}`.
    init(_ cursor: JSONCursor) throws(MappingError) {
        guard let type = cursor.member("type") else { throw cursor.error("type is missing") }
        switch try type.string() {
        case "uniform":
            try cursor.onlyKeys(["type", "lower", "upper"])
            let lower = try Self.required(cursor, "lower").integer(in: 0...60_000)
            let upper = try Self.required(cursor, "upper").integer(in: lower...60_000)
            self = .uniform(lower: lower, upper: upper)
        case "lognormal":
            try cursor.onlyKeys(["type", "median", "sigma", "maxValue"])
            let median = try Self.required(cursor, "median")
            let sigma = try Self.required(cursor, "sigma")
            guard let m = median.value.number, (0...60_000).contains(m) else {
                throw median.error("expected milliseconds from 0 to 60000")
            }
            guard let s = sigma.value.number, (0...10).contains(s) else {
                throw sigma.error("expected a spread from 0 to 10")
            }
            let maximum = try cursor.member("maxValue")?.integer(in: 0...60_000) ?? 60_000
            self = .lognormal(median: m, sigma: s, maximum: maximum)
        default:
            throw type.error("unknown delay distribution \(try type.string()); known: uniform, lognormal")
        }
    }

    private static func required(_ cursor: JSONCursor, _ key: String) throws(MappingError) -> JSONCursor {
        guard let found = cursor.member(key) else { throw cursor.error("\(key) is missing") }
        return found
    }

    /// One draw in whole milliseconds, at most a minute.
    func sample() -> Int {
        switch self {
        case .uniform(let lower, let upper):
            return Int.random(in: lower...upper)
        case .lognormal(let median, let sigma, let maximum):
            // Box–Muller: a standard normal draw from two uniform ones.
            let u = Double.random(in: Double.ulpOfOne..<1)
            let v = Double.random(in: 0..<1)
            let normal = (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
            return Int(min(Double(maximum), (median * exp(sigma * normal)).rounded()))
        }
    }
}
