#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A picture saved to a local file.
public struct PictureFile: Sendable, Hashable {
    public let location: URL
    public let byteCount: Int64

    public init(location: URL, byteCount: Int64) {
        self.location = location
        self.byteCount = byteCount
    }
}
