import XCTest
import Motion
@testable import Scene

final class ValidationTests: XCTestCase {
    private func errors(_ scene: Scene) -> [SceneError] {
        do { try scene.validate(); return [] } catch { return (error as? SceneErrors)?.errors ?? [] }
    }

    private func views(_ count: Int) -> [View] {
        (0..<count).map { View(id: "v\($0)", frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
    }

    func testTwoDriversForOneSlotNameBoth() throws {
        let bindings = [Binding(target: .view(ViewID(0), .frameY), expression: .constant(1)),
                        Binding(target: .view(ViewID(0), .positionY), expression: .constant(2))]
        let found = errors(Scene(name: "d", size: Size(width: 10, height: 10), duration: 1, views: views(1), bindings: bindings))
        XCTAssertEqual(found, [.twoDrivers(.binding(1), property: "v0.position.y",
                                           first: "the binding of 'v0.frame.y'", second: "the binding of 'v0.position.y'")])
    }

    func testAnActionMayNotAnimateADrivenProperty() {
        let action = Action(name: "move", steps: [AnimationStep(property: .view(ViewID(0), .frameY), target: .value(3), timing: .curve(.linear, duration: 1))])
        let scene = Scene(name: "d", size: Size(width: 10, height: 10), duration: 1, views: views(2), actions: [action],
                          bindings: [Binding(target: .view(ViewID(0), .frameY), expression: .property(.view(ViewID(1), .frameY)))])
        guard case .drivenPropertyWritten(.step(action: 0, index: 0), "v0.position.y", _, "move")? = errors(scene).first else {
            return XCTFail("\(errors(scene))")
        }
    }

    func testBindingCyclesAreNamed() {
        let bindings = [Binding(target: .view(ViewID(0), .alpha), expression: .property(.view(ViewID(1), .alpha))),
                        Binding(target: .view(ViewID(1), .alpha), expression: .property(.view(ViewID(0), .alpha)))]
        let found = errors(Scene(name: "c", size: Size(width: 10, height: 10), duration: 1, views: views(2), bindings: bindings))
        XCTAssertEqual(found, [.bindingCycle(binding: 0, properties: ["v0.alpha", "v1.alpha", "v0.alpha"])])
    }

    /// Each binding reads the next one's target, declared in the worst order: resolution is
    /// iterative, so a long chain neither overflows the stack nor takes quadratic time.
    func testALongBindingChainValidatesAndPlays() throws {
        let count = 20_000
        var bindings: [Binding] = []
        for i in 0..<count - 1 { bindings.append(Binding(target: .view(ViewID(i), .alpha), expression: .property(.view(ViewID(i + 1), .alpha)))) }
        bindings.append(Binding(target: .view(ViewID(count - 1), .alpha), expression: .constant(0.5)))
        let scene = Scene(name: "chain", size: Size(width: 10, height: 10), duration: 1, views: views(count), bindings: bindings)
        let player = try Player(scene: scene)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .alpha)), 0.5)
    }

    func testManyViewsValidate() throws {
        let count = 100_000
        var all = views(count)
        for i in stride(from: 1, to: count, by: 2) { all[i].parent = ViewID(i - 1) }
        try Scene(name: "many", size: Size(width: 10, height: 10), duration: 1, views: all).validate()
    }

    func testBadViewValuesAreReported() {
        var all = views(4)
        all[0].anchorPoint = Point(x: .nan, y: 0.5)
        all[1].transform.scaleX = .infinity
        all[2].id = "v0"
        all[3].parent = ViewID(3)
        XCTAssertEqual(errors(Scene(name: "b", size: Size(width: 10, height: 10), duration: 1, views: all)), [
            .invalidAnchorPoint(view: 0, id: "v0"),
            .nonFiniteValue(view: 1, id: "v1", property: "transform.scale.x"),
            .duplicateViewID(view: 2, id: "v0"),
            .invalidParent(view: 3, id: "v3"),
        ])
    }

    func testAConditionMustBeBoolean() throws {
        let action = Action(name: "a", condition: .constant(1), assignments: [])
        let found = errors(Scene(name: "c", size: Size(width: 10, height: 10), duration: 1, views: views(1),
                                 actions: [Action(name: "b", completion: ActionID(0)), action]))
        XCTAssertTrue(found.contains(.wrongExpressionType(.action(1), expected: .boolean, text: "1")), "\(found)")
    }

    func testEventsAndReferencesAreChecked() {
        let scene = Scene(name: "e", size: Size(width: 10, height: 10), duration: 1, views: views(1),
                          events: [.tap(ViewID(0), at: 0.5), .run(ActionID(3), at: 2)])
        XCTAssertEqual(errors(scene), [.tapWithoutAction(event: 0, view: "v0"), .eventOutsideScene(event: 1, time: 2, duration: 1),
                                       .invalidReference(.event(1), what: "action 3")])
    }

    func testABindingOfFrameWidthDrivesThePositionToo() {
        let bindings = [Binding(target: .view(ViewID(0), .positionX), expression: .constant(100)),
                        Binding(target: .view(ViewID(0), .frameWidth), expression: .constant(50))]
        let found = errors(Scene(name: "w", size: Size(width: 10, height: 10), duration: 1, views: views(1), bindings: bindings))
        XCTAssertEqual(found, [.twoDrivers(.binding(1), property: "v0.position.x",
                                           first: "the binding of 'v0.position.x'", second: "the binding of 'v0.frame.width'")])
    }

    /// Without rotation a frame's height does not read its width's slots: an aspect ratio is no cycle.
    func testAnAspectRatioBindingIsNoCycle() throws {
        let half = try SceneExpression(.binary(.divide, .property(.view(ViewID(0), .frameWidth)), .number(2)))
        let scene = Scene(name: "a", size: Size(width: 10, height: 10), duration: 1, views: views(1),
                          bindings: [Binding(target: .view(ViewID(0), .frameHeight), expression: half)])
        XCTAssertEqual(try Player(scene: scene).presentationValue(.view(ViewID(0), .frameHeight)), 5)
        var rotated = scene
        rotated.views[0].rotation = 0.3   // now the height's bounding box depends on the width
        XCTAssertEqual(errors(rotated).count, 1)
    }

    func testCanvasAndTimingsOfASwiftSceneAreChecked() {
        var scene = Scene(name: "c", size: Size(width: 10, height: .nan), fps: 0, scale: -1, duration: 1, views: views(1))
        XCTAssertEqual(errors(scene).count, 3)
        scene = Scene(name: "c", size: Size(width: 10, height: 10), fps: 60, duration: 1e12, views: views(1))
        XCTAssertEqual(errors(scene).map(\.element), [.scene])
        scene = Scene(name: "t", size: Size(width: 10, height: 10), duration: 1, views: views(1), actions: [
            Action(name: "a", steps: [AnimationStep(property: .view(ViewID(0), .alpha), target: .value(0), timing: .curve(.linear, duration: .nan))]),
            Action(name: "b", steps: [AnimationStep(property: .view(ViewID(0), .alpha), target: .value(.infinity), timing: .curve(.linear, duration: 1), delay: -1)]),
        ])
        XCTAssertEqual(errors(scene).map(\.element), [.step(action: 0, index: 0), .step(action: 1, index: 0)])
    }

    func testAnAlwaysTrueConditionDoesNotHideAZeroTimeLoop() throws {
        let always = try SceneExpression(.boolean(true))
        let scene = Scene(name: "l", size: Size(width: 10, height: 10), duration: 1, views: views(1),
                          actions: [Action(name: "spin", condition: always, completion: ActionID(0))])
        XCTAssertEqual(errors(scene), [.zeroTimeCompletionLoop(action: 0, actions: ["spin", "spin"])])
    }
}
