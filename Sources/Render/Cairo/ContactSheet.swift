import CCairo
import Drawing
import Motion

/// One image made of many: a sheet `Frame` (background, borders, labels — see
/// `ContactSheetLayout.frame(labels:title:)` in Charts) with images or other frames painted
/// into rectangles of it. Images are added one at a time, decoded by the caller, so memory
/// holds one at most. Not thread-safe.
public final class ContactSheet {
    /// Pixels per point of the sheet.
    public let scale: Double
    private let renderer: CairoRenderer
    private let fonts: FontFiles
    /// The decoded images the sheet and the frames painted into it draw.
    private let images: ImageLibrary
    /// Draws frames painted into cells; remade when the scale they need changes.
    private var cellRenderer: CairoRenderer?

    /// Draws `sheet` at `scale` pixels per point; it and the frames painted into it may draw
    /// the images in `images`. Throws `RenderError` for a missing font or a canvas Cairo
    /// cannot hold (more than 32767 pixels a side).
    public init(_ sheet: Frame, scale: Double = 1, images: ImageLibrary = .empty, fonts: FontFiles = .pinned) throws {
        self.scale = scale
        self.fonts = fonts
        self.images = images
        renderer = try CairoRenderer(canvasSize: sheet.size, scale: scale, images: images, fonts: fonts)
        renderer.render(sheet)
    }

    /// The sheet's size in pixels.
    public var pixelWidth: Int { renderer.pixelWidth }
    public var pixelHeight: Int { renderer.pixelHeight }

    /// Paints `image` scaled to fit `rect` (points), keeping its aspect ratio, centred, over
    /// what is there (Cairo's "good" filter, which averages when shrinking).
    public func paint(_ image: PNGImage, in rect: Rect) {
        guard let source = Self.surface(for: image) else { return }
        defer { cairo_surface_destroy(source) }
        paint(source, width: image.width, height: image.height, in: rect)
    }

    /// Draws `frame` at the scale that fits it into `rect` (points) and paints it there,
    /// centred (pixel for pixel when the fit is exact). Throws `RenderError` only when the
    /// cell's surface cannot be made (a scale or size Cairo cannot hold); drawing cannot fail.
    public func paint(_ frame: Frame, in rect: Rect) throws {
        let fit = min(rect.width / frame.size.width, rect.height / frame.size.height) * scale
        if cellRenderer?.scale != fit { cellRenderer = try CairoRenderer(scale: fit, images: images, fonts: fonts) }
        guard let cellRenderer else { return }
        try cellRenderer.prepareCanvas(for: frame)
        cellRenderer.render(frame)
        cellRenderer.withPixels { pixels in
            let data = UnsafeMutablePointer(mutating: pixels.baseAddress.assumingMemoryBound(to: UInt8.self))
            let source = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(pixels.width),
                                                             Int32(pixels.height), Int32(pixels.bytesPerRow))
            guard let source else { return }
            defer { cairo_surface_destroy(source) }
            paint(source, width: pixels.width, height: pixels.height, in: rect)
        }
    }

    /// Writes the sheet to `path` as PNG, atomically (see `PNGFile`).
    public func write(to path: String, options: PNGOptions = .fast) throws {
        try PNGFile.write(renderer, to: path, options: options)
    }

    /// The sheet's pixel at column `x`, row `y`, with straight alpha.
    public func pixel(x: Int, y: Int) -> RGBA8 { renderer.pixel(x: x, y: y) }

    /// Paints a `width` × `height` pixel surface into `rect` (points) at the largest scale
    /// that fits, centred on whole pixels, with Cairo's "good" filter (an average when
    /// shrinking, the pixels themselves at 1:1); edges are clipped so they stay sharp.
    private func paint(_ source: OpaquePointer, width: Int, height: Int, in rect: Rect) {
        let target = (x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let fit = min(target.width / Double(width), target.height / Double(height))
        guard fit.isFinite, fit > 0 else { return }
        let drawn = (width: Double(width) * fit, height: Double(height) * fit)
        let x = (target.x + (target.width - drawn.width) / 2).rounded()
        let y = (target.y + (target.height - drawn.height) / 2).rounded()
        renderer.withContext { context in
            cairo_translate(context, x, y)
            cairo_rectangle(context, 0, 0, drawn.width, drawn.height)
            cairo_clip(context)
            cairo_scale(context, fit, fit)
            cairo_set_source_surface(context, source, 0, 0)
            let pattern = cairo_get_source(context)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_paint(context)
        }
    }

    /// A Cairo ARGB32 surface holding `image`, premultiplied: c' = round(c · a / 255).
    private static func surface(for image: PNGImage) -> OpaquePointer? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface) else {
            if let surface { cairo_surface_destroy(surface) }
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.rgba.withUnsafeBufferPointer { bytes in
            for row in 0..<image.height {
                let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<image.width {
                    let i = (row * image.width + column) * 4
                    let a = UInt32(bytes[i + 3])
                    func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    pixels[column] = a << 24 | premultiplied(bytes[i]) << 16 | premultiplied(bytes[i + 1]) << 8
                        | premultiplied(bytes[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
