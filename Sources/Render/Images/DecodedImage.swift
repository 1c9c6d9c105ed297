import CCairo

/// A decoded image as a Cairo surface (premultiplied ARGB32), shared read-only by every worker,
/// and the file it was decoded from.
final class DecodedImage: @unchecked Sendable {
    let surface: OpaquePointer
    /// Pixels.
    let width: Int
    let height: Int
    /// The file's own bytes, for outputs that carry it unchanged; nil for images not read from
    /// a file.
    let file: ImageFile?
    /// The image whose pixels `surface` shows, kept alive while this one is (see `document(…)`).
    private let pixelsOwner: DecodedImage?

    init(surface: OpaquePointer, width: Int, height: Int, file: ImageFile?) {
        self.surface = surface; self.width = width; self.height = height; self.file = file
        pixelsOwner = nil
    }

    private init(surface: OpaquePointer, of owner: DecodedImage) {
        self.surface = surface; width = owner.width; height = owner.height; file = owner.file
        pixelsOwner = owner
    }

    deinit { cairo_surface_destroy(surface) }

    /// A surface of its own over this image's pixels (no copy), with `mime` attached, for one
    /// vector document. Cairo's vector surfaces mark the images they draw (snapshots, and the
    /// SVG surface's note of what it has emitted) on the surface itself, so documents drawn at
    /// once on several threads must not share one; and the MIME data they carry differs by
    /// output. Nil when Cairo cannot make it.
    func document(attaching mime: [(type: String, bytes: PinnedBytes)]) -> DecodedImage? {
        guard let data = cairo_image_surface_get_data(surface),
              let copy = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                             cairo_image_surface_get_stride(surface)) else { return nil }
        guard cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(copy)
            return nil
        }
        for (type, bytes) in mime { bytes.attach(as: type, to: copy) }
        return DecodedImage(surface: copy, of: self)
    }
}
