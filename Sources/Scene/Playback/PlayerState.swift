/// Everything that changes while a scene plays, at one instant: a value, so the Player keeps
/// copies of it as checkpoints.
struct PlayerState: Sendable {
    /// Scene time; every event at or before it has been dispatched. -∞ before the first advance.
    var time = -Double.infinity
    /// Model and presentation values and the animations in flight.
    var store: SlotStore
    /// Events still to come.
    var queue: EventQueue
    /// Action runs with a completion still to come, by run number (from `nextRun`, a counter
    /// that only grows).
    var completionRuns: [Int: CompletionRun] = [:]
    var nextRun = 0
    /// The next `EventToken` a system gets (a counter that only grows).
    var nextToken = 0
    var systems: [any SceneSystem]
    /// Scene time of the latest run of an action that starts each emitter, by view index.
    var emitterStarts: [Int: Double] = [:]

    init(scene: Scene, systemSlots: [Int]) {
        store = SlotStore(model: scene.initialModel(), systemSlots: systemSlots, contents: scene.contentSlots.map(\.initialValue))
        queue = EventQueue(scripted: scene.events)
        systems = scene.systems
    }
}

/// An action run whose completion has not run yet.
struct CompletionRun: Hashable, Sendable {
    /// Index into `Scene.actions` of the completion action.
    var completion: Int
    /// Its animations that no other animation (or `set:`) has removed. When a removal takes
    /// the last one, the completion runs at that instant with `finished` false.
    var notRemoved: Int
}
