import CCairo

/// An image file's own bytes, kept beside its decoded pixels so that vector outputs can carry
/// the file unchanged (a JPEG inside a PDF, an SVG's image file) instead of encoding the
/// pixels again.
struct ImageFile: Sendable {
    /// The two formats the decoder reads.
    enum Kind: Sendable {
        case png, jpeg

        /// The extension an image file of this kind is written with (no dot).
        var fileExtension: String { self == .png ? "png" : "jpg" }

        /// Cairo's MIME type for it.
        var mimeType: String { self == .png ? CAIRO_MIME_TYPE_PNG : CAIRO_MIME_TYPE_JPEG }
    }

    let kind: Kind
    /// The file's bytes, as read.
    let bytes: PinnedBytes
}
