import CCairo
import Drawing
import Motion

/// Rasterises `Frame`s with Cairo into one ARGB32 image surface that is reused from frame to
/// frame. Not thread-safe: make one per worker thread.
public final class CairoRenderer {
    /// Pixels per point.
    public let scale: Double
    /// The canvas size in points (follows the last rendered frame's size).
    public private(set) var canvasSize: Size = .zero
    /// round(canvasSize.width × scale).
    public private(set) var pixelWidth = 0
    /// round(canvasSize.height × scale).
    public private(set) var pixelHeight = 0

    private var surface: OpaquePointer?
    private let fonts: PinnedFonts
    private var lastFrameIsOpaque = false

    /// Makes a renderer for `canvasSize` points at `scale` pixels per point, loading the pinned
    /// fonts. Throws `RenderError.fontMissing` if a font file is absent.
    public convenience init(canvasSize: Size, scale: Double = 1, fonts: FontFiles = .pinned) throws {
        try self.init(scale: scale, fonts: fonts)
        try resize(to: canvasSize)
    }

    /// A renderer whose surface is made by the first `render` (for workers that learn the
    /// canvas size from their first frame).
    init(scale: Double, fonts: FontFiles) throws {
        guard scale.isFinite, scale > 0 else { throw RenderError.invalidScale(scale) }
        self.scale = scale
        self.fonts = try PinnedFonts(files: fonts)
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Draws `frame`: clears to its background, then runs its commands in points at `scale`.
    /// A frame of another size first resizes the surface.
    public func render(_ frame: Frame) throws {
        if surface == nil || frame.size != canvasSize { try resize(to: frame.size) }
        guard let surface, let context = cairo_create(surface) else {
            preconditionFailure("cairo_create returned nil")
        }
        defer { cairo_destroy(context) }

        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        CairoCommandRunner.setSource(frame.background, on: context)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        try CairoCommandRunner.draw(frame, on: context, scale: scale, fonts: fonts)
        cairo_surface_flush(surface)
        lastFrameIsOpaque = frame.isOpaque
    }

    /// Calls `body` with the pixels of the last rendered frame (all transparent before the
    /// first). The buffer must not escape `body`.
    public func withPixels<R>(_ body: (PixelBuffer) throws -> R) rethrows -> R {
        guard let surface, let data = cairo_image_surface_get_data(surface) else {
            preconditionFailure("withPixels called before the renderer has a surface")
        }
        let buffer = PixelBuffer(baseAddress: UnsafeRawPointer(data), width: pixelWidth, height: pixelHeight,
                                 bytesPerRow: Int(cairo_image_surface_get_stride(surface)),
                                 isOpaque: lastFrameIsOpaque)
        return try body(buffer)
    }

    /// Calls `body` with a cairo context on the last rendered frame's surface, in pixels, to
    /// draw over it (`ContactSheet` paints images this way); flushes when `body` returns.
    func withContext<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        guard let surface, let context = cairo_create(surface) else {
            preconditionFailure("withContext called before the renderer has a surface")
        }
        defer {
            cairo_destroy(context)
            cairo_surface_flush(surface)
        }
        return try body(context)
    }

    /// The last rendered frame's pixel at column `x`, row `y`, with straight alpha.
    public func pixel(x: Int, y: Int) -> RGBA8 {
        withPixels { $0.pixel(x: x, y: y) }
    }

    private func resize(to size: Size) throws {
        let width = size.width * scale, height = size.height * scale
        guard width.isFinite, height.isFinite else { throw RenderError.invalidCanvas(size: size, scale: scale) }
        let pixels = (width: width.rounded(), height: height.rounded())
        guard (1...32767).contains(pixels.width), (1...32767).contains(pixels.height) else {
            throw RenderError.invalidCanvas(size: size, scale: scale)
        }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        let created: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        guard cairo_surface_status(created) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            throw RenderError.invalidCanvas(size: size, scale: scale)
        }
        surface = created
        canvasSize = size
        pixelWidth = Int(pixels.width)
        pixelHeight = Int(pixels.height)
        lastFrameIsOpaque = false
    }
}
