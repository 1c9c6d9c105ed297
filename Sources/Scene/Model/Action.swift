import Motion

/// Where an animation's end value comes from.
public enum AnimationTarget: Hashable, Sendable {
    /// A fixed value.
    case value(Double)
    /// The value the action's toggle chose.
    case toggled
    /// An expression over presentation values and variables, evaluated when the action runs.
    case expression(Expression)
}

/// How an animation step moves its property.
public enum StepMotion: Hashable, Sendable {
    /// From the current value to a target with a timing curve or spring (`UIView.animate`).
    case basic(target: AnimationTarget, timing: AnimationTiming)
    /// Through a list of values (`CAKeyframeAnimation`); the model value becomes the last one.
    case keyframes(KeyframeTiming, duration: Double)
    /// One component of a point moving along a path (`CAKeyframeAnimation.path`); the model
    /// value becomes the component at the path's end.
    case path(KeyframePath, duration: Double, component: PathComponent)
}

/// One property animated by an action.
public struct AnimationStep: Hashable, Sendable {
    /// A stored slot or a derived view property (`frame.*`, `transform.scale`), which animates
    /// the stored slots it sets.
    public var property: PropertyRef
    public var motion: StepMotion
    /// Seconds after the action runs.
    public var delay: Double
    /// Part of a whole-transform value: a rotation goes the short way (|Δ| ≤ π), as UIKit's
    /// decomposition of a `CGAffineTransform` does. `transform.rotation` alone turns by angle.
    public var takesShortestRotation: Bool
    /// Whether the animation stays in flight after its end, until another animation replaces it
    /// or the slot is set (Core Animation's `isRemovedOnCompletion = false`). With a forwards
    /// fill (`media.fillMode` `.forwards` or `.both`) it shows the value it ended on over
    /// whatever the model later becomes; without one the model value shows. An action's
    /// completion still runs at the animation's end.
    public var holdsAfterEnd = false
    /// Repeats, autoreverse, speed, offset and fill over the step's duration (`CAMediaTiming`).
    /// The step begins `delay` seconds after the action runs (a scene file's `beginTime` adds
    /// to it).
    public var media = MediaTiming.once
    /// Core Animation's explicit animation (`model: keep`): the model value stays as it was
    /// and the animation, never additive, shows its values over it; without it the model
    /// becomes the target at once, as `UIView.animate` does.
    public var keepsModel = false

    public init(property: PropertyRef, motion: StepMotion, delay: Double = 0, takesShortestRotation: Bool = false) {
        self.property = property; self.motion = motion; self.delay = delay; self.takesShortestRotation = takesShortestRotation
    }

    public init(property: PropertyRef, target: AnimationTarget, timing: AnimationTiming, delay: Double = 0) {
        self.init(property: property, motion: .basic(target: target, timing: timing), delay: delay)
    }

    /// The step's own (simple) duration, seconds: one play of its curve, spring or keyframes.
    public var simpleDuration: Double {
        switch motion {
        case .basic(_, let timing): return timing.duration
        case .keyframes(_, let duration), .path(_, let duration, _): return duration
        }
    }

    /// Seconds from the action's start until this step's active time ends (its repeats
    /// included; `.infinity` for an infinite repeat).
    public var endOffset: Double { delay + media.sceneDuration(duration: simpleDuration) }
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

/// `set:` in an action: a variable takes a new value at once when the action runs.
public struct VariableAssignment: Hashable, Sendable {
    public var variable: VariableID
    public var value: Expression
    public init(variable: VariableID, value: Expression) { self.variable = variable; self.value = value }
}

/// A slot (not a variable) set at once when the action runs: a constraint's `constant`,
/// `priority` or `isActive` (`layout: {set: ...}` in a scene file).
public struct SlotAssignment: Hashable, Sendable {
    public var slot: Int
    public var value: Expression
    public init(slot: Int, value: Expression) { self.slot = slot; self.value = value }
}

/// Slots that derived passes read (a constraint's `constant`, `priority`, `isActive`) set at
/// once, after which every derived pass runs again — UIKit's `layoutIfNeeded()`, inside an
/// animation block when `animation` is given: every slot the passes drive then animates
/// (additively, so later changes ride under it) from its old value to its new one. The Player
/// knows nothing of layout: it sets the slots and re-runs `Scene.derivedPasses`.
public struct DerivedChange: Hashable, Sendable {
    public var assignments: [SlotAssignment]
    /// Nil: the new values show at once.
    public var animation: AnimationTiming?
    public init(assignments: [SlotAssignment], animation: AnimationTiming? = nil) {
        self.assignments = assignments; self.animation = animation
    }
}

/// A named reaction to input or to another action's completion: assigns variables, sets new
/// model values and animates the change (a UIView animation block with its completion block).
public struct Action: Hashable, Sendable {
    public var name: String
    /// `if:`: the action does nothing unless this boolean expression is true when it runs.
    public var condition: Expression?
    /// `set:`, applied first, in order.
    public var assignments: [VariableAssignment]
    public var toggle: Toggle?
    public var steps: [AnimationStep]
    /// `.beginFromCurrentState`: non-additive properties start from the presentation value
    /// (and, in the iOS 7 model, every property does).
    public var beginsFromCurrentState: Bool
    /// The action run when every animation of this one has finished (at once when it has
    /// none), like UIView.animate's completion block.
    public var completion: ActionID?
    /// Commands to systems, sent in order after the animations start.
    public var commands: [SystemCommand]
    /// Labels' texts and views' images set at once, right after `assignments`.
    public var contentAssignments: [ContentAssignment] = []
    /// Slots set at once right after `assignments`: the values this action computes for its
    /// commands (a `fractionComplete`, a velocity), read by the systems from the model.
    public var commandArguments: [SlotAssignment] = []
    /// Inputs of the derived passes changed after `steps` start, and the passes run again,
    /// optionally under an animation (a layout change: `layout: {set: ...}`).
    public var derivedChange: DerivedChange?
    /// `startEmitters:`: emitter views whose emission (re)starts when the action runs, as
    /// setting a `CAEmitterLayer`'s `beginTime` to `CACurrentMediaTime()` does.
    public var startsEmitters: [ViewID] = []

    /// Slots set at once after `steps` start (constraint constants and the like): the
    /// `derivedChange`'s assignments.
    public var slotAssignments: [SlotAssignment] { derivedChange?.assignments ?? [] }

    public init(name: String, condition: Expression? = nil, assignments: [VariableAssignment] = [], toggle: Toggle? = nil,
                steps: [AnimationStep] = [], beginsFromCurrentState: Bool = false, completion: ActionID? = nil,
                commands: [SystemCommand] = []) {
        self.name = name; self.condition = condition; self.assignments = assignments; self.toggle = toggle
        self.steps = steps; self.beginsFromCurrentState = beginsFromCurrentState; self.completion = completion
        self.commands = commands
    }

    /// Seconds from the run until the last animation rests (its completion's delay);
    /// `.infinity` when one repeats forever (the completion then never runs).
    public var duration: Double { max(steps.map(\.endOffset).max() ?? 0, derivedChange?.animation?.duration ?? 0) }
}

/// A scripted event at a scene time.
public struct ScriptedEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A tap on a view: its `tapAction` runs, or its nearest ancestor's (the responder
        /// chain). The view must be able to receive it at that instant (shown, alpha ≥ 0.01,
        /// user interaction enabled, and so every ancestor), else it is a runtime error.
        case tap(view: ViewID)
        /// An action runs with no view involved.
        case run(action: ActionID)
        /// Input for a system: a command it understands (`SystemCommand`).
        case system(SystemCommand)
        /// A finger touches down (index into `Scene.touches`): the Player hit-tests and hands
        /// the stroke to the innermost `TouchResponder` that accepts it, or taps.
        case touch(Int)
    }
    /// Seconds since the scene's start.
    public var time: Double
    public var kind: Kind

    public init(time: Double, kind: Kind) { self.time = time; self.kind = kind }
    /// A tap on `view` at `time` (seconds).
    public static func tap(_ view: ViewID, at time: Double) -> ScriptedEvent { ScriptedEvent(time: time, kind: .tap(view: view)) }
    /// `action` run at `time` (seconds).
    public static func run(_ action: ActionID, at time: Double) -> ScriptedEvent { ScriptedEvent(time: time, kind: .run(action: action)) }
}

/// A property recomputed at every instant from other properties' presentation values: from
/// an expression (the article's display-link `tick`) or along a scale track (Ouroboros). It
/// drives the model value of the slots it sets.
public struct Binding: Hashable, Sendable {
    /// Where a bound value comes from.
    public enum Source: Hashable, Sendable {
        case expression(Expression)
        /// Scroll-driven scales (`ScaleTrack`).
        case scale(ScaleTrack)
    }

    public var target: PropertyRef
    public var source: Source

    public init(target: PropertyRef, expression: Expression) { self.target = target; self.source = .expression(expression) }
    public init(target: PropertyRef, scale: ScaleTrack) { self.target = target; self.source = .scale(scale) }

    /// The expression, when the value comes from one.
    public var expression: Expression? {
        if case .expression(let expression) = source { return expression }
        return nil
    }

    /// The scale track, when the value follows one.
    public var scale: ScaleTrack? {
        if case .scale(let track) = source { return track }
        return nil
    }
}

/// A named number in the property store (`variables.NAME`), changed by actions' `set:`.
public struct Variable: Hashable, Sendable {
    public var name: String
    public var initialValue: Double
    public init(name: String, initialValue: Double) { self.name = name; self.initialValue = initialValue }
}

/// What a new animation does with one in flight on the same property.
public enum AnimationModel: String, Hashable, Sendable, CaseIterable {
    /// iOS 8 and later: geometric properties (position, bounds, transform; so frame and
    /// center) are additive — both animations run and their remaining offsets add up. The
    /// others replace the one in flight, starting from the presentation value with
    /// `beginFromCurrentState` and from the model value without it.
    case ios8
    /// iOS 7: every new animation replaces the one in flight, from the model value, or from the
    /// presentation value with `beginFromCurrentState`.
    case ios7
}
