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
/// The playhead keeps checkpoints (its state about every second of scene time, the slot store
/// as the slots that changed since the start — `PlayerCheckpoint` —, at most `checkpointLimit`,
/// thinned by doubling the interval), so asking for an earlier
/// instant resumes from the nearest checkpoint instead of replaying from t = 0; instants that
/// are skipped are only advanced, never drawn. Any order of requests gives the same answers.
public struct Player: Sendable {
    public let scene: Scene
    let graph: SceneGraph
    /// Finds the visible children of large parents (`CullIndex`), built once from the model at
    /// the start.
    let cullIndex: CullIndex
    /// Whether frames cull through `cullIndex` (the default) or by visiting every view: the two
    /// give the same frames, command for command (tests compare them).
    public var usesCullIndex = true
    /// Model values at the start (bindings of `frame.width`/`height` keep the starting edge).
    let initialModel: [Double]
    var state: PlayerState
    private(set) var checkpoints: [PlayerCheckpoint] = []
    /// Seconds between checkpoints (a power of two).
    private var checkpointInterval = 1.0
    /// Systems that find events by stepping (`SceneSystem.findsEventsByStepping`).
    let steppingSystems: [Int]

    /// The most checkpoints kept; past it every other one is dropped.
    public static let maximumCheckpoints = 64
    /// Memory the checkpoints of one Player may hold, about: a scene with many slots keeps fewer
    /// (at least 2), so memory stays bounded whatever the scene's length.
    public static let checkpointBudgetBytes = 32 << 20
    /// Checkpoints this Player keeps: `maximumCheckpoints`, fewer when its state is large
    /// (model, presentation and animation lists: about 24 bytes a slot). Sized for a checkpoint
    /// of every slot; one keeps only the slots changed since the start, often far fewer.
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
    public internal(set) var statistics = Statistics()

    /// Checks the scene (`Scene.validate()`) and moves to t = 0, running the events at 0.
    public init(scene: Scene) throws {
        self.scene = scene
        self.graph = try SceneGraph(validating: scene)
        self.state = PlayerState(scene: scene, systemSlots: graph.systemSlots)
        self.initialModel = state.store.model
        let start = FrameBuilder(scene: scene, children: graph.children, cullInfo: graph.cullInfo, values: state.store.model,
                                 contents: state.store.contents, contentLengths: state.store.contentLengths, time: 0)
        self.cullIndex = CullIndex(scene: scene, children: graph.children, roots: graph.roots, builder: start)
        self.steppingSystems = scene.systems.indices.filter { scene.systems[$0].findsEventsByStepping }
        try step(to: 0)
        checkpoints = [PlayerCheckpoint(state)]
    }

    /// Whether to log the time of every event dispatched (`eventTimes`), for tests and tools.
    public var recordsEventTimes = false
    /// Scene times of the events dispatched while `recordsEventTimes` was on, in dispatch order
    /// (a log of this Player's work: instants replayed after a checkpoint is restored appear again).
    public internal(set) var eventTimes: [Double] = []
    /// Whether to log every event dispatched and every action run (`eventLog`), for tools.
    public var recordsEvents = false
    /// What was dispatched while `recordsEvents` was on, in dispatch order.
    public internal(set) var eventLog: [PlayerLogEntry] = []

    /// Whether to check after every instant that each presentation value is its model value with
    /// the animations in flight (`SlotStore`'s invariant), throwing `SceneRuntimeError.system`
    /// at the first that is not. For tests: it costs a pass over every slot per instant.
    public var verifiesInvariants = false

    /// Draw each finger that is down as a translucent circle on top (`render --show-touches`).
    public var showsTouches = false

    /// Scene time of the last `advance(to:)`.
    public var time: Double { state.time }

    /// The model value (the animations' destination).
    public func modelValue(_ ref: PropertyRef) -> Double { ref.value(in: state.store.model) }

    /// The presentation value (what is on screen) at the current time.
    public func presentationValue(_ ref: PropertyRef) -> Double { ref.value(in: state.store.presentation) }

    /// Every slot's presentation value now, by slot (`PropertyRef.value(in:)` reads one): for
    /// reading many properties at one instant without going through the Player for each.
    public var presentationValues: [Double] { state.store.presentation }

    /// Checkpoints held now.
    public var checkpointCount: Int { checkpoints.count }

    /// Moves to scene time `t` (seconds, ≥ 0), dispatching every event up to and including `t`.
    /// Throws `SceneRuntimeError` when a value becomes non-finite or events loop; the Player
    /// should not be used after that.
    public mutating func advance(to t: Double) throws {
        precondition(t >= 0 && t.isFinite, "scene time must be finite and not negative")
        if t < state.time {
            let index = checkpoints.lastIndex { $0.time <= t } ?? 0
            state.restore(checkpoints[index])
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
            var builder = FrameBuilder(scene: scene, children: graph.children, cullInfo: graph.cullInfo, values: state.store.presentation,
                                       contents: state.store.contents, contentLengths: state.store.contentLengths, time: t)
            if usesCullIndex { builder.cullIndex = cullIndex }
            builder.emitterStarts = state.emitterStarts
            if graph.hasReplicators {
                let store = state.store
                builder.valuesAt = { store.presentationValues(at: $0) }
            }
            try builder.drawRoots(graph.roots)
            if showsTouches { builder.drawTouches(scene.touches, at: t) }
            statistics.framesBuilt += 1
            return Frame(index: index, time: t, size: scene.size, background: scene.background, commands: builder.commands,
                         drawnViews: builder.drawnViews)
        } catch let error as SceneRuntimeError {
            throw error.at(frame: index)
        }
    }

    // MARK: Checkpoints

    private mutating func record() {
        guard let last = checkpoints.last, state.time > last.time else { return }
        checkpoints.append(PlayerCheckpoint(state))
        if checkpoints.count > checkpointLimit {
            checkpointInterval *= 2
            checkpoints = checkpoints.filter { ($0.time / checkpointInterval).rounded(.down) * checkpointInterval == $0.time }
        }
    }
}

