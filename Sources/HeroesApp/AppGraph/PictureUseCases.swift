import Domain

/// The pictures' use cases, moving pictures with progress.
struct PictureUseCases: Sendable {
    let pictures: any PictureRepository
    /// Where the heroes are looked up (a download first checks that the hero has a picture).
    let heroes: any HeroRepository

    var downloadPicture: DownloadPicture { DownloadPicture(heroes: heroes, pictures: pictures) }
    var uploadPicture: UploadPicture { UploadPicture(pictures: pictures) }
}
