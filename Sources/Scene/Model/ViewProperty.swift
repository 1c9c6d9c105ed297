import Motion

/// A stored scalar of a view, as Core Animation keeps a layer: position, bounds, anchor point,
/// transform components and the visual properties. `frame` and `transform.scale` are derived
/// from these (`DerivedViewProperty`).
///
/// Every view owns one slot per case in the property store (`SlotLayout` places them, in this
/// order: the raw value is the offset among the view's slots); each
/// fact about a property (its path, additivity, colour channel) is one `switch` below.
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
    // Core Animation's 3D components (`ViewTransform`) and the sublayer transform's.
    case rotationX, rotationY, translationZ, scaleZ, m34
    case sublayerTranslationX, sublayerTranslationY, sublayerTranslationZ, sublayerScaleX, sublayerScaleY, sublayerScaleZ
    case sublayerRotationX, sublayerRotationY, sublayerRotation, sublayerM34

    /// The path after the view id, as scene files, `trace` and `plot` write it.
    public var path: String {
        switch self {
        case .positionX: return "position.x"
        case .positionY: return "position.y"
        case .boundsX: return "bounds.x"
        case .boundsY: return "bounds.y"
        case .boundsWidth: return "bounds.width"
        case .boundsHeight: return "bounds.height"
        case .anchorX: return "anchorPoint.x"
        case .anchorY: return "anchorPoint.y"
        case .translationX: return "transform.translation.x"
        case .translationY: return "transform.translation.y"
        case .scaleX: return "transform.scale.x"
        case .scaleY: return "transform.scale.y"
        case .rotation: return "transform.rotation"
        case .alpha: return "alpha"
        case .cornerRadius: return "cornerRadius"
        case .borderWidth: return "borderWidth"
        case .lineWidth: return "shape.lineWidth"
        case .zPosition: return "zPosition"
        case .hidden: return "hidden"
        case .labelFontSize: return "label.fontSize"
        case .shadowOpacity: return "shadowOpacity"
        case .shadowOffsetWidth: return "shadowOffset.width"
        case .shadowOffsetHeight: return "shadowOffset.height"
        case .shadowRadius: return "shadowRadius"
        case .strokeStart: return "shape.strokeStart"
        case .strokeEnd: return "shape.strokeEnd"
        case .rotationX: return "transform.rotation.x"
        case .rotationY: return "transform.rotation.y"
        case .translationZ: return "transform.translation.z"
        case .scaleZ: return "transform.scale.z"
        case .m34: return "transform.m34"
        case .sublayerTranslationX: return "sublayerTransform.translation.x"
        case .sublayerTranslationY: return "sublayerTransform.translation.y"
        case .sublayerTranslationZ: return "sublayerTransform.translation.z"
        case .sublayerScaleX: return "sublayerTransform.scale.x"
        case .sublayerScaleY: return "sublayerTransform.scale.y"
        case .sublayerScaleZ: return "sublayerTransform.scale.z"
        case .sublayerRotationX: return "sublayerTransform.rotation.x"
        case .sublayerRotationY: return "sublayerTransform.rotation.y"
        case .sublayerRotation: return "sublayerTransform.rotation"
        case .sublayerM34: return "sublayerTransform.m34"
        case .borderRed, .borderGreen, .borderBlue, .borderAlpha, .backgroundRed, .backgroundGreen, .backgroundBlue,
             .backgroundAlpha, .labelRed, .labelGreen, .labelBlue, .labelAlpha, .fillRed, .fillGreen, .fillBlue, .fillAlpha,
             .strokeRed, .strokeGreen, .strokeBlue, .strokeAlpha, .shadowRed, .shadowGreen, .shadowBlue, .shadowAlpha:
            let (color, channel) = colorChannel!   // every case listed here is a channel
            return "\(color.path).\(channel.path)"
        }
    }

    /// The colour this slot is a channel of, and which channel; nil for the other properties.
    public var colorChannel: (color: ColorProperty, channel: ColorChannel)? {
        switch self {
        case .borderRed: return (.border, .red)
        case .borderGreen: return (.border, .green)
        case .borderBlue: return (.border, .blue)
        case .borderAlpha: return (.border, .alpha)
        case .backgroundRed: return (.background, .red)
        case .backgroundGreen: return (.background, .green)
        case .backgroundBlue: return (.background, .blue)
        case .backgroundAlpha: return (.background, .alpha)
        case .labelRed: return (.label, .red)
        case .labelGreen: return (.label, .green)
        case .labelBlue: return (.label, .blue)
        case .labelAlpha: return (.label, .alpha)
        case .fillRed: return (.fill, .red)
        case .fillGreen: return (.fill, .green)
        case .fillBlue: return (.fill, .blue)
        case .fillAlpha: return (.fill, .alpha)
        case .strokeRed: return (.stroke, .red)
        case .strokeGreen: return (.stroke, .green)
        case .strokeBlue: return (.stroke, .blue)
        case .strokeAlpha: return (.stroke, .alpha)
        case .shadowRed: return (.shadow, .red)
        case .shadowGreen: return (.shadow, .green)
        case .shadowBlue: return (.shadow, .blue)
        case .shadowAlpha: return (.shadow, .alpha)
        default: return nil
        }
    }

    /// Path → property, aliases included, built from `path` so the two cannot disagree.
    private static let byPath: [String: ViewProperty] = {
        var table = aliases
        for property in allCases { table[property.path] = property }
        return table
    }()

    /// Other names UIKit users know for the same slot: `rotation` (flipbook 1), `center.x/y`
    /// (UIView's centre is its layer's position).
    static let aliases: [String: ViewProperty] = [
        "rotation": .rotation, "center.x": .positionX, "center.y": .positionY,
        // Core Animation's name for the rotation about z.
        "transform.rotation.z": .rotation, "sublayerTransform.rotation.z": .sublayerRotation,
        // A scroll view's content offset is its bounds origin.
        "contentOffset.x": .boundsX, "contentOffset.y": .boundsY,
    ]

    /// The property named by `path` (or an alias), or nil.
    public init?(path: String) {
        guard let property = Self.byPath[path] else { return nil }
        self = property
    }

    /// Whether a new UIView animation is added on top of one in flight (iOS 8 and later) rather
    /// than replacing it: the geometric properties position, bounds and transform (and so
    /// frame and center), as WWDC 2014 session 236 describes. The rest are not additive.
    public var isAdditive: Bool {
        switch self {
        case .positionX, .positionY, .boundsX, .boundsY, .boundsWidth, .boundsHeight,
             .translationX, .translationY, .scaleX, .scaleY, .rotation,
             .rotationX, .rotationY, .translationZ, .scaleZ, .m34,
             .sublayerTranslationX, .sublayerTranslationY, .sublayerTranslationZ, .sublayerScaleX, .sublayerScaleY,
             .sublayerScaleZ, .sublayerRotationX, .sublayerRotationY, .sublayerRotation, .sublayerM34:
            return true
        default:
            return false
        }
    }

    /// Whether an animation may move it (`hidden` changes at once in UIKit; bind it instead).
    public var isAnimatable: Bool {
        switch self {
        case .hidden: return false
        default: return true
        }
    }

    /// Whether it is an angle in radians (scene files take `deg` for it).
    public var isAngle: Bool {
        switch self {
        case .rotation, .rotationX, .rotationY, .sublayerRotationX, .sublayerRotationY, .sublayerRotation: return true
        default: return false
        }
    }

    /// Slots per view.
    public static let count = allCases.count
}

/// A colour a view stores as four channel slots (`ViewProperty.colorChannel`).
public enum ColorProperty: CaseIterable, Hashable, Sendable {
    case border, background, label, fill, stroke, shadow

    /// The path of the whole colour after the view id (`backgroundColor`, `shape.fill`).
    public var path: String {
        switch self {
        case .border: return "borderColor"
        case .background: return "backgroundColor"
        case .label: return "label.color"
        case .fill: return "shape.fill"
        case .stroke: return "shape.stroke"
        case .shadow: return "shadowColor"
        }
    }

    /// The colour named by `path`, or nil.
    public init?(path: String) {
        guard let color = Self.allCases.first(where: { $0.path == path }) else { return nil }
        self = color
    }

    /// The stored slot of `channel`.
    public func component(_ channel: ColorChannel) -> ViewProperty {
        switch (self, channel) {
        case (.border, .red): return .borderRed
        case (.border, .green): return .borderGreen
        case (.border, .blue): return .borderBlue
        case (.border, .alpha): return .borderAlpha
        case (.background, .red): return .backgroundRed
        case (.background, .green): return .backgroundGreen
        case (.background, .blue): return .backgroundBlue
        case (.background, .alpha): return .backgroundAlpha
        case (.label, .red): return .labelRed
        case (.label, .green): return .labelGreen
        case (.label, .blue): return .labelBlue
        case (.label, .alpha): return .labelAlpha
        case (.fill, .red): return .fillRed
        case (.fill, .green): return .fillGreen
        case (.fill, .blue): return .fillBlue
        case (.fill, .alpha): return .fillAlpha
        case (.stroke, .red): return .strokeRed
        case (.stroke, .green): return .strokeGreen
        case (.stroke, .blue): return .strokeBlue
        case (.stroke, .alpha): return .strokeAlpha
        case (.shadow, .red): return .shadowRed
        case (.shadow, .green): return .shadowGreen
        case (.shadow, .blue): return .shadowBlue
        case (.shadow, .alpha): return .shadowAlpha
        }
    }

    /// The four channel slots, red to alpha.
    public var components: [ViewProperty] { ColorChannel.allCases.map(component) }
}

/// One channel of a colour, 0…1.
public enum ColorChannel: CaseIterable, Hashable, Sendable {
    case red, green, blue, alpha

    /// The path after the colour's (`r`, `g`, `b`, `a`).
    public var path: String {
        switch self {
        case .red: return "r"
        case .green: return "g"
        case .blue: return "b"
        case .alpha: return "a"
        }
    }

    /// This channel of `color`.
    public func value(in color: Color) -> Double {
        switch self {
        case .red: return color.red
        case .green: return color.green
        case .blue: return color.blue
        case .alpha: return color.alpha
        }
    }
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
    /// A stored scalar.
    case slot(SlotID)
    /// A view property computed from the view's stored slots.
    case derived(view: ViewID, DerivedViewProperty)

    /// The stored `property` of `view`.
    public static func view(_ view: ViewID, _ property: ViewProperty) -> PropertyRef {
        .slot(SlotLayout.slots(of: view).slot(property))
    }

    /// The view `frame.*` or `transform.scale` of `view`.
    public static func view(_ view: ViewID, _ property: DerivedViewProperty) -> PropertyRef {
        .derived(view: view, property)
    }

    /// The view this scalar belongs to and its stored property, when it is a view's stored slot
    /// in `layout`.
    public func viewProperty(in layout: SlotLayout) -> (view: ViewID, property: ViewProperty)? {
        guard case .slot(let slot) = self else { return nil }
        return layout.view(of: slot)
    }
}
