import XCTest
import Motion
import Scene
@testable import SceneFile

/// UIView.animate's completion and its `finished` flag: an action whose every animation a later
/// one removed completes at that instant with `finished` false; otherwise it completes when its
/// animations end, with `finished` true.
final class CompletionFinishedTests: XCTestCase {
    /// `first` animates over 1 s from t = 0 and completes into `record`, which counts its runs
    /// and notes `finished`; `second` runs at 0.4 s.
    private func scene(first: String, second: String, header: String = "") throws -> Scene {
        try SceneDocument.parse("""
        canvas: { size: [200, 200] }
        duration: 2
        \(header)
        variables: { runs: 0, wasFinished: -1 }
        views:
          - { id: box, frame: [0, 0, 50, 50], backgroundColor: "#000000" }
        actions:
          first:
            animations:
              - \(first)
            completion: record
          second:
            animations:
              - \(second)
          record:
            set: { runs: "runs + 1", wasFinished: "finished ? 1 : 0" }
        input:
          - { run: first, at: 0 }
          - { run: second, at: 0.4 }
        """, file: "t.yaml")
    }

    /// (runs, wasFinished) at each time, from one Player going forward.
    private func trace(_ scene: Scene, at times: [Double]) throws -> [(runs: Double, finished: Double)] {
        var player = try Player(scene: scene)
        let runs = try XCTUnwrap(scene.property(named: "variables.runs"))
        let finished = try XCTUnwrap(scene.property(named: "variables.wasFinished"))
        return try times.map { t in
            try player.advance(to: t)
            return (player.presentationValue(runs), player.presentationValue(finished))
        }
    }

    private let times = [(0.4 as Double).nextDown, 0.4, 0.9, (1.0 as Double).nextDown, 1.0, 1.5]

    private func assertCompletes(at completion: Double, finished: Bool, _ scene: Scene, _ what: String, line: UInt = #line) throws {
        for (t, value) in zip(times, try trace(scene, at: times)) {
            XCTAssertEqual(value.runs, t < completion ? 0 : 1, "\(what): runs at \(t)", line: line)
            XCTAssertEqual(value.finished, t < completion ? -1 : (finished ? 1 : 0), "\(what): finished at \(t)", line: line)
        }
    }

    func testAReplacedAnimationCompletesAtTheReplacementWithFinishedFalse() throws {
        // alpha is not additive: the second animation removes the first.
        try assertCompletes(at: 0.4, finished: false, try scene(first: "{ property: box.alpha, to: 0, duration: 1 }",
                                                                second: "{ property: box.alpha, to: 1, duration: 1 }"), "alpha")
        // Under animationModel: ios7 every property replaces.
        try assertCompletes(at: 0.4, finished: false, try scene(first: "{ property: box.position.x, to: 150, duration: 1 }",
                                                                second: "{ property: box.position.x, to: 25, duration: 1 }",
                                                                header: "animationModel: ios7"), "ios7 position")
        // Keyframe animations always replace, even on an additive property.
        try assertCompletes(at: 0.4, finished: false, try scene(first: "{ property: box.position.x, to: 150, duration: 1 }",
                                                                second: "{ property: box.position.x, keyframes: { values: [25, 100, 25] }, duration: 1 }"),
                            "keyframes")
    }

    func testAnAdditiveAnimationCompletesAtItsEndWithFinishedTrue() throws {
        try assertCompletes(at: 1, finished: true, try scene(first: "{ property: box.position.x, to: 150, duration: 1 }",
                                                             second: "{ property: box.position.x, to: 25, duration: 1 }"), "additive position")
        // A replacement on another property leaves this one's animation alone.
        try assertCompletes(at: 1, finished: true, try scene(first: "{ property: box.alpha, to: 0, duration: 1 }",
                                                             second: "{ property: box.cornerRadius, to: 10, duration: 1 }"), "other property")
    }

    /// An action replacing its own animation (two steps on one property) still completes at its end.
    func testAnActionsOwnStepsDoNotCountAsReplacement() throws {
        let scene = try scene(first: "{ property: box.alpha, to: 0, duration: 1 }\n      - { property: box.alpha, to: 0.5, duration: 1 }",
                              second: "{ property: box.cornerRadius, to: 10, duration: 1 }")
        try assertCompletes(at: 1, finished: true, scene, "own steps")
    }

    /// An `if:` reading `finished` picks what the completion does.
    func testAConditionReadsFinished() throws {
        let scene = try SceneDocument.parse("""
        canvas: { size: [200, 200] }
        duration: 2
        variables: { interrupted: 0, completed: 0 }
        views:
          - { id: box, frame: [0, 0, 50, 50] }
        actions:
          fade:
            animations: [{ property: box.alpha, to: 0, duration: 1 }]
            completion: whenDone
          stop:
            animations: [{ property: box.alpha, to: 1, duration: 0.2 }]
          whenDone:
            if: "!finished"
            set: { interrupted: "interrupted + 1" }
            completion: always
          always:
            if: finished
            set: { completed: "completed + 1" }
        input:
          - { run: fade, at: 0 }
          - { run: stop, at: 0.5 }
        """, file: "t.yaml")
        var player = try Player(scene: scene)
        try player.advance(to: 2)
        XCTAssertEqual(player.presentationValue(try XCTUnwrap(scene.property(named: "variables.interrupted"))), 1)
        XCTAssertEqual(player.presentationValue(try XCTUnwrap(scene.property(named: "variables.completed"))), 1,
                       "whenDone has no animation: its own completion finished")
    }

    func testAVariableNamedFinishedIsALocatedError() {
        let text = """
        canvas: { size: [200, 200] }
        duration: 1
        variables: { state: 0, finished: 0 }
        views:
          - { id: box, frame: [0, 0, 50, 50] }
        """
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "finished", keyPath: "variables.finished",
                      kind: .invalidValue, message: "'finished' is now reserved")
    }

    func testFinishedOutsideAnActionIsALocatedError() {
        let text = """
        canvas: { size: [200, 200] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 50, 50] }
        bindings:
          box.alpha: "finished ? 1 : 0"
        """
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "finished ?", keyPath: "bindings.box.alpha",
                      kind: .invalidValue, message: "'finished' is only defined in actions")
    }

    /// The name in Swift: a condition that no constant folding removes, true unless bound false.
    func testTheFinishedNodeInSwift() throws {
        let e = try Expression(.unary(.not, .finished))
        XCTAssertEqual(e.type, .boolean)
        XCTAssertEqual(e.text, "!finished")
        XCTAssertNil(e.constantValue)
        XCTAssertEqual(e.evaluate({ _ in 0 }), 0)
        XCTAssertEqual(e.evaluate({ _ in 0 }, finished: false), 1)
        XCTAssertThrowsError(try Expression(.binary(.add, .finished, .number(1))), "a condition, not a number")
    }
}
