/// A scalar property of a view that animations, bindings, `trace` and `plot` address as
/// `ID.<path>` (for example `sheet.frame.y`).
public enum ViewProperty: Int, CaseIterable, Hashable, Sendable {
    case frameX, frameY, frameWidth, frameHeight
    case positionX, positionY
    case alpha, cornerRadius, borderWidth, rotation
    case backgroundRed, backgroundGreen, backgroundBlue, backgroundAlpha

    /// The path after the view id, as written in scene files.
    public var path: String {
        switch self {
        case .frameX: return "frame.x"
        case .frameY: return "frame.y"
        case .frameWidth: return "frame.width"
        case .frameHeight: return "frame.height"
        case .positionX: return "position.x"
        case .positionY: return "position.y"
        case .alpha: return "alpha"
        case .cornerRadius: return "cornerRadius"
        case .borderWidth: return "borderWidth"
        case .rotation: return "rotation"
        case .backgroundRed: return "backgroundColor.r"
        case .backgroundGreen: return "backgroundColor.g"
        case .backgroundBlue: return "backgroundColor.b"
        case .backgroundAlpha: return "backgroundColor.a"
        }
    }

    /// The property named by `path`, or nil.
    public init?(path: String) {
        guard let match = Self.allCases.first(where: { $0.path == path }) else { return nil }
        self = match
    }

    /// Whether the property is derived from others and so can be read but not animated or bound
    /// (`position` is the frame's centre: animate `frame.x`/`frame.y` instead).
    public var isDerived: Bool { self == .positionX || self == .positionY }

    /// The stored properties, in storage order.
    public static let stored: [ViewProperty] = allCases.filter { !$0.isDerived }
}

/// One scalar of one view: a view's index in `Scene.views` and the property.
public struct PropertyRef: Hashable, Sendable {
    public var view: Int
    public var property: ViewProperty
    public init(view: Int, property: ViewProperty) { self.view = view; self.property = property }
}
