#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A picture saved to a local file.
public struct PictureFile: Sendable, Hashable {
    /// Where the picture was written.
    public let location: URL
    /// How many bytes it has.
    public let byteCount: Int64

    /// Stores the values as given.
    public init(location: URL, byteCount: Int64) {
        self.location = location
        self.byteCount = byteCount
    }
}
