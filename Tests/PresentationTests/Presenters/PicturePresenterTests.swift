import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("PicturePresenter")
struct PicturePresenterTests {
    let heroes = FakeHeroRepository()
    let pictures = FakePictureRepository()
    let view = SpyView()
    let progress = SpyProgressView()
    var presenter: PicturePresenter {
        PicturePresenter(
            downloadPicture: DownloadPicture(heroes: heroes, pictures: pictures),
            uploadPicture: UploadPicture(pictures: pictures)
        )
    }

    @Test("a download forwards every progress report, finishes the line, then shows the file")
    func download() async throws {
        let hero = try Heroes.nightOwl()
        let destination = URL(fileURLWithPath: "/tmp/owl.png")
        let file = PictureFile(location: destination, byteCount: 2048)
        heroes.onHero.returns(Cached(hero, isStale: false))
        pictures.onDownload.answers { _, _, report in
            report(TransferProgress(completedBytes: 1024, totalBytes: 2048))
            report(TransferProgress(completedBytes: 2048, totalBytes: 2048))
            return file
        }

        try await presenter.download(with: view, progress: progress, id: hero.id, to: destination)

        #expect(heroes.calls == [.hero(hero.id)])
        #expect(pictures.calls == [.download(hero.id, to: destination)])
        #expect(
            progress.events == [
                .begin("download 0007"),
                .report(ProgressFigures(TransferProgress(completedBytes: 1024, totalBytes: 2048))),
                .report(ProgressFigures(TransferProgress(completedBytes: 2048, totalBytes: 2048))), .finish,
            ])
        #expect(view.events == [.downloaded(file, hero.id)])
    }

    @Test("a failed download still finishes the progress line, shows nothing, and rethrows")
    func downloadFails() async throws {
        heroes.onHero.returns(Cached(try Heroes.nightOwl(), isStale: false))
        pictures.onDownload.answers { _, _, report in
            report(TransferProgress(completedBytes: 10, totalBytes: nil))
            throw DomainError.unavailable("connection reset")
        }

        await #expect(throws: DomainError.unavailable("connection reset")) {
            try await presenter.download(
                with: view, progress: progress, id: try Hero.ID("0007"),
                to: URL(fileURLWithPath: "/tmp/x.png"))
        }
        #expect(
            progress.events == [
                .begin("download 0007"),
                .report(ProgressFigures(TransferProgress(completedBytes: 10, totalBytes: nil))),
                .finish,
            ])
        #expect(view.events.isEmpty)
    }

    @Test("an upload forwards progress from another thread and shows the file uploaded")
    func upload() async throws {
        let file = URL(fileURLWithPath: "/tmp/owl.png")
        let id = try Hero.ID("0007")
        pictures.onUpload.answers { _, _, report in
            await Task.detached { report(TransferProgress(completedBytes: 5, totalBytes: 5)) }.value
        }

        try await presenter.upload(with: view, progress: progress, file: file, for: id)

        #expect(pictures.calls == [.upload(file, for: id)])
        #expect(
            progress.events == [
                .begin("upload owl.png"),
                .report(ProgressFigures(TransferProgress(completedBytes: 5, totalBytes: 5))),
                .finish,
            ])
        #expect(view.events == [.uploaded(file, id)])
    }

    @Test("a file that is not a PNG is refused before anything is sent")
    func uploadNotPNG() async throws {
        await #expect(throws: DomainError.invalid([.picture: "must be a PNG file (.png)"])) {
            try await presenter.upload(
                with: view, progress: progress, file: URL(fileURLWithPath: "/tmp/owl.gif"),
                for: try Hero.ID("0007"))
        }
        #expect(pictures.calls.isEmpty)
        #expect(progress.events == [.begin("upload owl.gif"), .finish])
        #expect(view.events.isEmpty)
    }
}
