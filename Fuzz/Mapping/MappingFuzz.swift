import Data
import Domain
import Foundation
import FuzzSupport

/// One input: a response body, as the server would send it.
///
/// Properties: `JSONDecoder`, through `JSONTreeSerializer`, fails only with `MappingFailure`;
/// what it accepts, Foundation's `JSONSerialization` accepts too (for UTF-8 text), and it
/// encodes and parses back to the same tree; a page maps or fails with `DomainError`; the
/// pipeline keeps or rejects every record exactly once, with unique ids, every hero it keeps
/// comes back from the store's JSON as it went in, and running it again over what it kept
/// changes nothing; the create/replace DTO decodes, re-encodes and decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    checkInputDTO(body)
    let tree: JSONValue
    do {
        tree = try JSONTreeSerializer().decode(JSONValue.self, from: body)
    } catch is MappingFailure {
        return 0
    } catch {
        fuzzCheck(false, "the parser failed with \(error), not a MappingFailure")
        return 0
    }
    checkAgainstFoundation(body)
    checkRoundTrip(tree)
    checkPage(tree)
    checkPipeline(tree)
    return 0
}

private func checkAgainstFoundation(_ body: Data) {
    // Foundation refuses bytes that are not UTF-8 where the parser, like String, repairs them.
    guard String(data: body, encoding: .utf8) != nil else { return }
    do {
        _ = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    } catch {
        fuzzCheck(false, "parsed, but JSONSerialization refuses it: \(error)")
    }
}

/// The tree as Foundation's own objects, for `JSONSerialization` to write.
private func foundationObject(_ tree: JSONValue) -> Any {
    switch tree {
    case .null: NSNull()
    case .bool(let flag): flag
    case .integer(let integer): integer
    case .number(let number): number
    case .string(let text): text
    case .array(let elements): elements.map(foundationObject)
    case .object(let members): members.mapValues(foundationObject)
    }
}

private func checkRoundTrip(_ tree: JSONValue) {
    let encoded: Data
    do {
        encoded = try JSONSerialization.data(
            withJSONObject: foundationObject(tree), options: [.fragmentsAllowed])
    } catch {
        fuzzCheck(false, "\(tree) does not encode: \(error)")
        return
    }
    do {
        let again = try JSONTreeSerializer().decode(JSONValue.self, from: encoded)
        fuzzCheck(sameJSON(tree, again), "\(tree) came back as \(again)")
    } catch {
        fuzzCheck(false, "\(String(decoding: encoded, as: UTF8.self)) does not parse back: \(error)")
    }
}

/// Equality of trees as JSON: 2 and 2.0 are the same number once encoded.
private func sameJSON(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let integer), .number(let number)), (.number(let number), .integer(let integer)):
        return Double(integer) == number
    case (.array(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy(sameJSON)
    case (.object(let left), .object(let right)):
        return left.count == right.count
            && left.allSatisfy { key, value in right[key].map { sameJSON(value, $0) } ?? false }
    default:
        return lhs == rhs
    }
}

private func checkPage(_ tree: JSONValue) {
    do {
        let page = try HeroPageBody.page(of: tree)
        fuzzCheck(Set(page.items.map(\.id)).count == page.items.count, "the page holds a hero twice")
    } catch {
        // Typed: `HeroPageBody` throws only `DomainError`, so any failure is a refusal of the page.
        let _: DomainError = error
    }
}

private func checkPipeline(_ tree: JSONValue) {
    let records: [JSONValue]
    do {
        records = try HeroMapping.mapping.records(in: tree)
    } catch {
        return
    }
    let result = HeroMapping.pipeline.run(records: records, stored: [:])
    let ids = result.items.map(\.id)
    fuzzCheck(Set(ids).count == ids.count, "an id kept twice: \(ids)")
    fuzzCheck(result.items.count + result.rejected.count == records.count, "a record kept or rejected twice")
    fuzzCheck(result.inserted == ids, "inserted \(result.inserted), kept \(ids)")
    var kept: [String: Hero] = [:]
    for item in result.items {
        fuzzCheck(item.entity.id.rawValue == item.id, "entity \(item.entity.id) stored as \(item.id)")
        fuzzCheck(item.entity.version >= 1, "a version below 1 was kept")
        kept[item.id] = item.received
        let stored = StoredHero(item.received, entityTag: nil)
        let back = (try? JSONEncoder().encode(stored)).flatMap {
            try? JSONDecoder().decode(StoredHero.self, from: $0)
        }
        fuzzCheck(back == stored, "hero \(item.id) did not come back from the store's JSON")
    }
    let again = HeroMapping.pipeline.run(records: records, stored: kept, isComplete: true)
    fuzzCheck(again.unchanged == ids, "a second run changed \(ids) to unchanged \(again.unchanged)")
    fuzzCheck(
        again.inserted.isEmpty && again.updated.isEmpty && again.deleted.isEmpty, "a second run changed")
}

private func checkInputDTO(_ body: Data) {
    let dto: HeroInputDTO
    do {
        dto = try JSONDecoder().decode(HeroInputDTO.self, from: body)
    } catch {
        return  // most inputs are not a create/replace body
    }
    do {
        let again = try JSONDecoder().decode(HeroInputDTO.self, from: JSONEncoder().encode(dto))
        fuzzCheck(again == dto, "\(dto) came back as \(again)")
    } catch {
        fuzzCheck(false, "\(dto) does not round-trip: \(error)")
    }
}

/// libFuzzer's driver under Scripts/fuzz.sh, a replay of the inputs named otherwise.
@main
enum MappingFuzzMain {
    static func main() { FuzzMain.run(fuzzMapping) }
}
