import Motion

/// Running actions: conditions, variable assignments, animations, commands to systems, layout
/// changes and completions.
extension Player {
    /// `finished` binds the name `finished` (`ExpressionNode.finished`): the completion's argument.
    func evaluate(_ expression: Expression, at t: Double, finished: Bool = true) throws -> Double {
        let value = expression.evaluate({ $0.value(in: state.store.presentation) }, finished: finished)
        guard value.isFinite else { throw SceneRuntimeError.nonFinite(expression: expression, value: value, time: t, frame: nil) }
        return value
    }

    /// Runs an action; `finished` is its completion argument when it runs as a completion.
    mutating func run(_ actionIndex: Int, at t: Double, finished: Bool = true) throws {
        let action = scene.actions[actionIndex]
        if let condition = action.condition, try evaluate(condition, at: t, finished: finished) == 0 { return }
        if recordsEvents { eventLog.append(PlayerLogEntry(time: t, kind: .actionRun(action: action.name))) }
        for assignment in action.assignments {
            set(scene.variableSlot(assignment.variable), try evaluate(assignment.value, at: t, finished: finished), at: t)
        }
        for assignment in action.contentAssignments {
            let value = try assignment.format.map { format in
                ContentValue.text(try format.text { try evaluate($0, at: t, finished: finished) })
            } ?? assignment.value
            state.store.setContent(assignment.slot, value)
        }
        for view in action.startsEmitters { state.emitterStarts[view.index] = t }
        for argument in action.commandArguments { set(argument.slot, try evaluate(argument.value, at: t, finished: finished), at: t) }
        let toggled = action.toggle.map { $0.target(forModelValue: $0.property.value(in: state.store.model)) }
        // A run with a completion owns its animations, so that removing them all completes it early.
        var owner: Int?
        if let completion = action.completion?.index {
            owner = state.nextRun
            state.completionRuns[state.nextRun] = CompletionRun(completion: completion, notRemoved: 0)
            state.nextRun += 1
        }
        for step in action.steps {
            try start(step, toggled: toggled, beginsFromCurrentState: action.beginsFromCurrentState, owner: owner, finished: finished, at: t)
        }
        for command in action.commands { try handle(system: command.system.index, command.message, at: t) }
        if let change = action.derivedChange { try apply(change, owner: owner, finished: finished, at: t) }
        // A run with an animation that repeats forever never completes (unless removed early).
        if let completion = action.completion?.index, let owner, action.duration.isFinite {
            state.queue.schedule(.completion(action: completion, run: owner, finished: true), at: t + action.duration)
        }
    }

    /// Sets the change's slots and runs the derived passes again; with an animation, each slot a
    /// pass drives that moved animates from its old value to its new one (additive, so later
    /// changes ride under it).
    private mutating func apply(_ change: DerivedChange, owner: Int?, finished: Bool, at t: Double) throws {
        let values = try change.assignments.map { try evaluate($0.value, at: t, finished: finished) }
        for (assignment, value) in zip(change.assignments, values) { set(assignment.slot, value, at: t) }
        guard let timing = change.animation else { return }
        let driven = scene.derivedPasses.flatMap(\.drivenSlots)
        let old = driven.map { state.store.model[$0] }
        try evaluateDerived(at: t)
        for (slot, from) in zip(driven, old) where state.store.model[slot] != from {
            add(RunningAnimation(curve: .basic(ScalarAnimation(from: from, to: state.store.model[slot], beginTime: t, timing: timing)),
                                 isAdditive: scene.isAdditive(slot: slot), run: owner), slot: slot, at: t)
        }
    }

    /// Sets a model value at once, ending any animation on the slot.
    private mutating func set(_ slot: Int, _ value: Double, at t: Double) {
        noteRemoved(state.store.set(slot, value), at: t)
    }

    private mutating func start(_ step: AnimationStep, toggled: Double?, beginsFromCurrentState: Bool, owner: Int?, finished: Bool,
                                at t: Double) throws {
        let begin = t + step.delay
        switch step.motion {
        case .basic(let target, let timing):
            let value: Double
            switch target {
            case .value(let v): value = v
            case .toggled: value = toggled ?? step.property.value(in: state.store.model)
            case .expression(let e): value = try evaluate(e, at: t, finished: finished)
            }
            for (slot, newValue) in step.property.writes(value, model: state.store.model) {
                // Core Animation's explicit animations are never additive.
                let additive = !step.keepsModel && scene.isAdditive(slot: slot)
                var from = additive || !beginsFromCurrentState ? state.store.model[slot] : state.store.presentation(slot: slot, at: t)
                let to = newValue
                if step.takesShortestRotation, scene.layout.view(of: SlotID(slot))?.property == .rotation {
                    // The same orientation as `from`, within half a turn of `to`: the short way,
                    // while the model keeps exactly the angle given.
                    from = to - shortestTurn(to - from)
                }
                add(RunningAnimation(curve: .basic(ScalarAnimation(from: from, to: to, beginTime: begin, timing: timing)),
                                     isAdditive: additive, run: owner, holdsAfterEnd: step.holdsAfterEnd, media: step.media,
                                     keepsModel: step.keepsModel), slot: slot, at: t)
            }
        case .keyframes(let keyframes, let duration):
            // Writes are affine in the value: map the keyframes through w(v) = w(0) + (w(1) − w(0))·v.
            let zero = step.property.writes(0, model: state.store.model), one = step.property.writes(1, model: state.store.model)
            for (a, b) in zip(zero, one) {
                add(RunningAnimation(curve: .keyframes(keyframes, beginTime: begin, duration: duration,
                                                       scale: b.value - a.value, offset: a.value), isAdditive: false, run: owner,
                                     holdsAfterEnd: step.holdsAfterEnd, media: step.media, keepsModel: step.keepsModel),
                    slot: a.slot, at: t)
            }
        case .path(let path, let duration, let component):
            guard case .slot(let slot) = step.property else { return }   // the decoder gives path steps stored slots
            add(RunningAnimation(curve: .path(path, component, beginTime: begin, duration: duration), isAdditive: false, run: owner,
                                 holdsAfterEnd: step.holdsAfterEnd, media: step.media, keepsModel: step.keepsModel),
                slot: slot.index, at: t)
        }
    }

    private mutating func add(_ animation: RunningAnimation, slot: Int, at t: Double) {
        if let run = animation.run { state.completionRuns[run]?.notRemoved += 1 }
        noteRemoved(state.store.animate(slot, animation), at: t, startingRun: animation.run)
    }

    /// Animations a replacing animation or a `set:` ended. A run whose animations have now all
    /// been removed completes at this instant with `finished` false, UIKit's early completion —
    /// unless it is `startingRun`, the run starting the new animation (an action's later step on
    /// the same property replaces its own earlier one).
    private mutating func noteRemoved(_ removed: [RunningAnimation], at t: Double, startingRun: Int? = nil) {
        for animation in removed {
            guard let run = animation.run, var record = state.completionRuns[run] else { continue }
            record.notRemoved -= 1
            if record.notRemoved == 0 && run != startingRun {
                state.completionRuns[run] = nil
                state.queue.schedule(.completion(action: record.completion, run: run, finished: false), at: t)
            } else {
                state.completionRuns[run] = record
            }
        }
    }
}
