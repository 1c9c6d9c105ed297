import XCTest
import Motion
import Scene
@testable import SceneFile

/// Core Animation timing keys on an animation entry: repeats, autoreverse, speed, offset,
/// begin time, fill modes, `removedOnCompletion` and `model: keep`, through the Player.
final class MediaTimingFileTests: XCTestCase {
    private func text(_ animation: String, completion: Bool = false) -> String {
        tappedAnimationScene(animation, top: "variables: { done: 0 }",
                             after: completion ? "    completion: finish\n  finish: { set: { done: 1 } }" : "")
    }

    private let x = PropertyRef.view(ViewID(0), .frameX)

    private func player(_ animation: String, completion: Bool = false) throws -> Player {
        try Player(scene: try SceneDocument.parse(text(animation, completion: completion), file: "t.yaml"))
    }

    /// The variable `done`, which the completion sets to 1.
    private func done(_ p: Player) -> Double { p.presentationValue(.slot(SlotID(p.scene.variableSlot(VariableID(0))))) }

    private func values(_ animation: String, at times: [Double]) throws -> [Double] {
        var player = try player(animation)
        return try times.map { try player.advance(to: $0); return player.presentationValue(x) }
    }

    func testWriteModeKeepsTodaysModelAndAutoreverseJumpsToIt() throws {
        var p = try player("{ property: box.frame.x, to: 100, duration: 0.5, curve: linear, autoreverses: true }")
        try p.advance(to: 0.75)
        XCTAssertEqual(p.presentationValue(x), 50, accuracy: 1e-9, "on the way back")
        XCTAssertEqual(p.modelValue(x), 100, "UIView.animate writes the target at once")
        try p.advance(to: 1.5)
        XCTAssertEqual(p.presentationValue(x), 100, "removed at its end: the model shows (UIKit's jump)")
    }

    func testKeepModeLeavesTheModelAndAutoreverseEndsAtIt() throws {
        var p = try player("{ property: box.frame.x, to: 100, duration: 0.5, curve: linear, autoreverses: true, model: keep }")
        try p.advance(to: 0.25)
        XCTAssertEqual(p.presentationValue(x), 50, accuracy: 1e-9)
        XCTAssertEqual(p.modelValue(x), 0, "Core Animation leaves the model as it was")
        try p.advance(to: 1.5)
        XCTAssertEqual(p.presentationValue(x), 0)
    }

    func testKeepModeNotRemovedWithForwardsHoldsTheLastValue() throws {
        let held = try values("{ property: box.frame.x, to: 100, duration: 1, curve: linear, model: keep, removedOnCompletion: false, fillMode: forwards, repeatCount: 1.5 }",
                              at: [0.25, 1.25, 1.9])
        XCTAssertEqual(held[0], 25, accuracy: 1e-9)
        XCTAssertEqual(held[1], 25, accuracy: 1e-9, "second cycle")
        XCTAssertEqual(held[2], 50, accuracy: 1e-9, "held half-way through the second cycle")
        let removed = try values("{ property: box.frame.x, to: 100, duration: 1, curve: linear, model: keep, fillMode: forwards }", at: [1.5])
        XCTAssertEqual(removed[0], 0, "removed on completion: the model shows again")
    }

    func testBeginTimeAddsToDelayAndTheFillDecidesWhatShowsBefore() throws {
        let uikit = try values("{ property: box.frame.x, to: 100, duration: 1, curve: linear, delay: 0.2, beginTime: 300ms }", at: [0.4, 1])
        XCTAssertEqual(uikit[0], 0, "backwards fill by default: the start value holds")
        XCTAssertEqual(uikit[1], 50, accuracy: 1e-9, "begins at delay + beginTime")
        let removed = try values("{ property: box.frame.x, to: 100, duration: 1, curve: linear, beginTime: 0.5, fillMode: removed }", at: [0.4])
        XCTAssertEqual(removed[0], 100, "no backwards fill: the model (already the target) shows")
        let keep = try values("{ property: box.frame.x, to: 100, duration: 1, curve: linear, beginTime: 0.5, model: keep, fillMode: backwards, timeOffset: 0.25 }",
                              at: [0.4, 0.75])
        XCTAssertEqual(keep[0], 25, accuracy: 1e-9, "backwards fill from the offset")
        XCTAssertEqual(keep[1], 50, accuracy: 1e-9)
    }

    func testSpeedShortensTheAnimationAndItsCompletion() throws {
        var p = try player("{ property: box.frame.x, to: 100, duration: 1, curve: linear, speed: 2 }", completion: true)
        try p.advance(to: 0.25)
        XCTAssertEqual(p.presentationValue(x), 50, accuracy: 1e-9)
        try p.advance(to: 0.49)
        XCTAssertEqual(done(p), 0)
        try p.advance(to: 0.5)
        XCTAssertEqual(done(p), 1, "completes at duration / speed")
    }

    func testAnInfiniteRepeatSchedulesNoCompletionAndStaysExact() throws {
        var p = try player("{ property: box.frame.x, to: 100, duration: 0.5, curve: linear, repeatCount: infinity }", completion: true)
        let events = p.statistics.eventsDispatched
        try p.advance(to: 10_000.125)
        XCTAssertEqual(p.presentationValue(x), 25, accuracy: 1e-6)
        XCTAssertEqual(done(p), 0, "the completion never runs")
        XCTAssertEqual(p.statistics.eventsDispatched, events, "nothing was scheduled")
    }

    func testEachTimingKeyErrorIsLocated() {
        let cases: [(animation: String, at: String, key: String, kind: SceneFileError.Kind, message: String, suggestion: String?)] = [
            ("repeatCount: -1", "-1", "repeatCount", .invalidValue, "expected a repeat count of at least 0 (or infinity), found -1", nil),
            ("repeatCount: lots", "lots", "repeatCount", .wrongType, "expected a repeat count (a number of at least 0, or infinity)", nil),
            ("repeatCount: 2, repeatDuration: 1", "1 }", "repeatDuration", .invalidValue, "give either 'repeatCount' or 'repeatDuration'", nil),
            ("repeatDuration: 0", "0 }", "repeatDuration", .invalidValue, "expected a repeat duration in seconds greater than 0", nil),
            ("autoreverses: sometimes", "sometimes", "autoreverses", .wrongType, "expected true or false", nil),
            ("speed: 0", "0 }", "speed", .invalidValue, "expected a speed (local seconds per second) between 0.001 and 1000", nil),
            ("timeOffset: -1", "-1", "timeOffset", .invalidValue, "expected a time offset in seconds of at least 0", nil),
            ("beginTime: 2 s", "2 s", "beginTime", .invalidValue, "write the unit right after the number", nil),
            ("fillMode: forward", "forward", "fillMode", .invalidValue, "expected a fill mode (removed, forwards, backwards, both)", "forwards"),
            ("removedOnCompletion: 3", "3", "removedOnCompletion", .wrongType, "expected true or false", nil),
            ("model: keeps", "keeps", "model", .invalidValue, "expected a model mode (write, keep)", "keep"),
        ]
        for c in cases {
            let t = text("{ property: box.frame.x, to: 100, duration: 1, \(c.animation) }")
            assertLocated(sceneFileError(t, file: "t.yaml"), in: t, at: c.at, after: c.key + ":", keyPath: "actions.go.animations[0].\(c.key)",
                          kind: c.kind, message: c.message, suggestion: c.suggestion)
        }
    }
}
