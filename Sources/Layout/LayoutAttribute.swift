/// An edge, centre, size or baseline of a view, as `NSLayoutConstraint.Attribute` names it.
/// Leading and trailing are left and right (flipbook lays out left to right).
public enum LayoutAttribute: String, CaseIterable, Hashable, Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY, firstBaseline, lastBaseline

    /// Width and height; the others are locations.
    public var isDimension: Bool { self == .width || self == .height }
    public var isHorizontal: Bool { [.left, .right, .leading, .trailing, .width, .centerX].contains(self) }
    public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
}

/// What a constraint relates: a view, or one of the canvas's rectangles (the view
/// controller's view, its safe area and its top and bottom layout guides).
public enum LayoutItem: Hashable, Sendable {
    case view(Int)
    /// The canvas: the superview of top-level views.
    case canvas
    case safeArea
    case topLayoutGuide
    case bottomLayoutGuide
}
