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

/// A value passed to a system: an event it scheduled for itself, or a command an action (or a
/// scripted input) sends it. Each system declares its own event and command types (enums with
/// the data they carry, e.g. `ScrollViewSystem.Event.axisChanges(.y)`); the Player carries them
/// without knowing them, and the system gets back exactly the value it or the scene file gave.
public struct SystemMessage: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Only Hashable & Sendable values are ever stored (see `init`).
    private let value: AnyHashable
    public init<T: Hashable & Sendable>(_ value: T) { self.value = AnyHashable(value) }
    /// The value, when it is a `T`.
    public func `as`<T>(_ type: T.Type) -> T? { value.base as? T }
    public var description: String { "\(value.base)" }
}

/// Names an event a system scheduled, so it can cancel it (`SystemContext.cancel`). Tokens come
/// from one counter per Player that only grows, so a token is never reused.
public struct EventToken: Hashable, Sendable {
    public let id: Int
}

/// What a running system asks of the Player: the model values to read, the slots it drives to
/// write, events to schedule or cancel, and actions to run.
///
/// Writes are checked: a system writes only the slots it declared as driven
/// (`SceneSystem.drivenSlots`); writing another slot stops the program (a programmer error in
/// the system, not a scene problem — the scene's drivers were checked when it was built).
public struct SystemContext {
    /// Model values, indexed by slot.
    public private(set) var model: [Double]
    /// For each slot, the index of the system that drives it (−1 for none); empty for a
    /// standalone context, where every slot is writable.
    private let drivers: [Int32]
    /// The system this context was given to.
    private let system: Int32
    /// Events the system scheduled: (scene time, event, token), in order.
    public internal(set) var scheduled: [(time: Double, message: SystemMessage, token: EventToken)] = []
    /// Events the system cancelled.
    public internal(set) var cancelled: [EventToken] = []
    /// Actions (indices into `Scene.actions`) the system runs at this instant, in order: a
    /// delegate callback (a scroll view ended decelerating, a contact began) running the
    /// scene's reaction.
    public internal(set) var actionsToRun: [Int] = []
    /// The next token to hand out.
    public private(set) var nextToken: Int

    init(model: [Double], drivers: [Int32], system: Int, nextToken: Int) {
        self.model = model; self.drivers = drivers; self.system = Int32(system); self.nextToken = nextToken
    }

    /// A context outside a Player (tests, Swift code driving a system on its own): every slot
    /// is writable. A driver that makes several contexts for one system passes the previous
    /// one's `nextToken` as `firstToken`, so tokens never repeat.
    public init(model: [Double], firstToken: Int = 0) { self.init(model: model, drivers: [], system: -1, nextToken: firstToken) }

    /// Reads any model value; writes one the system drives.
    public subscript(slot: Int) -> Double {
        get { model[slot] }
        set {
            precondition(drivers.isEmpty || drivers[slot] == system, "a system wrote slot \(slot), which it does not drive")
            model[slot] = newValue
        }
    }

    /// Schedules `event` back to the system at scene time `time` (dispatched in the order
    /// scheduled among equal times; a time before now means now).
    @discardableResult
    public mutating func schedule<Event: Hashable & Sendable>(_ event: Event, at time: Double) -> EventToken {
        let token = EventToken(id: nextToken)
        nextToken += 1
        scheduled.append((time, SystemMessage(event), token))
        return token
    }

    /// Cancels an event the system scheduled that has not been dispatched yet (nothing happens
    /// when it has been, or was cancelled already).
    public mutating func cancel(_ token: EventToken) { cancelled.append(token) }

    /// Runs action `index` at the current instant, after the system's call returns.
    public mutating func runAction(_ index: Int) { actionsToRun.append(index) }

    /// Moves the model values out (the Player keeps its store without copying it).
    public mutating func takeModel() -> [Double] {
        defer { model = [] }
        return model
    }
}

/// An action's command to a system (`Action.commands`): when the action runs, the system's
/// `handle(_:at:context:)` gets `message` (what it means is the system's own: add a
/// behaviour, scroll to an offset, start an animator).
public struct SystemCommand: Hashable, Sendable {
    public var system: SystemID
    public var message: SystemMessage
    public init<Command: Hashable & Sendable>(system: SystemID, _ command: Command) {
        self.system = system; self.message = SystemMessage(command)
    }
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
    /// Handles an event it scheduled, a command of an action, or a scripted
    /// `ScriptedEvent.Kind.system` input addressed to it: `message` holds the system's own
    /// event or command value.
    mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws
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
