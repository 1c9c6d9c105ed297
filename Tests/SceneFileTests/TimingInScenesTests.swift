import XCTest
import Motion
import Scene
@testable import SceneFile

/// Every curve and keyframe form a scene file can name reaches the Player intact.
final class TimingInScenesTests: XCTestCase {
    private func scene(animation: String) throws -> Scene {
        try SceneDocument.parse(tappedAnimationScene(animation), file: "t.yaml")
    }

    private func trace(_ scene: Scene, at times: [Double]) throws -> [Double] {
        var player = try Player(scene: scene)
        let x = PropertyRef.view(ViewID(0), .frameX)
        return try times.map { try player.advance(to: $0); return player.presentationValue(x) }
    }

    func testPennerNamesInAnyCase() throws {
        for name in ["easeOutBounce", "EASEOUTBOUNCE", "easeinoutback"] {
            let s = try scene(animation: "{ property: box.frame.x, to: 100, duration: 1, curve: \(name) }")
            let easing = try XCTUnwrap(Easing.named(name))
            XCTAssertEqual(try trace(s, at: [0.3])[0], 100 * easing.value(at: 0.3), accuracy: 1e-9, name)
        }
    }

    func testTypoInAPennerNameSuggestsIt() throws {
        XCTAssertThrowsError(try scene(animation: "{ property: box.frame.x, to: 100, duration: 1, curve: easeOutBounse }")) { error in
            XCTAssertEqual((error as? SceneFileError)?.suggestion, "easeOutBounce")
        }
    }

    func testKeyframesWithTimesAndCurves() throws {
        let s = try scene(animation: """
        { property: box.frame.x, duration: 2, keyframes: { values: [0, 50, 20], keyTimes: [0, 0.25, 1], timingFunctions: [linear, easeIn] } }
        """)
        let values = try trace(s, at: [0, 0.25, 0.5, 1.25, 2, 3])
        XCTAssertEqual(values[0], 0, accuracy: 1e-12)
        XCTAssertEqual(values[1], 25, accuracy: 1e-9)
        XCTAssertEqual(values[2], 50, accuracy: 1e-9)
        XCTAssertEqual(values[3], 50 + (20 - 50) * TimingCurve.easeIn.value(at: 0.5), accuracy: 1e-9)
        XCTAssertEqual(values[4], 20)
        XCTAssertEqual(values[5], 20)
    }

    func testKeyframeErrorsAreLocated() throws {
        let cases: [(String, String)] = [
            ("keyframes: { values: [0, 1], keyTimes: [0, 0.5, 1] }", "keyTimes has 3 entries but values has 2"),
            ("keyframes: { values: [0, 1, 2, 3], keyTimes: [0, 0.7, 0.5, 1] }", "must not decrease"),
            ("keyframes: { values: [0, 1], keyTimes: [0, 1.5] }", "keyTimes"),
            ("keyframes: { values: [], keyTimes: [] }", "values"),
            ("keyframes: { values: [0, 1], calculationMode: pacd }", "calculation mode"),
            ("keyframes: { values: [0, .nan] }", "finite"),
        ]
        for (keyframes, expected) in cases {
            XCTAssertThrowsError(try scene(animation: "{ property: box.frame.x, duration: 1, \(keyframes) }"), keyframes) { error in
                let e = error as? SceneFileError
                XCTAssertEqual(e?.line, 8, keyframes)
                XCTAssertTrue(e?.message.contains(expected) ?? false, "\(keyframes): \(e?.description ?? "\(error)")")
                XCTAssertTrue(e?.keyPath.hasPrefix("actions.go.animations[0].keyframes") ?? false, e?.keyPath ?? "")
            }
        }
        XCTAssertThrowsError(try scene(animation: "{ property: box.frame.x, to: 3, duration: 1, keyframes: { values: [0, 1] } }")) { error in
            XCTAssertTrue((error as? SceneFileError)?.message.contains("remove 'to'") ?? false, "\(error)")
        }
    }

    func testEverySpringFormResolvesToItsPublishedConstants() throws {
        let forms: [(String, SpringParameters?)] = [
            ("duration: 0.5, spring: { damping: 0.75, velocity: 0.8 }", nil),
            ("duration: 0.5, spring: { dampingRatio: 0.75, velocity: 0.8 }", nil),
            ("spring: { stiffness: 100, damping: 10 }", try .caSpringAnimation()),
            ("spring: { stiffness: 250 }", try .caSpringAnimation(stiffness: 250)),
            ("spring: { bounciness: 10 }", try .pop(bounciness: 10, speed: 12)),
            ("spring: { friction: 12 }", try .rebound(tension: 40, friction: 12)),
            ("spring: { mass: 2, stiffness: 300, damping: 20, velocity: 1 }", try .caSpringAnimation(mass: 2, stiffness: 300, damping: 20)),
            ("spring: { response: 0.55, dampingRatio: 0.825 }", try .swiftUI(response: 0.55, dampingRatio: 0.825)),
            ("spring: { duration: 0.5, bounce: 0.3 }", try .swiftUI(duration: 0.5, bounce: 0.3)),
            ("spring: { bounciness: 4, speed: 12 }", try .pop(bounciness: 4, speed: 12)),
            ("spring: { tension: 40, friction: 7 }", try .rebound(tension: 40, friction: 7)),
        ]
        for (form, expected) in forms {
            let s = try scene(animation: "{ property: box.frame.x, to: 100, \(form) }")
            guard case .basic(_, let timing) = s.actions[0].steps[0].motion else { return XCTFail(form) }
            switch (timing, expected) {
            case (.spring(let uikit), nil):
                XCTAssertEqual(uikit, UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8), form)
            case (.physicalSpring(let spring), let expected?):
                XCTAssertEqual(spring.parameters, expected, form)
                // It settles, then rests exactly on the target.
                let values = try trace(s, at: [spring.duration, spring.duration + 1])
                XCTAssertEqual(values, [100, 100], form)
            default:
                XCTFail("\(form) gave \(timing)")
            }
        }
    }

    func testSpringErrorsAreLocatedAndExplained() throws {
        let cases: [(String, String, String)] = [
            ("spring: { stiffness: -1, damping: 10 }", "stiffness must be greater than 0", "spring.stiffness"),
            ("spring: { mass: 0, stiffness: 100, damping: 10 }", "mass must be greater than 0", "spring.mass"),
            ("spring: { stiffness: 100, damping: -3 }", "damping", "spring.damping"),
            ("spring: { duration: 0.5, bounce: 1 }", "bounce must be between -1 and 1", "spring.bounce"),
            ("spring: { duration: 0, bounce: 0.2 }", "duration", "spring.duration"),
            ("spring: { response: 0.5 }", "describe no single spring", "spring"),
            ("spring: { stifness: 100, damping: 10 }", "unknown key", "spring.stifness"),
            ("spring: { damping: 0.7 }", "give a 'duration'", "spring"),
            ("duration: 1, spring: { stiffness: 100, damping: 10 }", "remove it", "duration"),
            ("spring: { stiffness: 100, damping: .nan }", "finite", "spring.damping"),
            ("spring: { tension: 0, friction: 7 }", "from Origami tension 0", "spring.tension"),
            ("spring: { stiffness: 1e300, damping: 10 }", "damping ratio", "spring"),
        ]
        for (form, message, path) in cases {
            XCTAssertThrowsError(try scene(animation: "{ property: box.frame.x, to: 100, \(form) }"), form) { error in
                let e = error as? SceneFileError
                XCTAssertTrue(e?.message.contains(message) ?? false, "\(form): \(e?.description ?? "\(error)")")
                XCTAssertEqual(e?.keyPath, "actions.go.animations[0].\(path)", form)
                XCTAssertEqual(e?.line, 8, form)
            }
        }
    }
}
