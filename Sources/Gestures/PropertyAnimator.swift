import Motion
import Scene

/// How a property animator moves from its start values to its targets (UIKit's
/// `UITimingCurveProvider`s).
public enum AnimatorTiming: Hashable, Sendable {
    /// `UICubicTimingParameters`: a timing curve over the animator's duration.
    case curve(TimingCurve)
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`: UIKit's duration-based spring
    /// over the animator's duration. The velocity is in UIKit's relative units (1 = the whole
    /// distance per second): `dx` for x-like components (position.x, bounds.x/width,
    /// translation.x, scale.x), `dy` for y-like ones, and `dx` for every other property, as
    /// UIKit applies a vector velocity to one-dimensional properties.
    case spring(dampingRatio: Double, initialVelocity: Point)
    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`: a physical spring that
    /// runs until it settles, whatever the animator's duration.
    case physical(SpringParameters, initialVelocity: Point)

    /// Progress timing for one component moving over `duration` seconds with `velocity` (relative).
    func timing(duration: Double, velocity: Double) -> AnimationTiming {
        switch self {
        case .curve(let curve): return .curve(curve, duration: duration.isFinite ? max(duration, 1e-9) : UIKitSpring.durationRange.upperBound)
        case .spring(let dampingRatio, _):
            // Clamped into UIKitSpring's ranges (NaN to their middle), so no input can trap.
            func clamp(_ x: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double { x.isNaN ? fallback : min(max(x, range.lowerBound), range.upperBound) }
            let ratio = clamp(dampingRatio, UIKitSpring.dampingRatioRange, 1)
            let v = clamp(velocity, UIKitSpring.velocityRange, 0)
            let d = clamp(duration, UIKitSpring.durationRange, 1)
            return .spring(UIKitSpring(duration: d, dampingRatio: ratio, initialVelocity: v))
        case .physical(let parameters, _):
            let v = velocity.isNaN ? 0 : min(max(velocity, UIKitSpring.velocityRange.lowerBound), UIKitSpring.velocityRange.upperBound)
            // The parameters were checked when the scene was read.
            guard let spring = try? SpringTiming(parameters: parameters, initialVelocity: v) else { return .curve(.linear, duration: max(duration, 1e-9)) }
            return .physicalSpring(spring)
        }
    }

    /// The relative initial velocity a component of kind `axis` (0 x-like, 1 y-like, 2 other) starts with.
    func velocity(axis: Int) -> Double {
        switch self {
        case .curve: return 0
        case .spring(_, let v), .physical(_, let v): return axis == 1 ? v.y : v.x
        }
    }
}

/// Where an animator's values end (`UIViewAnimatingPosition`): 0 end, 1 start, 2 current.
public enum AnimatingPosition: Int, Hashable, Sendable, CaseIterable {
    case end = 0, start = 1, current = 2
    public var name: String { ["end", "start", "current"][rawValue] }
}

/// A UIViewPropertyAnimator as a scene declares it: its duration, timing, animation blocks
/// (properties and where their targets come from) and flags. Handlers `create` instances of
/// it; each instance evaluates its targets when it is created.
public struct PropertyAnimatorDeclaration: Hashable, Sendable {
    /// One property an animation block moves: its target's value is in `argumentSlot` (a
    /// hidden variable the creating action sets just before `create`).
    public struct Target: Hashable, Sendable {
        public var property: PropertyRef
        public var argumentSlot: Int
        /// `addAnimations(_:delayFactor:)`: starts after delayFactor × duration and runs for the rest.
        public var delayFactor: Double
        public init(property: PropertyRef, argumentSlot: Int, delayFactor: Double = 0) {
            self.property = property; self.argumentSlot = argumentSlot; self.delayFactor = delayFactor
        }
    }

    public var id: String
    /// Seconds.
    public var duration: Double
    public var timing: AnimatorTiming
    public var targets: [Target]
    public var scrubsLinearly = true
    public var pausesOnCompletion = false
    public var isInterruptible = true
    /// Actions run on completion (`addCompletion`), after `ID.finalPosition` is set.
    public var completions: [Int] = []

    public init(id: String, duration: Double, timing: AnimatorTiming, targets: [Target]) {
        self.id = id; self.duration = duration; self.timing = timing; self.targets = targets
    }
}

/// A command an action sends to an animator. Numbers an action computes are read from hidden
/// variables (`slot`s) the action assigns first.
public enum AnimatorCommand: Hashable, Sendable {
    /// A new animator (the old one, if active, stops where it is): inactive, targets read now.
    case create
    case start(afterDelay: Double)
    case pause
    case stop(withoutFinishing: Bool)
    case finish(at: AnimatingPosition)
    /// `continueAnimation(withTimingParameters:durationFactor:)`; velocity components read from
    /// the slots when given.
    case `continue`(timing: AnimatorTiming?, durationFactor: Double, velocitySlots: [Int]?)
    case setFractionComplete(slot: Int)
    case setReversed(slot: Int)
    case setInterruptible(Bool)
    case setPausesOnCompletion(Bool)
    case setScrubsLinearly(Bool)

    /// The UIKit call, for messages.
    public var name: String {
        switch self {
        case .create: return "create"
        case .start: return "startAnimation"
        case .pause: return "pauseAnimation"
        case .stop: return "stopAnimation"
        case .finish: return "finishAnimation"
        case .continue: return "continueAnimation"
        case .setFractionComplete: return "fractionComplete ="
        case .setReversed: return "isReversed ="
        case .setInterruptible: return "isInterruptible ="
        case .setPausesOnCompletion: return "pausesOnCompletion ="
        case .setScrubsLinearly: return "scrubsLinearly ="
        }
    }
}

/// A misuse UIKit raises an exception for, reported with the animator, the scene time and the rule.
public struct AnimatorMisuse: Error, Hashable, Sendable, CustomStringConvertible {
    public var animator: String
    public var command: String
    public var rule: String
    public var description: String { "animator '\(animator)': \(command) \(rule)" }
}
