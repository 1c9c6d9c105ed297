import Motion
import Scene

/// A UIDynamicAnimator with its items and behaviours, as a scene declares it: the definition
/// a `DynamicsSystem` simulates. Its reference view is the canvas.
public struct DynamicsModel: Sendable, Hashable {
    /// Box2D works in metres: 30 pt per metre keeps UIKit's sizes (6–1000 pt: 0.2–33 m) in
    /// Box2D's range, makes its skin (`b2_polygonRadius`, 0.01 m) 0.3 pt, so items rest within
    /// 0.3 pt of a boundary, and its per-step translation cap (2 m) 60 pt: 28,800 pt/s at 480
    /// steps/s (20,000 pt/s must not tunnel).
    public static let pointsPerMeter = 30.0
    /// The most items a scene may have (a pile of 500 cards simulates well in real time).
    public static let maximumItems = 2000
    /// The most collision behaviours (one bit each of Box2D's 16 filter bits).
    public static let maximumCollisions = 16

    public var items: [DynamicItem]
    public var behaviors: [Behavior]
    /// Whether each behaviour is in the animator at t = 0 (the others wait for an action).
    public var initiallyActive: [Bool]
    /// Behaviour names, for messages ("gravity 1" when unnamed).
    public var behaviorNames: [String]
    /// Steps per second of the fixed step (independent of the export fps).
    public var stepRate = 480.0
    /// Box2D's solver iterations per step.
    public var velocityIterations = 8
    public var positionIterations = 3
    /// Actions run when every item comes to rest (`dynamicAnimatorDidPause:`) and when one
    /// moves again (`dynamicAnimatorWillResume:`).
    public var onPause: Int?
    public var onResume: Int?
    /// The canvas (reference bounds), points.
    public var referenceSize: Size

    public init(items: [DynamicItem], behaviors: [Behavior], initiallyActive: [Bool]? = nil, behaviorNames: [String]? = nil,
                referenceSize: Size) {
        self.items = items
        self.behaviors = behaviors
        self.initiallyActive = initiallyActive ?? behaviors.map { _ in true }
        self.behaviorNames = behaviorNames ?? behaviors.enumerated().map { "\($1.kind) \($0 + 1)" }
        self.referenceSize = referenceSize
    }

    /// Material and motion properties of each item: UIKit's defaults, then every item
    /// behaviour in the animator (`active`; by default those present at the start), in order.
    public func itemProperties(active: [Bool]? = nil) -> [ItemProperties] {
        let active = active ?? initiallyActive
        var properties = items.map { _ in ItemProperties() }
        for (index, behavior) in behaviors.enumerated() where active[index] {
            if case .itemBehavior(let b) = behavior { for item in b.items { properties[item].apply(b) } }
        }
        return properties
    }
}
