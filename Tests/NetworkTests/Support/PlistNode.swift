import Foundation

/// A service plist written as a Swift literal, so test tables stay readable and `Sendable`.
enum PlistNode: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case array([PlistNode])
    case dictionary([String: PlistNode])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(floatLiteral value: Double) { self = .real(value) }
    init(booleanLiteral value: Bool) { self = .boolean(value) }
    init(arrayLiteral elements: PlistNode...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, PlistNode)...) {
        self = .dictionary(Dictionary(uniqueKeysWithValues: elements))
    }

    /// The value `PropertyListSerialization` writes.
    var object: Any {
        switch self {
        case .string(let value): value
        case .integer(let value): value
        case .real(let value): value
        case .boolean(let value): value
        case .array(let values): values.map(\.object)
        case .dictionary(let values): values.mapValues(\.object)
        }
    }

    /// The node as an XML plist.
    var data: Data {
        get throws { try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0) }
    }
}
