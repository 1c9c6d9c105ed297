import XCTest
import Scene
@testable import SceneFile

/// Every bad `dynamics:` input gives one located error: file, line, column, key path, what was
/// expected (and the closest name for an unknown one), before any frame is made.
final class DynamicsFileErrorTests: XCTestCase {
    private let valid = """
    canvas: { size: [400, 800] }
    duration: 2
    views:
      - { id: card, frame: [100, 0, 100, 60] }
      - { id: ball, frame: [200, 0, 40, 40] }
    actions:
      go:
        animations:
          - { property: card.alpha, to: 0.5, duration: 1 }
    dynamics:
      items:
        ball: { collisionBoundsType: ellipse }
      behaviors:
        - gravity: { items: [card, ball], magnitude: 1 }
        - collision:
            items: [card, ball]
            boundaries:
              - { id: floor, from: [0, 700], to: [400, 700] }
              - { id: bowl, path: [{ move: [0, 600] }, { quad: [400, 600], control: [200, 800] }] }
        - itemBehavior: { items: [card], elasticity: 0.5, friction: 0.2, density: 2, resistance: 0.1, charge: 1 }
        - snap: { item: ball, point: [200, 300], damping: 0.5 }
          addedBy: go
        - attachment: { item: card, toItem: ball, length: 100 }
        - field: { kind: radialGravity, items: [card], region: { circle: { center: [200, 400], radius: 100 } } }
    """

    private func error(_ text: String, line: UInt = #line) -> SceneFileError? { sceneFileError(text, file: "t.yaml", line: line) }

    private func replacing(_ old: String, with new: String, line: UInt = #line) -> String {
        XCTAssertTrue(valid.contains(old), "fixture lacks \(old)", line: line)
        return valid.replacingOccurrences(of: old, with: new)
    }

    /// Checks that replacing `old` with `new` gives one problem at the first character of
    /// `target` (searched from where `new` starts), under `keyPath`, with `message`.
    private func assertBad(_ old: String, _ new: String, at target: String, keyPath: String, kind: SceneFileError.Kind = .invalidValue,
                           message: String, suggestion: String? = nil, line: UInt = #line) {
        let text = replacing(old, with: new, line: line)
        guard let e = error(text, line: line) else { return }
        let start = text.range(of: new)?.lowerBound ?? text.startIndex
        guard let found = text.range(of: target, range: start..<text.endIndex) else { return XCTFail("'\(target)' not in the text", line: line) }
        let before = text[..<found.lowerBound]
        let expectedLine = before.filter { $0 == "\n" }.count + 1
        let expectedColumn = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        XCTAssertEqual(e.all.count, 1, "expected one problem, found:\n\(e.description)", line: line)
        XCTAssertEqual(e.kind, kind, e.description, line: line)
        XCTAssertEqual(e.line, expectedLine, e.description, line: line)
        XCTAssertEqual(e.column, expectedColumn, e.description, line: line)
        XCTAssertEqual(e.keyPath, keyPath, e.description, line: line)
        XCTAssertTrue(e.message.contains(message), "'\(message)' not in: \(e.message)", line: line)
        XCTAssertEqual(e.suggestion, suggestion, e.description, line: line)
        XCTAssertTrue(e.description.hasPrefix("t.yaml:\(expectedLine):\(expectedColumn): \(keyPath): "), e.description, line: line)
    }

    func testFixtureIsValid() throws {
        let scene = try SceneDocument.parse(valid, file: "t.yaml")
        XCTAssertEqual(scene.systems.count, 1)
        XCTAssertEqual(scene.actions[0].commands.count, 1)
        XCTAssertNotNil(scene.property(named: "dynamics.contact.x"))
    }

    func testNegativeMaterialValues() {
        assertBad("density: 2", "density: -2", at: "-2", keyPath: "dynamics.behaviors[2].itemBehavior.density",
                  message: "expected a density (mass per area; 1 by default) greater than 0, found -2")
        assertBad("friction: 0.2", "friction: -0.2", at: "-0.2", keyPath: "dynamics.behaviors[2].itemBehavior.friction",
                  message: "expected a friction (0 = none) of at least 0, found -0.2")
        assertBad("resistance: 0.1", "resistance: -1", at: "-1", keyPath: "dynamics.behaviors[2].itemBehavior.resistance",
                  message: "of at least 0, found -1")
        assertBad("charge: 1", "charge: -1", at: "-1", keyPath: "dynamics.behaviors[2].itemBehavior.charge", message: "expected a charge of at least 0")
        assertBad("elasticity: 0.5", "elasticity: -0.5", at: "-0.5", keyPath: "dynamics.behaviors[2].itemBehavior.elasticity",
                  message: "of at least 0, found -0.5")
    }

    func testBoundaries() {
        assertBad("from: [0, 700], to: [400, 700]", "from: [0, 700], to: [0, 700]", at: "[0, 700]", keyPath: "dynamics.behaviors[1].collision.boundaries[0].from",
                  message: "expected a boundary of some length, found 'from' equal to 'to'")
        assertBad("path: [{ move: [0, 600] }, { quad: [400, 600], control: [200, 800] }]", "path: [{ move: [0, 600] }]",
                  at: "[{ move", keyPath: "dynamics.behaviors[1].collision.boundaries[1].path",
                  message: "expected a path boundary of at least two points, found 1")
        // Double forms are refused rather than one silently winning (issue 22).
        assertBad("{ id: bowl, path:", "{ id: bowl, from: [0, 0], path:", at: "[0, 0]", keyPath: "dynamics.behaviors[1].collision.boundaries[1].from",
                  message: "a boundary is either a segment ('from' and 'to') or a 'path', not both")
    }

    func testADirectionVectorWithAnAngleOrMagnitudeIsRefused() {
        assertBad("gravity: { items: [card, ball], magnitude: 1 }", "gravity: { items: [card, ball], magnitude: 1, direction: [0, 2] }",
                  at: "1, direction", keyPath: "dynamics.behaviors[0].gravity.magnitude",
                  message: "'direction' sets the magnitude and the angle; give either 'direction' or 'angle' and 'magnitude', not both")
        assertBad("gravity: { items: [card, ball], magnitude: 1 }", "gravity: { items: [card, ball], angle: 1.5, direction: [0, 2] }",
                  at: "1.5", keyPath: "dynamics.behaviors[0].gravity.angle",
                  message: "'direction' sets the magnitude and the angle; give either 'direction' or 'angle' and 'magnitude', not both")
        let push = replacing("- snap: { item: ball, point: [200, 300], damping: 0.5 }",
                             with: "- push: { items: [card], mode: instantaneous, angle: 0.5, pushDirection: [1, 0] }")
        let e = error(push)
        XCTAssertEqual(e?.keyPath, "dynamics.behaviors[3].push.angle", e?.description ?? "no error")
        XCTAssertTrue(e?.message.contains("give either 'pushDirection' or 'angle' and 'magnitude', not both") == true, e?.description ?? "")
    }

    func testUnknownItemsAndActionsSuggestTheClosest() {
        assertBad("items: [card, ball], magnitude", "items: [crad, ball], magnitude", at: "crad", keyPath: "dynamics.behaviors[0].gravity.items[0]",
                  kind: .unknownReference, message: "no view has the id 'crad'", suggestion: "card")
        assertBad("addedBy: go", "addedBy: og", at: "og", keyPath: "dynamics.behaviors[3].addedBy", kind: .unknownReference,
                  message: "no action is named 'og'", suggestion: "go")
        assertBad("ball: { collisionBoundsType: ellipse }", "ball: { collisionBoundsType: elipse }", at: "elipse",
                  keyPath: "dynamics.items.ball.collisionBoundsType", message: "expected a collision bounds type", suggestion: "ellipse")
        assertBad("- snap:", "- snp:", at: "snp", keyPath: "dynamics.behaviors[3].snp", kind: .unknownKey, message: "unknown key 'snp'", suggestion: "snap")
    }

    func testAnAttachmentFromAnItemToItself() {
        assertBad("toItem: ball, length", "toItem: card, length", at: "card, length", keyPath: "dynamics.behaviors[4].attachment.toItem",
                  message: "an attachment joins two different items; 'card' is attached to itself")
    }

    func testAFieldRegionThatIsNotAShape() {
        assertBad("region: { circle: { center: [200, 400], radius: 100 } }", "region: [0, 0, 10, 10]", at: "[0, 0, 10, 10]",
                  keyPath: "dynamics.behaviors[5].field.region", kind: .wrongType, message: "expected a region: {rect: [x, y, width, height]}")
        assertBad("region: { circle: { center: [200, 400], radius: 100 } }", "region: { square: 3 }", at: "square",
                  keyPath: "dynamics.behaviors[5].field.region.square", kind: .unknownKey, message: "unknown key 'square'")
    }

    func testSnapDampingOutsideZeroToOne() {
        assertBad("damping: 0.5", "damping: 1.5", at: "1.5", keyPath: "dynamics.behaviors[3].snap.damping",
                  message: "expected a damping between 0 and 1, found 1.5")
    }

    func testNonFiniteNumbers() {
        assertBad("magnitude: 1", "magnitude: .nan", at: ".nan", keyPath: "dynamics.behaviors[0].gravity.magnitude",
                  message: "numbers must be finite")
        assertBad("point: [200, 300]", "point: [200, .inf]", at: ".inf", keyPath: "dynamics.behaviors[3].snap.point[1]",
                  message: "numbers must be finite")
    }

    func testADynamicItemThatAnAnimationAlsoWrites() {
        // The animator writes card's position; an action animating it is a second writer.
        let old = "{ property: card.alpha, to: 0.5, duration: 1 }"
        let text = replacing(old, with: "{ property: card.frame.y, to: 50, duration: 1 }")
        guard let e = error(text) else { return }
        XCTAssertEqual(e.all.count, 1, e.description)
        XCTAssertTrue(e.message.contains("writes 'card.position.y', which dynamic animator drives"), e.description)
        XCTAssertTrue(e.description.hasPrefix("t.yaml:9:9: actions.go.animations[0]: "), e.description)
    }

    func testMoreItemsThanTheLimit() {
        let count = 2001
        let views = (0..<count).map { "  - { id: v\($0), frame: [0, 0, 10, 10] }" }.joined(separator: "\n")
        let ids = (0..<count).map { "v\($0)" }.joined(separator: ", ")
        let text = "canvas: { size: [400, 800] }\nduration: 1\nviews:\n\(views)\ndynamics:\n  behaviors:\n    - gravity: { items: [\(ids)] }\n"
        guard let e = error(text) else { return }
        XCTAssertEqual(e.line, 2006, e.description)   // the section's first key
        XCTAssertEqual(e.keyPath, "dynamics", e.description)
        XCTAssertTrue(e.message.contains("expected at most 2000 dynamic items, found 2001"), e.description)
    }

    func testDuplicateBoundaryIdsAndUnknownKinds() {
        assertBad("{ id: bowl, path", "{ id: floor, path", at: "{ id: floor, path", keyPath: "dynamics.behaviors[1].collision.boundaries[1]",
                  message: "the boundary 'floor' is declared twice")
        assertBad("kind: radialGravity", "kind: radialGravty", at: "radialGravty", keyPath: "dynamics.behaviors[5].field.kind",
                  message: "expected a field kind", suggestion: "radialGravity")
        assertBad("toItem: ball, length: 100", "toItem: ball, length: 100, kind: pinn", at: "pinn", keyPath: "dynamics.behaviors[4].attachment.kind",
                  message: "expected an attachment kind", suggestion: "pin")
    }

    func testAnAttachmentNeedsAnAnchorOrAnItem() {
        assertBad("attachment: { item: card, toItem: ball, length: 100 }", "attachment: { item: card, length: 100 }",
                  at: "{ item: card, length", keyPath: "dynamics.behaviors[4].attachment", kind: .missingKey,
                  message: "missing key 'anchor' (the point [x, y] it is attached to) or 'toItem'")
    }

    func testAStepRateOutOfRange() {
        assertBad("  items:\n    ball:", "  stepRate: 20\n  items:\n    ball:", at: "20", keyPath: "dynamics.stepRate",
                  message: "expected steps per second between 60 and 10000, found 20")
    }

    func testItemsAreTopLevelViewsTurningAboutTheirCentre() {
        let nested = valid.replacingOccurrences(of: "  - { id: ball, frame: [200, 0, 40, 40] }",
                                                with: "  - { id: ball, frame: [200, 0, 40, 40], subviews: [{ id: dot, frame: [0, 0, 4, 4] }] }")
            .replacingOccurrences(of: "items: [card, ball], magnitude", with: "items: [card, ball, dot], magnitude")
        let e = error(nested)
        XCTAssertEqual(e?.all.count, 1, e?.description ?? "")
        XCTAssertEqual(e?.keyPath, "dynamics.behaviors[0].gravity.items[2]")
        XCTAssertEqual(e?.line, 14)
        XCTAssertTrue(e?.message.contains("a dynamic item must be a top-level view (the animator's reference view is the canvas); 'dot' is a subview") ?? false,
                      e?.description ?? "")
        assertBad("  - { id: ball, frame: [200, 0, 40, 40] }", "  - { id: ball, frame: [200, 0, 40, 40], anchorPoint: [0, 0] }",
                  at: "ball: { collisionBoundsType", keyPath: "dynamics.items.ball",
                  message: "a dynamic item turns about its centre: 'ball' needs anchorPoint [0.5, 0.5]")
    }

    func testDraggableItems() {
        assertBad("ball: { collisionBoundsType: ellipse }", "ball: { collisionBoundsType: ellipse, draggable: maybe }", at: "maybe",
                  keyPath: "dynamics.items.ball.draggable", kind: .wrongType, message: "expected true or false, found")
        assertBad("ball: { collisionBoundsType: ellipse }", "ball: { collisionBoundsType: ellipse, dragable: true }", at: "dragable",
                  keyPath: "dynamics.items.ball.dragable", kind: .unknownKey, message: "unknown key 'dragable'", suggestion: "draggable")
        // A draggable item takes every touch on it and its subviews: an onTap there is an error.
        let tapped = valid.replacingOccurrences(of: "  - { id: ball, frame: [200, 0, 40, 40] }",
                                                with: "  - { id: ball, frame: [200, 0, 40, 40], subviews: [{ id: dot, frame: [0, 0, 4, 4], onTap: go }] }")
            .replacingOccurrences(of: "ball: { collisionBoundsType: ellipse }", with: "ball: { collisionBoundsType: ellipse, draggable: true }")
        let e = error(tapped)
        XCTAssertEqual(e?.all.count, 1, e?.description ?? "")
        XCTAssertEqual(e?.keyPath, "dynamics.items.ball.draggable")
        XCTAssertEqual(e?.line, 12)
        XCTAssertEqual(e?.column, 54)
        XCTAssertTrue(e?.message.contains("a draggable item takes every touch on it, so the onTap of 'dot' would never run") ?? false, e?.description ?? "")
        // Without draggable, the same onTap is fine; and collisionBoundsType defaults to rectangle,
        // but a path needs it.
        XCTAssertNoThrow(try SceneDocument.parse(tapped.replacingOccurrences(of: "draggable: true", with: "draggable: false"), file: "t.yaml"))
        assertBad("ball: { collisionBoundsType: ellipse }", "ball: { path: [[0, -10], [10, 10], [-10, 10]] }", at: "[[0",
                  keyPath: "dynamics.items.ball.path", message: "a path needs collisionBoundsType: path")
    }
}
