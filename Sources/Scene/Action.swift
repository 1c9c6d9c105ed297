import Motion

/// Where an animation's end value comes from.
public enum AnimationTarget: Hashable, Sendable {
    /// A fixed value.
    case value(Double)
    /// The value the action's toggle chose.
    case toggled
}

/// How an animation step moves its property.
public enum StepMotion: Hashable, Sendable {
    /// From the current value to a target with a timing curve or spring (`UIView.animate`).
    case basic(target: AnimationTarget, timing: AnimationTiming)
    /// Through a list of values (`CAKeyframeAnimation`); the model value becomes the last one.
    case keyframes(KeyframeTiming, duration: Double)
}

/// One property animated by an action.
public struct AnimationStep: Hashable, Sendable {
    public var property: PropertyRef
    public var motion: StepMotion
    /// Seconds after the action runs.
    public var delay: Double

    public init(property: PropertyRef, motion: StepMotion, delay: Double = 0) {
        self.property = property; self.motion = motion; self.delay = delay
    }

    public init(property: PropertyRef, target: AnimationTarget, timing: AnimationTiming, delay: Double = 0) {
        self.init(property: property, motion: .basic(target: target, timing: timing), delay: delay)
    }
}

/// The article's "is it shown?" test: if `property`'s model value is within 1 point of
/// `values[0]` the target is `values[1]`, otherwise `values[0]`
/// (`abs(constant − hidden) < 1 ? shown : hidden`).
public struct Toggle: Hashable, Sendable {
    public var property: PropertyRef
    public var values: (Double, Double)

    public init(property: PropertyRef, values: (Double, Double)) { self.property = property; self.values = values }

    public static func == (l: Toggle, r: Toggle) -> Bool {
        l.property == r.property && l.values.0 == r.values.0 && l.values.1 == r.values.1
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(property); hasher.combine(values.0); hasher.combine(values.1)
    }

    /// The target chosen from the current model value.
    public func target(forModelValue value: Double) -> Double {
        abs(value - values.0) < 1 ? values.1 : values.0
    }
}

/// What a running animation does with one already in flight on the same property.
public enum AnimationCombining: String, Hashable, Sendable {
    /// UIKit since iOS 8: the new animation is added on top of the running one, so motion stays
    /// continuous in position and velocity.
    case additive
    /// `.beginFromCurrentState`: the running animation is removed and the new one starts from the
    /// current presentation value.
    case beginFromCurrentState
}

/// A named reaction to input: sets new model values and animates the change (a UIView
/// animation block).
public struct Action: Hashable, Sendable {
    public var name: String
    public var toggle: Toggle?
    public var steps: [AnimationStep]
    public var combining: AnimationCombining

    public init(name: String, toggle: Toggle? = nil, steps: [AnimationStep], combining: AnimationCombining = .additive) {
        self.name = name; self.toggle = toggle; self.steps = steps; self.combining = combining
    }
}

/// A scripted tap on a view at a scene time.
public struct Tap: Hashable, Sendable {
    /// Seconds since the scene's start.
    public var time: Double
    /// Index into `Scene.views`; the view's `tapAction` runs.
    public var view: Int

    public init(time: Double, view: Int) { self.time = time; self.view = view }
}

/// A property recomputed from an expression before every frame (the article's display-link
/// `tick`): it follows other views' presentation values.
public struct Binding: Hashable, Sendable {
    public var target: PropertyRef
    public var expression: Expression

    public init(target: PropertyRef, expression: Expression) { self.target = target; self.expression = expression }
}
