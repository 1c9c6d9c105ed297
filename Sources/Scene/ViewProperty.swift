/// A stored scalar of a view, as Core Animation keeps a layer: position, bounds, anchor point,
/// transform components and the visual properties. `frame` and `transform.scale` are derived
/// from these (`DerivedViewProperty`).
///
/// Every view owns one slot per case in the property store, in this order.
public enum ViewProperty: Int, CaseIterable, Hashable, Sendable {
    case positionX, positionY
    case boundsX, boundsY, boundsWidth, boundsHeight
    case anchorX, anchorY
    case translationX, translationY, scaleX, scaleY, rotation
    case alpha, cornerRadius, borderWidth
    case borderRed, borderGreen, borderBlue, borderAlpha
    case backgroundRed, backgroundGreen, backgroundBlue, backgroundAlpha
    case labelRed, labelGreen, labelBlue, labelAlpha
    case fillRed, fillGreen, fillBlue, fillAlpha
    case strokeRed, strokeGreen, strokeBlue, strokeAlpha
    case lineWidth, zPosition, hidden
    case labelFontSize
    case shadowRed, shadowGreen, shadowBlue, shadowAlpha, shadowOpacity, shadowOffsetWidth, shadowOffsetHeight, shadowRadius
    case strokeStart, strokeEnd

    /// The path after the view id, as scene files, `trace` and `plot` write it.
    public var path: String { Self.paths[rawValue] }

    private static let paths: [String] = [
        "position.x", "position.y",
        "bounds.x", "bounds.y", "bounds.width", "bounds.height",
        "anchorPoint.x", "anchorPoint.y",
        "transform.translation.x", "transform.translation.y", "transform.scale.x", "transform.scale.y", "transform.rotation",
        "alpha", "cornerRadius", "borderWidth",
        "borderColor.r", "borderColor.g", "borderColor.b", "borderColor.a",
        "backgroundColor.r", "backgroundColor.g", "backgroundColor.b", "backgroundColor.a",
        "label.color.r", "label.color.g", "label.color.b", "label.color.a",
        "shape.fill.r", "shape.fill.g", "shape.fill.b", "shape.fill.a",
        "shape.stroke.r", "shape.stroke.g", "shape.stroke.b", "shape.stroke.a",
        "shape.lineWidth", "zPosition", "hidden",
        "label.fontSize",
        "shadowColor.r", "shadowColor.g", "shadowColor.b", "shadowColor.a", "shadowOpacity",
        "shadowOffset.width", "shadowOffset.height", "shadowRadius",
        "shape.strokeStart", "shape.strokeEnd",
    ]

    /// Other names UIKit users know for the same slot: `rotation` (flipbook 1), `center.x/y`
    /// (UIView's centre is its layer's position).
    static let aliases: [String: ViewProperty] = [
        "rotation": .rotation, "center.x": .positionX, "center.y": .positionY,
        // A scroll view's content offset is its bounds origin.
        "contentOffset.x": .boundsX, "contentOffset.y": .boundsY,
    ]

    /// The property named by `path` (or an alias), or nil.
    public init?(path: String) {
        if let index = Self.paths.firstIndex(of: path) { self.init(rawValue: index) } else if let alias = Self.aliases[path] { self = alias } else { return nil }
    }

    /// Whether a new UIView animation is added on top of one in flight (iOS 8 and later) rather
    /// than replacing it: the geometric properties position, bounds and transform (and so
    /// frame and center), as WWDC 2014 session 236 describes. The rest are not additive.
    public var isAdditive: Bool { rawValue <= ViewProperty.rotation.rawValue && self != .anchorX && self != .anchorY }

    /// Whether an animation may move it (`hidden` changes at once in UIKit; bind it instead).
    public var isAnimatable: Bool { self != .hidden }

    /// Slots per view.
    public static let count = allCases.count
}

/// A view property computed from stored ones. Reading it gives the derived value; writing it
/// (a scene file, an animation, a binding) sets the stored slots as UIKit does.
public enum DerivedViewProperty: String, CaseIterable, Hashable, Sendable {
    /// The frame in the parent's bounds coordinates: the bounding box of the bounds after the
    /// transform, placed by position and anchorPoint (CALayer's `frame`). Writing it assumes an
    /// identity transform, as UIKit's `setFrame:` does: it sets position and bounds.size.
    case frameX = "frame.x", frameY = "frame.y", frameWidth = "frame.width", frameHeight = "frame.height"
    /// Both scale factors: reading gives `transform.scale.x`, writing sets x and y.
    case scale = "transform.scale"

    public var path: String { rawValue }
}

/// One scalar in a scene's property store: a stored slot (a view property, a variable, a slot
/// a system registered) or a derived view property.
public enum PropertyRef: Hashable, Sendable {
    /// A stored scalar: its index in the property store.
    case slot(Int)
    /// A view property computed from the view's stored slots.
    case derived(view: Int, DerivedViewProperty)

    /// The stored `property` of the view at `index` in `Scene.views`.
    public static func view(_ index: Int, _ property: ViewProperty) -> PropertyRef {
        .slot(index * ViewProperty.count + property.rawValue)
    }

    /// The view `frame.*` or `transform.scale` of the view at `index`.
    public static func view(_ index: Int, _ property: DerivedViewProperty) -> PropertyRef {
        .derived(view: index, property)
    }

    /// The view this scalar belongs to and its stored property, when it is a view's stored slot
    /// in a scene of `viewCount` views.
    public func viewProperty(viewCount: Int) -> (view: Int, property: ViewProperty)? {
        guard case .slot(let slot) = self, slot < viewCount * ViewProperty.count else { return nil }
        return (slot / ViewProperty.count, ViewProperty(rawValue: slot % ViewProperty.count)!)
    }
}
