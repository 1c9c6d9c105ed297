import Motion

/// A view that is a dynamic item: its position and rotation come from the world.
public struct DynamicItem: Sendable, Hashable {
    /// UIDynamicItemCollisionBoundsType.
    public enum BoundsType: Sendable, Hashable {
        case rectangle
        case ellipse
        /// A convex, counter-clockwise polygon around the item's centre (points, item coordinates).
        case path([Point])
    }
    /// Index into `Scene.views`.
    public var view: Int
    public var id: String
    public var boundsType = BoundsType.rectangle
    /// Whether a finger that lands on it drags it (see `FingerDrag`).
    public var isDraggable = false
    public init(view: Int, id: String) { self.view = view; self.id = id }
}

/// An item's material and motion properties after every item behaviour in the animator that
/// names it is applied (later behaviours win, as each UIKit setter does), with UIKit's defaults.
public struct ItemProperties: Sendable, Hashable {
    public var elasticity = 0.0
    public var friction = 0.0
    public var density = 1.0
    public var resistance = 0.0
    public var angularResistance = 0.0
    public var allowsRotation = true
    public var isAnchored = false
    public var charge = 0.0

    public init() {}

    mutating func apply(_ b: ItemBehavior) {
        if let v = b.elasticity { elasticity = v }
        if let v = b.friction { friction = v }
        if let v = b.density { density = v }
        if let v = b.resistance { resistance = v }
        if let v = b.angularResistance { angularResistance = v }
        if let v = b.allowsRotation { allowsRotation = v }
        if let v = b.isAnchored { isAnchored = v }
        if let v = b.charge { charge = v }
    }
}

extension DynamicItem {
    /// Whether `points` make a convex polygon with some area (a valid `path` bounds type).
    public static func isConvex(_ points: [Point]) -> Bool { ItemShapes.isConvex(points) }
}
