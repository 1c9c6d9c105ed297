import XCTest
import Motion
@testable import Scene

final class PlayerTests: XCTestCase {
    private let spring = AnimationTiming.spring(UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8))

    private func scene(combining: AnimationCombining, taps: [Double]) -> Scene {
        let box = View(id: "box", frame: Rect(x: 0, y: 100, width: 10, height: 10), backgroundColor: .black, tapAction: 0)
        let follower = View(id: "follower", frame: Rect(x: 50, y: 0, width: 10, height: 10))
        let action = Action(name: "toggle",
                            toggle: Toggle(property: PropertyRef(view: 0, property: .frameY), values: (100, 300)),
                            steps: [AnimationStep(property: PropertyRef(view: 0, property: .frameY), target: .toggled, timing: spring)],
                            combining: combining)
        let binding = Binding(target: PropertyRef(view: 1, property: .frameY),
                              expression: .add(.property(PropertyRef(view: 0, property: .frameY)), .constant(5)))
        return Scene(name: "t", size: Size(width: 100, height: 400), duration: 2, views: [box, follower],
                     actions: [action], taps: taps.map { Tap(time: $0, view: 0) }, bindings: [binding])
    }

    private let boxY = PropertyRef(view: 0, property: .frameY)

    func testTapAnimatesWithTheSpringAndLandsExactly() {
        var player = Player(scene: scene(combining: .beginFromCurrentState, taps: [0.1]))
        player.advance(to: 0.1)
        XCTAssertEqual(player.presentationValue(boxY), 100)
        XCTAssertEqual(player.modelValue(boxY), 300)
        player.advance(to: 0.35)
        let expected = 100 + 200 * UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8).progress(at: 0.25)
        XCTAssertEqual(player.presentationValue(boxY), expected, accuracy: 1e-9)
        player.advance(to: 0.6)
        XCTAssertEqual(player.presentationValue(boxY), 300)
    }

    func testBeginFromCurrentStateRetargetsFromThePresentationValue() {
        var player = Player(scene: scene(combining: .beginFromCurrentState, taps: [0.1, 0.3]))
        player.advance(to: 0.3 - 1e-9)
        let before = player.presentationValue(boxY)
        player.advance(to: 0.3)
        // The second tap toggles back (model was 300) and starts where the box is on screen.
        XCTAssertEqual(player.modelValue(boxY), 100)
        XCTAssertEqual(player.presentationValue(boxY), before, accuracy: 1e-6)
        player.advance(to: 0.3 + 0.5)
        XCTAssertEqual(player.presentationValue(boxY), 100)
    }

    func testAdditiveAnimationsKeepPositionContinuous() {
        var player = Player(scene: scene(combining: .additive, taps: [0.1, 0.3]))
        player.advance(to: 0.3 - 1e-9)
        let before = player.presentationValue(boxY)
        player.advance(to: 0.3)
        XCTAssertEqual(player.presentationValue(boxY), before, accuracy: 1e-6)
        player.advance(to: 0.9)
        XCTAssertEqual(player.presentationValue(boxY), 100)
    }

    func testBindingFollowsPresentationValue() {
        var player = Player(scene: scene(combining: .beginFromCurrentState, taps: [0.1]))
        for t in [0.0, 0.2, 0.33, 1.0] {
            player.advance(to: t)
            XCTAssertEqual(player.presentationValue(PropertyRef(view: 1, property: .frameY)),
                           player.presentationValue(boxY) + 5, accuracy: 1e-9)
        }
    }

    func testFramesDoNotDependOnRequestOrder() {
        let s = scene(combining: .beginFromCurrentState, taps: [0.1, 0.3])
        var forward = Player(scene: s)
        let inOrder = (0..<40).map { forward.frame(at: $0, fps: 30) }
        var backward = Player(scene: s)
        let reversed = (0..<40).reversed().map { backward.frame(at: $0, fps: 30) }
        XCTAssertEqual(inOrder, reversed.reversed())
    }

    func testFrameCommandsDrawBackgroundInsideATranslation() {
        var player = Player(scene: scene(combining: .additive, taps: []))
        let frame = player.frame(at: 0, fps: 60)
        XCTAssertEqual(frame.commands.first, .save)
        XCTAssertEqual(frame.commands[1], .concat(AffineTransform(translationX: 0, y: 100)))
        XCTAssertEqual(frame.commands[2], .fill(Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), .black))
        // The follower has nothing to draw: just its save/concat/restore.
        XCTAssertEqual(frame.commands.count, 4 + 3)
    }

    func testHiddenAndTransparentViewsDrawNothing() {
        var hidden = View(id: "a", frame: Rect(x: 0, y: 0, width: 5, height: 5), backgroundColor: .black)
        hidden.isHidden = true
        var clear = View(id: "b", frame: Rect(x: 0, y: 0, width: 5, height: 5), backgroundColor: .black)
        clear.alpha = 0
        var player = Player(scene: Scene(name: "h", size: Size(width: 10, height: 10), duration: 1, views: [hidden, clear]))
        XCTAssertEqual(player.frame(at: 0, fps: 1).commands, [])
    }

    func testAlphaMultipliesDownTheTree() {
        let parent = View(id: "p", frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0.5)
        let child = View(id: "c", parent: 0, frame: Rect(x: 1, y: 1, width: 2, height: 2),
                         backgroundColor: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        var player = Player(scene: Scene(name: "a", size: Size(width: 10, height: 10), duration: 1, views: [parent, child]))
        let fills = player.frame(at: 0, fps: 1).commands.compactMap { command -> Color? in
            if case .fill(_, let color) = command { return color }
            return nil
        }
        XCTAssertEqual(fills, [Color(red: 1, green: 0, blue: 0, alpha: 0.25)])
    }

    func testFrameCountCoversTheDuration() {
        let s = scene(combining: .additive, taps: [])
        XCTAssertEqual(s.frameCount(fps: 60), 121)
        XCTAssertEqual(s.frameCount(fps: 7), 15)
    }
}
