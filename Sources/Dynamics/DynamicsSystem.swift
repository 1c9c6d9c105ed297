import Motion
import Scene

/// UIDynamicAnimator as a scene system: it drives each item's `position.x`, `position.y` and
/// `transform.rotation` from a Box2D world advanced with a fixed step (`DynamicsModel.stepRate`),
/// interpolating between the two steps around each instant.
///
/// Time: the world is at step k = ⌈t × rate⌉ after `advance(to: t)`; a command (a behaviour
/// added or removed by an action) at t applies before step k + 1, whatever the fps. Contacts
/// and pauses found in step k are events at k / rate.
///
/// Checkpoints: the value keeps the world behind a reference with the `revision` it last saw,
/// plus everything needed to build it again (the items' starting geometry, the commands and the
/// step before which each applied). A copy whose revision no longer matches its world (a
/// restored checkpoint, a copied Player) replays those commands and steps into a new world from
/// t = 0: Box2D is deterministic for the same calls in the same order, so the result is
/// bit-identical to a straight run.
public struct DynamicsSystem: SceneSystem, TouchResponder {
    public let model: DynamicsModel
    /// Slots of each item's view: position.x, position.y, transform.rotation.
    let itemSlots: [(x: Int, y: Int, rotation: Int)]
    /// `dynamics.contact.x`, `.y` and `.item`: where the last reported contact was.
    private let contactSlots: (x: Int, y: Int, item: Int)?

    private var world: World?
    private var revision = 0
    private var geometry: [ItemGeometry]?
    private var steps = 0
    /// Commands applied: (step before which it applied, command).
    private var log: [(step: Int, command: DynamicsCommand)] = []
    /// Commands waiting for the next step.
    var pending: [DynamicsCommand] = []
    /// Item states (points, radians) after step `steps − 1` and `steps`.
    private var previous: [Pose] = [], current: [Pose] = []
    /// Draggable items by view (index into `Scene.views` → item).
    let draggableItems: [Int: Int]
    /// The fingers holding items: scene touch → (its stroke, the item).
    var drags: [Int: (stroke: TouchStroke, item: Int)] = [:]
    private var isPaused = false

    struct Pose: Hashable, Sendable { var x, y, angle: Double }

    public init(model: DynamicsModel, itemSlots: [(x: Int, y: Int, rotation: Int)], contactSlots: (x: Int, y: Int, item: Int)? = nil) {
        self.model = model; self.itemSlots = itemSlots; self.contactSlots = contactSlots
        draggableItems = Dictionary(uniqueKeysWithValues: model.items.enumerated().filter(\.element.isDraggable).map { ($1.view, $0) })
    }

    public var name: String { "dynamic animator" }
    public var drivenSlots: [Int] { itemSlots.flatMap { [$0.x, $0.y, $0.rotation] } + (contactSlots.map { [$0.x, $0.y, $0.item] } ?? []) }

    /// What actions tell the animator (`Action.commands`): a behaviour (index into
    /// `DynamicsModel.behaviors`) enters or leaves it.
    public enum Command: Hashable, Sendable {
        case add(behavior: Int)
        case remove(behavior: Int)
    }

    /// Its own events.
    enum Event: Hashable, Sendable {
        /// A contact found in a step: its action runs at the step's time.
        case contact(ContactReport)
        /// Every item came to rest (UIDynamicAnimator's `dynamicAnimatorDidPause`) or one woke.
        case paused, resumed
        /// Touch event `sample` of scene touch `touch` (k/120 s after touch-down; the last at
        /// lift-off) on a dragged item.
        case touchSample(touch: Int, sample: Int)
    }
    /// Steps taken so far, for tests and benchmarks.
    public var stepCount: Int { steps }

    public mutating func advance(to t: Double, context: inout SystemContext) throws {
        let world = try attachWorld(context.model)
        defer { world.lock.unlock() }
        let target = Self.step(containing: t, rate: model.stepRate)
        while steps < target { try stepOnce(context: &context) }
        write(at: t, into: &context)
    }

    public var findsEventsByStepping: Bool { true }

    /// Steps towards t until a step reports contacts or a pause/resume (scheduled at that
    /// step's time), so they are dispatched before anything later is simulated.
    public mutating func discoverEvents(until t: Double, context: inout SystemContext) throws {
        let world = try attachWorld(context.model)
        defer { world.lock.unlock() }
        let target = Self.step(containing: t, rate: model.stepRate)
        while steps < target {
            let scheduled = context.scheduled.count
            try stepOnce(context: &context)
            if context.scheduled.count > scheduled { return }
        }
    }

    public mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {
        if let command = message.as(Command.self) {
            switch command {
            case .add(let behavior), .remove(let behavior):
                guard model.behaviors.indices.contains(behavior) else { throw DynamicsError.unknownCommand(behavior) }
                if case .add = command { pending.append(.behavior(behavior, add: true)) } else { pending.append(.behavior(behavior, add: false)) }
            }
            return
        }
        guard let event = message.as(Event.self) else { return }
        switch event {
        case .touchSample(let touch, let sample): try handleTouchSample(touch: touch, sample: sample, at: t, context: &context)
        case .paused: if let action = model.onPause { context.runAction(action) }
        case .resumed: if let action = model.onResume { context.runAction(action) }
        case .contact(let contact):
            if let slots = contactSlots {
                context[slots.x] = contact.point.x
                context[slots.y] = contact.point.y
                context[slots.item] = Double(model.items[contact.item].view)
            }
            context.runAction(contact.action)
        }
    }

    /// The step at or after t: ⌈t × rate⌉, with t × rate within 1e-9 of an integer counting as it.
    static func step(containing t: Double, rate: Double) -> Int {
        let x = t * rate, nearest = x.rounded()
        return abs(x - nearest) < 1e-9 ? Int(nearest) : Int(x.rounded(.up))
    }

    // MARK: The world

    /// Makes sure `world` is this value's own, at this value's step — built at the first call
    /// from the items' geometry in `model`, rebuilt by replay when another copy moved it on —
    /// and returns it locked: two copies of one Player advanced on two threads find out under
    /// the lock which of them still owns it.
    private mutating func attachWorld(_ modelValues: [Double]) throws -> World {
        if let world {
            world.lock.lock()
            if world.revision == revision { return world }
            world.lock.unlock()
        }
        if geometry == nil { geometry = try startingGeometry(modelValues) }
        let fresh = World(model: model, geometry: geometry!)
        var next = 0
        for step in 0...steps {
            while next < log.count && log[next].step == step {
                log[next].command.apply(to: fresh)
                next += 1
            }
            if step < steps { _ = fresh.step(dt: 1 / model.stepRate) }
        }
        world = fresh
        revision = fresh.revision
        if current.isEmpty { current = poses(fresh); previous = current }
        fresh.lock.lock()
        return fresh
    }

    private func startingGeometry(_ values: [Double]) throws -> [ItemGeometry] {
        try model.items.indices.map { i in
            let slots = itemSlots[i], view = SlotLayout.slots(of: ViewID(model.items[i].view))
            let g = ItemGeometry(position: Point(x: values[slots.x], y: values[slots.y]), angle: values[slots.rotation],
                                 size: Size(width: values[view[.boundsWidth]], height: values[view[.boundsHeight]]))
            guard [g.position.x, g.position.y, g.angle, g.size.width, g.size.height].allSatisfy(\.isFinite) else {
                throw DynamicsError.nonFiniteItem(model.items[i].id)
            }
            return g
        }
    }

    private mutating func stepOnce(context: inout SystemContext) throws {
        guard let world else { return }
        for command in pending {
            log.append((steps, command))
            command.apply(to: world)
        }
        pending.removeAll()
        let reports = world.step(dt: 1 / model.stepRate)
        steps += 1
        revision = world.revision
        previous = current
        if world.moved { current = poses(world) }
        let time = Double(steps) / model.stepRate
        for report in reports { context.schedule(Event.contact(report), at: time) }
        let atRest = world.isAtRest
        if atRest != isPaused {
            isPaused = atRest
            context.schedule(atRest ? Event.paused : Event.resumed, at: time)
        }
        if let broken = current.firstIndex(where: { !($0.x.isFinite && $0.y.isFinite && $0.angle.isFinite) }) {
            let acting = model.behaviors.indices.filter { model.behaviors[$0].items.contains(broken) }.map { model.behaviorNames[$0] }
            throw DynamicsError.nonFiniteState(time: time, item: model.items[broken].id, behaviors: acting)
        }
    }

    private func poses(_ world: World) -> [Pose] {
        let ppm = DynamicsModel.pointsPerMeter
        return world.states.map { Pose(x: Double($0.x) * ppm, y: Double($0.y) * ppm, angle: Double($0.angle)) }
    }

    /// Each item's pose at t, between the steps before and after it.
    private func write(at t: Double, into values: inout SystemContext) {
        let alpha = steps == 0 ? 1 : min(max(t * model.stepRate - Double(steps - 1), 0), 1)
        for (i, slots) in itemSlots.enumerated() {
            let a = previous[i], b = current[i]
            values[slots.x] = a.x + (b.x - a.x) * alpha
            values[slots.y] = a.y + (b.y - a.y) * alpha
            values[slots.rotation] = a.angle + (b.angle - a.angle) * alpha
        }
    }
}
