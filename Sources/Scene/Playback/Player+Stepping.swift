/// The event loop: events in order, each at its own instant.
extension Player {
    /// Dispatches the events up to `t`, each after bringing the scene to its instant, then
    /// evaluates the instant `t`.
    mutating func step(to t: Double) throws {
        var guardLoop = LoopGuard()
        repeat {
            while true {
                // Systems that find events by stepping find them before anything later happens.
                if !steppingSystems.isEmpty { try discoverEvents(until: min(t, state.queue.nextTime ?? t)) }
                guard let (time, event) = state.queue.pop(notAfter: t) else { break }
                try evaluate(at: time)
                statistics.eventsDispatched += 1
                if recordsEventTimes { eventTimes.append(time) }
                if recordsEvents { log(event, at: time) }
                try dispatch(event, at: time, loop: &guardLoop)
            }
            try evaluate(at: t)
            // A system may have run actions while being brought to t: dispatch them at t too.
        } while state.queue.hasScheduled(notAfter: t)
    }

    /// Counts scheduled events at one instant to stop a chain that never lets time advance.
    struct LoopGuard {
        var time = -Double.infinity, count = 0
        /// The last few actions run at that instant, for the error.
        var recent: [String] = []

        mutating func note(_ time: Double) throws {
            if time == self.time { count += 1 } else { self.time = time; count = 0; recent.removeAll() }
            if count > Player.maximumEventsPerInstant { throw SceneRuntimeError.eventLoop(actions: recent, time: time, frame: nil) }
        }

        mutating func ran(_ name: String) {
            recent.append(name)
            if recent.count > 4 { recent.removeFirst() }
        }
    }

    private mutating func log(_ event: EventQueue.Event, at t: Double) {
        let kind: PlayerLogEntry.Kind?
        switch event {
        case .scripted(.tap(let view)): kind = .tap(view: scene.view(view).id)
        case .scripted(.run): kind = nil   // logged as the action runs
        case .scripted(.system(let command)):
            kind = .system(name: state.systems[command.system.index].name, message: command.message.description)
        case .scripted(.touch(let index)): kind = .touch(stroke: index, finger: scene.touches[index].finger)
        case .scheduled(.completion(let action, _, let finished)):
            kind = .actionCompleted(completion: scene.actions[action].name, finished: finished)
        case .scheduled(.system(let index, let message, _)): kind = .system(name: state.systems[index].name, message: message.description)
        case .scheduled(.action): kind = nil
        }
        if let kind { eventLog.append(PlayerLogEntry(time: t, kind: kind)) }
    }

    private mutating func dispatch(_ event: EventQueue.Event, at t: Double, loop: inout LoopGuard) throws {
        switch event {
        case .scripted(.tap(let view)): try tap(view, at: t)
        case .scripted(.run(let action)): try run(action.index, at: t)
        case .scripted(.system(let command)): try handle(system: command.system.index, command.message, at: t)
        case .scripted(.touch(let index)): try touchDown(index, at: t)
        case .scheduled(let kind):
            try loop.note(t)
            switch kind {
            case .completion(let action, let owner, let finished):
                // At the end of its animations a run completes, unless removals completed it already.
                if finished, state.completionRuns.removeValue(forKey: owner) == nil { return }
                loop.ran(scene.actions[action].name)
                try run(action, at: t, finished: finished)
            case .system(let index, let message, _):
                try handle(system: index, message, at: t)
            case .action(let action, let system):
                guard scene.actions.indices.contains(action) else {
                    throw SceneRuntimeError.system(name: state.systems[system].name, message: "asked to run action \(action), which does not exist",
                                                   time: t, frame: nil)
                }
                loop.ran(scene.actions[action].name)
                try run(action, at: t)
            }
        }
    }
}
