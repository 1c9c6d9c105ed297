/// Slots a system adds to the property store beyond views and variables: each one scalar,
/// named `NAME` in full (e.g. `guide.contentOffset.x` or `playerAnimator.fractionComplete`).
public struct SlotDeclaration: Hashable, Sendable {
    public var name: String
    public var initialValue: Double
    /// Whether a new animation on it adds to one in flight (see `AnimationModel`).
    public var isAdditive: Bool
    public init(name: String, initialValue: Double, isAdditive: Bool = false) {
        self.name = name; self.initialValue = initialValue; self.isAdditive = isAdditive
    }
}

/// Names a module adds to the scene's property paths, resolved to slots of the store: a
/// scroll view's `ID.contentOffset.x` (its bounds origin), a constraint's `ID.constant`, an
/// animator's `ID.fractionComplete`. Registered on `Scene.namespaces`; Scene never imports
/// the module that defines one.
public protocol PropertyNamespace: Sendable {
    /// The property `name` denotes ("ID.path" in full), or nil when it is not one of this
    /// namespace's names.
    func resolve(_ name: String, in scene: Scene) -> PropertyRef?
    /// Every name it resolves, for suggestions and error messages.
    func names(in scene: Scene) -> [String]
}

/// What a running system asks of the Player: the property store to read and write, and
/// events to schedule.
public struct SystemContext {
    /// Model values, indexed by slot.
    public var model: [Double]
    /// Events the system schedules: (scene time, payload). The Player dispatches each back to
    /// the system's `handle` at that instant, in the order scheduled among equal times.
    public internal(set) var scheduled: [(time: Double, payload: Int)] = []
    /// Actions (indices into `Scene.actions`) the system runs at this instant, in order: a
    /// delegate callback (a scroll view ended decelerating, a contact began) running the
    /// scene's reaction.
    public internal(set) var actionsToRun: [Int] = []

    init(model: [Double]) { self.model = model }

    public mutating func schedule(at time: Double, payload: Int) { scheduled.append((time, payload)) }

    /// Runs action `index` at the current instant, after the system's call returns.
    public mutating func runAction(_ index: Int) { actionsToRun.append(index) }
}

/// An action's command to a system (`Action.commands`): when the action runs, the system's
/// `handle(payload:at:context:)` gets `payload` (what it means is the system's own: add a
/// behaviour, scroll to an offset, start an animator).
public struct SystemCommand: Hashable, Sendable {
    /// Index into `Scene.systems`.
    public var system: Int
    public var payload: Int
    public init(system: Int, payload: Int) { self.system = system; self.payload = payload }
}

/// A stateful system that moves slots over time: scroll physics, property animators, dynamics.
/// A value type, so the Player's checkpoints can keep copies of it.
///
/// At each instant the Player brings every system to that time (`advance`) before it
/// evaluates derived values (bindings, then the layout pass and scroll scales), so a system's
/// output is seen by every binding of the same instant.
public protocol SceneSystem: Sendable {
    /// Shown in messages, e.g. "scroll view 'guide'".
    var name: String { get }
    /// Slots whose model value this system drives; checked when the scene is built: no other
    /// driver may claim them and no action may write them.
    var drivenSlots: [Int] { get }
    /// Brings the system from its current time to `t` (≥ the current time) with no event in
    /// between, writing the model values of its driven slots.
    mutating func advance(to t: Double, context: inout SystemContext) throws
    /// Handles an event: one it scheduled (`payload` as given), or a scripted
    /// `ScriptedEvent.Kind.system` addressed to it.
    mutating func handle(payload: Int, at t: Double, context: inout SystemContext) throws
    /// Whether the system finds some of its events only by stepping a simulation (physics),
    /// rather than scheduling them ahead from a closed form. Such a system gets
    /// `discoverEvents(until:context:)` calls.
    var findsEventsByStepping: Bool { get }
    /// Steps the simulation towards `t` (at most to the step `advance(to: t)` would reach) and
    /// stops after the first step that scheduled events, so the Player dispatches them at their
    /// own time before anything later is simulated. The Player calls it before each event with
    /// `t` = the earliest pending event's time (or the instant asked for), so where events land
    /// never depends on which instants were evaluated: a frame range, a checkpoint or a shard
    /// sees the same events at the same times as a straight run. Writes no slots.
    mutating func discoverEvents(until t: Double, context: inout SystemContext) throws
}

extension SceneSystem {
    public var findsEventsByStepping: Bool { false }
    public mutating func discoverEvents(until t: Double, context: inout SystemContext) throws {}
}
