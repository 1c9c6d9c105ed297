import Motion

/// Where one view's drawing lies in a frame: the commands it and its subviews emitted, and the
/// box on the canvas they may touch. The builder records one for each view it draws, in drawing
/// order (a view before its subviews), so a backend that keeps the last frame it drew can find
/// what changed, view by view, and redraw only the pixels that may differ (`FrameDamage`).
public struct DrawnView: Hashable, Sendable {
    /// The view's index in the scene: the same view in two frames has the same index (a
    /// replicator's instances share their subviews' indices, in instance order).
    public var view: Int
    /// The view's commands and its subviews', in `Frame.commands`: balanced (every save, group,
    /// mask or projection opened inside is closed inside).
    public var commands: Range<Int>
    /// How many of the entries after this one in `Frame.drawnViews` are its subviews' (and
    /// theirs, in drawing order).
    public var descendants: Int
    /// Everything the commands may touch, in canvas points (the views' conservative visual
    /// extents: shadows, spilling text, overflowing images); nil when not known (a layer drawn in
    /// another plane by a projection).
    public var box: Rect?
    /// A change anywhere inside reaches past the pixels of the part that changed (a shadow of the
    /// content, a mask, a blur of the backdrop, a projection): the whole box is redrawn instead of
    /// the subviews that changed.
    public var isAtomic: Bool

    public init(view: Int, commands: Range<Int>, descendants: Int, box: Rect?, isAtomic: Bool) {
        self.view = view; self.commands = commands; self.descendants = descendants
        self.box = box; self.isAtomic = isAtomic
    }
}
