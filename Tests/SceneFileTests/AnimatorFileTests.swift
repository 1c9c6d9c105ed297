import XCTest
import Motion
import Scene
@testable import SceneFile

/// Property animators and pan recognizers in scene files, and every way to get them wrong.
final class AnimatorFileTests: XCTestCase {
    private let valid = """
    canvas: { size: [390, 844] }
    duration: 3
    variables: { state: 0 }
    views:
      - id: card
        frame: [0, 600, 390, 244]
        pan: { id: cardPan, began: grab, changed: [follow], ended: release }
    animators:
      lift:
        duration: 0.5
        spring: { dampingRatio: 0.8 }
        animations:
          - { property: card.frame.y, to: "state == 0 ? 100 : 600" }
          - { property: card.alpha, to: 0.5, delayFactor: 0.5 }
        completion: done
    actions:
      grab:
        animators:
          - { create: lift }
      follow:
        animators:
          - { set: lift, fractionComplete: "clamp(-cardPan.translation.y / 500, 0, 1)" }
      release:
        animators:
          - { continue: lift, spring: { dampingRatio: 0.8, initialVelocity: [0, "cardPan.velocity.y / 100"] }, durationFactor: 1 }
      done:
        set: { state: 1 }
    input:
      - drag: { from: [200, 700], to: [200, 450], at: 0.5, duration: 0.5 }
    """

    private func error(_ text: String, line: UInt = #line) -> SceneFileError? { sceneFileError(text, file: "t.yaml", line: line) }

    private func replacing(_ old: String, with new: String) -> String {
        XCTAssertTrue(valid.contains(old), "fixture lacks \(old)")
        return valid.replacingOccurrences(of: old, with: new)
    }


    /// An animator's system comes after the scroll views' (and recognizers'): its scene errors
    /// are still located at its own entry.
    func testAnAnimatorAfterAScrollViewIsBlamedAtItsEntry() {
        let text = """
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - id: list
            frame: [0, 0, 100, 100]
            scroll: { contentSize: [100, 400] }
          - id: box
            frame: [0, 0, 10, 10]
        bindings:
          box.alpha: 0.5
        animators:
          fader:
            duration: 0.5
            animations:
              - { property: box.alpha, to: 0 }
        """
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "box.alpha: 0.5", keyPath: "bindings.box.alpha", kind: .invalidValue,
                      message: "'box.alpha' has two drivers: the binding of 'box.alpha' and animator 'fader'; a property's model value has one driver")
    }
    func testAPanScrubsAndReleasesAnAnimator() throws {
        let scene = try SceneDocument.parse(valid, file: "t.yaml")
        let fraction = try XCTUnwrap(scene.property(named: "lift.fractionComplete"))
        let state = try XCTUnwrap(scene.property(named: "lift.state"))
        let y = try XCTUnwrap(scene.property(named: "card.frame.y"))
        var player = try Player(scene: scene)
        try player.advance(to: 0.4)
        XCTAssertEqual(player.presentationValue(fraction), 0, "no animator yet")
        XCTAssertEqual(player.presentationValue(state), 0)
        try player.advance(to: 0.75)
        // The finger has moved 125 pt at t = 0.75 (a touch sample): fraction 0.25.
        XCTAssertEqual(player.presentationValue(fraction), 0.25, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(state), 1)
        XCTAssertEqual(player.presentationValue(y), 600 - 0.25 * 500, accuracy: 1e-9)
        // addAnimations(delayFactor: 0.5): alpha holds still for the first half of the progress…
        let alpha = try XCTUnwrap(scene.property(named: "card.alpha"))
        XCTAssertEqual(player.presentationValue(alpha), 1, accuracy: 1e-12)
        try player.advance(to: 0.875)
        // …then covers its way in the rest: fraction 0.375 → still 1; at 0.75 it is half way.
        XCTAssertEqual(player.presentationValue(fraction), 0.375, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(alpha), 1, accuracy: 1e-12)
        try player.advance(to: 2.5)
        XCTAssertEqual(player.presentationValue(y), 100)
        XCTAssertEqual(player.presentationValue(.slot(scene.slot(VariableID(0)))), 1, "the completion ran")
        XCTAssertEqual(player.presentationValue(try XCTUnwrap(scene.property(named: "lift.finalPosition"))), 0)
        XCTAssertEqual(player.presentationValue(try XCTUnwrap(scene.property(named: "card.alpha"))), 0.5, accuracy: 1e-12)
    }

    func testBadAnimators() {
        let fraction = replacing("fractionComplete: \"clamp(-cardPan.translation.y / 500, 0, 1)\"", with: "fractionComplete: 1.5")
        assertLocated(error(fraction), in: fraction, at: "1.5", keyPath: "actions.follow.animators[0].fractionComplete", kind: .invalidValue,
                      message: "expected a fractionComplete from 0 to 1, found 1.5")
        let factor = replacing("durationFactor: 1", with: "durationFactor: 0")
        assertLocated(error(factor), in: factor, at: "0 }", after: "durationFactor", keyPath: "actions.release.animators[0].durationFactor",
                      kind: .invalidValue, message: "expected a duration factor greater than 0")
        let huge = replacing("durationFactor: 1", with: "durationFactor: 1e308")
        assertLocated(error(huge), in: huge, at: "1e308", keyPath: "actions.release.animators[0].durationFactor",
                      kind: .invalidValue, message: "expected a duration factor that keeps the animation within 3600 s")
        let ratio = replacing("spring: { dampingRatio: 0.8 }", with: "spring: { dampingRatio: 0 }")
        assertLocated(error(ratio), in: ratio, at: "0 }", after: "lift:", keyPath: "animators.lift.spring.dampingRatio",
                      kind: .invalidValue, message: "a damping ratio")
        let unknown = replacing("{ create: lift }", with: "{ create: lfit }")
        assertLocated(error(unknown), in: unknown, at: "lfit", keyPath: "actions.grab.animators[0].create", kind: .unknownReference,
                      message: "no animator is named 'lfit'", suggestion: "lift")
        let unknownVariable = replacing("set: { state: 1 }", with: "set: { sate: 1 }")
        assertLocated(error(unknownVariable), in: unknownVariable, at: "sate", keyPath: "actions.done.set.sate", kind: .unknownReference,
                      message: "no variable is named 'sate'", suggestion: "state")
        let handler = replacing("ended: release", with: "ended: relase")
        assertLocated(error(handler), in: handler, at: "relase", keyPath: "views[0].pan.ended", kind: .unknownReference,
                      message: "no action is named 'relase'", suggestion: "release")
        let condition = replacing("  grab:\n", with: "  grab:\n    if: \"cardPan.translation.y\"\n")
        assertLocated(error(condition), in: condition, at: "cardPan.translation.y\"", after: "if: ", keyPath: "actions.grab.if", kind: .invalidValue,
                      message: "expected a condition")
        let recognizer = replacing("  done:\n    set: { state: 1 }", with: "  done:\n    set: { state: 1 }\n    recognizers: { crdPan: { isEnabled: false } }")
        assertLocated(error(recognizer), in: recognizer, at: "crdPan", keyPath: "actions.done.recognizers.crdPan", kind: .unknownReference,
                      message: "no gesture recognizer is named 'crdPan'", suggestion: "cardPan")
        let noDuration = replacing("    duration: 0.5\n", with: "")
        XCTAssertEqual(error(noDuration)?.kind, .missingKey)
    }

    /// UIKit raises when finishAnimation(at:) is called on an animator that is not stopped: an
    /// animator no action stops with `withoutFinishing: false` can never be finished.
    func testMisuseKnownBeforePlaying() {
        let finish = replacing("  done:\n", with: "  land:\n    animators:\n      - { finish: lift, at: end }\n  done:\n")
        assertLocated(error(finish), in: finish, at: "{ finish: lift", keyPath: "actions.land.animators[0]", kind: .invalidValue,
                      message: "finishAnimation(at:) is only allowed on a stopped animator")
    }

    /// Misuse that depends on the moment is reported when the scene plays: animator, rule, time.
    func testMisuseWhilePlaying() throws {
        let text = replacing("  done:\n", with: "  early:\n    animators:\n      - { start: lift }\n  done:\n")
            .replacingOccurrences(of: "input:\n", with: "input:\n  - { run: early, at: 0.2 }\n")
        let scene = try SceneDocument.parse(text, file: "t.yaml")
        var player = try Player(scene: scene)
        XCTAssertThrowsError(try player.advance(to: 1)) { error in
            XCTAssertTrue("\(error)".contains("animator 'lift': startAnimation before the animator was created"), "\(error)")
            XCTAssertTrue("\(error)".contains("0.2"), "\(error)")
        }
    }
}
