/// Systems: brought to each instant, handed their events and commands, asked to find the
/// events they find only by stepping; what they schedule goes into the queue.
extension Player {
    /// Calls `body` with system `index` and a context over the model values (lent, not copied),
    /// then queues what it scheduled, cancelled and asked to run. `t` is the instant; events
    /// scheduled before it happen at it.
    mutating func withSystem(_ index: Int, at t: Double, _ body: (inout any SceneSystem, inout SystemContext) throws -> Void) throws {
        var context = SystemContext(model: state.store.lendToSystems(), drivers: graph.slotDrivers, system: index, nextToken: state.nextToken)
        defer { state.store.systemsReturn(context.takeModel()) }
        do { try body(&state.systems[index], &context) } catch {
            throw SceneRuntimeError.system(name: state.systems[index].name, message: "\(error)", time: t, frame: nil,
                                           location: scene.sourceLocation(of: .system(index)))
        }
        state.nextToken = context.nextToken
        state.queue.cancel(context.cancelled)
        for event in context.scheduled where !context.cancelled.contains(event.token) {
            guard event.time.isFinite else {
                throw SceneRuntimeError.system(name: state.systems[index].name, message: "scheduled an event at a non-finite time", time: t, frame: nil)
            }
            state.queue.schedule(.system(index: index, message: event.message, token: event.token), at: max(event.time, t))
        }
        for action in context.actionsToRun { state.queue.schedule(.action(action, system: index), at: t) }
    }

    mutating func advanceSystems(to t: Double) throws {
        for index in state.systems.indices {
            try withSystem(index, at: t) { system, context in try system.advance(to: t, context: &context) }
        }
    }

    /// An event or command for system `index`.
    mutating func handle(system index: Int, _ message: SystemMessage, at t: Double) throws {
        try withSystem(index, at: t) { system, context in try system.handle(message, at: t, context: &context) }
    }

    /// Lets the systems that find events by stepping step towards `t` (see
    /// `SceneSystem.discoverEvents`); what they find is queued at its own time.
    mutating func discoverEvents(until t: Double) throws {
        for index in steppingSystems {
            try withSystem(index, at: state.time) { system, context in try system.discoverEvents(until: t, context: &context) }
        }
    }
}
