import XCTest
import Drawing
import Motion
@testable import Scene

final class PlayerTests: XCTestCase {
    private let spring = AnimationTiming.spring(UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8))

    private func scene(beginsFromCurrentState: Bool = false, model: AnimationModel = .ios8, taps: [Double]) throws -> Scene {
        let box = View(id: "box", frame: Rect(x: 0, y: 100, width: 10, height: 10), backgroundColor: .black, tapAction: ActionID(0))
        let follower = View(id: "follower", frame: Rect(x: 50, y: 0, width: 10, height: 10))
        let action = Action(name: "toggle",
                            toggle: Toggle(property: .view(ViewID(0), .frameY), values: (100, 300)),
                            steps: [AnimationStep(property: .view(ViewID(0), .frameY), target: .toggled, timing: spring)],
                            beginsFromCurrentState: beginsFromCurrentState)
        let binding = Binding(target: .view(ViewID(1), .frameY),
                              expression: try SceneExpression(.binary(.add, .property(.view(ViewID(0), .frameY)), .number(5))))
        return Scene(name: "t", size: Size(width: 100, height: 400), duration: 12, views: [box, follower],
                     actions: [action], events: taps.map { .tap(ViewID(0), at: $0) }, bindings: [binding], animationModel: model)
    }

    private let boxY = PropertyRef.view(ViewID(0), .frameY)

    func testTapAnimatesWithTheSpringAndLandsExactly() throws {
        var player = try Player(scene: scene(taps: [0.1]))
        try player.advance(to: 0.1)
        XCTAssertEqual(player.presentationValue(boxY), 100)
        XCTAssertEqual(player.modelValue(boxY), 300)
        XCTAssertEqual(player.modelValue(.view(ViewID(0), .positionY)), 305)
        try player.advance(to: 0.35)
        let expected = 100 + 200 * UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8).progress(at: 0.25)
        XCTAssertEqual(player.presentationValue(boxY), expected, accuracy: 1e-9)
        try player.advance(to: 0.6)
        XCTAssertEqual(player.presentationValue(boxY), 300)
    }

    /// iOS 8: a geometric animation is added to the one in flight, with or without
    /// beginFromCurrentState: position stays continuous and both offsets add up.
    func testGeometricAnimationsAreAdditiveWhateverTheOption() throws {
        for option in [false, true] {
            var player = try Player(scene: scene(beginsFromCurrentState: option, taps: [0.1, 0.3]))
            try player.advance(to: 0.3 - 1e-9)
            let before = player.presentationValue(boxY)
            try player.advance(to: 0.3)
            XCTAssertEqual(player.modelValue(boxY), 100)
            XCTAssertEqual(player.presentationValue(boxY), before, accuracy: 1e-6)
            try player.advance(to: 0.45)
            let s = UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8)
            // model 100 + (first − 300) + (second − 100)
            let first = 100 + 200 * s.progress(at: 0.35), second = 300 - 200 * s.progress(at: 0.15)
            XCTAssertEqual(player.presentationValue(boxY), 100 + (first - 300) + (second - 100), accuracy: 1e-9)
            try player.advance(to: 0.9)
            XCTAssertEqual(player.presentationValue(boxY), 100)
        }
    }

    /// iOS 7: the new animation replaces the old one, from the model value (a jump) or, with
    /// beginFromCurrentState, from the presentation value.
    func testIOS7ReplacesTheAnimationInFlight() throws {
        var jump = try Player(scene: scene(model: .ios7, taps: [0.1, 0.3]))
        try jump.advance(to: 0.3)
        XCTAssertEqual(jump.presentationValue(boxY), 300, accuracy: 1e-9)
        var smooth = try Player(scene: scene(beginsFromCurrentState: true, model: .ios7, taps: [0.1, 0.3]))
        try smooth.advance(to: 0.3 - 1e-9)
        let before = smooth.presentationValue(boxY)
        try smooth.advance(to: 0.3)
        XCTAssertEqual(smooth.presentationValue(boxY), before, accuracy: 1e-6)
        try smooth.advance(to: 0.4)
        let s = UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8)
        let from = 100 + 200 * s.progress(at: 0.2)
        XCTAssertEqual(smooth.presentationValue(boxY), from + (100 - from) * s.progress(at: 0.1), accuracy: 1e-6)
    }

    /// alpha is not additive: without beginFromCurrentState the new animation starts from the
    /// model value, with it from the presentation value.
    func testNonAdditivePropertiesHonourBeginFromCurrentState() throws {
        func play(_ option: Bool) throws -> Double {
            let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .black)
            let linear = AnimationTiming.curve(.linear, duration: 1)
            let fade = Action(name: "fade", steps: [AnimationStep(property: .view(ViewID(0), .alpha), target: .value(0), timing: linear)])
            let back = Action(name: "back", steps: [AnimationStep(property: .view(ViewID(0), .alpha), target: .value(1), timing: linear)],
                              beginsFromCurrentState: option)
            var player = try Player(scene: Scene(name: "a", size: Size(width: 10, height: 10), duration: 3, views: [box],
                                                 actions: [fade, back], events: [.run(ActionID(0), at: 0), .run(ActionID(1), at: 0.5)]))
            try player.advance(to: 0.5)
            return player.presentationValue(.view(ViewID(0), .alpha))
        }
        XCTAssertEqual(try play(false), 0, accuracy: 1e-12)   // from the model value (0): a jump
        XCTAssertEqual(try play(true), 0.5, accuracy: 1e-12)  // from what is on screen
    }

    func testBindingFollowsPresentationValue() throws {
        var player = try Player(scene: scene(taps: [0.1]))
        for t in [0.0, 0.2, 0.33, 1.0] {
            try player.advance(to: t)
            XCTAssertEqual(player.presentationValue(.view(ViewID(1), .frameY)), player.presentationValue(boxY) + 5, accuracy: 1e-9)
        }
    }

    func testFramesDoNotDependOnRequestOrder() throws {
        let s = try scene(taps: [0.1, 0.3, 2.5, 4.2])
        var forward = try Player(scene: s)
        let indices = Array(stride(from: 0, to: 300, by: 7))
        let inOrder = try indices.map { try forward.frame(at: $0, fps: 60) }
        var backward = try Player(scene: s)
        let reversed = try indices.reversed().map { try backward.frame(at: $0, fps: 60) }
        XCTAssertEqual(inOrder, reversed.reversed())
        XCTAssertGreaterThan(backward.statistics.checkpointsRestored, 0)
    }

    /// A checkpoint keeps the slots that changed since the start, not the whole store: 2,000
    /// views that never move add nothing to it, and resuming from one gives the same values.
    func testCheckpointsKeepOnlyTheSlotsThatChanged() throws {
        let moving = try scene(taps: [0.1, 2.5])
        let still = (0..<2_000).map { View(id: "still\($0)", frame: Rect(x: 0, y: Double($0), width: 10, height: 1)) }
        let s = Scene(name: "t", size: moving.size, duration: 12, views: moving.views + still, actions: moving.actions,
                      events: moving.events, bindings: moving.bindings)
        var player = try Player(scene: s)
        try player.advance(to: 3.5)
        XCTAssertEqual(player.checkpoints.map(\.time), [0, 1, 2, 3])
        for checkpoint in player.checkpoints {
            XCTAssertLessThanOrEqual(checkpoint.keptSlots, 2 * ViewProperty.count, "at most the box's and the follower's slots")
        }
        try player.advance(to: 1.2)
        var straight = try Player(scene: s)
        try straight.advance(to: 1.2)
        XCTAssertEqual(player.statistics.checkpointsRestored, 1)
        XCTAssertEqual(player.presentationValues, straight.presentationValues)
        XCTAssertEqual(player.modelValue(boxY), straight.modelValue(boxY))
    }

    func testFrameCommandsDrawBackgroundInsideTheLayerTransform() throws {
        var player = try Player(scene: scene(taps: []))
        let frame = try player.frame(at: 0, fps: 60)
        XCTAssertEqual(frame.commands.first, .save)
        XCTAssertEqual(frame.commands[1], .concat(AffineTransform(translationX: 0, y: 100)))
        XCTAssertEqual(frame.commands[2], .fill(Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), .black))
        // The follower draws nothing, so it emits no commands at all.
        XCTAssertEqual(frame.commands.count, 4)
    }

    func testHiddenAndTransparentViewsDrawNothing() throws {
        var hidden = View(id: "a", frame: Rect(x: 0, y: 0, width: 5, height: 5), backgroundColor: .black)
        hidden.isHidden = true
        let clear = View(id: "b", frame: Rect(x: 0, y: 0, width: 5, height: 5), backgroundColor: .black, alpha: 0)
        var player = try Player(scene: Scene(name: "h", size: Size(width: 10, height: 10), duration: 1, views: [hidden, clear]))
        XCTAssertEqual(try player.frame(at: 0, fps: 1).commands, [])
    }

    private func fills(_ commands: [DrawCommand]) -> [Color] {
        commands.compactMap { if case .fill(_, let color) = $0 { return color } else { return nil } }
    }

    func testAViewWithSubviewsAndAlphaIsCompositedAsAGroup() throws {
        let parent = View(id: "p", frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0.5)
        let child = View(id: "c", parent: ViewID(0), frame: Rect(x: 1, y: 1, width: 2, height: 2),
                         backgroundColor: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        var player = try Player(scene: Scene(name: "a", size: Size(width: 10, height: 10), duration: 1, views: [parent, child]))
        let commands = try player.frame(at: 0, fps: 1).commands
        XCTAssertEqual(commands.first, .beginBoundedGroup(Rect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertEqual(commands.last, .endGroup(opacity: 0.5))
        XCTAssertEqual(fills(commands), [Color(red: 1, green: 0, blue: 0, alpha: 0.5)])
    }

    /// A group's bounds hold every view drawn into it, where it lands in the group's parent:
    /// a subview spilling past the parent, turned with it.
    func testAGroupIsBoundedByWhatItsViewsMayDraw() throws {
        var parent = View(id: "p", frame: Rect(x: 10, y: 20, width: 10, height: 10), alpha: 0.5)
        parent.transform.rotation = .pi / 2
        let child = View(id: "c", parent: ViewID(0), frame: Rect(x: 5, y: 8, width: 12, height: 4), backgroundColor: .black)
        var player = try Player(scene: Scene(name: "a", size: Size(width: 40, height: 40), duration: 1, views: [parent, child]))
        guard case .beginBoundedGroup(let box)? = try player.frame(at: 0, fps: 1).commands.first else { return XCTFail("not bounded") }
        // In the parent's own space the ink is x 0...17, y 0...12 (its bounds and the child's
        // frame); the quarter turn about its centre (15, 25) sends (x, y) to (20 - y, 20 + x).
        XCTAssertEqual(box.minX, 8, accuracy: 1e-9)
        XCTAssertEqual(box.maxX, 20, accuracy: 1e-9)
        XCTAssertEqual(box.minY, 20, accuracy: 1e-9)
        XCTAssertEqual(box.maxY, 37, accuracy: 1e-9)
    }

    func testAlphaWithoutSubviewsMultipliesIntoTheContent() throws {
        let view = View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .black, alpha: 0.25)
        var player = try Player(scene: Scene(name: "a", size: Size(width: 10, height: 10), duration: 1, views: [view]))
        let commands = try player.frame(at: 0, fps: 1).commands
        XCTAssertFalse(commands.contains(.beginGroup))
        XCTAssertEqual(fills(commands), [Color(red: 0, green: 0, blue: 0, alpha: 0.25)])
    }

    func testSiblingsDrawInZPositionThenFileOrder() throws {
        func colored(_ id: String, _ red: Double, z: Double) -> View {
            View(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: Color(red: red, green: 0, blue: 0, alpha: 1), zPosition: z)
        }
        let views = [colored("a", 0.1, z: 1), colored("b", 0.2, z: 0), colored("c", 0.3, z: 1), colored("d", 0.4, z: -1)]
        var player = try Player(scene: Scene(name: "z", size: Size(width: 10, height: 10), duration: 1, views: views))
        XCTAssertEqual(fills(try player.frame(at: 0, fps: 1).commands).map(\.red), [0.4, 0.2, 0.1, 0.3])
    }

    func testSubtreesOutsideTheCanvasOrAClippingAncestorProduceNoCommands() throws {
        let outside = View(id: "outside", frame: Rect(x: 200, y: 0, width: 10, height: 10), backgroundColor: .black)
        let clipper = View(id: "clipper", frame: Rect(x: 0, y: 0, width: 20, height: 20), clipsToBounds: true)
        let hiddenByClip = View(id: "far", parent: ViewID(1), frame: Rect(x: 30, y: 0, width: 10, height: 10), backgroundColor: .black)
        // Outside its non-clipping parent but on the canvas: still drawn.
        let parent = View(id: "parent", frame: Rect(x: -100, y: 0, width: 10, height: 10))
        let visibleChild = View(id: "child", parent: ViewID(3), frame: Rect(x: 105, y: 50, width: 10, height: 10), backgroundColor: .white)
        var player = try Player(scene: Scene(name: "c", size: Size(width: 100, height: 100), duration: 1,
                                             views: [outside, clipper, hiddenByClip, parent, visibleChild]))
        let commands = try player.frame(at: 0, fps: 1).commands
        XCTAssertEqual(fills(commands), [.white])
        XCTAssertFalse(commands.contains(.clip(Path(roundedRect: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 0))))
    }

    func testBoundsOriginOffsetsSubviews() throws {
        var scroller = View(id: "scroller", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        scroller.bounds.origin = Point(x: 0, y: 30)
        let child = View(id: "child", parent: ViewID(0), frame: Rect(x: 0, y: 40, width: 10, height: 10), backgroundColor: .black)
        var player = try Player(scene: Scene(name: "b", size: Size(width: 100, height: 100), duration: 1, views: [scroller, child]))
        let commands = try player.frame(at: 0, fps: 1).commands
        let concats = commands.compactMap { if case .concat(let m) = $0 { return m } else { return nil } }
        let total = concats.reversed().reduce(AffineTransform.identity) { $0.concatenating($1) }
        // The child's top-left lands at 10 + 0, 10 + 40 − 30 on the canvas.
        XCTAssertEqual(total.apply(to: .zero), Point(x: 10, y: 20))
    }

    func testFrameIsTheBoundingBoxOfTheTransformedBounds() throws {
        var view = View(id: "v", frame: Rect(x: 0, y: 0, width: 40, height: 20))
        view.transform = ViewTransform(translation: Point(x: 5, y: 0), scaleX: 2, rotation: .pi / 2)
        let player = try Player(scene: Scene(name: "f", size: Size(width: 100, height: 100), duration: 1, views: [view]))
        // Scaled to 80 × 20, turned a quarter: 20 wide, 80 tall, about the centre (20, 10), moved 5 right.
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 15, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameY)), -30, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameWidth)), 20, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameHeight)), 80, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .scale)), 2)
    }

    func testAnimatingFrameWidthKeepsTheLeftEdge() throws {
        var view = View(id: "v", frame: Rect(x: 10, y: 0, width: 40, height: 20))
        view.anchorPoint = Point(x: 0.25, y: 0.5)
        view.frame = Rect(x: 10, y: 0, width: 40, height: 20)
        let grow = Action(name: "grow", steps: [AnimationStep(property: .view(ViewID(0), .frameWidth), target: .value(100),
                                                              timing: .curve(.linear, duration: 1))])
        var player = try Player(scene: Scene(name: "w", size: Size(width: 100, height: 100), duration: 2, views: [view],
                                             actions: [grow], events: [.run(ActionID(0), at: 0)]))
        for t in [0.0, 0.3, 0.7, 1.0, 1.5] {
            try player.advance(to: t)
            XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 10, accuracy: 1e-9)
            XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameWidth)), 40 + 60 * min(t, 1), accuracy: 1e-9)
        }
        XCTAssertEqual(player.modelValue(.view(ViewID(0), .positionX)), 35)
    }

    func testAWholeTransformTurnsTheShortWayAndTheRotationKeyPathByAngle() throws {
        let linear = AnimationTiming.curve(.linear, duration: 1)
        let view = View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let whole = Action(name: "whole", steps: [AnimationStep(property: .view(ViewID(0), .rotation), motion: .basic(target: .value(1.5 * .pi), timing: linear),
                                                                takesShortestRotation: true)])
        let keyPath = Action(name: "keyPath", steps: [AnimationStep(property: .view(ViewID(0), .rotation), target: .value(1.5 * .pi), timing: linear)])
        // Whole transform: from 2π (the orientation of 0) to 1.5π, so −0.25π of a turn halfway.
        for (index, expected) in [(0, 1.75 * Double.pi), (1, 0.75 * Double.pi)] {
            var player = try Player(scene: Scene(name: "r", size: Size(width: 10, height: 10), duration: 2, views: [view],
                                                 actions: [whole, keyPath], events: [.run(ActionID(index), at: 0)]))
            try player.advance(to: 0.5)
            XCTAssertEqual(player.presentationValue(.view(ViewID(0), .rotation)), expected, accuracy: 1e-9)
        }
    }

    func testKeyframesOnADerivedPropertyMoveItsStoredSlots() throws {
        let view = View(id: "v", frame: Rect(x: 0, y: 100, width: 10, height: 10))
        let keyframes = try KeyframeTiming(values: [100, 60, 100])
        let bounce = Action(name: "bounce", steps: [AnimationStep(property: .view(ViewID(0), .frameY), motion: .keyframes(keyframes, duration: 1))])
        var player = try Player(scene: Scene(name: "k", size: Size(width: 10, height: 200), duration: 2, views: [view],
                                             actions: [bounce], events: [.run(ActionID(0), at: 0)]))
        try player.advance(to: 0.25)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameY)), 80, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .positionY)), 85, accuracy: 1e-9)
    }

    func testFrameCountCoversTheDuration() throws {
        let s = try scene(taps: [])
        XCTAssertEqual(s.frameCount(fps: 60), 721)
        XCTAssertEqual(s.frameCount(fps: 7), 85)
    }

    /// A bound frame.width keeps the left edge the view started with, so a frame's value does not
    /// depend on which instants were evaluated before it.
    func testABoundFrameWidthGivesTheSameValueWhateverWasAskedBefore() throws {
        let card = View(id: "card", frame: Rect(x: 10, y: 0, width: 40, height: 20), anchorPoint: Point(x: 0.3, y: 0.5))
        let driver = View(id: "driver", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let move = Action(name: "m", steps: [AnimationStep(property: .view(ViewID(1), .positionX), target: .value(300), timing: .curve(.linear, duration: 3))])
        let width = try SceneExpression(.binary(.add, .property(.view(ViewID(1), .positionX)), .number(0.1)))
        let scene = Scene(name: "w", size: Size(width: 100, height: 100), duration: 3, views: [card, driver], actions: [move],
                          events: [.run(ActionID(0), at: 0)], bindings: [Binding(target: .view(ViewID(0), .frameWidth), expression: width)])
        var straight = try Player(scene: scene), stepped = try Player(scene: scene)
        for index in stride(from: 0, through: 170, by: 7) { _ = try stepped.frame(at: index, fps: 60) }
        XCTAssertEqual(try straight.frame(at: 171, fps: 60), try stepped.frame(at: 171, fps: 60))
        XCTAssertEqual(straight.presentationValue(.view(ViewID(0), .positionX)), stepped.presentationValue(.view(ViewID(0), .positionX)))
        XCTAssertEqual(straight.presentationValue(.view(ViewID(0), .frameX)), 10, accuracy: 1e-9)
    }

    /// Text is not clipped to its box, so a label whose box is just off the canvas still draws.
    func testALabelSpillingOntoTheCanvasIsNotCulled() throws {
        let label = View(id: "l", frame: Rect(x: -60, y: 10, width: 50, height: 20),
                         label: Label(text: "WWWWWWWWWWWWWW", fontSize: 17, alignment: .left))
        var player = try Player(scene: Scene(name: "t", size: Size(width: 200, height: 60), duration: 1, views: [label]))
        XCTAssertTrue(try player.frame(at: 0, fps: 1).commands.contains { if case .text = $0 { return true } else { return false } })
    }
}
