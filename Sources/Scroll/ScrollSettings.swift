import Motion

/// Insets in points (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

/// A scroll view's configuration, with UIKit's names and defaults.
public struct ScrollSettings: Hashable, Sendable {
    /// Points; the scrollable content's size.
    public var contentSize: Size
    public var contentInset: EdgeInsets = .zero
    /// Stops on multiples of the scroll view's size.
    public var isPagingEnabled = false
    /// Rubber-bands past the edges and bounces back.
    public var bounces = true
    /// Bounces along an axis even when the content fits along it.
    public var alwaysBounceHorizontal = false
    public var alwaysBounceVertical = false
    /// Per millisecond, in (0, 1).
    public var decelerationRate = ScrollSettings.normalDecelerationRate
    /// Draws the scroll indicators while it scrolls.
    public var showsHorizontalScrollIndicator = true
    public var showsVerticalScrollIndicator = true
    /// Delegate callbacks: actions (indices into `Scene.actions`) run at
    /// `scrollViewWillBeginDragging`, `scrollViewDidEndDragging`, `scrollViewDidEndDecelerating`
    /// and `scrollViewDidEndScrollingAnimation`.
    public var onBeginDragging: Int?
    public var onEndDragging: Int?
    public var onEndDecelerating: Int?
    public var onEndScrollingAnimation: Int?

    /// The longest content a scroll view may have along an axis (points).
    public static let maximumContentLength = 10_000_000.0
    public static let normalDecelerationRate = 0.998
    public static let fastDecelerationRate = 0.99

    public init(contentSize: Size) { self.contentSize = contentSize }
}

/// `setContentOffset(_:animated:)` from an action: the axes given move to their value, at once
/// or over `ScrollPhysics.setContentOffsetDuration` (or the action's own timing).
public struct ScrollCommand: Hashable, Sendable {
    public var x: Double?
    public var y: Double?
    /// nil: at once.
    public var timing: AnimationTiming?
    public init(x: Double?, y: Double?, timing: AnimationTiming?) { self.x = x; self.y = y; self.timing = timing }
}

/// A range of offsets the scroll view watches (a scroll-driven scale's range): crossing into or
/// out of it runs actions, and passing its end may latch a slot to 1 (`reverse: false`).
/// Crossings are seen at the display's refresh, 120 times a second, as `scrollViewDidScroll`
/// would see them.
public struct ScrollWatch: Hashable, Sendable {
    /// 0 horizontal (contentOffset.x), 1 vertical.
    public var axis: Int
    /// Offsets (points), start < end.
    public var start: Double
    public var end: Double
    public var enterAction: Int?
    public var leaveAction: Int?
    /// A slot set to 1 once the offset has reached `end`, and kept there.
    public var latchSlot: Int?
    public init(axis: Int, start: Double, end: Double, enterAction: Int? = nil, leaveAction: Int? = nil, latchSlot: Int? = nil) {
        self.axis = axis; self.start = start; self.end = end
        self.enterAction = enterAction; self.leaveAction = leaveAction; self.latchSlot = latchSlot
    }

    /// −1 before the range, 0 inside it (start inclusive, end exclusive), 1 past it.
    func zone(of offset: Double) -> Int { offset < start ? -1 : (offset < end ? 0 : 1) }
}

/// An action's `set:` of a scroll view's `contentSize` or `contentInset` (nil: unchanged), as
/// assigning `UIScrollView.contentSize` / `contentInset` does: the limits change at once, the
/// offset stays where it is (outside the new limits it bounces back when nothing holds it), and
/// the indicators follow.
public struct ScrollContentChange: Hashable, Sendable {
    public var contentSize: Size?
    public var contentInset: EdgeInsets?
    public init(contentSize: Size? = nil, contentInset: EdgeInsets? = nil) { self.contentSize = contentSize; self.contentInset = contentInset }
}
