/// The property store while a scene plays: every slot's model value, its presentation value
/// and the animations in flight on it — the only owner of all three.
///
/// Invariant, after every operation: a slot's presentation value is its model value plus the
/// offsets (`value(t) − to`) of the additive animations in flight, overridden by the value of
/// the latest non-additive one, at `time` (`expectedPresentation(slot:)`); a slot with no
/// animation in flight (every slot a system or binding drives, unless a layout animation rides
/// on it) shows its model value. It changes only through these operations:
/// - `set`: a value at once, ending the slot's animations (an action's `set:`); `setContent`
///   for content slots (text, images), which hold one value each;
/// - `drive`: a new model value under the animations in flight (bindings, derived passes);
/// - `animate`: an animation in flight (a non-additive one ends the others); its `to` becomes
///   the model value unless it `keepsModel` (Core Animation's explicit animations);
/// - `advance(to:)`: a new instant (finished animations dropped, presentation recomputed);
/// - `lendToSystems` / `systemsReturn`: systems write the slots they drive (through
///   `SystemContext`, which checks each write), then the presentation of every system-driven
///   slot follows.
/// `invariantViolation()` checks the rule; `Player.verifiesInvariants` runs it after each
/// instant (tests).
///
/// A value. The Player's checkpoints are not copies of it but `Checkpoint`s: the slots that may
/// differ from the start. A copy would share the per-slot arrays, and the next write would copy
/// them whole — for a 100,000-view list, 7 million slots for the few a scroll view moves.
struct SlotStore: Sendable {
    /// Model values (the animations' destinations), by slot.
    private(set) var model: [Double]
    /// Presentation values at `time`, by slot: what is drawn.
    private(set) var presentation: [Double]
    /// Animations in flight, by slot.
    private var running: [[RunningAnimation]]
    /// Slots with animations in flight, in the order they gained one.
    private(set) var animatedSlots: [Int] = []
    /// Slots that gained an animation since the last `advance(to:)`: all another advance to
    /// the same instant has to look at (10,000 actions run at one instant each advance the
    /// store; without this each would re-evaluate every animation started before it).
    private var animatedSinceAdvance: [Int] = []
    /// How many slots' presentations `advance(to:)` has recomputed from their animations (the
    /// work it does; tests bound it).
    private(set) var recomputed = 0
    private var isAnimated: [Bool]
    /// Every slot a system drives, sorted.
    private let systemSlots: [Int]
    /// Model values at the start (presentation then equal, no animation in flight).
    private let initialModel: [Double]
    /// Every slot that may differ from the start, in the order first changed: each slot an
    /// operation wrote, and every system-driven slot. `isChanged` marks them.
    private var changedSlots: [Int] = []
    private var isChanged: [Bool]
    /// The instant the presentation values are for. −∞ before the first.
    private(set) var time = -Double.infinity
    /// Content that is not a number (a label's text, an image), by `ContentSlotID`: set at once,
    /// never animated, so model and presentation are one.
    private(set) var contents: [ContentValue]
    /// For each content slot holding text, its length in characters (culling reads it each
    /// frame; counting characters is not free), else 0.
    private(set) var contentLengths: [Int]

    init(model: [Double], systemSlots: [Int], contents: [ContentValue] = []) {
        self.model = model
        self.contents = contents
        contentLengths = contents.map(Self.length)
        presentation = model
        running = Array(repeating: [], count: model.count)
        isAnimated = Array(repeating: false, count: model.count)
        self.systemSlots = systemSlots
        initialModel = model
        isChanged = Array(repeating: false, count: model.count)
        for slot in systemSlots { noteChange(slot) }
    }

    var count: Int { model.count }

    /// The animations in flight on `slot`.
    func animations(on slot: Int) -> [RunningAnimation] { running[slot] }

    /// The slot's model value with its animations in flight at `t`.
    func presentation(slot: Int, at t: Double) -> Double {
        var base = model[slot], offset = 0.0
        for animation in running[slot] {
            guard let value = animation.value(at: t) else { continue }   // its fill shows the model
            if animation.isAdditive { offset += value - animation.to } else { base = value }
        }
        return base + offset
    }

    /// Every slot's presentation value at another time `t`: the animations in flight evaluated
    /// there (for replicator instances that run late); slots without animations show their
    /// model value.
    func presentationValues(at t: Double) -> [Double] {
        var values = presentation
        for slot in animatedSlots { values[slot] = presentation(slot: slot, at: t) }
        return values
    }

    // MARK: Operations

    /// Sets `slot` to `value` at once, model and presentation; returns the animations it ended.
    @discardableResult
    mutating func set(_ slot: Int, _ value: Double) -> [RunningAnimation] {
        noteChange(slot)
        let ended = running[slot]
        running[slot].removeAll()
        model[slot] = value
        presentation[slot] = value
        return ended
    }

    /// Sets a content slot at once.
    mutating func setContent(_ slot: ContentSlotID, _ value: ContentValue) {
        contents[slot.index] = value
        contentLengths[slot.index] = Self.length(value)
    }

    private static func length(_ value: ContentValue) -> Int { if case .text(let text) = value { return text.count } else { return 0 } }

    /// A new model value for a driven slot, under the animations in flight on it.
    mutating func drive(_ slot: Int, _ value: Double) {
        noteChange(slot)
        model[slot] = value
        presentation[slot] = running[slot].isEmpty ? value : presentation(slot: slot, at: time)
    }

    /// Adds an animation on `slot`; its destination becomes the model value (unless it
    /// `keepsModel`). A non-additive animation ends the ones in flight, which it returns.
    @discardableResult
    mutating func animate(_ slot: Int, _ animation: RunningAnimation) -> [RunningAnimation] {
        noteChange(slot)
        var ended: [RunningAnimation] = []
        if !animation.isAdditive {
            ended = running[slot]
            running[slot].removeAll()
        }
        if !isAnimated[slot] {
            isAnimated[slot] = true
            animatedSlots.append(slot)
        }
        running[slot].append(animation)
        animatedSinceAdvance.append(slot)
        if !animation.keepsModel { model[slot] = animation.to }
        presentation[slot] = presentation(slot: slot, at: time)
        return ended
    }

    /// Moves to instant `t`: drops the animations that have ended (except those held after
    /// their end, `RunningAnimation.holdsAfterEnd`) and recomputes the presentation of the
    /// animated slots.
    ///
    /// At the instant it is already at, only the slots animated since are looked at: every
    /// other slot's presentation is already the one for `t` (each operation keeps it so), and
    /// its animations that end by `t` were dropped when the store came to `t`. So each
    /// animation is evaluated once per instant however many events fall on it.
    mutating func advance(to t: Double) {
        defer { animatedSinceAdvance.removeAll(keepingCapacity: true) }
        if t == time {
            // A slot left without animations stays listed until the next instant drops it.
            recomputed += animatedSinceAdvance.count
            for slot in animatedSinceAdvance {
                running[slot].removeAll { t >= $0.endTime && !$0.holdsAfterEnd }
                presentation[slot] = running[slot].isEmpty ? model[slot] : presentation(slot: slot, at: t)
            }
            return
        }
        time = t
        guard !animatedSlots.isEmpty else { return }
        animatedSlots.removeAll { slot in
            running[slot].removeAll { t >= $0.endTime && !$0.holdsAfterEnd }
            guard running[slot].isEmpty else { return false }
            isAnimated[slot] = false
            presentation[slot] = model[slot]
            return true
        }
        recomputed += animatedSlots.count
        for slot in animatedSlots { presentation[slot] = presentation(slot: slot, at: t) }
    }

    /// Lends the model values to systems (moved out, never copied); `systemsReturn` must
    /// follow before any other operation.
    mutating func lendToSystems() -> [Double] {
        defer { model = [] }
        return model
    }

    /// Takes the model values back from systems (which wrote only the slots they drive,
    /// through `SystemContext`) and brings the presentation of every system-driven slot to its
    /// model value.
    mutating func systemsReturn(_ values: [Double]) {
        precondition(values.count == presentation.count, "systems returned \(values.count) model values for \(presentation.count) slots")
        model = values
        for slot in systemSlots { presentation[slot] = model[slot] }
    }

    private mutating func noteChange(_ slot: Int) {
        guard !isChanged[slot] else { return }
        isChanged[slot] = true
        changedSlots.append(slot)
    }

    // MARK: Checkpoints

    /// The store at one instant, kept as what may differ from the start: the changed slots'
    /// model and presentation values and animations, and the store's lists. Making one and
    /// restoring it take time and memory in proportion to the changed slots, not to all slots.
    struct Checkpoint: Sendable {
        fileprivate let slotCount: Int
        /// `changedSlots`, and by position in it each slot's values and animations.
        fileprivate let slots: [Int]
        fileprivate let model: [Double], presentation: [Double]
        fileprivate let running: [[RunningAnimation]]
        fileprivate let animatedSlots: [Int], animatedSinceAdvance: [Int]
        fileprivate let recomputed: Int
        fileprivate let time: Double
        fileprivate let contents: [ContentValue], contentLengths: [Int]
        /// How many slots it keeps (tests bound it).
        var keptSlots: Int { slots.count }
    }

    func checkpoint() -> Checkpoint {
        Checkpoint(slotCount: count, slots: changedSlots, model: changedSlots.map { model[$0] },
                   presentation: changedSlots.map { presentation[$0] }, running: changedSlots.map { running[$0] },
                   animatedSlots: animatedSlots, animatedSinceAdvance: animatedSinceAdvance, recomputed: recomputed,
                   time: time, contents: contents, contentLengths: contentLengths)
    }

    /// Becomes the store `checkpoint` was made of (by this store, or one with the same start),
    /// in place: the slots changed now go back to the start, then the checkpoint's changed
    /// slots take their values. Every slot outside both lists holds its starting value in
    /// either store, so the result is the checkpointed store, value for value.
    mutating func restore(_ checkpoint: Checkpoint) {
        precondition(checkpoint.slotCount == count, "a checkpoint of \(checkpoint.slotCount) slots restored into a store of \(count)")
        for slot in changedSlots {
            model[slot] = initialModel[slot]
            presentation[slot] = initialModel[slot]
            running[slot] = []
            isAnimated[slot] = false
            isChanged[slot] = false
        }
        for (position, slot) in checkpoint.slots.enumerated() {
            model[slot] = checkpoint.model[position]
            presentation[slot] = checkpoint.presentation[position]
            running[slot] = checkpoint.running[position]
            isChanged[slot] = true
        }
        for slot in checkpoint.animatedSlots { isAnimated[slot] = true }
        changedSlots = checkpoint.slots
        animatedSlots = checkpoint.animatedSlots
        animatedSinceAdvance = checkpoint.animatedSinceAdvance
        recomputed = checkpoint.recomputed
        time = checkpoint.time
        contents = checkpoint.contents
        contentLengths = checkpoint.contentLengths
    }

    // MARK: Checking

    /// The presentation value the invariant requires of `slot`.
    func expectedPresentation(slot: Int) -> Double {
        running[slot].isEmpty ? model[slot] : presentation(slot: slot, at: time)
    }

    /// The first slot whose presentation value breaks the invariant (NaN matching NaN), or nil.
    func invariantViolation() -> (slot: Int, presentation: Double, expected: Double)? {
        for slot in model.indices {
            let expected = expectedPresentation(slot: slot), actual = presentation[slot]
            if actual != expected && !(actual.isNaN && expected.isNaN) { return (slot, actual, expected) }
        }
        return nil
    }
}
