import XCTest
import Motion
import Scene
@testable import SceneFile

/// Every curve and keyframe form a scene file can name reaches the Player intact.
final class TimingInScenesTests: XCTestCase {
    private func scene(animation: String) throws -> Scene {
        try SceneDocument.parse("""
        canvas: { size: [100, 100] }
        duration: 2
        views:
          - { id: box, frame: [0, 0, 10, 10], onTap: go }
        actions:
          go:
            animations:
              - \(animation)
        input:
          - { tap: box, at: 0 }
        """, file: "t.yaml")
    }

    private func trace(_ scene: Scene, at times: [Double]) -> [Double] {
        var player = Player(scene: scene)
        let x = PropertyRef(view: 0, property: .frameX)
        return times.map { player.advance(to: $0); return player.presentationValue(x) }
    }

    func testPennerNamesInAnyCase() throws {
        for name in ["easeOutBounce", "EASEOUTBOUNCE", "easeinoutback"] {
            let s = try scene(animation: "{ property: box.frame.x, to: 100, duration: 1, curve: \(name) }")
            let easing = try XCTUnwrap(Easing.named(name))
            XCTAssertEqual(trace(s, at: [0.3])[0], 100 * easing.value(at: 0.3), accuracy: 1e-9, name)
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
        let values = trace(s, at: [0, 0.25, 0.5, 1.25, 2, 3])
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
}
