import XCTest
import Scene
@testable import SceneFile

/// Every way scene model v2 can be misused gives one located error: the file, line and column
/// of the offending text, its key path, a kind and a message that says what was expected.
final class SceneModelFileErrorTests: XCTestCase {
    private let valid = """
    canvas: { size: [200, 200] }
    duration: 2
    variables: { state: 0, count: 0 }
    views:
      - id: box
        frame: [0, 0, 10, 10]
        onTap: go
    actions:
      go:
        animations:
          - { property: box.frame.x, to: 50, duration: 1 }
    input:
      - { tap: box, at: 0.1 }
    """

    private func error(_ text: String, line: UInt = #line) -> SceneFileError? {
        sceneFileError(text, file: "t.yaml", line: line)
    }

    private func replacing(_ old: String, with new: String) -> String {
        XCTAssertTrue(valid.contains(old), "fixture lacks \(old)")
        return valid.replacingOccurrences(of: old, with: new)
    }

    /// `valid` with `lines` added to the `actions` mapping (indented as its entries).
    private func addingActions(_ lines: String) -> String {
        replacing("input:\n", with: lines.split(separator: "\n").map { "  \($0)\n" }.joined() + "input:\n")
    }

    func testFixtureIsValid() throws {
        XCTAssertNoThrow(try SceneDocument.parse(valid, file: "t.yaml"))
    }

    // MARK: One writer per slot

    func testTwoBindingsOfOneSlot() {
        // frame.y is written through position.y, so both bindings drive one slot.
        let text = valid + "\nbindings:\n  box.frame.y: 3\n  box.position.y: 4\n"
        assertLocated(error(text), in: text, at: "box.position.y: 4", keyPath: "bindings.box.position.y", kind: .invalidValue,
                      message: "'box.position.y' has two drivers: the binding of 'box.frame.y' and the binding of 'box.position.y'")
    }

    func testAnActionWritingABoundProperty() {
        let animated = replacing("box.frame.x, to: 50", with: "box.frame.y, to: 50") + "\nbindings:\n  box.position.y: 4\n"
        assertLocated(error(animated), in: animated, at: "{ property: box.frame.y", keyPath: "actions.go.animations[0]", kind: .invalidValue,
                      message: "action 'go' writes 'box.position.y', which the binding of 'box.position.y' drives")
        let set = addingActions("reset:\n  set: { state: 1 }") + "\nbindings:\n  variables.state: count + 1\n"
        assertLocated(error(set), in: set, at: "reset:", keyPath: "actions.reset", kind: .invalidValue,
                      message: "action 'reset' writes 'variables.state', which the binding of 'variables.state' drives")
    }

    // MARK: Names

    func testUnknownVariableInSet() {
        let text = addingActions("reset:\n  set: { stat: 1 }")
        assertLocated(error(text), in: text, at: "stat: 1", keyPath: "actions.reset.set.stat", kind: .unknownReference,
                      message: "no variable is named 'stat'", suggestion: "state")
    }

    func testUnknownActionInRunAndCompletion() {
        let run = valid + "\n  - { run: og, at: 0.5 }\n"
        assertLocated(error(run), in: run, at: "og,", keyPath: "input[1].run", kind: .unknownReference,
                      message: "no action is named 'og'", suggestion: "go")
        let completion = addingActions("reset:\n  set: { state: 1 }\n  completion: og")
        assertLocated(error(completion), in: completion, at: "og\n", keyPath: "actions.reset.completion", kind: .unknownReference,
                      message: "no action is named 'og'", suggestion: "go")
    }

    // MARK: Expressions

    func testConditionThatIsANumber() {
        let text = addingActions("reset:\n  if: \"state + 1\"\n  set: { state: 1 }")
        assertLocated(error(text), in: text, at: "state + 1", keyPath: "actions.reset.if", kind: .invalidValue,
                      message: "expected a condition (a comparison such as 'state == 1'), found a number in expression 'state + 1'")
    }

    func testNumberAsABooleanOperandAndAConditionAsANumber() {
        let and = addingActions("reset:\n  if: \"state && count == 1\"\n  set: { state: 1 }")
        assertLocated(error(and), in: and, at: "state &&", keyPath: "actions.reset.if", kind: .invalidValue,
                      message: "before '&&', found a number ('state')")
        let not = addingActions("reset:\n  if: \"!count\"\n  set: { state: 1 }")
        assertLocated(error(not), in: not, at: "count\"", after: "!", keyPath: "actions.reset.if", kind: .invalidValue,
                      message: "after '!', found a number ('count')")
        let set = addingActions("reset:\n  set: { count: \"state == 1\" }")
        assertLocated(error(set), in: set, at: "state == 1", keyPath: "actions.reset.set.count", kind: .invalidValue,
                      message: "expected a number, found a condition (write 'condition ? 1 : 0' for a number)")
    }

    func testLiteralDivisionByZero() {
        let set = addingActions("reset:\n  set: { count: \"count / (2 - 2)\" }")
        assertLocated(error(set), in: set, at: "(2 - 2)", keyPath: "actions.reset.set.count", kind: .invalidValue,
                      message: "division by zero in expression 'count / (2 - 2)' at character 9")
        let binding = valid + "\nbindings:\n  box.alpha: \"box.frame.x / 0\"\n"
        assertLocated(error(binding), in: binding, at: "0\"", keyPath: "bindings.box.alpha", kind: .invalidValue,
                      message: "division by zero")
    }

    func testZeroTimeCompletionLoop() throws {
        let loop = addingActions("ping:\n  set: { state: 1 }\n  completion: pong\npong:\n  set: { count: 2 }\n  completion: ping")
        assertLocated(error(loop), in: loop, at: "ping:", keyPath: "actions.ping", kind: .invalidValue,
                      message: "actions complete into each other without time advancing: ping -> pong -> ping")
        let own = addingActions("ping:\n  set: { state: 1 }\n  completion: ping")
        assertLocated(error(own), in: own, at: "ping:", keyPath: "actions.ping", kind: .invalidValue, message: "ping -> ping")
        // An `if:` can end the loop, so it is allowed.
        let guarded = addingActions("ping:\n  if: \"state == 0\"\n  set: { state: 1 }\n  completion: pong\npong:\n  set: { count: 2 }\n  completion: ping")
        XCTAssertNoThrow(try SceneDocument.parse(guarded, file: "t.yaml"))
    }

    // MARK: View geometry

    func testNonFiniteTransformComponent() {
        let view = replacing("onTap: go", with: "onTap: go\n    transform: { scale: 2, rotation: .inf }")
        assertLocated(error(view), in: view, at: ".inf", keyPath: "views[0].transform.rotation", kind: .invalidValue,
                      message: "found .inf (numbers must be finite)")
        let animation = replacing("box.frame.x, to: 50", with: "box.transform, to: { translation: [1, -.inf] }")
        assertLocated(error(animation), in: animation, at: "-.inf", keyPath: "actions.go.animations[0].to.translation[1]",
                      kind: .invalidValue, message: "numbers must be finite")
    }

    func testAnchorPointMustBeAPairOfFiniteNumbers() {
        let short = replacing("onTap: go", with: "onTap: go\n    anchorPoint: [0.5]")
        assertLocated(error(short), in: short, at: "[0.5]", keyPath: "views[0].anchorPoint", kind: .wrongType,
                      message: "expected a point [x, y], found a list of 1 item")
        let nan = replacing("onTap: go", with: "onTap: go\n    anchorPoint: [0.5, .nan]")
        assertLocated(error(nan), in: nan, at: ".nan", keyPath: "views[0].anchorPoint[1]", kind: .invalidValue,
                      message: "found .nan (numbers must be finite)")
    }

    func testFrameExcludesPositionAndBounds() {
        let position = replacing("onTap: go", with: "onTap: go\n    position: [5, 5]")
        assertLocated(error(position), in: position, at: "[5, 5]", keyPath: "views[0].position", kind: .invalidValue,
                      message: "'position' and 'frame' both place the view; give 'frame', or 'position' and 'bounds'")
        let both = replacing("frame: [0, 0, 10, 10]", with: "position: [5, 5]\n    center: [5, 5]\n    bounds: [0, 0, 10, 10]")
        assertLocated(error(both), in: both, at: "[5, 5]", after: "center: ", keyPath: "views[0].center", kind: .invalidValue,
                      message: "'center' and 'position' are the same point; give one")
        let neither = replacing("    frame: [0, 0, 10, 10]\n", with: "    position: [5, 5]\n")
        assertLocated(error(neither), in: neither, at: "id: box", keyPath: "views[0]", kind: .missingKey,
                      message: "missing key 'frame' ([x, y, width, height] in points), or 'position' and 'bounds'")
    }

    func testRotationTogetherWithTransform() {
        let text = replacing("onTap: go", with: "onTap: go\n    transform: { scale: 2 }\n    rotation: 0.5")
        assertLocated(error(text), in: text, at: "0.5", after: "rotation: ", keyPath: "views[0].rotation", kind: .invalidValue,
                      message: "'rotation' and 'transform' both set the rotation; give it inside 'transform'")
    }

    // MARK: Composite properties

    func testUnknownComposite() {
        let typo = replacing("box.frame.x, to: 50", with: "box.framee, to: 50")
        assertLocated(error(typo), in: typo, at: "box.framee", keyPath: "actions.go.animations[0].property", kind: .unknownReference,
                      message: "views have no single property 'framee'", suggestion: "frame.x")
        let deeper = replacing("box.frame.x, to: 50", with: "box.frame.origin.z, to: [1, 2]")
        assertLocated(error(deeper), in: deeper, at: "box.frame.origin.z", keyPath: "actions.go.animations[0].property",
                      kind: .unknownReference, message: "views have no single property 'frame.origin.z'")
    }

    func testCompositeInBindingsAsksForComponents() {
        let frame = valid + "\nbindings:\n  box.frame: [0, 0, 1, 1]\n"
        assertLocated(error(frame), in: frame, at: "box.frame:", keyPath: "bindings.box.frame", kind: .unknownReference,
                      message: "'frame' names several values: use one of box.frame.x, box.frame.y, box.frame.width, box.frame.height")
        let color = valid + "\nbindings:\n  box.backgroundColor: \"#ff0000\"\n"
        assertLocated(error(color), in: color, at: "box.backgroundColor:", keyPath: "bindings.box.backgroundColor", kind: .unknownReference,
                      message: "use one of box.backgroundColor.r, box.backgroundColor.g, box.backgroundColor.b, box.backgroundColor.a")
        // Read in an expression, too.
        let read = valid + "\nbindings:\n  box.alpha: \"1 - box.frame.origin / 100\"\n"
        assertLocated(error(read), in: read, at: "box.frame.origin /", keyPath: "bindings.box.alpha", kind: .invalidValue,
                      message: "'box.frame.origin' names several values: use one of box.frame.x, box.frame.y in expression")
    }

    func testCompositeWithKeyframesNamesItsComponents() {
        let text = replacing("box.frame.x, to: 50, duration: 1", with: "box.frame.size, duration: 1, keyframes: { values: [0, 1] }")
        assertLocated(error(text), in: text, at: "{ values", keyPath: "actions.go.animations[0].keyframes", kind: .invalidValue,
                      message: "give each component ('box.frame.width', 'box.frame.height') its own keyframes")
    }

    func testCompositeValueOfTheWrongShape() {
        // The property, its `to:`, where the problem is (within `to:`), its key path below the animation, kind and message.
        let cases: [(property: String, to: String, at: String, keyPath: String, kind: SceneFileError.Kind, message: String)] = [
            ("box.frame", "[1, 2]", "[1, 2]", "to", .wrongType, "expected a rect [x, y, width, height], found a list of 2 items"),
            ("box.frame.origin", "[1, 2, 3, 4]", "[1, 2, 3, 4]", "to", .wrongType, "expected a point [x, y], found a list of 4 items"),
            ("box.bounds.size", "[1, -2]", "[1, -2]", "to", .invalidValue, "expected a size with no negative side"),
            ("box.backgroundColor", "3", "3", "to", .wrongType, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", found the number 3"),
            ("box.borderColor", "\"#ff00\"", "\"#ff00\"", "to", .wrongType, "expected a colour"),
            ("box.transform", "[1, 2]", "[1, 2]", "to", .wrongType, "expected a mapping with keys translation, scale, rotation, perspective, m34, found a list"),
            ("box.transform", "{ scale: 1, skew: 2 }", "skew", "to.skew", .unknownKey, "unknown key 'skew'"),
            ("box.transform", "{ scale: [1, 2, 3, 4] }", "[1, 2, 3, 4]", "to.scale", .wrongType,
             "expected a scale s, [sx, sy] or [sx, sy, sz], found a list of 4 items"),
            ("box.transform.scale", "[1]", "[1]", "to", .wrongType, "found a list of 1 item"),
        ]
        for c in cases {
            let text = replacing("box.frame.x, to: 50", with: "\(c.property), to: \(c.to)")
            assertLocated(error(text), in: text, at: c.at, after: "to: ", keyPath: "actions.go.animations[0].\(c.keyPath)",
                          kind: c.kind, message: c.message)
        }
        let missing = replacing("box.frame.x, to: 50", with: "box.anchorPoint")
        assertLocated(error(missing), in: missing, at: "{ property: box.anchorPoint", keyPath: "actions.go.animations[0]", kind: .missingKey,
                      message: "missing key 'to' (a point [x, y])")
    }

    // MARK: Reporting

    func testManyProblemsAreReportedInLineOrderUpToTwenty() throws {
        // Bindings come first in the file but are decoded after views: the report is in line order.
        let bindings = (1...5).map { "  box0.nope\($0): 1" }.joined(separator: "\n")
        let views = (0..<20).map { "  - { id: box\($0), frame: [0, 0, 10, 10], alpha: \($0 + 2) }" }.joined(separator: "\n")
        let text = "canvas: { size: [100, 100] }\nduration: 1\nbindings:\n\(bindings)\nviews:\n\(views)\n"
        let e = try XCTUnwrap(error(text))
        XCTAssertEqual(e.all.count, 20)
        XCTAssertEqual(e.additional.count, 19)
        XCTAssertEqual(e.omitted, 5)
        XCTAssertEqual(e.all.map(\.line), Array(4...8) + Array(10...24))
        XCTAssertEqual(e.all.prefix(5).map(\.keyPath), (1...5).map { "bindings.box0.nope\($0)" })
        XCTAssertEqual(e.all.dropFirst(5).map(\.keyPath), (0..<15).map { "views[\($0)].alpha" })
        XCTAssertTrue(e.all.dropFirst(5).allSatisfy { $0.kind == .invalidValue && $0.message.contains("between 0 and 1") })
        let lines = e.description.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 21)
        XCTAssertEqual(lines.last, "t.yaml: 5 more problems not shown")
        XCTAssertTrue(lines[0].hasPrefix("t.yaml:4:3: bindings.box0.nope1: "), String(lines[0]))
    }

    func testProblemsInAViewDoNotCascade() {
        // Each breaks one view or declaration; everything that refers to it must still resolve.
        let cases: [(String, String, String)] = [
            ("onTap: go", "onTap: go\n    colour: red", "views[0].colour"),
            ("frame: [0, 0, 10, 10]", "fram: [0, 0, 10, 10]", "views[0].fram"),
            ("frame: [0, 0, 10, 10]", "frame: [0, 0, 10, nope]", "views[0].frame[3]"),
            ("onTap: go", "onTap: og", "views[0].onTap"),
            ("onTap: go", "onTap: go\n    backgroundColor: crimson", "views[0].backgroundColor"),
            ("onTap: go", "onTap: go\n    subviews:\n      - { id: inner, frame: [0, 0, 1], alpha: 1 }", "views[0].subviews[0].frame"),
            ("state: 0,", "state: zero,", "variables.state"),
        ]
        for (old, new, keyPath) in cases {
            // The box, its subview and the variable are used by an input event, an action's
            // condition and `set:`, and bindings.
            var text = addingActions("reset:\n  if: \"state == 1\"\n  set: { state: 0 }").replacingOccurrences(of: old, with: new)
            text += "\nbindings:\n  box.cornerRadius: \"state + count\"\n"
            if new.contains("inner") { text += "  inner.alpha: box.alpha\n" }
            let problems = error(text)
            XCTAssertEqual(problems?.all.map(\.keyPath), [keyPath], "\(new): \(problems?.description ?? "")")
        }
    }

    func testControlCharactersInMessagesAreEscaped() throws {
        let text = "canvas: { size: [100, 100] }\nduration: 1\nviews:\n  - { id: \"bo\\nx\\e[31m\\t\", frame: [0, 0, 1, 1] }\n"
        let e = try XCTUnwrap(error(text))
        XCTAssertEqual(e.all.count, 1)
        XCTAssertEqual(e.keyPath, "views[0].id")
        XCTAssertTrue(e.message.contains("bo\nx\u{1b}[31m\t"), e.message)
        XCTAssertEqual(e.description, "t.yaml:4:11: views[0].id: expected an id of letters, digits and '_' starting with a letter, found 'bo\\nx\\u{1b}[31m\\t'")
        XCTAssertFalse(e.description.unicodeScalars.contains { $0.properties.generalCategory == .control }, e.description)
        // Several problems: one line each, no control character inside any of them.
        let two = try XCTUnwrap(error(text + "actions:\n  \"a\\u0007\": { set: { \"x\\ry\": 1 } }\n"))
        let lines = two.description.split(separator: "\n")
        XCTAssertEqual(lines.count, two.all.count)
        XCTAssertGreaterThanOrEqual(lines.count, 2)
        for line in lines { XCTAssertFalse(line.unicodeScalars.contains { $0.properties.generalCategory == .control }, String(line)) }
        XCTAssertTrue(two.description.contains("x\\ry"), two.description)
    }

    /// One pass reports decoding problems and the Scene's own checks together, and every bad
    /// animation of one action.
    func testOnePassReportsSceneChecksBesideDecodingProblemsAndEveryBadAnimation() throws {
        let text = addingActions("""
        hide:
          animations:
            - { property: box.hidden, to: 1, duration: 1 }
            - { property: box.alpah, to: 0, duration: 1 }
            - { property: box.alpha, to: 0, duration: -1 }
            - { property: box.alpha, to: 0, curve: wobble, duration: 1 }
        """)
        let e = try XCTUnwrap(error(text))
        let messages = e.all.map(\.message)
        XCTAssertEqual(e.all.count, 4, "\(messages)")
        XCTAssertTrue(messages[0].contains("cannot be animated"), messages[0])
        XCTAssertTrue(messages[1].contains("alpah"), messages[1])
        XCTAssertTrue(messages[2].contains("greater than 0"), messages[2])
        XCTAssertTrue(messages[3].contains("wobble"), messages[3])
        XCTAssertEqual(e.all.map(\.line), e.all.map(\.line).sorted())
    }

    /// A bad `if`, a bad `set` entry and a bad `completion` of one action are all reported.
    func testEveryBadPartOfAnActionIsReported() throws {
        let text = addingActions("""
        later:
          if: "state + 1"
          set: { stat: 1 }
          completion: goo
        """)
        let e = try XCTUnwrap(error(text))
        XCTAssertEqual(e.all.map(\.keyPath), ["actions.later.if", "actions.later.set.stat", "actions.later.completion"], "\(e.all)")
    }
}
