/// A scale whose effect depends on the path of the scroll, not only on its offset: ScrollMagic's
/// `enter`/`leave` events and `reverse: false`. The scroll system that moves `scrollView`
/// watches the offset cross `start` and `end` (it knows the offset's trajectory) and fires them.
///
/// - `enterAction` runs when the offset moves into `start … end` from either side;
///   `leaveAction` when it moves out of it, on either side.
/// - `latch` (a slot, initially 0) is set to 1 the first time the offset reaches `end` and stays
///   1: the scales it belongs to then read percent 1 (`ScaleSegment.latch`).
public struct ScaleWatch: Hashable, Sendable {
    /// Index into `Scene.views` of the scroll view whose content offset is watched.
    public var scrollView: Int
    /// Content offsets along the scroll view's axis, points; `start < end`.
    public var start: Double
    public var end: Double
    /// Indices into `Scene.actions`.
    public var enterAction: Int?
    public var leaveAction: Int?
    /// The slot the scroll system sets to 1 once the range has completed (`reverse: false`).
    public var latch: Int?

    public init(scrollView: Int, start: Double, end: Double, enterAction: Int? = nil, leaveAction: Int? = nil, latch: Int? = nil) {
        self.scrollView = scrollView; self.start = start; self.end = end
        self.enterAction = enterAction; self.leaveAction = leaveAction; self.latch = latch
    }
}
