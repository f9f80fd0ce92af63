import Domain
import Foundation

/// `{"id","file","bytes"}` after a download, `{"id","file","uploaded":true}` after an upload.
@MainActor
public final class JSONPictureView: PictureView {
    private var writer: JSONLineWriter

    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    public func showDownloaded(_ file: PictureFile, for id: Hero.ID) {
        writer.write(
            .object([
                "id": .string(id.rawValue), "file": .string(file.location.path),
                "bytes": .int(Int(clamping: file.byteCount)),
            ]))
    }

    public func showUploaded(_ file: URL, for id: Hero.ID) {
        writer.write(
            .object(["id": .string(id.rawValue), "file": .string(file.path), "uploaded": .bool(true)]))
    }
}
