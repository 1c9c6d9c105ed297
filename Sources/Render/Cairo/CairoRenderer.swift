import CCairo
import Drawing
import Motion

/// Rasterises `Frame`s with Cairo into one ARGB32 image surface that is reused from frame to
/// frame. Everything a frame needs — the surface, the pinned fonts, its images decoded — is
/// made when the renderer is (or its canvas resized), so `render` cannot fail. Not
/// thread-safe: make one per worker thread (they may share one `ImageLibrary`).
public final class CairoRenderer {
    /// Pixels per point.
    public let scale: Double
    /// The canvas size in points: frames drawn must be of this size (`resize(to:)` changes it).
    public private(set) var canvasSize: Size = .zero
    /// round(canvasSize.width × scale).
    public private(set) var pixelWidth = 0
    /// round(canvasSize.height × scale).
    public private(set) var pixelHeight = 0

    private var surface: OpaquePointer?
    private let fonts: PinnedFonts
    /// The decoded images frames may draw. Setting it lets one renderer (its fonts and surface)
    /// draw another scene's frames, as the studio does after each save.
    public var images: ImageLibrary { didSet { drawn = nil } }
    private var lastFrameIsOpaque = false
    /// The frame the surface holds, when nothing else drew on it since: the next frame redraws
    /// only the rows that differ from it (`FrameDamage`).
    private var drawn: Frame?
    /// Whether `render` redraws only the rows that differ from the frame the surface holds
    /// (true), or every frame whole. The pixels are the same either way.
    public var redrawsOnlyDamage = true
    /// The rows the last `render` drew: every row, or only those that could differ from the
    /// frame drawn before it on this surface (the rest are untouched). Empty: nothing changed.
    /// Drawing over the frame (`withContext`) makes it every row.
    public private(set) var lastDrawnRows = PixelRows()
    /// Whether translucent rectangles drawn straight onto the background are drawn as the
    /// opaque colour they make there (`BackgroundBlend`). The pixels are the same either way.
    public var blendsOverBackground = true
    /// Colours composited over backgrounds so far (a flash's alpha takes a few hundred values).
    private var blends: [BlendKey: Color] = [:]
    private struct BlendKey: Hashable { var color: Color, background: Color }
    /// Gradients rasterised once and filled from their images (`GradientSurfaces`).
    let gradientSurfaces = GradientSurfaces()
    /// Whether gradients are filled from their images (true) or by Cairo each time (for tests).
    var fillsGradientsFromImages = true

    private func blend(_ background: Color, _ color: Color) -> Color? {
        let key = BlendKey(color: color, background: background)
        if let known = blends[key] { return known }
        guard let opaque = BackgroundBlend.composite(color, over: background) else { return nil }
        if blends.count >= 4096 { blends.removeAll() }
        blends[key] = opaque
        return opaque
    }

    /// Makes a renderer for `canvasSize` points at `scale` pixels per point, loading the pinned
    /// fonts; frames may draw the images in `images`. Throws `RenderError` for a missing font,
    /// a scale that is not positive, or a canvas Cairo cannot hold.
    public convenience init(canvasSize: Size, scale: Double = 1, images: ImageLibrary = .empty, fonts: FontFiles = .pinned) throws {
        try self.init(scale: scale, images: images, fonts: fonts)
        try resize(to: canvasSize)
    }

    /// A renderer without a surface yet, for workers that learn the canvas size from their
    /// first frame: `resize(to:)` before the first `render`.
    init(scale: Double, images: ImageLibrary, fonts: FontFiles) throws {
        guard scale.isFinite, scale > 0 else { throw RenderError.invalidScale(scale) }
        self.scale = scale
        self.images = images
        self.fonts = try PinnedFonts(files: fonts)
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Draws `frame`: clears to its background, then runs its commands in points at `scale`.
    /// Cannot fail. The frame must be of the canvas's size (`resize(to:)` first for another)
    /// and draw only images in `images`; anything else is a mistake of the calling code and
    /// stops with a precondition failure.
    public func render(_ original: Frame) {
        let frame = blended(original)
        precondition(surface != nil && frame.size == canvasSize,
                     "a frame of \(frame.size.width)×\(frame.size.height) points on a canvas of "
                     + "\(canvasSize.width)×\(canvasSize.height): resize(to:) the renderer first")
        guard let surface, let context = cairo_create(surface) else {
            preconditionFailure("cairo_create returned nil")
        }
        defer { cairo_destroy(context) }

        let previous = drawn
        drawn = frame.drawnViews.isEmpty ? nil : frame
        lastFrameIsOpaque = frame.isOpaque
        if redrawsOnlyDamage, let previous, let damage = FrameDamage.rows(from: previous, to: frame, scale: scale, height: pixelHeight),
           damage.count < pixelHeight {
            lastDrawnRows = damage
            guard !damage.isEmpty else { return }
            draw(damage, of: frame, context: context)
        } else {
            lastDrawnRows = .all(height: pixelHeight)
            draw(frame, context: context)
        }
        cairo_surface_flush(surface)
    }

    /// `frame` as `render` draws it: translucent fills straight over the background made the
    /// opaque colour they give there (`BackgroundBlend`), when `blendsOverBackground`.
    func blended(_ frame: Frame) -> Frame {
        blendsOverBackground ? BackgroundBlend.apply(to: frame, scale: scale, blended: blend) : frame
    }

    /// Draws only `rows` of `frame`, already `blended`, on a surface that need hold no frame:
    /// with rows from `FrameDamage.rows(drawing:of:)`, the pixels of the part asked for are
    /// those of the frame drawn whole. The surface then holds no frame (`holdsFrame` is false).
    func render(blended frame: Frame, rows: PixelRows) {
        precondition(surface != nil && frame.size == canvasSize, "render(blended:rows:) of a frame of another size")
        guard let surface, let context = cairo_create(surface) else {
            preconditionFailure("cairo_create returned nil")
        }
        defer { cairo_destroy(context) }
        drawn = nil
        lastFrameIsOpaque = frame.isOpaque
        lastDrawnRows = rows
        if !rows.isEmpty { draw(rows, of: frame, context: context) }
        cairo_surface_flush(surface)
    }

    /// Only `rows` of `frame`, whole rows: the same pixels there as drawing the frame whole.
    private func draw(_ rows: PixelRows, of frame: Frame, context: OpaquePointer) {
        for range in rows.ranges { cairo_rectangle(context, 0, Double(range.lowerBound), Double(pixelWidth), Double(range.count)) }
        cairo_clip(context)
        var kept = frame
        kept.commands = FrameDamage.commands(of: frame, touching: rows, scale: scale, height: pixelHeight)
        kept.drawnViews = []
        draw(kept, context: context)
    }

    /// Paints the background where no opaque rectangle will cover it, then runs the commands.
    private func draw(_ frame: Frame, context: OpaquePointer) {
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        CairoCommandRunner.setSource(frame.background, on: context)
        // Only the rows no opaque rectangle will cover (`BackgroundCover`): the same pixels.
        let covered = BackgroundCover.coveredRows(frame.commands, scale: scale, width: pixelWidth, height: pixelHeight)
        if covered.isEmpty {
            cairo_paint(context)
        } else {
            for rows in BackgroundCover.uncovered(covered, height: pixelHeight) {
                cairo_rectangle(context, 0, Double(rows.lowerBound), Double(pixelWidth), Double(rows.count))
            }
            cairo_fill(context)
        }
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        gradientSurfaces.nextGeneration()
        gradientSurfaces.canvasPixels = (pixelWidth, pixelHeight)
        CairoCommandRunner.draw(frame, on: context, scale: scale, fonts: fonts, images: images,
                                gradients: fillsGradientsFromImages ? gradientSurfaces : nil)
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
        drawn = nil   // what `body` draws is not a frame's
        lastDrawnRows = .all(height: pixelHeight)
        defer {
            cairo_destroy(context)
            cairo_surface_flush(surface)
        }
        return try body(context)
    }

    /// Whether the surface holds a frame the next `render` can redraw from.
    var holdsFrame: Bool { drawn != nil }

    /// A copy of the frame the surface holds and its pixels, for another renderer of the same
    /// canvas and scale to start from (`seed(from:)`); nil when it holds none.
    func snapshot() -> CanvasSnapshot? {
        guard let drawn, let surface, cairo_image_surface_get_data(surface) != nil else { return nil }
        let pixels = CanvasPixels(count: Int(cairo_image_surface_get_stride(surface)) * pixelHeight)
        copy(rows: 0..<pixelHeight, into: pixels)
        return CanvasSnapshot(frame: drawn, scale: scale, pixels: pixels, isOpaque: lastFrameIsOpaque)
    }

    /// The bytes of a canvas of this renderer's size: a surface's stride times its height.
    var canvasByteCount: Int { surface.map { Int(cairo_image_surface_get_stride($0)) * pixelHeight } ?? 0 }

    /// Copies the surface's `rows` into the same rows of `pixels` (a canvas of this size).
    func copy(rows: Range<Int>, into pixels: CanvasPixels) {
        guard let surface, let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        precondition(pixels.count == stride * pixelHeight && rows.lowerBound >= 0 && rows.upperBound <= pixelHeight,
                     "copy(rows:into:) of rows or pixels of another canvas")
        cairo_surface_flush(surface)
        (pixels.bytes + rows.lowerBound * stride).update(from: data + rows.lowerBound * stride, count: rows.count * stride)
    }

    /// Makes the surface hold `snapshot`'s frame, as if it had drawn it: the next `render`
    /// redraws only what differs from it (exactly: `FrameDamage`). Rows in `kept` are left as
    /// they are (they hold the snapshot's pixels already). False (nothing changed) when the
    /// snapshot is of another canvas or scale.
    @discardableResult
    func seed(from snapshot: CanvasSnapshot, keeping kept: PixelRows = PixelRows()) -> Bool {
        guard let surface, snapshot.scale == scale, snapshot.frame.size == canvasSize,
              let data = cairo_image_surface_get_data(surface),
              snapshot.pixels.count == Int(cairo_image_surface_get_stride(surface)) * pixelHeight else { return false }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        var row = 0
        for range in kept.ranges + [pixelHeight..<pixelHeight] where range.lowerBound >= row {
            (data + row * stride).update(from: snapshot.pixels.bytes + row * stride, count: (range.lowerBound - row) * stride)
            row = range.upperBound
        }
        cairo_surface_mark_dirty(surface)
        drawn = snapshot.frame
        lastFrameIsOpaque = snapshot.isOpaque
        lastDrawnRows = .all(height: pixelHeight)
        return true
    }

    /// The last rendered frame's pixel at column `x`, row `y`, with straight alpha.
    public func pixel(x: Int, y: Int) -> RGBA8 {
        withPixels { $0.pixel(x: x, y: y) }
    }

    /// Resizes the canvas to `frame`'s size unless it has that size already: what a worker
    /// that takes frames of any size does before `render`.
    func prepareCanvas(for frame: Frame) throws {
        if surface == nil || frame.size != canvasSize { try resize(to: frame.size) }
    }

    /// Makes the canvas `size` points (a new surface, cleared), for frames of that size. Throws
    /// `RenderError.invalidCanvas` when a side would not round to 1...32767 pixels.
    public func resize(to size: Size) throws {
        let width = size.width * scale, height = size.height * scale
        guard width.isFinite, height.isFinite else { throw RenderError.invalidCanvas(size: size, scale: scale) }
        let pixels = (width: width.rounded(), height: height.rounded())
        guard (1...32767).contains(pixels.width), (1...32767).contains(pixels.height) else {
            throw RenderError.invalidCanvas(size: size, scale: scale)
        }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        canvasSize = .zero
        let created: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        guard cairo_surface_status(created) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            throw RenderError.invalidCanvas(size: size, scale: scale)
        }
        surface = created
        drawn = nil
        canvasSize = size
        pixelWidth = Int(pixels.width)
        pixelHeight = Int(pixels.height)
        lastFrameIsOpaque = false
    }
}

/// A frame a renderer drew and its pixels (`CairoRenderer.snapshot()`).
struct CanvasSnapshot: Sendable {
    let frame: Frame
    let scale: Double
    let pixels: CanvasPixels
    let isOpaque: Bool
}

/// The bytes of one canvas, shared by reference between workers: written once, each row by
/// one renderer (several at once, each its own rows: `FirstFrameSeed`), then only read.
final class CanvasPixels: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let count: Int

    init(count: Int) {
        bytes = .allocate(capacity: max(count, 1))
        self.count = count
    }

    deinit { bytes.deallocate() }
}
