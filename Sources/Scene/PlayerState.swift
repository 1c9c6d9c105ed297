/// Everything that changes while a scene plays, at one instant: a value, so the Player keeps
/// copies of it as checkpoints.
struct PlayerState: Sendable {
    /// Scene time; every event at or before it has been dispatched. -∞ before the first advance.
    var time = -Double.infinity
    /// Model values, by slot.
    var model: [Double]
    /// Presentation values at `time`, by slot: model plus animations, after derived values.
    var presentation: [Double]
    /// Animations in flight, by slot.
    var running: [[RunningAnimation]]
    /// Slots with animations in flight, in the order they gained one.
    var animatedSlots: [Int] = []
    /// Whether a slot is in `animatedSlots`.
    var isAnimated: [Bool]
    /// The next scripted event to dispatch (index into `Scene.events`).
    var nextScripted = 0
    /// Events the simulation scheduled, sorted by time, then sequence.
    var pending: [QueuedEvent] = []
    /// Sequence numbers for scheduled events; scripted event i has sequence i.
    var sequence: Int
    /// Action runs with a completion still to come, by run number (from `nextRun`, a counter
    /// that only grows).
    var completionRuns: [Int: CompletionRun] = [:]
    var nextRun = 0
    var systems: [any SceneSystem]

    init(scene: Scene) {
        model = scene.initialModel()
        presentation = model
        running = Array(repeating: [], count: model.count)
        isAnimated = Array(repeating: false, count: model.count)
        sequence = scene.events.count
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

/// An event the simulation scheduled.
struct QueuedEvent: Sendable {
    enum Kind: Sendable {
        /// An action's completion: run this action with `finished` bound to the flag. At the end
        /// of run `run`'s animations (`finished` true) it runs only if the run is still in
        /// `PlayerState.completionRuns` (not completed early, with `finished` false).
        case completion(action: Int, run: Int, finished: Bool)
        /// A system's own event.
        case system(index: Int, payload: Int)
        /// An action a system runs (`SystemContext.runAction`); `system` names it in errors.
        case action(Int, system: Int)
    }
    var time: Double
    var sequence: Int
    var kind: Kind
}
