import XCTest
import Motion
import Scene
@testable import SceneFile

/// Every way a scene file can be wrong gets a located error; each test triggers one.
final class SceneFileErrorTests: XCTestCase {
    private let valid = """
    canvas:
      size: [100, 200]
      scale: 2
    duration: 1
    views:
      - id: box
        frame: [0, 0, 10, 10]
        onTap: grow
    actions:
      grow:
        animations:
          - property: box.frame.width
            to: 50
            duration: 0.5
    input:
      - { tap: box, at: 0.1 }
    """

    private func error(_ text: String, file: String = "test.yaml", line: UInt = #line) -> SceneFileError? {
        sceneFileError(text, file: file, line: line)
    }

    private func replacing(_ old: String, with new: String) -> String {
        XCTAssertTrue(valid.contains(old), "fixture lacks \(old)")
        return valid.replacingOccurrences(of: old, with: new)
    }

    func testValidFixtureLoads() throws {
        let scene = try SceneDocument.parse(valid, file: "test.yaml")
        XCTAssertEqual(scene.views.map(\.id), ["box"])
        XCTAssertEqual(scene.events, [.tap(ViewID(0), at: 0.1)])
        XCTAssertEqual(scene.frameCount(fps: 60), 61)
    }

    func testYAMLSyntaxErrorHasLineAndColumn() throws {
        let e = try XCTUnwrap(error(replacing("size: [100, 200]", with: "size: [100, 200")))
        XCTAssertEqual(e.kind, .syntax)
        XCTAssertGreaterThan(e.line, 1)
        XCTAssertGreaterThan(e.column, 0)
        XCTAssertTrue(e.description.hasPrefix("test.yaml:\(e.line):\(e.column): YAML syntax error"), e.description)
    }

    func testUnknownKeySuggestsTheClosest() throws {
        let e = try XCTUnwrap(error(replacing("    frame: [0, 0, 10, 10]", with: "    frame: [0, 0, 10, 10]\n    backgroundColour: \"#ff0000\"")))
        XCTAssertEqual(e.kind, .unknownKey)
        XCTAssertEqual(e.suggestion, "backgroundColor")
        XCTAssertEqual(e.line, 8)
        XCTAssertEqual(e.column, 5)
        XCTAssertEqual(e.keyPath, "views[0].backgroundColour")
        XCTAssertTrue(e.description.contains("did you mean 'backgroundColor'?"), e.description)
    }

    func testWrongType() throws {
        let e = try XCTUnwrap(error(replacing("size: [100, 200]", with: "size: big")))
        XCTAssertEqual(e.kind, .wrongType)
        XCTAssertEqual(e.keyPath, "canvas.size")
        XCTAssertEqual(e.line, 2)
        XCTAssertTrue(e.message.contains("expected a size [width, height]"), e.message)
        let rect = try XCTUnwrap(error(replacing("frame: [0, 0, 10, 10]", with: "frame: [0, 0, 10]")))
        XCTAssertTrue(rect.message.contains("of 3 items"), rect.message)
    }

    func testZeroOrNegativeDurationFpsAndScale() throws {
        for (old, new, path) in [("duration: 1", "duration: 0", "duration"),
                                 ("duration: 1", "duration: -2", "duration"),
                                 ("scale: 2", "scale: 0", "canvas.scale"),
                                 ("scale: 2", "scale: 2\n  fps: -30", "canvas.fps"),
                                 ("duration: 0.5", "duration: 0", "actions.grow.animations[0].duration")] {
            let e = try XCTUnwrap(error(replacing(old, with: new)))
            XCTAssertEqual(e.kind, .invalidValue, new)
            XCTAssertEqual(e.keyPath, path)
            XCTAssertTrue(e.message.contains("greater than 0"), e.message)
        }
    }

    func testNaNAndInfinityAreRejected() throws {
        for bad in [".nan", ".inf", "-.Inf", "nan"] {
            let e = try XCTUnwrap(error(replacing("duration: 1", with: "duration: \(bad)")))
            XCTAssertEqual(e.kind, .invalidValue, bad)
            XCTAssertTrue(e.message.contains("finite"), e.message)
        }
        let inFrame = try XCTUnwrap(error(replacing("frame: [0, 0, 10, 10]", with: "frame: [0, .inf, 10, 10]")))
        XCTAssertEqual(inFrame.keyPath, "views[0].frame[1]")
    }

    func testReferenceToMissingViewSuggestsAnId() throws {
        let e = try XCTUnwrap(error(replacing("property: box.frame.width", with: "property: bx.frame.width")))
        XCTAssertEqual(e.kind, .unknownReference)
        XCTAssertEqual(e.suggestion, "box")
        XCTAssertEqual(e.line, 12)
        let property = try XCTUnwrap(error(replacing("property: box.frame.width", with: "property: box.frame.widht")))
        XCTAssertEqual(property.suggestion, "frame.width")
    }

    func testTapOnMissingView() throws {
        let e = try XCTUnwrap(error(replacing("{ tap: box, at: 0.1 }", with: "{ tap: boxx, at: 0.1 }")))
        XCTAssertEqual(e.kind, .unknownReference)
        XCTAssertEqual(e.keyPath, "input[0].tap")
        XCTAssertEqual(e.suggestion, "box")
        XCTAssertEqual(e.line, 16)
    }

    func testTapOutsideTheSceneAndOnAViewWithoutAction() throws {
        let late = try XCTUnwrap(error(replacing("at: 0.1", with: "at: 5")))
        XCTAssertEqual(late.kind, .invalidValue)
        let noAction = try XCTUnwrap(error(replacing("    onTap: grow\n", with: "")))
        XCTAssertTrue(noAction.message.contains("nor any view it is inside has an onTap action"), noAction.message)
    }

    func testUnknownActionAndCurveNames() throws {
        let action = try XCTUnwrap(error(replacing("onTap: grow", with: "onTap: grwo")))
        XCTAssertEqual(action.suggestion, "grow")
        let curve = try XCTUnwrap(error(replacing("duration: 0.5", with: "duration: 0.5\n        curve: easeInOt")))
        XCTAssertEqual(curve.suggestion, "easeInOut")
        let bezier = try XCTUnwrap(error(replacing("duration: 0.5", with: "duration: 0.5\n        curve: [1.2, 0, 0.5, 1]")))
        XCTAssertTrue(bezier.message.contains("between 0 and 1"), bezier.message)
    }

    func testCanvasTooLargeToRender() throws {
        let e = try XCTUnwrap(error(replacing("size: [100, 200]", with: "size: [10000, 10000]")))
        XCTAssertEqual(e.kind, .invalidValue)
        XCTAssertEqual(e.keyPath, "canvas.scale")
        XCTAssertTrue(e.message.contains("at most 32767") || e.message.contains("MiB"), e.message)
        XCTAssertNotNil(SceneDocument.checkFrameSize(Size(width: 390, height: 844), scale: 100).problem)
        XCTAssertNil(SceneDocument.checkFrameSize(Size(width: 390, height: 844), scale: 3).problem)
    }

    func testDuplicateIdsAndBadExpressions() throws {
        let duplicate = try XCTUnwrap(error(replacing("    onTap: grow\n", with: "    onTap: grow\n  - id: box\n    frame: [0, 0, 1, 1]\n")))
        XCTAssertTrue(duplicate.message.contains("already has the id"), duplicate.message)
        let binding = valid + "\nbindings:\n  box.frame.x: box.frame.y + * 2\n"
        let expression = try XCTUnwrap(error(binding))
        XCTAssertTrue(expression.message.contains("in expression"), expression.message)
        let animatedAndBound = try XCTUnwrap(error(valid + "\nbindings:\n  box.frame.width: 3\n"))
        XCTAssertTrue(animatedAndBound.message.contains("cannot also be animated"), animatedAndBound.message)
    }

    func testMissingFileIsUnreadable() throws {
        XCTAssertThrowsError(try SceneDocument.load(path: "/nonexistent/scene.yaml")) { error in
            XCTAssertEqual((error as? SceneFileError)?.kind, .unreadable)
        }
    }

    func testEmptyDocumentAndMissingKey() throws {
        XCTAssertEqual(error("")?.kind, .missingKey)
        let e = try XCTUnwrap(error("canvas: {size: [10, 10]}\nviews: []\n"))
        XCTAssertEqual(e.kind, .missingKey)
        XCTAssertTrue(e.message.contains("'duration'"), e.message)
    }

    func testTooManyFramesIsRejectedBeforeAnyWork() throws {
        for huge in ["1e300", "1e17", "20000"] {
            let e = try XCTUnwrap(error(replacing("duration: 1", with: "duration: \(huge)")))
            XCTAssertEqual(e.keyPath, "duration")
            XCTAssertTrue(e.message.contains("more than 1000000 frames"), e.message)
        }
    }

    func testBindingCyclesAreRejected() throws {
        let selfReference = try XCTUnwrap(error(valid + "\nbindings:\n  box.frame.x: box.frame.x + 1\n"))
        XCTAssertTrue(selfReference.message.contains("cycle: box.frame.x -> box.frame.x"), selfReference.message)
        let loop = try XCTUnwrap(error(valid + "\nbindings:\n  box.frame.x: box.frame.y\n  box.frame.y: box.cornerRadius\n  box.cornerRadius: box.frame.x\n"))
        XCTAssertTrue(loop.message.contains("cycle"), loop.message)
        XCTAssertEqual(loop.line, 18)
    }

    func testBindingsAreOrderedByDependency() throws {
        let scene = try SceneDocument.parse(valid + "\nbindings:\n  box.frame.x: box.frame.y\n  box.frame.y: box.cornerRadius\n", file: "t.yaml")
        // Kept in file order; the Player evaluates box.frame.y first, so box.frame.x sees it.
        XCTAssertEqual(scene.bindings.map(\.target), [.view(ViewID(0), .frameX), .view(ViewID(0), .frameY)])
        let player = try Player(scene: scene)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), player.presentationValue(.view(ViewID(0), .cornerRadius)))
    }

    func testOversizedExpressionsAreRejected() throws {
        let deep = String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40)
        let nested = try XCTUnwrap(error(valid + "\nbindings:\n  box.frame.x: \"\(deep)\"\n"))
        XCTAssertTrue(nested.message.contains("nested"), nested.message)
        let long = (0..<100).map { _ in "1" }.joined(separator: " + ")
        let wide = try XCTUnwrap(error(valid + "\nbindings:\n  box.frame.x: \(long)\n"))
        XCTAssertTrue(wide.message.contains("more than 64"), wide.message)
    }

    func testQuotedExpressionErrorsPointAtTheCharacter() throws {
        let e = try XCTUnwrap(error(valid + "\nbindings:\n  box.frame.x: \"box.frame.y + nope\"\n"))
        // Column of 'n' in `  box.frame.x: "box.frame.y + nope"`.
        XCTAssertEqual(e.line, 18)
        XCTAssertEqual(e.column, 31)
        XCTAssertEqual(e.kind, .invalidValue)
        let scene = try SceneDocument.parse(valid + "\nbindings:\n  box.frame.x: 2E1 * 1e-1\n", file: "t.yaml")
        XCTAssertEqual(scene.bindings.first?.expression?.evaluate({ _ in 0 }), 2)
    }

    func testSpringAndLabelLimits() throws {
        let damping = try XCTUnwrap(error(replacing("duration: 0.5", with: "duration: 0.5\n        spring: { damping: 1e300 }")))
        XCTAssertTrue(damping.message.contains("between 0.01 and 100"), damping.message)
        XCTAssertEqual(damping.keyPath, "actions.grow.animations[0].spring.damping")
        let slow = try XCTUnwrap(error(replacing("duration: 0.5", with: "duration: 1e170\n        spring: { damping: 0.5 }")))
        XCTAssertTrue(slow.message.contains("duration must be between 0.001 and 3600"), slow.message)
        XCTAssertEqual(slow.keyPath, "actions.grow.animations[0].duration")
        let font = try XCTUnwrap(error(replacing("    onTap: grow", with: "    onTap: grow\n    label: { text: hi, fontSize: 1e5 }")))
        XCTAssertEqual(font.keyPath, "views[0].label.fontSize")
    }

    func testSceneNameMustBeAPlainFileName() throws {
        let e = try XCTUnwrap(error("name: ../../x\n" + valid))
        XCTAssertEqual(e.keyPath, "name")
        XCTAssertEqual(e.line, 1)
    }

    func testSuggestionDistance() {
        XCTAssertEqual(closestName(to: "fram", in: ["frame", "alpha"]), "frame")
        XCTAssertNil(closestName(to: "zzzzzz", in: ["frame", "alpha"]))
        XCTAssertEqual(editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(editDistance("grwo", "grow"), 1)
    }
}
