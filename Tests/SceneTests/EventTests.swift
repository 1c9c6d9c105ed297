import XCTest
import Motion
@testable import Scene

final class EventTests: XCTestCase {
    /// Variable `index` of a scene of one view.
    private func variable(_ index: Int) -> PropertyRef {
        .slot(SlotLayout(viewCount: 1, variableCount: index + 1, declaredCount: 0).slot(VariableID(index)))
    }

    private let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .black)
    private let linear = AnimationTiming.curve(.linear, duration: 0.5)

    private func move(_ name: String, to x: Double, completion: ActionID? = nil, condition: SceneExpression? = nil,
                      assignments: [VariableAssignment] = []) -> Action {
        Action(name: name, condition: condition, assignments: assignments,
               steps: [AnimationStep(property: .view(ViewID(0), .frameX), target: .value(x), timing: linear)], completion: completion)
    }

    func testRunStartsAnActionWithoutAView() throws {
        var player = try Player(scene: Scene(name: "r", size: Size(width: 100, height: 100), duration: 2, views: [box],
                                             actions: [move("go", to: 50)], events: [.run(ActionID(0), at: 0.5)]))
        try player.advance(to: 0.75)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 25, accuracy: 1e-9)
    }

    func testCompletionRunsWhenTheAnimationsFinish() throws {
        let actions = [move("there", to: 50, completion: ActionID(1)), move("back", to: 0)]
        var player = try Player(scene: Scene(name: "c", size: Size(width: 100, height: 100), duration: 3, views: [box],
                                             actions: actions, events: [.run(ActionID(0), at: 0)]))
        try player.advance(to: 0.5)
        XCTAssertEqual(player.modelValue(.view(ViewID(0), .frameX)), 0)   // `back` ran at 0.5
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 50, accuracy: 1e-9)
        try player.advance(to: 0.75)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 25, accuracy: 1e-9)
    }

    func testConditionsAndVariables() throws {
        let state = variable(0)
        let isZero = try SceneExpression(.binary(.equal, .property(state), .number(0)))
        let increment = VariableAssignment(variable: VariableID(0), value: try SceneExpression(.binary(.add, .property(state), .number(1))))
        let actions = [move("first", to: 50, condition: isZero, assignments: [increment])]
        var player = try Player(scene: Scene(name: "v", size: Size(width: 100, height: 100), duration: 3, views: [box],
                                             variables: [Variable(name: "state", initialValue: 0)], actions: actions,
                                             events: [.run(ActionID(0), at: 0), .run(ActionID(0), at: 1)]))
        try player.advance(to: 2)
        // The second run found state == 1 and did nothing: no second increment.
        XCTAssertEqual(player.presentationValue(state), 1)
        XCTAssertEqual(player.scene.name(of: state), "variables.state")
        XCTAssertEqual(player.scene.property(named: "variables.state"), state)
    }

    func testSameInstantEventsRunInScriptedThenScheduledOrder() throws {
        let x = variable(0)
        func set(_ name: String, _ value: Double, completion: ActionID? = nil) -> Action {
            Action(name: name, assignments: [VariableAssignment(variable: VariableID(0), value: .constant(value))], completion: completion)
        }
        // a (t = 0) completes into c at once; b is scripted at t = 0 too, so it runs before c.
        let actions = [set("a", 1, completion: ActionID(2)), set("b", 2), set("c", 3)]
        var player = try Player(scene: Scene(name: "o", size: Size(width: 10, height: 10), duration: 1, views: [box],
                                             variables: [Variable(name: "x", initialValue: 0)], actions: actions,
                                             events: [.run(ActionID(0), at: 0), .run(ActionID(1), at: 0)]))
        try player.advance(to: 0)
        XCTAssertEqual(player.presentationValue(x), 3)
    }

    func testAZeroTimeCompletionLoopIsRejected() {
        let actions = [Action(name: "ping", completion: ActionID(1)), Action(name: "pong", completion: ActionID(0))]
        let scene = Scene(name: "l", size: Size(width: 10, height: 10), duration: 1, views: [box], actions: actions, events: [.run(ActionID(0), at: 0)])
        XCTAssertThrowsError(try scene.validate()) { error in
            XCTAssertEqual((error as? SceneErrors)?.errors, [.zeroTimeCompletionLoop(action: 0, actions: ["ping", "pong", "ping"])])
        }
    }

    func testALoopThatNeverEndsStopsWithAnError() throws {
        let n = variable(0)
        let always = try SceneExpression(.binary(.greaterOrEqual, .property(n), .number(0)))
        let loop = Action(name: "spin", condition: always,
                          assignments: [VariableAssignment(variable: VariableID(0), value: try SceneExpression(.binary(.add, .property(n), .number(1))))],
                          completion: ActionID(0))
        let scene = Scene(name: "s", size: Size(width: 10, height: 10), duration: 2, views: [box],
                          variables: [Variable(name: "n", initialValue: 0)], actions: [loop], events: [.run(ActionID(0), at: 1)])
        var player = try Player(scene: scene)
        XCTAssertThrowsError(try player.frame(at: 1, fps: 1)) { error in
            guard case .eventLoop(let actions, let time, let frame)? = error as? SceneRuntimeError else { return XCTFail("\(error)") }
            XCTAssertEqual(actions.last, "spin")
            XCTAssertEqual(time, 1)
            XCTAssertEqual(frame, 1)
        }
    }

    func testANonFiniteBindingStopsAtTheFrameItHappensIn() throws {
        let follower = View(id: "f", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // f.frame.y = 10 / (10 − box.frame.x): infinite when the box reaches x = 10 at t = 0.1.
        let expression = try SceneExpression(.binary(.divide, .number(10), .binary(.subtract, .number(10), .property(.view(ViewID(0), .frameX)))),
                                        text: "10 / (10 - box.frame.x)")
        let scene = Scene(name: "n", size: Size(width: 100, height: 100), duration: 1, views: [box, follower],
                          actions: [Action(name: "go", steps: [AnimationStep(property: .view(ViewID(0), .frameX), target: .value(20),
                                                                             timing: .curve(.linear, duration: 0.2))])],
                          events: [.run(ActionID(0), at: 0)], bindings: [Binding(target: .view(ViewID(1), .frameY), expression: expression)])
        var player = try Player(scene: scene)
        XCTAssertNoThrow(try player.frame(at: 5, fps: 60))
        XCTAssertThrowsError(try player.frame(at: 6, fps: 60)) { error in
            guard case .nonFinite(let e, _, let time, let frame)? = error as? SceneRuntimeError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.text, "10 / (10 - box.frame.x)")
            XCTAssertEqual(time, 0.1, accuracy: 1e-12)
            XCTAssertEqual(frame, 6)
            XCTAssertTrue("\(error)".contains("frame 6"), "\(error)")
        }
    }

    /// A comparison with NaN has no answer: a condition reading one stops the scene like any
    /// non-finite value, naming the expression, the frame and the time. A guard that decides
    /// first (`x >= 0 && ...`, `?:`) keeps the NaN out, as it would in Swift.
    func testANaNInAConditionStopsAtTheFrameItHappensIn() throws {
        let x = ExpressionNode.property(variable(0))
        let root = ExpressionNode.binary(.greater, .call(.sqrt, [x]), .number(1))
        func scene(_ condition: ExpressionNode, text: String) throws -> Scene {
            let flag = ExpressionNode.property(variable(1))
            let check = Action(name: "check", condition: try SceneExpression(condition, text: text),
                               assignments: [VariableAssignment(variable: VariableID(1), value: try SceneExpression(.binary(.add, flag, .number(1))))])
            return Scene(name: "nan", size: Size(width: 100, height: 100), duration: 1, views: [box],
                         variables: [Variable(name: "x", initialValue: -1), Variable(name: "ran", initialValue: 0)],
                         actions: [check], events: [.run(ActionID(0), at: 0.3)])
        }
        let failing: [(ExpressionNode, String)] = [
            (root, "sqrt(x) > 1"),
            (.unary(.not, root), "!(sqrt(x) > 1)"),
            (.binary(.equal, .call(.sqrt, [x]), .call(.sqrt, [x])), "sqrt(x) == sqrt(x)"),
            (.binary(.or, root, .boolean(true)), "sqrt(x) > 1 || true"),
            (.binary(.and, .boolean(true), root), "true && sqrt(x) > 1"),
        ]
        for (condition, text) in failing {
            var player = try Player(scene: try scene(condition, text: text))
            XCTAssertNoThrow(try player.frame(at: 17, fps: 60), text)
            XCTAssertThrowsError(try player.frame(at: 18, fps: 60), text) { error in
                guard case .nonFinite(let e, let value, let time, let frame)? = error as? SceneRuntimeError else { return XCTFail("\(text): \(error)") }
                XCTAssertEqual(e.text, text)
                XCTAssertTrue(value.isNaN, text)
                XCTAssertEqual(time, 0.3, accuracy: 1e-12)
                XCTAssertEqual(frame, 18)
                XCTAssertTrue("\(error)".contains("expression '\(text)' gave NaN at frame 18, t = 0.3 s"), "\(error)")
            }
        }
        // Decided before the NaN is read: no error, as Swift's short-circuit would have it.
        let guarded: [(ExpressionNode, String, Double)] = [
            (.binary(.and, .binary(.greaterOrEqual, x, .number(0)), root), "x >= 0 && sqrt(x) > 1", 0),
            (.binary(.or, .binary(.less, x, .number(0)), root), "x < 0 || sqrt(x) > 1", 1),
            (.conditional(.binary(.less, x, .number(0)), .boolean(false), root), "x < 0 ? false : sqrt(x) > 1", 0),
        ]
        for (condition, text, ran) in guarded {
            var player = try Player(scene: try scene(condition, text: text))
            XCTAssertNoThrow(try player.frame(at: 30, fps: 60), text)
            XCTAssertEqual(player.presentationValue(variable(1)), ran, text)
        }
    }

    func testManyScriptedEventsAtOneInstantAreNoLoop() throws {
        let bump = Action(name: "bump", assignments: [VariableAssignment(variable: VariableID(0), value: try SceneExpression(.binary(.add, .property(variable(0)), .number(1))))])
        let events = (0..<(Player.maximumEventsPerInstant + 2)).map { _ in ScriptedEvent.run(ActionID(0), at: 0.5) }
        var player = try Player(scene: Scene(name: "m", size: Size(width: 10, height: 10), duration: 1, views: [box],
                                             variables: [Variable(name: "n", initialValue: 0)], actions: [bump], events: events))
        try player.advance(to: 1)
        XCTAssertEqual(player.presentationValue(variable(0)), Double(events.count))
    }
}
