import Foundation

/// The first frame of an export, drawn whole once and shared: every worker's renderer starts
/// without a frame, and drawing one whole (text shaped for the first time, images sampled,
/// every gradient and shadow) is the dearest frame there is. The first worker to need it draws
/// it and publishes a copy; the others wait for the copy and start from it, redrawing only
/// what differs in their own first frame (`CairoRenderer.seed(from:)`, exact: `FrameDamage`).
/// On two workers this takes one whole draw, and its contention for the text lock, off the
/// start of every export.
final class FirstFrameSeed: @unchecked Sendable {
    enum Turn {
        /// Draw your frame whole, then `publish` (even nil).
        case draw
        /// Start from this.
        case start(CanvasSnapshot)
        /// No snapshot is coming: draw whole.
        case none
    }

    private let condition = NSCondition()
    private var claimed = false
    private var published = false
    private var snapshot: CanvasSnapshot?

    /// What a worker whose renderer holds no frame does: draw (the first to ask), or wait for
    /// the snapshot and start from it.
    func turn() -> Turn {
        condition.lock(); defer { condition.unlock() }
        if !claimed {
            claimed = true
            return .draw
        }
        while !published { condition.wait() }
        return snapshot.map(Turn.start) ?? .none
    }

    /// The drawing worker's snapshot (nil when it has none: the others then draw whole).
    func publish(_ snapshot: CanvasSnapshot?) {
        condition.lock(); defer { condition.unlock() }
        guard !published else { return }
        self.snapshot = snapshot
        published = true
        condition.broadcast()
    }
}
