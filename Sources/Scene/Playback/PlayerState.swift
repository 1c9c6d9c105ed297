/// Everything that changes while a scene plays, at one instant: a value, so the Player keeps
/// it as checkpoints (`PlayerCheckpoint`).
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

extension PlayerState {
    /// Becomes the state `checkpoint` kept, reusing this state's slot store (`SlotStore.restore`).
    mutating func restore(_ checkpoint: PlayerCheckpoint) {
        var store = self.store
        self = checkpoint.state
        store.restore(checkpoint.store)   // the only reference now: restored in place
        self.store = store
    }
}

/// The Player's state at one instant, kept to resume from: a copy of everything but the slot
/// store, whose per-slot arrays it keeps as a `SlotStore.Checkpoint` (the slots that may differ
/// from the start). A whole copy would share those arrays with the playing state, and the next
/// write would copy them: the model and presentation of every slot, once per checkpoint.
struct PlayerCheckpoint: Sendable {
    /// The state, its `store` left empty (`store` below holds it).
    fileprivate let state: PlayerState
    fileprivate let store: SlotStore.Checkpoint
    var time: Double { state.time }
    /// How many slots' values it keeps (tests bound it).
    var keptSlots: Int { store.keptSlots }

    init(_ state: PlayerState) {
        store = state.store.checkpoint()
        var rest = state
        rest.store = SlotStore(model: [], systemSlots: [])
        self.state = rest
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
