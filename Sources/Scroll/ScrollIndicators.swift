import Motion
import Scene

/// The thin bars a scroll view shows while it scrolls, drawn as views (children of the scroll
/// view, so in content coordinates) whose geometry and alpha the scroll view drives. As iOS 13
/// and later draw them: 3 pt thick, 3 pt from the edges, translucent black with round ends;
/// length in proportion to the visible part of the content (at least 36 pt, shrinking to 7 pt
/// when pulled past an edge), clear of the content inset; opaque while the content moves or a finger is on it, fading out
/// over 0.25 s from 0.1 s after it comes to rest. The sizes follow iOS's look; the fade times
/// are our reading of it.
public struct ScrollIndicators: Hashable, Sendable {
    /// The indicator views: [horizontal, vertical].
    public var views: [ViewID?]

    public static let thickness = 3.0
    public static let inset = 3.0
    public static let minimumLength = 36.0
    public static let minimumOverscrolledLength = 7.0
    public static let fadeDelay = 0.1
    public static let fadeDuration = 0.25
    public static let color = Color(red: 0, green: 0, blue: 0, alpha: 0.35)

    public init(horizontal: ViewID? = nil, vertical: ViewID? = nil) { views = [horizontal, vertical] }

    private static let driven: [ViewProperty] = [.positionX, .positionY, .boundsWidth, .boundsHeight, .alpha]

    var drivenSlots: [Int] {
        views.compactMap { $0 }.flatMap { view in Self.driven.map { SlotLayout.slots(of: view)[$0] } }
    }

    func write(_ scroll: ScrollViewSystem, at t: Double, into model: inout SystemContext) {
        guard views.contains(where: { $0 != nil }) else { return }
        let showing = scroll.stroke != nil || scroll.axes.contains(where: \.isMoving)
        let alpha = showing ? 1 : min(max(1 - (t - scroll.restedAt - Self.fadeDelay) / Self.fadeDuration, 0), 1)
        let offsets = [scroll.contentOffset(0, at: t), scroll.contentOffset(1, at: t)]
        for axis in 0..<2 {
            guard let view = views[axis] else { continue }
            let slots = SlotLayout.slots(of: view)
            let across = 1 - axis
            let range = scroll.limits(axis)
            let viewport = scroll.viewport[axis]
            // The content inset (a status bar's strip, say) is kept clear too.
            let insets = scroll.settings.contentInset
            let leading = axis == 0 ? insets.left : insets.top, trailing = axis == 0 ? insets.right : insets.bottom
            let track = max(viewport - 2 * Self.inset - leading - trailing, 0)
            let content = range.upperBound - range.lowerBound + viewport
            var length = content > 0 ? max(track * viewport / content, Self.minimumLength) : track
            let over = max(range.lowerBound - offsets[axis], offsets[axis] - range.upperBound, 0)
            length = min(max(length - over, Self.minimumOverscrolledLength), track)
            let span = range.upperBound - range.lowerBound
            let fraction = span > 0 ? min(max((offsets[axis] - range.lowerBound) / span, 0), 1) : 0
            let along = offsets[axis] + leading + Self.inset + fraction * (track - length) + length / 2
            let acrossPosition = offsets[across] + scroll.viewport[across] - Self.inset - Self.thickness / 2
            model[slots[axis == 0 ? .positionX : .positionY]] = along
            model[slots[axis == 0 ? .positionY : .positionX]] = acrossPosition
            model[slots[axis == 0 ? .boundsWidth : .boundsHeight]] = length
            model[slots[axis == 0 ? .boundsHeight : .boundsWidth]] = Self.thickness
            model[slots[.alpha]] = alpha
        }
    }
}
