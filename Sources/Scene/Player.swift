import Drawing
import Motion

/// Advances a scene through time and produces a `Frame` for any instant.
///
/// At each instant, in this order: events (the earliest first; at equal times scripted events
/// in scene order, then scheduled ones in the order they were scheduled) → systems → derived
/// values in dependency order (bindings and derived passes such as the layout pass) →
/// presentation values → Frame. Before dispatching an
/// event, every system is brought to the event's time and derived values are re-evaluated, so
/// an action sees the scene as it is at that instant.
///
/// Model values change when an action runs; what is drawn is the presentation value: the model
/// value with the animations in flight (see `AnimationModel`). Animations are closed-form in
/// time, so state changes only at events, at their exact time whatever the frame rate.
///
/// The playhead keeps checkpoints (copies of its state about every second of scene time, at
/// most `checkpointLimit`, thinned by doubling the interval), so asking for an earlier
/// instant resumes from the nearest checkpoint instead of replaying from t = 0; instants that
/// are skipped are only advanced, never drawn. Any order of requests gives the same answers.
public struct Player: Sendable {
    public let scene: Scene
    private let graph: SceneGraph
    /// Model values at the start (bindings of `frame.width`/`height` keep the starting edge).
    private let initialModel: [Double]
    private var state: PlayerState
    private var checkpoints: [PlayerState] = []
    /// Seconds between checkpoints (a power of two).
    private var checkpointInterval = 1.0
    /// Systems that find events by stepping (`SceneSystem.findsEventsByStepping`).
    private let steppingSystems: [Int]

    /// The most checkpoints kept; past it every other one is dropped.
    public static let maximumCheckpoints = 64
    /// Memory the checkpoints of one Player may hold, about: a scene with many slots keeps fewer
    /// (at least 2), so memory stays bounded whatever the scene's length.
    public static let checkpointBudgetBytes = 32 << 20
    /// Checkpoints this Player keeps: `maximumCheckpoints`, fewer when its state is large
    /// (model, presentation and animation lists: about 24 bytes a slot).
    public var checkpointLimit: Int {
        max(2, min(Self.maximumCheckpoints, Self.checkpointBudgetBytes / max(24 * scene.slotCount, 1)))
    }
    /// Events dispatched at one instant before the Player calls it a loop.
    public static let maximumEventsPerInstant = 10_000

    /// What the Player has done, for tests and benchmarks.
    public struct Statistics: Hashable, Sendable {
        /// Instants at which systems and derived values were evaluated.
        public var instantsEvaluated = 0
        public var eventsDispatched = 0
        /// Times an earlier instant was asked for and a checkpoint restored.
        public var checkpointsRestored = 0
        public var framesBuilt = 0
    }
    public private(set) var statistics = Statistics()

    /// Checks the scene (`Scene.validate()`) and moves to t = 0, running the events at 0.
    public init(scene: Scene) throws {
        self.scene = scene
        self.graph = try SceneGraph(validating: scene)
        self.state = PlayerState(scene: scene)
        self.initialModel = state.model
        self.steppingSystems = scene.systems.indices.filter { scene.systems[$0].findsEventsByStepping }
        try step(to: 0)
        checkpoints = [state]
    }

    /// Whether to log the time of every event dispatched (`eventTimes`), for tests and tools.
    public var recordsEventTimes = false
    /// Scene times of the events dispatched while `recordsEventTimes` was on, in dispatch order
    /// (a log of this Player's work: instants replayed after a checkpoint is restored appear again).
    public private(set) var eventTimes: [Double] = []

    /// Draw each finger that is down as a translucent circle on top (`render --show-touches`).
    public var showsTouches = false

    /// Scene time of the last `advance(to:)`.
    public var time: Double { state.time }

    /// The model value (the animations' destination).
    public func modelValue(_ ref: PropertyRef) -> Double { ref.value(in: state.model) }

    /// The presentation value (what is on screen) at the current time.
    public func presentationValue(_ ref: PropertyRef) -> Double { ref.value(in: state.presentation) }

    /// Checkpoints held now.
    public var checkpointCount: Int { checkpoints.count }

    /// Moves to scene time `t` (seconds, ≥ 0), dispatching every event up to and including `t`.
    /// Throws `SceneRuntimeError` when a value becomes non-finite or events loop; the Player
    /// should not be used after that.
    public mutating func advance(to t: Double) throws {
        precondition(t >= 0 && t.isFinite, "scene time must be finite and not negative")
        if t < state.time {
            let index = checkpoints.lastIndex { $0.time <= t } ?? 0
            state = checkpoints[index]
            statistics.checkpointsRestored += 1
        }
        while true {
            let next = (Double(Int((state.time / checkpointInterval).rounded(.down))) + 1) * checkpointInterval
            guard next <= t else { break }
            try step(to: next)
            record()
        }
        if t > state.time || state.time == -.infinity { try step(to: t) }
    }

    /// The display list of frame `index` at `fps` (t = index / fps).
    public mutating func frame(at index: Int, fps: Double) throws -> Frame {
        let t = Double(index) / fps
        do {
            try advance(to: t)
            var builder = FrameBuilder(scene: scene, children: graph.children, cullInfo: graph.cullInfo, values: state.presentation, time: t)
            try builder.drawRoots(graph.roots)
            if showsTouches { builder.drawTouches(scene.touches, at: t) }
            statistics.framesBuilt += 1
            return Frame(index: index, time: t, size: scene.size, background: scene.background, commands: builder.commands)
        } catch let error as SceneRuntimeError {
            throw error.at(frame: index)
        }
    }

    // MARK: Checkpoints

    private mutating func record() {
        guard let last = checkpoints.last, state.time > last.time else { return }
        checkpoints.append(state)
        if checkpoints.count > checkpointLimit {
            checkpointInterval *= 2
            checkpoints = checkpoints.filter { ($0.time / checkpointInterval).rounded(.down) * checkpointInterval == $0.time }
        }
    }

    // MARK: Stepping

    /// Dispatches the events up to `t`, then evaluates the instant `t`.
    private mutating func step(to t: Double) throws {
        // Scheduled events (not scripted ones) dispatched at one instant, to catch a loop.
        var sameInstant = 0, loopTime = -Double.infinity
        var recent: [String] = []
        while true {
        while true {
            // Systems that find events by stepping find them before anything later happens.
            if !steppingSystems.isEmpty { try discoverEvents(until: min(t, nextEventTime ?? t)) }
            guard let event = nextEvent(notAfter: t) else { break }
            if case .queued = event.kind {
                if event.time == loopTime { sameInstant += 1 } else { loopTime = event.time; sameInstant = 0; recent.removeAll() }
                if sameInstant > Self.maximumEventsPerInstant {
                    throw SceneRuntimeError.eventLoop(actions: recent, time: event.time, frame: nil)
                }
            }
            try evaluate(at: event.time)
            statistics.eventsDispatched += 1
            if recordsEventTimes { eventTimes.append(event.time) }
            switch event.kind {
            case .scripted(let scripted):
                switch scripted {
                case .tap(let view): if let action = scene.views[view].tapAction { try run(action.index, at: event.time) }
                case .run(let action): try run(action, at: event.time)
                case .system(let index, let payload): try handle(system: index, payload: payload, at: event.time)
                case .touch(let index): try touchDown(index, at: event.time)
                }
            case .queued(.completion(let action, let owner, let finished)):
                // At the end of its animations a run completes, unless removals completed it already.
                if finished, state.completionRuns.removeValue(forKey: owner) == nil { continue }
                recent.append(scene.actions[action].name)
                if recent.count > 4 { recent.removeFirst() }
                try run(action, at: event.time, finished: finished)
            case .queued(.system(let index, let payload)):
                try handle(system: index, payload: payload, at: event.time)
            case .queued(.action(let action, let system)):
                guard scene.actions.indices.contains(action) else {
                    throw SceneRuntimeError.system(name: state.systems[system].name, message: "asked to run action \(action), which does not exist", time: event.time, frame: nil)
                }
                recent.append(scene.actions[action].name)
                if recent.count > 4 { recent.removeFirst() }
                try run(action, at: event.time)
            }
        }
        try evaluate(at: t)
        // A system may have run actions while being brought to t: dispatch them at t too.
        guard let first = state.pending.first, first.time <= t else { break }
        }
    }

    /// The time of the earliest event waiting (scripted or scheduled), if any.
    private var nextEventTime: Double? {
        let scripted = state.nextScripted < scene.events.count ? scene.events[state.nextScripted].time : nil
        switch (scripted, state.pending.first?.time) {
        case (nil, nil): return nil
        case (let s?, nil): return s
        case (nil, let q?): return q
        case (let s?, let q?): return min(s, q)
        }
    }

    private mutating func discoverEvents(until t: Double) throws {
        var context = SystemContext(model: state.model)
        state.model = []
        defer { state.model = context.model }
        for index in steppingSystems {
            do { try state.systems[index].discoverEvents(until: t, context: &context) } catch {
                throw SceneRuntimeError.system(name: state.systems[index].name, message: "\(error)", time: t, frame: nil)
            }
            try enqueue(context, from: index, at: state.time)
            context.scheduled.removeAll()
            context.actionsToRun.removeAll()
        }
    }

    private enum NextEvent { case scripted(ScriptedEvent.Kind), queued(QueuedEvent.Kind) }

    /// Removes and returns the earliest event at or before `t`.
    private mutating func nextEvent(notAfter t: Double) -> (time: Double, kind: NextEvent)? {
        let scripted = state.nextScripted < scene.events.count ? scene.events[state.nextScripted] : nil
        let queued = state.pending.first
        let takeScripted: Bool
        switch (scripted, queued) {
        case (nil, nil): return nil
        case (let s?, nil): takeScripted = true; _ = s
        case (nil, _?): takeScripted = false
        case (let s?, let q?): takeScripted = s.time < q.time || (s.time == q.time && state.nextScripted < q.sequence)
        }
        if takeScripted {
            let event = scripted!
            guard event.time <= t else { return nil }
            state.nextScripted += 1
            return (event.time, .scripted(event.kind))
        }
        let event = queued!
        guard event.time <= t else { return nil }
        state.pending.removeFirst()
        return (event.time, .queued(event.kind))
    }

    private mutating func schedule(_ kind: QueuedEvent.Kind, at time: Double) {
        let event = QueuedEvent(time: time, sequence: state.sequence, kind: kind)
        state.sequence += 1
        // After every event at or before `time` (binary search; the list is sorted).
        var low = 0, high = state.pending.count
        while low < high {
            let middle = (low + high) / 2
            if state.pending[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        state.pending.insert(event, at: low)
    }

    /// Brings systems to `t`, drops finished animations and evaluates derived values.
    private mutating func evaluate(at t: Double) throws {
        statistics.instantsEvaluated += 1
        if !scene.systems.isEmpty { try advanceSystems(to: t) }
        pruneFinished(at: t)
        state.time = t
        // Presentation equals model except where animations, bindings or systems moved the
        // model since: every write of the model outside systems writes the presentation too,
        // so only the slots systems drive are copied (not the whole store, each instant).
        for slot in graph.systemSlots { state.presentation[slot] = state.model[slot] }
        for slot in state.animatedSlots { state.presentation[slot] = presentation(slot: slot, at: t) }
        try evaluateDerived(at: t)
    }

    /// Bindings and derived passes, in dependency order.
    private mutating func evaluateDerived(at t: Double) throws {
        for index in graph.bindingOrder {
            guard index < scene.bindings.count else {
                let pass = scene.derivedPasses[index - scene.bindings.count]
                let values: [Double]
                do { values = try pass.evaluate(state.presentation) } catch {
                    throw SceneRuntimeError.system(name: pass.name, message: "\(error)", time: t, frame: nil)
                }
                for (slot, value) in zip(pass.drivenSlots, values) {
                    state.model[slot] = value
                    state.presentation[slot] = presentation(slot: slot, at: t)
                }
                continue
            }
            let binding = scene.bindings[index]
            let value: Double
            switch binding.source {
            case .expression(let expression):
                value = expression.evaluate { $0.value(in: state.presentation) }
                guard value.isFinite else { throw SceneRuntimeError.nonFinite(expression: expression, value: value, time: t, frame: nil) }
            case .scale(let track):
                value = track.value(in: state.presentation)
            }
            switch binding.target {
            case .slot(let slot):
                state.model[slot.index] = value
                state.presentation[slot.index] = presentation(slot: slot.index, at: t)
            case .derived(let view, let property):
                let writes = ViewGeometry.bindingWrites(property, value: value, state.model, initial: initialModel, slots: SlotLayout.slots(of: view))
                for (slot, newValue) in writes {
                    state.model[slot] = newValue
                    state.presentation[slot] = presentation(slot: slot, at: t)
                }
            }
        }
    }

    /// A slot's model value with the animations in flight.
    private func presentation(slot: Int, at t: Double) -> Double {
        var base = state.model[slot], offset = 0.0
        for animation in state.running[slot] {
            if animation.isAdditive { offset += animation.value(at: t) - animation.to } else { base = animation.value(at: t) }
        }
        return base + offset
    }

    private mutating func pruneFinished(at t: Double) {
        guard !state.animatedSlots.isEmpty else { return }
        state.animatedSlots.removeAll { slot in
            state.running[slot].removeAll { t >= $0.endTime }
            if !state.running[slot].isEmpty { return false }
            state.isAnimated[slot] = false
            state.presentation[slot] = state.model[slot]
            return true
        }
    }

    // MARK: Systems

    private mutating func advanceSystems(to t: Double) throws {
        var context = SystemContext(model: state.model)
        state.model = []
        defer { state.model = context.model }
        for index in state.systems.indices {
            do { try state.systems[index].advance(to: t, context: &context) } catch {
                throw SceneRuntimeError.system(name: state.systems[index].name, message: "\(error)", time: t, frame: nil)
            }
            try enqueue(context, from: index, at: t)
            context.scheduled.removeAll()
            context.actionsToRun.removeAll()
        }
    }

    private mutating func handle(system index: Int, payload: Int, at t: Double) throws {
        var context = SystemContext(model: state.model)
        state.model = []
        defer { state.model = context.model }
        do { try state.systems[index].handle(payload: payload, at: t, context: &context) } catch {
            throw SceneRuntimeError.system(name: state.systems[index].name, message: "\(error)", time: t, frame: nil)
        }
        try enqueue(context, from: index, at: t)
    }

    /// Schedules the events and actions system `index` asked for at `t`.
    private mutating func enqueue(_ context: SystemContext, from index: Int, at t: Double) throws {
        for (time, payload) in context.scheduled {
            guard time.isFinite else { throw SceneRuntimeError.system(name: state.systems[index].name, message: "scheduled an event at a non-finite time", time: t, frame: nil) }
            schedule(.system(index: index, payload: payload), at: max(time, t))
        }
        for action in context.actionsToRun { schedule(.action(action, system: index), at: t) }
    }

    // MARK: Touches

    /// A finger touches down: the innermost responder (of the hit view, then of each ancestor)
    /// that accepts the stroke takes it; a stroke nobody takes that stays within the tap slop
    /// taps the hit view or its nearest ancestor with an `onTap` action.
    private mutating func touchDown(_ index: Int, at t: Double) throws {
        let stroke = scene.touches[index]
        let hit = HitTest(scene: scene, children: graph.children, values: state.presentation).view(at: stroke.firstPoint, roots: graph.roots)
        var candidate = hit
        while let view = candidate {
            for system in state.systems.indices {
                guard var responder = state.systems[system] as? any TouchResponder, responder.responds(to: view),
                      responder.accepts(stroke, at: t) else { continue }
                var context = SystemContext(model: state.model)
                state.model = []
                defer { state.model = context.model }
                do { try responder.touchBegan(index, stroke, on: view, at: t, context: &context) } catch {
                    throw SceneRuntimeError.system(name: responder.name, message: "\(error)", time: t, frame: nil)
                }
                state.systems[system] = responder
                try enqueue(context, from: system, at: t)
                return
            }
            candidate = scene.views[view].parent?.index
        }
        guard !stroke.moves() else { return }
        candidate = hit
        while let view = candidate {
            if let action = scene.views[view].tapAction { try run(action.index, at: t); return }
            candidate = scene.views[view].parent?.index
        }
    }

    // MARK: Actions

    /// `finished` binds the name `finished` (`ExpressionNode.finished`): the completion's argument.
    private func evaluate(_ expression: Expression, at t: Double, finished: Bool = true) throws -> Double {
        let value = expression.evaluate({ $0.value(in: state.presentation) }, finished: finished)
        guard value.isFinite else { throw SceneRuntimeError.nonFinite(expression: expression, value: value, time: t, frame: nil) }
        return value
    }

    /// Runs an action; `finished` is its completion argument when it runs as a completion.
    private mutating func run(_ actionIndex: Int, at t: Double, finished: Bool = true) throws {
        let action = scene.actions[actionIndex]
        if let condition = action.condition, try evaluate(condition, at: t, finished: finished) == 0 { return }
        for assignment in action.assignments {
            let slot = scene.variableSlot(assignment.variable)
            setModel(slot, try evaluate(assignment.value, at: t, finished: finished), at: t)
        }
        for argument in action.commandArguments { setModel(argument.slot, try evaluate(argument.value, at: t, finished: finished), at: t) }
        let toggled = action.toggle.map { $0.target(forModelValue: $0.property.value(in: state.model)) }
        // A run with a completion owns its animations, so that removing them all completes it early.
        var owner: Int?
        if let completion = action.completion {
            owner = state.nextRun
            state.nextRun += 1
            state.completionRuns[state.nextRun - 1] = CompletionRun(completion: completion, notRemoved: 0)
        }
        for step in action.steps {
            try start(step, toggled: toggled, beginsFromCurrentState: action.beginsFromCurrentState, owner: owner, finished: finished, at: t)
        }
        for command in action.commands { try handle(system: command.system, payload: command.payload, at: t) }
        if !action.slotAssignments.isEmpty { try changeLayout(action, owner: owner, finished: finished, at: t) }
        if let completion = action.completion, let owner {
            schedule(.completion(action: completion, run: owner, finished: true), at: t + action.duration)
        }
    }

    /// Sets the action's slots (constraint constants) and lays out again; with a layout
    /// animation, each slot a pass drives animates from its old value to its new one.
    private mutating func changeLayout(_ action: Action, owner: Int?, finished: Bool, at t: Double) throws {
        let values = try action.slotAssignments.map { try evaluate($0.value, at: t, finished: finished) }
        for (assignment, value) in zip(action.slotAssignments, values) { setModel(assignment.slot, value, at: t) }
        guard let timing = action.layoutAnimation else { return }
        let driven = scene.derivedPasses.flatMap(\.drivenSlots)
        let old = driven.map { state.model[$0] }
        try evaluateDerived(at: t)
        for (slot, from) in zip(driven, old) where state.model[slot] != from {
            add(RunningAnimation(curve: .basic(ScalarAnimation(from: from, to: state.model[slot], beginTime: t, timing: timing)),
                                 isAdditive: scene.isAdditive(slot: slot), run: owner), slot: slot, at: t)
        }
    }

    /// Sets a model value at once, ending any animation on the slot.
    private mutating func setModel(_ slot: Int, _ value: Double, at t: Double) {
        removeAnimations(slot: slot, at: t)
        state.model[slot] = value
        state.presentation[slot] = value
    }

    private mutating func start(_ step: AnimationStep, toggled: Double?, beginsFromCurrentState: Bool, owner: Int?, finished: Bool,
                                at t: Double) throws {
        let begin = t + step.delay
        switch step.motion {
        case .basic(let target, let timing):
            let value: Double
            switch target {
            case .value(let v): value = v
            case .toggled: value = toggled ?? step.property.value(in: state.model)
            case .expression(let e): value = try evaluate(e, at: t, finished: finished)
            }
            for (slot, newValue) in step.property.writes(value, model: state.model) {
                let additive = scene.isAdditive(slot: slot)
                var from = additive || !beginsFromCurrentState ? state.model[slot] : presentation(slot: slot, at: t)
                let to = newValue
                if step.takesShortestRotation, slot % ViewProperty.count == ViewProperty.rotation.rawValue, slot < scene.viewSlotCount {
                    // The same orientation as `from`, within half a turn of `to`: the short way,
                    // while the model keeps exactly the angle given.
                    from = to - shortestTurn(to - from)
                }
                add(RunningAnimation(curve: .basic(ScalarAnimation(from: from, to: to, beginTime: begin, timing: timing)),
                                     isAdditive: additive, run: owner), slot: slot, at: t)
            }
        case .keyframes(let keyframes, let duration):
            // Writes are affine in the value: map the keyframes through w(v) = w(0) + (w(1) − w(0))·v.
            let zero = step.property.writes(0, model: state.model), one = step.property.writes(1, model: state.model)
            for (a, b) in zip(zero, one) {
                add(RunningAnimation(curve: .keyframes(keyframes, beginTime: begin, duration: duration,
                                                       scale: b.value - a.value, offset: a.value), isAdditive: false, run: owner),
                    slot: a.slot, at: t)
            }
        }
    }

    private mutating func add(_ animation: RunningAnimation, slot: Int, at t: Double) {
        if !animation.isAdditive { removeAnimations(slot: slot, at: t, startingRun: animation.run) }
        if !state.isAnimated[slot] {
            state.isAnimated[slot] = true
            state.animatedSlots.append(slot)
        }
        if let run = animation.run { state.completionRuns[run]?.notRemoved += 1 }
        state.running[slot].append(animation)
        state.model[slot] = animation.to
        state.presentation[slot] = presentation(slot: slot, at: state.time)
    }

    /// Ends every animation in flight on `slot` (a replacing animation, a `set:`). A run whose
    /// animations have now all been removed completes at this instant with `finished` false,
    /// UIKit's early completion — unless it is `startingRun`, the run that is starting the new
    /// animation (an action's later step on the same property replaces its own earlier one).
    private mutating func removeAnimations(slot: Int, at t: Double, startingRun: Int? = nil) {
        for animation in state.running[slot] {
            guard let run = animation.run, var record = state.completionRuns[run] else { continue }
            record.notRemoved -= 1
            if record.notRemoved == 0 && run != startingRun {
                state.completionRuns[run] = nil
                schedule(.completion(action: record.completion, run: run, finished: false), at: t)
            } else {
                state.completionRuns[run] = record
            }
        }
        state.running[slot].removeAll()
    }
}

/// `angle` wrapped into (−π, π]: the short way round.
func shortestTurn(_ angle: Double) -> Double {
    let twoPi = 2 * Double.pi
    var a = angle.truncatingRemainder(dividingBy: twoPi)
    if a > .pi { a -= twoPi } else if a <= -.pi { a += twoPi }
    return a
}
