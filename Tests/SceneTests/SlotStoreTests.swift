import XCTest
import Motion
@testable import Scene

/// The store's rule: after every operation each presentation value is its model value with the
/// animations in flight (`SlotStore.invariantViolation`).
final class SlotStoreTests: XCTestCase {
    private func animation(_ from: Double, _ to: Double, at begin: Double, additive: Bool) -> RunningAnimation {
        RunningAnimation(curve: .basic(ScalarAnimation(from: from, to: to, beginTime: begin, timing: .curve(.easeInEaseOut, duration: 1))),
                         isAdditive: additive)
    }

    func testEachOperationKeepsPresentationEqualToModelWithAnimations() {
        var store = SlotStore(model: [0, 0, 0, 5], systemSlots: [3])
        store.advance(to: 0)
        XCTAssertTrue(store.animate(0, animation(0, 100, at: 0, additive: true)).isEmpty)
        XCTAssertNil(store.invariantViolation())
        store.advance(to: 0.5)
        XCTAssertEqual(store.presentation[0], 50, accuracy: 1e-9)
        // A second additive animation rides on the first: both show.
        store.animate(0, animation(100, 40, at: 0.5, additive: true))
        XCTAssertEqual(store.model[0], 40)
        XCTAssertEqual(store.presentation[0], 50, accuracy: 1e-9, "no jump when an additive animation starts")
        XCTAssertNil(store.invariantViolation())
        // A non-additive one ends them and says which it ended.
        XCTAssertEqual(store.animate(1, animation(0, 1, at: 0.5, additive: false)).count, 0)
        XCTAssertEqual(store.animate(1, animation(0, 2, at: 0.5, additive: false)).count, 1)
        XCTAssertEqual(store.animations(on: 1).count, 1)
        // `drive` keeps the animations in flight; `set` ends them.
        store.drive(0, 60)
        XCTAssertEqual(store.animations(on: 0).count, 2)
        XCTAssertNil(store.invariantViolation())
        XCTAssertEqual(store.set(0, 7).count, 2)
        XCTAssertEqual(store.presentation[0], 7)
        XCTAssertNil(store.invariantViolation())
        // Systems write their slots; presentation follows on return.
        var lent = store.lendToSystems()
        lent[3] = 9
        store.systemsReturn(lent)
        XCTAssertEqual(store.presentation[3], 9)
        XCTAssertNil(store.invariantViolation())
        // Finished animations go; presentation is the model again.
        store.advance(to: 2)
        XCTAssertTrue(store.animatedSlots.isEmpty)
        XCTAssertEqual(store.presentation[1], 2)
        XCTAssertNil(store.invariantViolation())
    }

    func testAHeldAnimationOutlivesItsEndAndShowsOverTheModelUntilSet() {
        var store = SlotStore(model: [0], systemSlots: [])
        store.advance(to: 0)
        var held = animation(0, 10, at: 0, additive: false)
        held.holdsAfterEnd = true
        held.media.fillMode = .forwards
        store.animate(0, held)
        store.advance(to: 5)
        XCTAssertEqual(store.animations(on: 0).count, 1, "kept after its end")
        store.drive(0, 3)   // the model moves on (a binding)...
        XCTAssertEqual(store.presentation[0], 10, "...while the held animation still shows its last value")
        XCTAssertNil(store.invariantViolation())
        XCTAssertEqual(store.set(0, 4).count, 1, "setting the slot ends it")
        XCTAssertEqual(store.presentation[0], 4)
    }

    func testContentSlotsHoldTheirValueAndLength() {
        var store = SlotStore(model: [], systemSlots: [], contents: [.text("Loading"), .image(nil)])
        XCTAssertEqual(store.contentLengths, [7, 0])
        store.setContent(ContentSlotID(0), .text("慢旅行 🌏"))
        XCTAssertEqual(store.contents[0], .text("慢旅行 🌏"))
        XCTAssertEqual(store.contentLengths[0], 5)
    }

    func testABrokenPresentationIsFound() {
        var store = SlotStore(model: [1, 2], systemSlots: [1])
        store.advance(to: 0)
        var lent = store.lendToSystems()
        lent[0] = 5   // a slot no system drives, written behind the store's back
        store.systemsReturn(lent)
        XCTAssertEqual(store.invariantViolation()?.slot, 0)
    }

    func testRandomOperationsNeverBreakTheInvariant() {
        var random = SeededGenerator(seed: 16)
        for _ in 0..<200 {
            var store = SlotStore(model: [0, 0, 0, 0], systemSlots: [])
            var t = 0.0
            store.advance(to: t)
            for _ in 0..<30 {
                let slot = Int.random(in: 0..<4, using: &random), value = Double.random(in: -100...100, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: store.set(slot, value)
                case 1: store.drive(slot, value)
                case 2: store.animate(slot, animation(store.model[slot], value, at: t, additive: Bool.random(using: &random)))
                default:
                    t += Double.random(in: 0...0.6, using: &random)
                    store.advance(to: t)
                }
                XCTAssertNil(store.invariantViolation())
            }
        }
    }
}

/// Checkpoints keep the slots that changed since the start, and restoring one gives back the
/// store it was made of, value for value.
final class SlotStoreCheckpointTests: XCTestCase {
    private func animation(_ from: Double, _ to: Double, at begin: Double, additive: Bool) -> RunningAnimation {
        RunningAnimation(curve: .basic(ScalarAnimation(from: from, to: to, beginTime: begin, timing: .curve(.easeInEaseOut, duration: 1))),
                         isAdditive: additive)
    }

    private func assertSame(_ a: SlotStore, _ b: SlotStore, _ message: String, line: UInt = #line) {
        XCTAssertEqual(a.model, b.model, message, line: line)
        XCTAssertEqual(a.presentation.map(\.bitPattern), b.presentation.map(\.bitPattern), message, line: line)
        XCTAssertEqual(a.animatedSlots, b.animatedSlots, message, line: line)
        XCTAssertEqual(a.time, b.time, message, line: line)
        XCTAssertEqual(a.recomputed, b.recomputed, message, line: line)
        XCTAssertEqual(a.contents, b.contents, message, line: line)
        for slot in 0..<a.count { XCTAssertEqual(a.animations(on: slot), b.animations(on: slot), "\(message): slot \(slot)", line: line) }
    }

    func testACheckpointKeepsOnlyTheChangedSlots() {
        let start = (0..<100_000).map(Double.init)
        var store = SlotStore(model: start, systemSlots: [3])
        store.advance(to: 0)
        store.animate(10, animation(10, 1, at: 0, additive: true))
        store.set(20, 2)
        store.drive(30, 3)
        var lent = store.lendToSystems()
        lent[3] = 4
        store.systemsReturn(lent)
        store.advance(to: 0.25)
        let checkpoint = store.checkpoint()
        XCTAssertEqual(checkpoint.keptSlots, 4, "the system's slot and the three written, of 100,000")
        // Into a store with the same start that never moved, and into this one after more changes.
        let copy = store
        var fresh = SlotStore(model: start, systemSlots: [3])
        fresh.restore(checkpoint)
        assertSame(fresh, copy, "a fresh store")
        store.animate(40, animation(40, 0, at: 0.25, additive: false))
        store.set(10, 7)
        store.advance(to: 0.75)
        store.restore(checkpoint)
        assertSame(store, copy, "the store moved on")
        XCTAssertNil(store.invariantViolation())
    }

    /// Random operations on a twin pair: one store restored from checkpoints, the other the value
    /// copied when each checkpoint was made; they must stay equal whatever follows.
    func testRestoringGivesBackTheStoreWhateverHappenedSince() {
        var random = SeededGenerator(seed: 20)
        for round in 0..<100 {
            var store = SlotStore(model: [1, 2, 3, 4, 5, 6], systemSlots: [5], contents: [.text("a")])
            var twin = store
            var kept: [(copy: SlotStore, checkpoint: SlotStore.Checkpoint)] = [(store, store.checkpoint())]
            var t = 0.0
            store.advance(to: t); twin.advance(to: t)
            for step in 0..<40 {
                let slot = Int.random(in: 0..<5, using: &random), value = Double.random(in: -100...100, using: &random)
                let additive = Bool.random(using: &random), operation = Int.random(in: 0..<6, using: &random)
                func apply(_ s: inout SlotStore) {
                    switch operation {
                    case 0: s.set(slot, value)
                    case 1: s.drive(slot, value)
                    case 2: s.animate(slot, animation(s.model[slot], value, at: t, additive: additive))
                    case 3: var lent = s.lendToSystems(); lent[5] = value; s.systemsReturn(lent)
                    case 4: s.setContent(ContentSlotID(0), .text("\(value)"))
                    default: s.advance(to: t)
                    }
                }
                apply(&store)
                apply(&twin)
                assertSame(store, twin, "round \(round) step \(step)")
                switch Int.random(in: 0..<6, using: &random) {
                case 0: kept.append((store, store.checkpoint()))
                case 1:
                    let pick = kept[Int.random(in: 0..<kept.count, using: &random)]
                    store.restore(pick.checkpoint)
                    twin = pick.copy
                    assertSame(store, twin, "round \(round) step \(step), restored")
                    t = store.time.isFinite ? store.time : 0
                case 2:
                    t += Double.random(in: 0...0.6, using: &random)
                    store.advance(to: t); twin.advance(to: t)
                default: break
                }
                XCTAssertNil(store.invariantViolation())
            }
        }
    }
}

/// Many actions at one instant: each animation is evaluated once for that instant, not once
/// per event after it started (10,000 views each starting 3 animations at t = 0 set up in
/// quadratic time before).
final class SameInstantEvaluationTests: XCTestCase {
    func testEachAnimationIsEvaluatedOncePerInstantHoweverManyEventsFallOnIt() throws {
        let count = 400
        let views = (0..<count).map { View(id: "v\($0)", frame: Rect(x: 0, y: Double($0), width: 10, height: 1)) }
        let actions = (0..<count).map { i in
            Action(name: "a\(i)", steps: [ViewProperty.positionX, .alpha, .rotation].map { property in
                AnimationStep(property: .view(ViewID(i), property), target: .value(1), timing: .curve(.linear, duration: 1))
            })
        }
        let scene = Scene(name: "grid", size: Size(width: 100, height: 500), duration: 1, views: views, actions: actions,
                          events: (0..<count).map { .run(ActionID($0), at: 0) })
        var player = try Player(scene: scene)
        // Every event at 0 advanced the store to 0; only the slots animated since were looked at.
        XCTAssertLessThanOrEqual(player.state.store.recomputed, 2 * 3 * count)
        let before = player.state.store.recomputed
        try player.advance(to: 0.5)
        XCTAssertEqual(player.state.store.recomputed - before, 3 * count, "one more instant: each animation once")
        XCTAssertEqual(player.presentationValue(.view(ViewID(count - 1), .positionX)), 5 + 0.5 * (1 - 5), accuracy: 1e-12)
    }
}
