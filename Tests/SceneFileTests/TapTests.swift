import XCTest
import Motion
import Scene
@testable import SceneFile

/// `tap: ID` goes up the responder chain to the nearest view with `onTap`; a tap on a view that
/// cannot receive it at that instant is a runtime error; `tap: [x, y]` is a touch that does not
/// move, hit-tested as touches are.
final class TapTests: XCTestCase {
    private func scene(input: String, extra: String = "") -> String {
        """
        canvas:
          size: [200, 100]
        duration: 2
        variables: { taps: 0 }
        views:
          - id: row
            frame: [0, 0, 200, 50]
            onTap: count
            subviews:
              - id: title
                frame: [10, 10, 100, 30]
                label: Title
        \(extra)
        actions:
          count:
            set: { taps: taps + 1 }
          hide:
            animations:
              - { property: row.alpha, to: 0, duration: 0.1 }
        input:
        \(input)
        """
    }

    private func taps(_ text: String, at t: Double = 1.9) throws -> Double {
        var player = try Player(scene: try SceneDocument.parse(text, file: "t.yaml"))
        try player.advance(to: t)
        return player.presentationValue(try XCTUnwrap(player.scene.property(named: "variables.taps")))
    }

    func testATapOnALabelBubblesToTheRowsOnTap() throws {
        XCTAssertEqual(try taps(scene(input: "  - { tap: title, at: 0.5 }\n  - { tap: row, at: 1 }")), 2)
    }

    func testATapAtAPointIsHitTestedAndBubbles() throws {
        let text = scene(input: "  - { tap: [50, 20], at: 0.5 }\n  - { tap: [50, 80], at: 1 }")
        // The first lands on the title (inside the row), the second on nothing.
        XCTAssertEqual(try taps(text), 1)
        let parsed = try SceneDocument.parse(text, file: "t.yaml")
        XCTAssertEqual(parsed.touches.map(\.begin), [0.5, 1])
        XCTAssertEqual(parsed.touches.first?.firstPoint, Point(x: 50, y: 20))
        XCTAssertFalse(parsed.touches[0].moves())
    }

    func testATapOnAViewThatCannotReceiveItIsARuntimeErrorNamingTheTap() throws {
        let text = scene(input: "  - { run: hide, at: 0.2 }\n  - { tap: title, at: 0.5 }")
        XCTAssertThrowsError(try taps(text)) { error in
            guard case SceneRuntimeError.tapRefused(let view, let reason, let time, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(view, "title")
            XCTAssertEqual(time, 0.5)
            XCTAssertTrue(reason.contains("'row'") && reason.contains("nearly transparent"), reason)
            XCTAssertTrue("\(error)".hasPrefix("the tap on 'title' at t = 0.5 s cannot reach it"), "\(error)")
        }
        let hidden = scene(input: "  - { tap: title, at: 0.5 }").replacingOccurrences(of: "label: Title", with: "label: Title\n        hidden: true")
        XCTAssertThrowsError(try taps(hidden)) { error in
            guard case SceneRuntimeError.tapRefused(_, let reason, _, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, "it is hidden")
        }
        let inert = scene(input: "  - { tap: title, at: 0.5 }").replacingOccurrences(of: "label: Title", with: "label: Title\n        isUserInteractionEnabled: false")
        XCTAssertThrowsError(try taps(inert)) { error in
            guard case SceneRuntimeError.tapRefused(_, let reason, _, _) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("it is not interactive"), reason)
        }
    }

    func testATapPointOutsideTheCanvasIsLocated() {
        let text = scene(input: "  - { tap: [50, 120], at: 0.5 }")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "[50, 120]", keyPath: "input[0].tap",
                      kind: .invalidValue, message: "the tap point [50, 120] is outside the canvas, which is 200 × 100 points")
    }

    func testATapReachingNoOnTapIsLocated() {
        let text = scene(input: "  - { tap: lone, at: 0.5 }", extra: "  - { id: lone, frame: [0, 60, 10, 10] }")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "lone, at", keyPath: "input[0].tap",
                      kind: .invalidValue, message: "neither view 'lone' nor any view it is inside has an onTap action")
    }
}
