import Motion
import Scene

/// A UIViewPropertyAnimator as a scene system, following the state diagram of Apple's
/// documentation and WWDC 2016 session 216: `inactive` → (`startAnimation`, `pauseAnimation`,
/// setting `fractionComplete`) → `active` (running or paused) → natural end → `inactive`, or
/// `stopAnimation(false)` → `stopped` → `finishAnimation(at:)` → `inactive`.
///
/// It drives the slots its targets write, and its own: `ID.state` (0 inactive, 1 active,
/// 2 stopped), `ID.fractionComplete`, `ID.isReversed`, `ID.isRunning` and `ID.finalPosition`
/// (0 end, 1 start, 2 current; set just before completions run).
///
/// Each driven component moves as value = from + (to − from)·q, q its progress. q and
/// `fractionComplete` follow a course (`AnimatorCourse`) through the animator's state: from
/// `create` its own timeline (the timing: a curve, or a spring whose relative velocity is the
/// timing's `dx` for x-like components, `dy` for y-like ones and `dx` for the rest), over which
/// `fractionComplete` moves linearly in time. Running moves along the course at the speed of
/// time, so pausing and starting again resumes the same timeline: the rest of the same curve
/// over the remaining (1 − fractionComplete) × duration, as `startAnimation()` "resumes the
/// animation after it was paused". Where Apple is silent, the choices (documented in
/// docs/scenes.md) are: after a linear scrub the course goes through the scrubbed value and
/// the scrub's offset from the curve fades linearly in time to 0 at the end, so the values
/// move on from where the scrub left them and join the curve; `continueAnimation` runs its
/// timing from the current state over durationFactor × duration, as its documentation says
/// ("multiplied by the original duration to obtain the new duration"). `isReversed` plays the
/// course backwards: a running animator turns around in place and its values retrace the way
/// they came (overshoot included) while `fractionComplete` runs down to 0 over the time it has
/// run; a paused one, at its end with `pausesOnCompletion` too, does so when started.
/// `addAnimations(delayFactor: d)` components hold still for the first d of the progress and
/// cover the rest in what remains.
public struct PropertyAnimatorSystem: SceneSystem {
    public let declaration: PropertyAnimatorDeclaration
    /// The commands the scene's actions send it (each arrives as the `AnimatorCommand` itself).
    public let commands: [AnimatorCommand]
    /// Slots of `ID.state`, `ID.fractionComplete`, `ID.isReversed`, `ID.isRunning`, `ID.finalPosition`.
    public let stateSlots: [Int]
    /// The slots the targets write, and for each: 0 x-like, 1 y-like, 2 other; its delay factor.
    let driven: [Int]
    var axisOf: [Int]
    let delayOf: [Double]

    /// The animator's own timeline: the declared timing per axis class, over the duration.
    let timeline: [AnimationTiming]

    /// Moving along the course: from local time `tau` at scene time `begin` (seconds), forwards
    /// (`direction` 1) or back (−1), at the speed of time.
    struct Run: Hashable, Sendable {
        var begin: Double
        var tau: Double
        var direction: Double
    }

    var exists = false
    var state = 0
    var isReversed = false
    var isInterruptible: Bool
    var pausesOnCompletion: Bool
    var scrubsLinearly: Bool
    var from: [Double] = []
    var to: [Double] = []
    /// The path progress follows, and where on it (local time) the animator stands while not running.
    var course: AnimatorCourse
    var tau = 0.0
    var running: Run?
    var pendingStart: Double?
    var finalPosition = 0.0
    /// The scheduled end of the run or the delayed start, cancelled when plans change.
    var plannedEvent: EventToken?

    public init(declaration: PropertyAnimatorDeclaration, commands: [AnimatorCommand], stateSlots: [Int], initialModel: [Double], layout: SlotLayout) {
        self.declaration = declaration; self.commands = commands; self.stateSlots = stateSlots
        var driven: [Int] = [], axes: [Int] = [], delays: [Double] = []
        for target in declaration.targets {
            for (slot, _) in target.property.writes(0, model: initialModel) where !driven.contains(slot) {
                driven.append(slot); axes.append(Self.axisClass(of: slot, in: layout)); delays.append(target.delayFactor)
            }
        }
        self.driven = driven; self.axisOf = axes; self.delayOf = delays
        isInterruptible = declaration.isInterruptible
        pausesOnCompletion = declaration.pausesOnCompletion
        scrubsLinearly = declaration.scrubsLinearly
        let timing = declaration.timing, duration = declaration.duration
        timeline = (0..<3).map { c in timing.timing(duration: duration, velocity: timing.velocity(axis: c)) }
        course = .timeline(timeline, duration: duration, through: [0, 0, 0], fraction: 0, at: 0)
    }

    /// 0 x-like, 1 y-like, 2 other.
    static func axisClass(of slot: Int, in layout: SlotLayout) -> Int {
        guard let (_, property) = layout.view(of: SlotID(slot)) else { return 2 }
        switch property {
        case .positionX, .boundsX, .boundsWidth, .translationX, .scaleX: return 0
        case .positionY, .boundsY, .boundsHeight, .translationY, .scaleY: return 1
        default: return 2
        }
    }

    public var name: String { "animator '\(declaration.id)'" }
    public var drivenSlots: [Int] { driven + stateSlots }

    // MARK: Values

    /// Where on the course (local time) the animator is at scene time `t`.
    func position(at t: Double) -> Double {
        guard let run = running, t >= run.begin else { return tau }
        return min(max(run.tau + run.direction * (t - run.begin), course.start), course.end)
    }

    /// Progress per axis class and `fractionComplete` at scene time `t`.
    func progress(at t: Double) -> (q: [Double], fraction: Double) { course.state(at: position(at: t)) }

    /// Length of the animator's own timeline (seconds; a physical spring's runs until it settles).
    var timelineLength: Double { timeline.map(\.duration).max() ?? 0 }

    public mutating func advance(to t: Double, context: inout SystemContext) throws {
        write(at: t, into: &context)
    }

    func write(at t: Double, into context: inout SystemContext) {
        values(at: t) { context[$0] = $1 }
    }

    func write(at t: Double, into model: inout [Double]) {
        values(at: t) { model[$0] = $1 }
    }

    /// Each driven slot's value at `t`, and the animator's own, handed to `set`.
    private func values(at t: Double, _ set: (Int, Double) -> Void) {
        let (q, fraction) = progress(at: t)
        if exists {
            for (i, slot) in driven.enumerated() {
                var p = q[axisOf[i]]
                let d = delayOf[i]
                if d > 0 { p = max((p - d) / (1 - d), 0) }
                set(slot, from[i] + (to[i] - from[i]) * p)
            }
        }
        set(stateSlots[0], Double(state))
        set(stateSlots[1], exists ? fraction : 0)
        set(stateSlots[2], isReversed ? 1 : 0)
        set(stateSlots[3], running != nil && t >= running!.begin ? 1 : 0)
        set(stateSlots[4], finalPosition)
    }

    /// Freezes the values where they are at `t` (pausing, stopping).
    mutating func freeze(at t: Double) {
        tau = position(at: t)
        running = nil
        pendingStart = nil
    }

    /// A course through progress `q` (all axis classes) and fraction `f` on the animator's own
    /// timeline, standing on its pivot.
    mutating func stand(atProgress q: Double, fraction f: Double) {
        course = .timeline(timeline, duration: declaration.duration, through: [q, q, q], fraction: f, at: f * timelineLength)
        tau = course.pivotTime
    }

    // MARK: Commands and events

    /// Its own events.
    enum Event: Hashable, Sendable {
        /// The run reaches the end of the course (the start, reversed).
        case end
        /// `startAnimation(afterDelay:)`'s delay is over.
        case delayedStart
    }

    /// Schedules `event`, cancelling the one planned before (only one is ever pending).
    mutating func plan(_ event: Event?, at time: Double, context: inout SystemContext) {
        if let plannedEvent { context.cancel(plannedEvent) }
        plannedEvent = event.map { context.schedule($0, at: time) }
    }

    public mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {
        if let event = message.as(Event.self) {
            plannedEvent = nil
            if event == .end { finishNaturally(at: t, context: &context) } else { begin(at: t, context: &context) }
        } else if let command = message.as(AnimatorCommand.self) {
            try perform(command, at: t, context: &context)
        }
        write(at: t, into: &context)
    }

    func misuse(_ command: AnimatorCommand, _ rule: String) -> AnimatorMisuse {
        AnimatorMisuse(animator: declaration.id, command: command.name, rule: rule)
    }

    mutating func perform(_ command: AnimatorCommand, at t: Double, context: inout SystemContext) throws {
        if case .create = command { create(at: t, model: context.model, context: &context); return }
        guard exists else { throw misuse(command, "before the animator was created (a handler must 'create' it first)") }
        switch command {
        case .create: break
        case .start(let delay):
            guard state != 2 else { throw misuse(command, "on a stopped animator: finish it first (finishAnimation(at:))") }
            guard running == nil, pendingStart == nil else { return }
            state = 1
            if delay > 0 {
                pendingStart = t + delay
                plan(.delayedStart, at: t + delay, context: &context)
            } else {
                begin(at: t, context: &context)
            }
        case .pause:
            guard state != 2 else { throw misuse(command, "on a stopped animator") }
            freeze(at: t)
            state = 1
            plan(nil, at: t, context: &context)
        case .stop(let withoutFinishing):
            guard state != 2 else { throw misuse(command, "on an animator that is already stopped") }
            freeze(at: t)
            plan(nil, at: t, context: &context)
            state = withoutFinishing ? 0 : 2
            if withoutFinishing { settle() }
        case .finish(let position):
            guard state == 2 else {
                throw misuse(command, "is only allowed on a stopped animator (call stopAnimation(false) first); it is \(["inactive", "active"][state])")
            }
            switch position {
            case .end: tau = course.end
            case .start: tau = course.start
            case .current: break
            }
            state = 0
            complete(position, context: &context)
        case let .continue(timing, factor, velocitySlots):
            guard state == 1 else {
                throw misuse(command, state == 0 ? "on an inactive animator (start or pause it first)" : "on a stopped animator")
            }
            freeze(at: t)
            var velocity: Point?
            if let slots = velocitySlots { velocity = Point(x: context[slots[0]], y: context[slots[1]]) }
            retime(at: t, duration: factor * declaration.duration, timing: timing ?? declaration.timing, velocity: velocity, context: &context)
        case .setFractionComplete(let slot):
            guard state != 2 else { throw misuse(command, "on a stopped animator") }
            guard running == nil else { throw misuse(command, "while it is running (pause it first)") }
            let f = min(max(context[slot], 0), 1)
            stand(atProgress: scrubsLinearly ? f : Self.curved(f, declaration.timing), fraction: f)
            state = 1
        case .setReversed(let slot):
            let reversed = context[slot] != 0
            guard reversed != isReversed else { return }
            isReversed = reversed
            if running != nil {
                // Turn around in place: back along the course, retracing the way it came.
                freeze(at: t)
                run(at: t, context: &context)
            }
        case .setInterruptible(let value):
            guard state == 0 else { throw misuse(command, "cannot change while the animator is active or stopped") }
            isInterruptible = value
        case .setPausesOnCompletion(let value): pausesOnCompletion = value
        case .setScrubsLinearly(let value): scrubsLinearly = value
        }
    }

    /// A new animator instance: the old one, if any, stays where it is; targets are read now.
    mutating func create(at t: Double, model: [Double], context: inout SystemContext) {
        if exists { freeze(at: t) }
        var values = model
        if exists { write(at: t, into: &values) }
        var target = values
        for item in declaration.targets {
            for (slot, value) in item.property.writes(model[item.argumentSlot], model: target) { target[slot] = value }
        }
        from = driven.map { values[$0] }
        to = driven.map { target[$0] }
        exists = true; state = 0; isReversed = false
        isInterruptible = declaration.isInterruptible; pausesOnCompletion = declaration.pausesOnCompletion
        scrubsLinearly = declaration.scrubsLinearly
        course = .timeline(timeline, duration: declaration.duration, through: [0, 0, 0], fraction: 0, at: 0)
        tau = 0; running = nil; pendingStart = nil; finalPosition = 0
        plan(nil, at: t, context: &context)
    }

    /// `startAnimation` now: from the start, or resuming the same course where it paused
    /// (back along it when reversed).
    mutating func begin(at t: Double, context: inout SystemContext) {
        pendingStart = nil
        run(at: t, context: &context)
    }

    /// A new course from the current state with `timing` over `duration` seconds (velocity
    /// relative, per `AnimatorTiming`; nil: the timing's own) to the end (the start, reversed),
    /// and runs it.
    mutating func retime(at t: Double, duration: Double, timing: AnimatorTiming, velocity: Point?, context: inout SystemContext) {
        let timings = (0..<3).map { c -> AnimationTiming in
            let v = velocity.map { c == 1 ? $0.y : $0.x } ?? timing.velocity(axis: c)
            return timing.timing(duration: duration, velocity: v)
        }
        course = course.continued(at: tau, with: timings, fractionSpan: duration, towardsStart: isReversed,
                                  timeline: timeline, duration: declaration.duration)
        tau = course.pivotTime
        run(at: t, context: &context)
    }

    /// Runs along the course from where it stands: to the end, or back to the start when reversed.
    mutating func run(at t: Double, context: inout SystemContext) {
        let direction = isReversed ? -1.0 : 1.0
        let remaining = isReversed ? tau - course.start : course.end - tau
        running = Run(begin: t, tau: tau, direction: direction)
        state = 1
        plan(.end, at: t + max(remaining, 0), context: &context)
    }

    mutating func finishNaturally(at t: Double, context: inout SystemContext) {
        guard let run = running else { return }
        tau = run.direction > 0 ? course.end : course.start
        running = nil
        if pausesOnCompletion { return }   // stays active, paused; no completion
        state = 0
        complete(isReversed ? .start : .end, context: &context)
    }

    mutating func complete(_ position: AnimatingPosition, context: inout SystemContext) {
        finalPosition = Double(position.rawValue)
        settle()
        context[stateSlots[4]] = finalPosition
        for action in declaration.completions { context.runAction(action) }
    }

    /// The values stay where they are as the new start (an inactive animator holds them).
    mutating func settle() {
        let (q, fraction) = course.state(at: tau)
        var values = [Double](repeating: 0, count: (driven.max() ?? 0) + 1)
        for (i, slot) in driven.enumerated() {
            var p = q[axisOf[i]]
            if delayOf[i] > 0 { p = max((p - delayOf[i]) / (1 - delayOf[i]), 0) }
            values[slot] = from[i] + (to[i] - from[i]) * p
        }
        from = driven.map { values[$0] }
        to = from
        stand(atProgress: 0, fraction: fraction)
    }

    /// The timing curve's value at `f` (a spring scrubs linearly).
    static func curved(_ f: Double, _ timing: AnimatorTiming) -> Double {
        if case .curve(let curve) = timing { return curve.value(at: f) }
        return f
    }
}
