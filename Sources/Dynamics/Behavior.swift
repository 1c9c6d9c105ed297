import Foundation
import Motion
import Scene

/// One of UIDynamicAnimator's behaviours, with UIKit's parameter names and defaults. Items are
/// indices into `DynamicsModel.items`.
public enum Behavior: Sendable, Hashable {
    case gravity(Gravity)
    case collision(Collision)
    case itemBehavior(ItemBehavior)
    case push(Push)
    case snap(Snap)
    case attachment(Attachment)
    case field(Field)

    /// "gravity", "collision", ... as scene files write it.
    public var kind: String {
        switch self {
        case .gravity: return "gravity"
        case .collision: return "collision"
        case .itemBehavior: return "itemBehavior"
        case .push: return "push"
        case .snap: return "snap"
        case .attachment: return "attachment"
        case .field: return "field"
        }
    }

    /// The items it acts on.
    public var items: [Int] {
        switch self {
        case .gravity(let b): return b.items
        case .collision(let b): return b.items
        case .itemBehavior(let b): return b.items
        case .push(let b): return b.items
        case .snap(let b): return [b.item]
        case .attachment(let b): return [b.item] + (b.otherItem.map { [$0] } ?? [])
        case .field(let b): return b.items
        }
    }
}

/// UIGravityBehavior: an acceleration of `magnitude` × 1000 pt/s² along `angle`.
public struct Gravity: Sendable, Hashable {
    public var items: [Int]
    /// 1.0 = 1000 pt/s² (UIKit's unit).
    public var magnitude = 1.0
    /// Radians, clockwise from +x (y down): π/2 = straight down.
    public var angle = Double.pi / 2
    public init(items: [Int]) { self.items = items }
    /// The acceleration, pt/s².
    public var acceleration: Point { Point(x: cos(angle) * magnitude * 1000, y: sin(angle) * magnitude * 1000) }
}

/// UICollisionBehavior.collisionMode.
public enum CollisionMode: String, Sendable, Hashable, CaseIterable {
    case items, boundaries, everything
}

/// A boundary of a collision behaviour: a segment or a path (curves flattened), with the
/// identifier contact events report.
public struct Boundary: Sendable, Hashable {
    public var identifier: String
    /// Points, in the items' coordinate space; at least two.
    public var points: [Point]
    public var isClosed: Bool
    /// Action run when an item starts or stops touching it (indices into `Scene.actions`).
    public var onContactBegan: Int?
    public var onContactEnded: Int?
    public init(identifier: String, points: [Point], isClosed: Bool = false) {
        self.identifier = identifier; self.points = points; self.isClosed = isClosed
    }
}

/// UICollisionBehavior.
public struct Collision: Sendable, Hashable {
    public var items: [Int]
    public var mode = CollisionMode.everything
    public var boundaries: [Boundary] = []
    /// `translatesReferenceBoundsIntoBoundary`: the canvas's edges, inset by `insets`
    /// (top, left, bottom, right, points; negative enlarges).
    public var translatesReferenceBoundsIntoBoundary = false
    public var insets = (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)
    /// Actions run when two of its items start or stop touching, and when an item starts or
    /// stops touching one of its boundaries (one with its own action runs that instead).
    public var onItemContactBegan: Int?
    public var onItemContactEnded: Int?
    public var onBoundaryContactBegan: Int?
    public var onBoundaryContactEnded: Int?
    public init(items: [Int]) { self.items = items }

    public static func == (a: Collision, b: Collision) -> Bool {
        a.items == b.items && a.mode == b.mode && a.boundaries == b.boundaries
            && a.translatesReferenceBoundsIntoBoundary == b.translatesReferenceBoundsIntoBoundary
            && [a.insets.top, a.insets.left, a.insets.bottom, a.insets.right] == [b.insets.top, b.insets.left, b.insets.bottom, b.insets.right]
            && a.onItemContactBegan == b.onItemContactBegan && a.onItemContactEnded == b.onItemContactEnded
            && a.onBoundaryContactBegan == b.onBoundaryContactBegan && a.onBoundaryContactEnded == b.onBoundaryContactEnded
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(items); hasher.combine(mode); hasher.combine(boundaries) }
}

/// UIDynamicItemBehavior: material and motion properties of its items, plus velocity it adds
/// when it is added.
public struct ItemBehavior: Sendable, Hashable {
    public var items: [Int]
    /// Coefficient of restitution, 0…1 (UIKit default 0).
    public var elasticity: Double?
    /// 0 = no friction (UIKit default 0).
    public var friction: Double?
    /// Mass per area, UIKit default 1 (mass = density × area).
    public var density: Double?
    /// Linear damping, per second (0 = none).
    public var resistance: Double?
    public var angularResistance: Double?
    public var allowsRotation: Bool?
    public var isAnchored: Bool?
    /// Electric charge for electric and magnetic fields (default 0).
    public var charge: Double?
    /// Added when the behaviour is added: pt/s and rad/s.
    public var linearVelocity = Point(x: 0, y: 0)
    public var angularVelocity = 0.0
    public init(items: [Int]) { self.items = items }
}

/// UIPushBehavior.
public struct Push: Sendable, Hashable {
    public enum Mode: String, Sendable, Hashable, CaseIterable { case continuous, instantaneous }
    public var items: [Int]
    public var mode = Mode.continuous
    /// 1.0 accelerates a 100 × 100 pt item of density 1 at 100 pt/s² (continuous) or changes
    /// its speed by 100 pt/s (instantaneous).
    public var magnitude = 0.0
    /// Radians, clockwise from +x.
    public var angle = 0.0
    /// Where the force applies, from the item's centre in its own coordinates (points).
    public var targetOffset = Point(x: 0, y: 0)
    public init(items: [Int]) { self.items = items }
}

/// UISnapBehavior: a damped spring that carries an item to `point` and its angle to 0.
public struct Snap: Sendable, Hashable {
    public var item: Int
    public var point: Point
    /// 0…1, UIKit default 0.5: the spring's damping ratio.
    public var damping = 0.5
    public init(item: Int, point: Point) { self.item = item; self.point = point }
}

/// UIAttachmentBehavior and its kinds.
public struct Attachment: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A rod (frequency 0) or spring of `length` between the two anchors (UIKit's default).
        case distance
        /// `fixedAttachmentWithItem:`: the items move as one.
        case fixed
        /// `pinAttachmentWithItem:`: they turn about a shared point, with `frictionTorque`.
        case pin
        /// `slidingAttachmentWithItem:`: one slides along `axis` relative to the other.
        case sliding
        /// `limitAttachmentWithItem:`: a rope, at most `length` long.
        case limit
    }
    public var kind = Kind.distance
    public var item: Int
    /// The other item, or nil for an attachment to `anchor`.
    public var otherItem: Int?
    /// Points from each item's centre (item coordinates) where the attachment holds.
    public var offset = Point(x: 0, y: 0)
    public var otherOffset = Point(x: 0, y: 0)
    /// The anchor (points, items' space) when there is no other item; the pin point for pin,
    /// fixed and sliding kinds.
    public var anchor: Point
    /// Points; nil = the distance at the start.
    public var length: Double?
    /// Damping ratio (1 = critical) and frequency (Hz; 0 = rigid).
    public var damping = 0.0
    public var frequency = 0.0
    /// N·m-like units of the solver, 0 = free (pin and sliding).
    public var frictionTorque = 0.0
    /// Allowed range of length (distance) or translation (sliding), points; nil = fixed length / free.
    public var attachmentRange: ClosedRange<Double>?
    /// Sliding axis (a direction).
    public var axis = Point(x: 1, y: 0)
    public init(item: Int, anchor: Point) { self.item = item; self.anchor = anchor }
}
