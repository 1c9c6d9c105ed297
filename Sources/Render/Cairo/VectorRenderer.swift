import CCairo
import Drawing
import Motion

/// Draws `Frame`s as SVG or PDF documents with Cairo's vector surfaces, through the same
/// `CairoCommandRunner` as the raster renderer, so a document shows exactly what the PNG
/// shows. The page is the PNG's size in pixels (SVG `px`, PDF points), drawn at `scale`;
/// text becomes glyph outlines (SVG) or an embedded subset of the pinned font (PDF).
///
/// Images are the scene's files unchanged, never pixels encoded again (`VectorImages`): a PDF
/// embeds a JPEG as it is (`CAIRO_MIME_TYPE_JPEG`: a DCTDecode stream of the file's bytes);
/// an SVG refers to the file `SharedImageFiles` writes beside the frames
/// (`CAIRO_MIME_TYPE_URI`) or embeds the file's bytes (`CAIRO_MIME_TYPE_JPEG`, `…_PNG`).
/// Each document draws the images from surfaces of its own over the shared pixels, because
/// Cairo's vector surfaces mark the image surfaces they draw.
///
/// Documents are deterministic: SVG ids are renumbered per document (`SVGIdentifiers`) and
/// the PDF creation date is fixed (`pdfCreationDate`). Fonts and images are ready when the
/// renderer is made, so drawing cannot fail; only making a frame's page and serialising it
/// can. Not thread-safe: one per worker (they may share one `ImageLibrary`).
public final class VectorRenderer {
    /// `.svg` or `.pdf`.
    public let format: OutputFormat
    /// Pixels (SVG px, PDF points) per point.
    public let scale: Double
    /// The decoded images frames may draw.
    public let images: ImageLibrary
    /// How documents carry them.
    public let imageMode: VectorImages
    private let fonts: PinnedFonts

    /// The creation date every PDF carries (Cairo would stamp the current time).
    public static let pdfCreationDate = "2000-01-01T00:00:00Z"

    /// Throws `RenderError` for a missing font or a scale that is not positive. `imageMode`
    /// `.files` is for SVG only.
    public init(format: OutputFormat, scale: Double, images: ImageLibrary = .empty, fonts: FontFiles = .pinned,
                imageMode: VectorImages = .embedded) throws {
        precondition(format.isVector, "VectorRenderer draws SVG and PDF, not \(format)")
        if case .files = imageMode { precondition(format == .svg, "only an SVG refers to image files") }
        guard scale.isFinite, scale > 0 else { throw RenderError.invalidScale(scale) }
        self.format = format
        self.scale = scale
        self.images = images
        self.imageMode = imageMode
        self.fonts = try PinnedFonts(files: fonts)
    }

    /// `frame` as one complete document. Every image it draws must be in `images`. Throws
    /// `RenderError.invalidCanvas` when the page cannot be made (a side would not round to
    /// 1...32767) and `RenderError.cairo` when Cairo cannot finish the document; the drawing
    /// itself cannot fail.
    public func document(for frame: Frame) throws -> [UInt8] {
        let width = (frame.size.width * scale).rounded(), height = (frame.size.height * scale).rounded()
        guard width.isFinite, height.isFinite, (1...32767).contains(width), (1...32767).contains(height) else {
            throw RenderError.invalidCanvas(size: frame.size, scale: scale)
        }
        let sink = DocumentBytes()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface: OpaquePointer
        if format == .svg {
            surface = cairo_svg_surface_create_for_stream(DocumentBytes.write, closure, width, height)
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        } else {
            surface = cairo_pdf_surface_create_for_stream(DocumentBytes.write, closure, width, height)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, Self.pdfCreationDate)
        }
        defer { cairo_surface_destroy(surface) }
        guard let library = documentImages() else {
            throw RenderError.cairo(status: "cannot make the images' surfaces", frameIndex: frame.index)
        }
        // The image surfaces must outlive the document's (destroying one that a document still
        // holds would make Cairo copy its pixels).
        withExtendedLifetime(library) {
            draw(frame, on: surface, images: library)
            cairo_surface_finish(surface)
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(status: String(cString: cairo_status_to_string(status)), frameIndex: frame.index)
        }
        return format == .svg ? SVGMaskFilter.widened(SVGIdentifiers.renumber(sink.bytes)) : sink.bytes
    }

    /// `images` on surfaces of this document's own, carrying the files as `imageMode` says.
    private func documentImages() -> ImageLibrary? {
        images.forDocument { path, image in
            guard let file = image.file else { return [] }
            switch (format, imageMode) {
            case (.svg, .files(let shared)):
                return shared.reference(for: path).map { [(CAIRO_MIME_TYPE_URI, $0)] } ?? []
            case (.svg, _):
                return [(file.kind.mimeType, file.bytes)]
            default:
                // PDF takes a JPEG as it is; a PNG's pixels are compressed again (PDF has no PNG).
                return file.kind == .jpeg ? [(CAIRO_MIME_TYPE_JPEG, file.bytes)] : []
            }
        }
    }

    /// The background (nothing for a clear one: the page stays transparent), then the commands
    /// in points at `scale`.
    private func draw(_ frame: Frame, on surface: OpaquePointer, images: ImageLibrary) {
        guard let context = cairo_create(surface) else { preconditionFailure("cairo_create returned nil") }
        defer { cairo_destroy(context) }
        if frame.background.alpha > 0 {
            CairoCommandRunner.setSource(frame.background, on: context)
            cairo_paint(context)
        }
        // Blurs read the pixels behind them: a raster pass of the same frame blurs them, and
        // the document embeds those images.
        var backdrops = BackdropSource.own
        if CairoCommandRunner.hasBackdrops(frame.commands) {
            backdrops = .replay(CairoCommandRunner.recordBackdrops(of: frame, width: Int((frame.size.width * scale).rounded()),
                                                                   height: Int((frame.size.height * scale).rounded()),
                                                                   scale: scale, fonts: fonts, images: images))
        }
        CairoCommandRunner.draw(frame, on: context, scale: scale, fonts: fonts, images: images, backdrops: backdrops)
    }
}

/// Collects what a Cairo stream surface writes.
private final class DocumentBytes {
    var bytes: [UInt8] = []

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<DocumentBytes>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
