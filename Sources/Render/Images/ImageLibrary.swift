import Drawing

/// The images a scene draws, decoded before anything is drawn: each file once (PNG with
/// libpng, JPEG with libjpeg-turbo), into a premultiplied Cairo surface. Immutable, so every
/// worker of an export shares one library read-only. Renderers take it when they are made;
/// drawing a frame only looks images up here, so it never decodes, waits or fails.
public struct ImageLibrary: Sendable {
    /// Decoded images by file path.
    private let images: [String: DecodedImage]

    /// A library with no images, for frames that draw none (charts, contact sheets of PNG files).
    public static let empty = ImageLibrary(images: [:])

    private init(images: [String: DecodedImage]) { self.images = images }

    /// Decodes every one of `sources`, in order, each file once. Throws the first file's
    /// `ImageError`, which names it and where the scene names it (`ImageSource.origin`).
    public init(decoding sources: some Sequence<ImageSource>) throws(ImageError) {
        var images: [String: DecodedImage] = [:]
        for source in sources where images[source.path] == nil {
            images[source.path] = try ImageDecoder.decode(source)
        }
        self.init(images: images)
    }

    /// How many files were decoded.
    public var count: Int { images.count }

    /// Every image with the path the scene names it by, in path order.
    var entries: [(path: String, image: DecodedImage)] {
        images.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The same images on surfaces of their own for one vector document (`DecodedImage.document`),
    /// each with the MIME data `mime` gives for it. Nil when Cairo cannot make a surface.
    func forDocument(attaching mime: (_ path: String, _ image: DecodedImage) -> [(type: String, bytes: PinnedBytes)]) -> ImageLibrary? {
        var copies: [String: DecodedImage] = [:]
        for (path, image) in images {
            guard let copy = image.document(attaching: mime(path, image)) else { return nil }
            copies[path] = copy
        }
        return ImageLibrary(images: copies)
    }

    /// Whether `source`'s file is in the library, so a frame may draw it.
    public func contains(_ source: ImageSource) -> Bool { images[source.path] != nil }

    /// The decoded image of `source`. A frame drawn with a library that lacks one of its
    /// images is a mistake of the code that made the renderer (the command line decodes the
    /// scene's `imageSources`), not of the scene: it stops with a precondition failure
    /// rather than write a frame without its image.
    func image(for source: ImageSource) -> DecodedImage {
        guard let image = images[source.path] else {
            preconditionFailure("the image \(source.path) is not in the renderer's ImageLibrary; "
                                + "decode every image the frames draw (ImageLibrary(decoding:)) and pass it to the renderer")
        }
        return image
    }
}
