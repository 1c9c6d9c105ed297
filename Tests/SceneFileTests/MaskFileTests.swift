import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// `mask:` (CALayer.mask) read as written: a view tree with its own id and slots, in the masked
/// view's coordinates, not a subview (never hit), and each bad input one located error.
final class MaskFileTests: XCTestCase {
    private func scene(_ views: String, extra: String = "") -> String {
        "canvas: { size: [200, 200], fps: 10 }\nduration: 1\nviews:\n" + views + "\n" + extra
    }

    private func parse(_ views: String, extra: String = "") throws -> Scene {
        try SceneDocument.parse(scene(views, extra: extra), file: "t.yaml")
    }

    private func assertError(_ views: String, extra: String = "", at target: String, after: String = "", keyPath: String,
                             kind: SceneFileError.Kind = .invalidValue, message: String, suggestion: String? = nil, line: UInt = #line) {
        let text = scene(views, extra: extra)
        assertLocated(sceneFileError(text, file: "t.yaml", line: line), in: text, at: target, after: after, keyPath: keyPath, kind: kind,
                      message: message, suggestion: suggestion, line: line)
    }

    private let photo = """
      - id: photo
        frame: [20, 20, 160, 100]
        backgroundColor: "#ff0000"
        onTap: go
        subviews:
          - { id: inside, frame: [0, 0, 10, 10], backgroundColor: "#00ff00" }
        mask:
          id: circle
          frame: [60, 30, 40, 40]
          cornerRadius: 20
          backgroundColor: "#000000"
          subviews:
            - { id: dot, frame: [0, 0, 4, 4], backgroundColor: "#000000" }
    """
    private let go = "actions:\n  go:\n    animations:\n      - { property: circle.transform.scale, to: 5, duration: 1, curve: linear }\n"

    func testAMaskIsAViewOfItsOwnThatIsNotASubview() throws {
        let scene = try parse(photo, extra: go)
        let ids = scene.views.map(\.id)
        XCTAssertEqual(ids, ["photo", "inside", "circle", "dot"])
        XCTAssertEqual(scene.views[0].mask, ViewID(2))
        XCTAssertEqual(scene.views[2].parent, ViewID(0), "the mask lives in the masked view's coordinates")
        XCTAssertEqual(scene.views[2].frame, Rect(x: 60, y: 30, width: 40, height: 40))
        XCTAssertEqual(scene.views[3].parent, ViewID(2))
        let player = try Player(scene: scene)
        let (roots, children) = player.viewTree
        XCTAssertEqual(roots, [ViewID(0)])
        XCTAssertEqual(children[0], [ViewID(1)], "the mask is not among the subviews")
        XCTAssertEqual(children[2], [ViewID(3)], "the mask's own subviews are its children")
        // Never hit-tested: a point on the mask's little square hits the masked view.
        XCTAssertEqual(player.hitTestView(at: Point(x: 81, y: 51)), ViewID(0))
        XCTAssertEqual(player.hitTestView(at: Point(x: 21, y: 21)), ViewID(1))
    }

    func testTheMasksPropertiesAnimateLikeAnyViews() throws {
        var player = try Player(scene: try parse(photo, extra: go + "input:\n  - { tap: photo, at: 0 }\n"))
        _ = try player.frame(at: 5, fps: 10)
        let scale = try XCTUnwrap(ViewProperty(path: "transform.scale.x"))
        XCTAssertEqual(player.presentationValue(.view(ViewID(2), scale)), 3, accuracy: 1e-12, "half-way from 1 to 5, linear")
    }

    func testWithoutIdOrFrameTheMaskIsNamedAfterItsViewAndCoversItsBounds() throws {
        let scene = try parse("""
          - id: card
            position: [100, 100]
            bounds: [10, 20, 80, 60]
            mask: { shape: { fill: "#000000", path: [{ move: [0, 0] }, { line: [width, height] }, { line: [0, height] }, close] } }
        """)
        XCTAssertEqual(scene.views.map(\.id), ["card", "card_mask"])
        XCTAssertEqual(scene.views[1].frame, Rect(x: 10, y: 20, width: 80, height: 60))
        XCTAssertNotNil(scene.views[1].shape)
    }

    func testAMaskMustBeAMapping() {
        assertError("  - { id: a, frame: [0, 0, 10, 10], mask: black }", at: "black", keyPath: "views[0].mask", kind: .wrongType,
                    message: "expected a mask: a view with a view's keys")
    }

    func testAnUnknownKeyInAMaskIsSuggested() {
        assertError("  - { id: a, frame: [0, 0, 10, 10], mask: { backgroundColour: black } }", at: "backgroundColour",
                    keyPath: "views[0].mask.backgroundColour", kind: .unknownKey, message: "unknown key 'backgroundColour'",
                    suggestion: "backgroundColor")
    }

    func testAMaskCannotRepeat() {
        assertError("  - { id: a, frame: [0, 0, 10, 10], mask: { repeat: 3, backgroundColor: black } }", at: "repeat",
                    keyPath: "views[0].mask.repeat", message: "a mask is one view and cannot repeat")
    }

    func testAMasksIdMustNotClash() {
        assertError("""
          - { id: a, frame: [0, 0, 10, 10], mask: { id: b, backgroundColor: black } }
          - { id: b, frame: [0, 0, 10, 10] }
        """, at: "b, frame", keyPath: "views[1].id", message: "another view already has the id 'b'")
        assertError("""
          - { id: a_mask, frame: [0, 0, 10, 10] }
          - { id: a, frame: [0, 0, 10, 10], mask: { backgroundColor: black } }
        """, at: "{ backgroundColor", keyPath: "views[1].mask.id", message: "another view already has the id 'a_mask'")
    }

    func testAMaskIsNeverTouched() {
        for key in ["onTap: go", "scroll: {}", "pan: { id: drag }"] {
            let name = String(key.prefix { $0 != ":" })
            assertError("""
              - id: a
                frame: [0, 0, 10, 10]
                mask:
                  backgroundColor: black
                  subviews:
                    - { id: deep, frame: [0, 0, 10, 10], \(key) }
            """, extra: "actions:\n  go: { animations: [{ property: a.alpha, to: 1, duration: 1 }] }\n", at: name, after: "deep", keyPath: "views[0].mask.subviews[0].\(name)",
                        message: "a mask is never touched (it has no superlayer and is not hit-tested): '\(name)' cannot be used inside 'mask'")
        }
    }

    func testAScriptedTapCannotNameAMaskView() {
        assertError("  - { id: a, frame: [0, 0, 10, 10], onTap: go, mask: { id: m, backgroundColor: black } }",
                    extra: "actions:\n  go: { animations: [{ property: a.alpha, to: 0, duration: 1 }] }\ninput:\n  - { tap: m, at: 0 }\n",
                    at: "m, at", keyPath: "input[0].tap", message: "'m' is part of a mask, which has no superlayer and cannot be tapped")
    }

    func testConstraintsCannotNameAMaskView() {
        assertError("  - { id: a, frame: [0, 0, 10, 10], mask: { id: m, backgroundColor: black } }",
                    extra: "constraints:\n  small: \"m.width == 5\"\n", at: "\"m.width", keyPath: "constraints.small",
                    message: "'m' is part of a mask, which has no superlayer and cannot be laid out by constraints")
    }

    func testADynamicItemCannotBeAMaskView() {
        assertError("  - { id: a, frame: [0, 0, 10, 10], mask: { id: m, backgroundColor: black } }",
                    extra: "dynamics:\n  behaviors:\n    - gravity: { items: [m] }\n", at: "m]", keyPath: "dynamics.behaviors[0].gravity.items[0]",
                    message: "'m' is part of a mask, which has no superlayer and cannot be a dynamic item")
    }

    func testASwiftSceneWhoseMaskIsNotItsChildIsInvalid() {
        var view = View(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.mask = ViewID(1)
        let other = View(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let scene = Scene(name: "t", size: Size(width: 20, height: 20), duration: 1, views: [view, other])
        XCTAssertThrowsError(try scene.validate()) { error in
            XCTAssertTrue("\(error)".contains("the mask 1 of view 'a' (a mask's parent is the view it masks) does not exist"), "\(error)")
        }
    }
}
