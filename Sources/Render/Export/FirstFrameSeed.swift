import Drawing
import Foundation

/// The first frame of an export, drawn whole once and shared: every worker's renderer starts
/// without a frame, and drawing one whole (text shaped for the first time, images sampled,
/// every gradient and shadow) is the dearest frame there is.
///
/// The first worker to need it cuts it into parts, bands of rows (`FrameDamage.rows(drawing:of:)`:
/// each band grown by the atomic views it reaches, so that its pixels are those of the frame
/// drawn whole), and the workers draw the parts side by side, each claiming the next part
/// until none is left and copying its rows into one shared canvas. When every part is in, each
/// starts from that canvas (`CairoRenderer.seed(from:keeping:)`), redrawing only what differs
/// in its own first frame (exact: `FrameDamage`). A frame that cannot be cut (it reads or maps
/// pixels, or its views are not known), or whose parts would mostly draw the same rows, is
/// drawn whole by the first worker, and the others wait for its copy. Either way one worker
/// drawing the first frame never leaves the others idle for the whole of it.
final class FirstFrameSeed: @unchecked Sendable {
    enum Turn {
        /// Draw your frame whole, then `publish` (even nil).
        case draw
        /// Draw parts of this frame (`CairoRenderer.draw(_:)`), then start from it.
        case share(SharedFirstFrame)
        /// Start from this.
        case start(CanvasSnapshot)
        /// No snapshot is coming: draw whole.
        case none
    }

    /// How many parts a frame is cut into: a few per worker, so that a part that draws slowly
    /// (a photo, a shadow) holds up the others for less.
    let parts: Int

    private let condition = NSCondition()
    private var claimed = false
    private var published = false
    private var snapshot: CanvasSnapshot?
    private var shared: SharedFirstFrame?

    /// For `workers` workers (the parts: 2 each).
    init(workers: Int = 2) {
        parts = 2 * max(workers, 1)
    }

    /// What a worker whose renderer holds no frame does. The first to ask cuts its own frame
    /// with `cut` (nil: it cannot be cut, and that worker draws it whole); the others help draw
    /// its parts while any is left, or wait for the frame and start from it.
    func turn(cut: () -> SharedFirstFrame?) -> Turn {
        condition.lock()
        if !claimed {
            claimed = true
            shared = cut()
            condition.unlock()
            return shared.map(Turn.share) ?? .draw
        }
        if let shared {
            condition.unlock()
            return .share(shared)
        }
        defer { condition.unlock() }
        while !published { condition.wait() }
        return snapshot.map(Turn.start) ?? .none
    }

    /// The whole-drawing worker's snapshot (nil when it has none: the others then draw whole).
    func publish(_ snapshot: CanvasSnapshot?) {
        condition.lock(); defer { condition.unlock() }
        guard !published else { return }
        self.snapshot = snapshot
        published = true
        condition.broadcast()
    }
}

/// A first frame drawn in parts by several workers (`FirstFrameSeed`): the frame (as the
/// renderers draw it: `CairoRenderer.blended`), its parts, and the canvas they are copied into.
final class SharedFirstFrame: @unchecked Sendable {
    struct Part {
        /// The rows this part contributes to the canvas.
        let rows: Range<Int>
        /// The rows drawn for them (the part grown by the atomic views it reaches).
        let drawn: PixelRows
    }

    let frame: Frame
    let scale: Double
    let parts: [Part]
    let pixels: CanvasPixels

    private let condition = NSCondition()
    private var next = 0
    private var finished = 0

    init(frame: Frame, scale: Double, parts: [Part], byteCount: Int) {
        self.frame = frame
        self.scale = scale
        self.parts = parts
        pixels = CanvasPixels(count: byteCount)
    }

    /// `frame` (not yet `blended`) cut into `count` bands for `renderer`'s canvas; nil when it
    /// cannot be cut, or its parts would draw half as many rows again as the frame has (an
    /// atomic view across most of it: better drawn once, whole).
    static func cutting(_ frame: Frame, into count: Int, for renderer: CairoRenderer) -> SharedFirstFrame? {
        let height = renderer.pixelHeight
        let frame = renderer.blended(frame)
        guard count > 1, height >= 2 * count, !frame.drawnViews.isEmpty, frame.size == renderer.canvasSize else { return nil }
        var parts: [Part] = []
        for k in 0..<count {
            let rows = (k * height / count)..<((k + 1) * height / count)
            guard let drawn = FrameDamage.rows(drawing: rows, of: frame, scale: renderer.scale, height: height) else { return nil }
            parts.append(Part(rows: rows, drawn: drawn))
        }
        guard 2 * parts.reduce(0, { $0 + $1.drawn.count }) <= 3 * height else { return nil }
        return SharedFirstFrame(frame: frame, scale: renderer.scale, parts: parts, byteCount: renderer.canvasByteCount)
    }

    /// The next part nobody has claimed, or nil.
    func claim() -> Int? {
        condition.lock(); defer { condition.unlock() }
        guard next < parts.count else { return nil }
        next += 1
        return next - 1
    }

    /// Part `index`'s rows are in `pixels`.
    func finish(_ index: Int) {
        condition.lock(); defer { condition.unlock() }
        finished += 1
        if finished == parts.count { condition.broadcast() }
    }

    /// The whole frame, once every part is in.
    func wait() -> CanvasSnapshot {
        condition.lock(); defer { condition.unlock() }
        while finished < parts.count { condition.wait() }
        return CanvasSnapshot(frame: frame, scale: scale, pixels: pixels, isOpaque: frame.isOpaque)
    }
}

extension CairoRenderer {
    /// Draws parts of `shared` until none is left, copying each part's rows into its canvas,
    /// then starts from the whole frame once every part is in (the rows this renderer drew are
    /// kept, the rest copied). A renderer of another canvas or scale takes no part (it draws
    /// its own frame whole).
    func draw(_ shared: SharedFirstFrame) {
        guard shared.frame.size == canvasSize, shared.scale == scale, shared.pixels.count == canvasByteCount else { return }
        var mine = PixelRows()
        while let index = shared.claim() {
            let part = shared.parts[index]
            render(blended: shared.frame, rows: part.drawn)
            copy(rows: part.rows, into: shared.pixels)
            mine.insert(part.rows)
            shared.finish(index)
        }
        seed(from: shared.wait(), keeping: mine)
    }
}
