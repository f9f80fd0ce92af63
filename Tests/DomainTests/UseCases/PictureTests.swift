import Domain
import Foundation
import Locking
import TestSupport
import Testing

@Suite("DownloadPicture and UploadPicture")
struct PictureTests {
    let repository = FakeHeroRepository()
    let pictures = FakePictureRepository()
    let destination = URL(fileURLWithPath: "/tmp/owl.png")

    @Test("downloading finds the hero's picture and relays every progress event")
    func downloadRelaysProgress() async throws {
        let hero = try Hero.sample()
        repository.onHero.returns(Cached(hero, isStale: false))
        pictures.onDownload.answers { _, destination, progress in
            progress(TransferProgress(completedBytes: 512, totalBytes: nil))
            progress(TransferProgress(completedBytes: 1024, totalBytes: nil))
            return PictureFile(location: destination, byteCount: 1024)
        }
        let seen = Locked<[TransferProgress]>([])

        let file = try await DownloadPicture(heroes: repository, pictures: pictures)(hero.id, to: destination)
        { event in
            seen.withLock { $0.append(event) }
        }

        #expect(file == PictureFile(location: destination, byteCount: 1024))
        #expect(seen.withLock { $0.map(\.completedBytes) } == [512, 1024])
        #expect(pictures.calls == [.download(hero.id, to: destination)])
    }

    @Test("a hero without a picture is not found, and nothing is downloaded")
    func downloadWithoutPicture() async throws {
        repository.onHero.returns(Cached(try .sample(picture: nil), isStale: false))
        await #expect(throws: DomainError.notFound("hero 0007 has no picture")) {
            try await DownloadPicture(heroes: repository, pictures: pictures)(
                try Hero.ID("0007"), to: destination)
        }
        #expect(pictures.calls.isEmpty)
    }

    @Test("a failed download surfaces its error")
    func downloadFails() async throws {
        repository.onHero.returns(Cached(try .sample(), isStale: false))
        pictures.onDownload.fails(with: DomainError.unavailable("connection reset"))
        await #expect(throws: DomainError.unavailable("connection reset")) {
            try await DownloadPicture(heroes: repository, pictures: pictures)(
                try Hero.ID("0007"), to: destination)
        }
    }

    @Test("uploading sends the PNG file for the hero with progress")
    func uploadSendsFile() async throws {
        let file = URL(fileURLWithPath: "/tmp/new.PNG")
        let id = try Hero.ID("0007")
        pictures.onUpload.answers { _, _, progress in
            progress(TransferProgress(completedBytes: 10, totalBytes: 10))
        }
        let seen = Locked<[Double?]>([])

        try await UploadPicture(pictures: pictures)(file, for: id) { event in
            seen.withLock { $0.append(event.fractionCompleted) }
        }

        #expect(pictures.calls == [.upload(file, for: id)])
        #expect(seen.withLock { $0 } == [1])
    }

    @Test("uploading a file that is not a PNG is invalid and sends nothing")
    func uploadRefusesNonPNG() async throws {
        await #expect(throws: DomainError.invalid([.picture: "must be a PNG file (.png)"])) {
            try await UploadPicture(pictures: pictures)(
                URL(fileURLWithPath: "/tmp/owl.jpg"), for: try Hero.ID("0007"))
        }
        #expect(pictures.calls.isEmpty)
    }

    @Test(
        "an upload over the size limit surfaces the repository's error",
        arguments: [DomainError.invalid([.picture: "must be at most 5 MiB"]), .forbidden])
    func uploadErrors(error: DomainError) async throws {
        pictures.onUpload.fails(with: error)
        await #expect(throws: error) {
            try await UploadPicture(pictures: pictures)(
                URL(fileURLWithPath: "/tmp/a.png"), for: try Hero.ID("0007"))
        }
    }
}
