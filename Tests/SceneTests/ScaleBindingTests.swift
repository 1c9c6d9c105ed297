import XCTest
import Motion
@testable import Scene

/// A system that drives one slot with a constant, to claim it.
private struct Holder: SceneSystem {
    var slot: Int
    var name: String { "holder" }
    var drivenSlots: [Int] { [slot] }
    mutating func advance(to t: Double, context: inout SystemContext) throws { context[slot] = 0.5 }
    mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {}
}

/// Scales as bindings: ordered with expression bindings, one driver per slot, validated.
final class ScaleBindingTests: XCTestCase {
    private let size = Size(width: 390, height: 600)
    /// guide (0), a stand-in scroll view whose bounds.x an action moves from 0 to 780 over 2 s;
    /// hero (1) and follower (2).
    private let views = [View(id: "guide", frame: Rect(x: 0, y: 0, width: 390, height: 600)),
                         View(id: "hero", frame: Rect(x: 20, y: 40, width: 100, height: 50)),
                         View(id: "follower", frame: Rect(x: 0, y: 200, width: 10, height: 10))]
    private let scroll = Action(name: "scroll", steps: [AnimationStep(property: .view(ViewID(0), .boundsX), target: .value(780),
                                                                      timing: .curve(.linear, duration: 2))])
    private var offset: PropertyRef { .view(ViewID(0), .boundsX) }

    private func scene(_ bindings: [Binding], actions: [Action]? = nil, systems: [any SceneSystem] = []) -> Scene {
        Scene(name: "scales", size: size, duration: 3, views: views, actions: actions ?? [scroll], events: [.run(ActionID(0), at: 0)],
              bindings: bindings, systems: systems)
    }

    private func track(start: Double, _ segments: [ScaleSegment]) -> ScaleTrack {
        ScaleTrack(source: offset, startValue: start, segments: segments)
    }

    private func errors(_ scene: Scene) -> [SceneError] {
        do { try scene.validate(); return [] } catch { return (error as? SceneErrors)?.errors ?? [] }
    }

    /// The follower's binding comes first in the list but reads the scaled width: it sees the
    /// value of the same instant, whatever order the instants are asked in.
    func testABindingReadingAScaledPropertySeesTheSameInstant() throws {
        let width = track(start: 100, [ScaleSegment(trigger: 0, length: 780, to: 200, curve: .easing(.easeInOutQuad))])
        var player = try Player(scene: scene([Binding(target: .view(ViewID(2), .frameX), expression: .property(.view(ViewID(1), .boundsWidth))),
                                              Binding(target: .view(ViewID(1), .boundsWidth), scale: width)]))
        for t in [0.0, 0.5, 1.25, 2, 2.5, 0.25, 1.9] {
            try player.advance(to: t)
            let position = 390 * min(t, 2)
            let expected = width.value(at: position) { _ in false }
            XCTAssertEqual(player.presentationValue(.view(ViewID(1), .boundsWidth)), expected, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(player.presentationValue(.view(ViewID(2), .frameX)), expected, accuracy: 1e-9, "t = \(t)")
            // bounds.width keeps the centre.
            XCTAssertEqual(player.presentationValue(.view(ViewID(1), .positionX)), 70, accuracy: 1e-12)
        }
    }

    /// A scale of frame.x listed before one of bounds.width still places the origin given: the
    /// frame's write reads the width of the same instant.
    func testAFrameOriginScaleComesAfterTheWidthItPlacesBy() throws {
        let x = track(start: 20, [ScaleSegment(trigger: 0, length: 780, to: 200)])
        let width = track(start: 100, [ScaleSegment(trigger: 0, length: 390, to: 300), ScaleSegment(trigger: 390, length: 390, to: 50)])
        let bindings = [Binding(target: .view(ViewID(1), .frameX), scale: x), Binding(target: .view(ViewID(1), .boundsWidth), scale: width)]
        var player = try Player(scene: scene(bindings))
        for t in [0.3, 0.9, 1.4, 2.2, 0.1] {
            try player.advance(to: t)
            let position = 390 * min(t, 2)
            XCTAssertEqual(player.presentationValue(.view(ViewID(1), .frameX)), x.value(at: position) { _ in false }, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(player.presentationValue(.view(ViewID(1), .frameWidth)), width.value(at: position) { _ in false }, accuracy: 1e-9)
        }
    }

    /// A frame.height scale keeps the top edge where the view started (the origin).
    func testAFrameSizeScaleKeepsTheOrigin() throws {
        let height = track(start: 50, [ScaleSegment(trigger: 0, length: 780, to: 250)])
        var player = try Player(scene: scene([Binding(target: .view(ViewID(1), .frameHeight), scale: height)]))
        try player.advance(to: 1)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .frameHeight)), 150, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .frameY)), 40, accuracy: 1e-9)
    }

    func testAScaleOnABoundPropertyIsTheOneReported() {
        let alpha = track(start: 1, [ScaleSegment(trigger: 0, length: 100, to: 0)])
        let bound = scene([Binding(target: .view(ViewID(1), .alpha), scale: alpha), Binding(target: .view(ViewID(1), .alpha), expression: .constant(1))])
        XCTAssertEqual(errors(bound), [.twoDrivers(.binding(0), property: "hero.alpha", first: "the binding of 'hero.alpha'",
                                                   second: "the scale of 'hero.alpha'")])
        let driven = scene([Binding(target: .view(ViewID(1), .alpha), scale: alpha)], systems: [Holder(slot: SlotLayout.slots(of: ViewID(1))[.alpha])])
        XCTAssertEqual(errors(driven), [.twoDrivers(.binding(0), property: "hero.alpha", first: "holder", second: "the scale of 'hero.alpha'")])
        let fade = Action(name: "fade", steps: [AnimationStep(property: .view(ViewID(1), .alpha), target: .value(0), timing: .curve(.linear, duration: 1))])
        let animated = scene([Binding(target: .view(ViewID(1), .alpha), scale: alpha)], actions: [scroll, fade])
        XCTAssertEqual(errors(animated), [.drivenPropertyWritten(.step(action: 1, index: 0), property: "hero.alpha",
                                                                 driver: "the scale of 'hero.alpha'", action: "fade")])
        // Two scales whose writes share a slot: frame.height moves position.y, which the other scales.
        let height = track(start: 50, [ScaleSegment(trigger: 0, length: 100, to: 80)])
        let shared = scene([Binding(target: .view(ViewID(1), .frameHeight), scale: height), Binding(target: .view(ViewID(1), .positionY), scale: height)])
        XCTAssertEqual(errors(shared), [.twoDrivers(.binding(1), property: "hero.position.y", first: "the scale of 'hero.frame.height'",
                                                    second: "the scale of 'hero.position.y'")])
    }

    func testTracksThatCannotPlayAndCyclesAreReported() {
        let overlapping = track(start: 0, [ScaleSegment(trigger: 0, length: 640, to: 200), ScaleSegment(trigger: 320, length: 160, to: 400)])
        XCTAssertEqual(errors(scene([Binding(target: .view(ViewID(1), .boundsHeight), scale: overlapping)])),
                       [.invalidScale(binding: 0, property: "hero.bounds.height", what: overlapping.problem!)])
        let latched = ScaleTrack(source: offset, startValue: 0, segments: [ScaleSegment(trigger: 0, length: 1, to: 1, latch: 10_000)])
        XCTAssertEqual(errors(scene([Binding(target: .view(ViewID(1), .alpha), scale: latched)])),
                       [.invalidScale(binding: 0, property: "hero.alpha", what: "its source or a latch does not exist")])
        // A scale of the offset by the offset reads what it writes.
        let own = track(start: 0, [ScaleSegment(trigger: 0, length: 1, to: 1)])
        XCTAssertEqual(errors(scene([Binding(target: offset, scale: own)], actions: [Action(name: "idle", assignments: [])])),
                       [.bindingCycle(binding: 0, properties: ["guide.bounds.x", "guide.bounds.x"])])
    }

    /// A latch slot (here a variable a `set:` raises) holds its scale at percent 1.
    func testALatchSlotIsReadAtTheSameInstant() throws {
        // The one variable, after the views.
        let slot = SlotLayout(viewCount: views.count, variableCount: 1, declaredCount: 0).slot(VariableID(0)).index
        let alpha = track(start: 1, [ScaleSegment(trigger: 0, length: 780, to: 0, latch: slot)])
        let latch = Action(name: "latch", assignments: [VariableAssignment(variable: VariableID(0), value: .constant(1))])
        var scene = scene([Binding(target: .view(ViewID(1), .alpha), scale: alpha)], actions: [scroll, latch])
        scene.variables = [Variable(name: "complete", initialValue: 0)]
        scene.events = [.run(ActionID(0), at: 0), .run(ActionID(1), at: 1)]
        var player = try Player(scene: scene)
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .alpha)), 0.75, accuracy: 1e-12)
        try player.advance(to: 1)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .alpha)), 0)
        try player.advance(to: 0.25)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .alpha)), 0.875, accuracy: 1e-12)
    }
}
