import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// Constraints read from a scene file: the frames the layout pass gives, the constants that
/// bindings and actions drive, and every error UIKit would raise, located.
final class ConstraintFileTests: XCTestCase {
    /// A fixed-width measurer, so sizes are known exactly: 10 pt a character, ascent 0.8 em,
    /// descent 0.2 em.
    struct FixedMeasurer: LabelMeasuring {
        func measure(_ run: TextRun) -> TextMeasurement {
            TextMeasurement(width: Double(run.text.count) * 10, ascent: 0.8 * run.fontSize, descent: 0.2 * run.fontSize)
        }
        /// 10 pt a character, wrapped by characters, at most numberOfLines; lines 1 em apart.
        func size(of run: TextRun, width: Double) -> Size {
            let perLine = max(Int(width / 10), 1)
            var lines = max((run.text.count + perLine - 1) / perLine, 1)
            if run.numberOfLines > 0 { lines = min(lines, run.numberOfLines) }
            return Size(width: min(Double(run.text.count) * 10, width), height: Double(lines) * run.fontSize)
        }
    }

    func scene(_ constraints: String, extra: String = "") throws -> Scene {
        try SceneDocument.parse("""
        canvas: { size: [400, 800], safeAreaInsets: { top: 20, bottom: 34 } }
        duration: 1
        views:
          - id: page
            frame: [0, 0, 400, 800]
            subviews:
              - { id: box, frame: [0, 0, 0, 0] }
              - { id: other, frame: [50, 60, 100, 40] }
              - { id: title, frame: [0, 0, 0, 0], label: { text: "Hello", fontSize: 20 } }
          - { id: loner, frame: [0, 0, 10, 10] }
        constraints:
        \(constraints)
        \(extra)
        """, file: "t.yaml", measuring: FixedMeasurer())
    }

    func frame(_ scene: Scene, _ id: String, at t: Double = 0) throws -> Rect {
        var player = try Player(scene: scene)
        try player.advance(to: t)
        func value(_ path: String) -> Double { player.modelValue(scene.property(named: "\(id).frame.\(path)")!) }
        return Rect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
    }

    func testEdgesCentresMultipliersGuidesAndIntrinsicSizes() throws {
        let s = try scene("""
          boxLeft: "box.left == superview.left + 20"
          boxRight: "box.trailing == other.leading × 2 - 10"
          boxTop: "box.top == safeArea.top + 4"
          boxHeight: "box.height == other.height * 0.5 + 5 @999"
          titleX: "title.centerX == superview.centerX"
          titleBottom: "title.lastBaseline == bottomLayoutGuide.top - 10"
        """)
        // right = 2 × 50 − 10 = 90 → width 70; top = 20 + 4; height = 40 / 2 + 5.
        XCTAssertEqual(try frame(s, "box"), Rect(x: 20, y: 24, width: 70, height: 25))
        // "Hello": 50 × 20 (ascent 16 + descent 4); centred at 200; baseline at 800 − 34 − 10 =
        // 756 = top + 10 + (16 − 4) / 2 → top 740.
        XCTAssertEqual(try frame(s, "title"), Rect(x: 175, y: 740, width: 50, height: 20))
    }

    /// A card sized by its wrapped text: the first pass gives the story label its width (the
    /// card's less 2 × 20), the second its height at that width (FixedMeasurer: 10 pt a
    /// character, 1 em a line), and the card hugs it. No guessed height anywhere.
    func testMultiLineLabelsGetTheHeightOfTheirTextAtTheSolvedWidth() throws {
        let text = String(repeating: "x", count: 45)
        let s = try SceneDocument.parse("""
        canvas: { size: [400, 800] }
        duration: 1
        views:
          - id: card
            frame: [0, 0, 0, 0]
            subviews:
              - { id: story, frame: [0, 0, 0, 0], label: { text: "\(text)", fontSize: 20, numberOfLines: 0 } }
              - { id: capped, frame: [0, 0, 0, 0], label: { text: "\(text)", fontSize: 20, numberOfLines: 2 } }
        constraints:
          c0: "card.left == superview.left + 50"
          c1: "card.width == 200"
          c2: "card.top == superview.top + 10"
          s0: "story.left == card.left + 20"
          s1: "story.right == card.right - 20"
          s2: "story.top == card.top + 16"
          k0: "capped.left == card.left + 20"
          k1: "capped.right == card.right - 20"
          k2: "capped.top == story.bottom + 8"
          c3: "card.bottom == capped.bottom + 16"
        """, file: "t.yaml", measuring: FixedMeasurer())
        // 160 points hold 16 characters a line: 45 characters are 3 lines of 20, 2 when capped.
        XCTAssertEqual(try frame(s, "story"), Rect(x: 20, y: 16, width: 160, height: 60))
        XCTAssertEqual(try frame(s, "capped"), Rect(x: 20, y: 84, width: 160, height: 40))
        XCTAssertEqual(try frame(s, "card"), Rect(x: 50, y: 10, width: 200, height: 140))
    }

    func testCompressionResistanceBeatsHuggingAndRequiredBeatsBoth() throws {
        // Hugging (250) loses to a 600 pull; compression resistance (750) wins against it.
        let s = try scene("""
          t0: "title.left == superview.left"
          t1: "title.top == superview.top"
          grow: "title.width == 300 @600"
          shrink: "title.height == 2 @600"
        """)
        let f = try frame(s, "title")
        XCTAssertEqual(f.width, 300)
        XCTAssertEqual(f.height, 20)
    }

    /// `contentPriorities` raises a label's hugging above a 600 pull and lowers its compression
    /// resistance below a 600 squeeze.
    func testContentPrioritiesAreTheLabelsOwn() throws {
        let s = try scene("""
          t0: "title.left == superview.left"
          t1: "title.top == superview.top"
          grow: "title.width == 300 @600"
          shrink: "title.height == 2 @600"
        """, extra: """
        contentPriorities:
          title: { contentHugging: [700, 250], compressionResistance: [750, 500] }
        """)
        let f = try frame(s, "title")
        XCTAssertEqual(f.width, 50)
        XCTAssertEqual(f.height, 2)
        let bad = """
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: title, frame: [0, 0, 0, 0], label: "Hi" }
        contentPriorities:
          title: { contentHugging: [1200, 250] }
          titel: { contentHugging: [250, 250] }
        """
        let e = sceneFileError(bad, file: "t.yaml")
        XCTAssertEqual(e?.all.count, 2, e?.description ?? "")
        XCTAssertTrue(e?.message.contains("a priority must be within 1…1000, found [1200, 250]") ?? false, e?.description ?? "")
        XCTAssertEqual(e?.line, 6)
        XCTAssertEqual(e?.all.last?.suggestion, "title")
    }

    func testBindingsAndActionsDriveConstantsAndLayoutAnimates() throws {
        let s = try scene("""
          l: "box.left == superview.left"
          t: "box.top == superview.top + 10"
          w: "box.width == 100"
          h: "box.height == 50"
        """, extra: """
        variables: { v: 0 }
        bindings:
          t.constant: "10 + page.frame.x"
        actions:
          grow:
            layout: { set: { w.constant: 300 }, duration: 0.5, curve: linear }
        input:
          - { run: grow, at: 0.2 }
        """)
        XCTAssertEqual(try frame(s, "box", at: 0.1).width, 100)
        // Half way through a linear 0.5 s animation from 100 to 300: the presentation is 200,
        // the model (the new layout) 300 at once.
        var player = try Player(scene: s)
        try player.advance(to: 0.45)
        XCTAssertEqual(player.presentationValue(s.property(named: "box.frame.width")!), 200, accuracy: 1e-9)
        XCTAssertEqual(player.modelValue(s.property(named: "box.frame.width")!), 300, accuracy: 1e-9)
        XCTAssertEqual(player.modelValue(s.property(named: "w.constant")!), 300)
        XCTAssertEqual(player.modelValue(s.property(named: "t.priority")!), 1000)
        XCTAssertEqual(player.modelValue(s.property(named: "t.isActive")!), 1)
    }

    func testIsActiveSwitchesConstraints() throws {
        let s = try scene("""
          l: "box.left == superview.left"
          t: "box.top == superview.top"
          h: "box.height == 10"
          narrow: "box.width == 100"
          wide: { constraint: "box.width == 300", isActive: false }
        """, extra: """
        actions:
          swap:
            layout: { set: { narrow.isActive: 0, wide.isActive: 1 } }
        input:
          - { run: swap, at: 0.5 }
        """)
        XCTAssertEqual(try frame(s, "box", at: 0.4).width, 100)
        XCTAssertEqual(try frame(s, "box", at: 0.6).width, 300)
    }

    // MARK: Errors

    func testUnsatisfiableConstraintsAreEachNamedWithTheirPlace() {
        let text = """
        canvas: { size: [400, 800] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 0, 0] }
        constraints:
          a: "box.width == 100"
          b: "box.left == superview.left"
          d: "box.top == superview.top"
          c: "box.right == superview.right - 10"
        """
        // a, b and c conflict (100 ≠ 390); d is not part of it and is not named.
        let e = sceneFileError(text, file: "t.yaml")
        XCTAssertEqual(e?.line, 9)
        XCTAssertEqual(e?.keyPath, "constraints.c")
        XCTAssertTrue(e?.message.contains("the required constraints 'a' (t.yaml:6:6), 'b' (t.yaml:7:6), 'c' (t.yaml:9:6) together") ?? false,
                      e?.description ?? "")
        XCTAssertFalse(e?.message.contains("'d'") ?? true, e?.description ?? "")
    }

    func testEveryConstraintError() {
        let base = """
        canvas: { size: [400, 800] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 0, 0], subviews: [{ id: inner, frame: [0, 0, 5, 5] }] }
          - { id: loner, frame: [0, 0, 10, 10] }
        constraints:

        """
        func check(_ line: String, at target: String, _ message: String, kind: SceneFileError.Kind = .invalidValue,
                   suggestion: String? = nil, keyPath: String = "constraints.x", file: StaticString = #filePath, testLine: UInt = #line) {
            let text = base + "  x: " + line + "\n"
            assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: target, after: "constraints:", keyPath: keyPath, kind: kind,
                          message: message, suggestion: suggestion, file: file, line: testLine)
        }
        check("\"box.lef == superview.left\"", at: "\"box", "unknown layout attribute 'lef'", kind: .unknownReference, suggestion: "left")
        check("\"bx.left == superview.left\"", at: "\"bx", "no view has the id 'bx'", kind: .unknownReference, suggestion: "box")
        check("\"box.left == supervew.left\"", at: "\"box", "no view has the id 'supervew'", kind: .unknownReference, suggestion: "superview")
        check("\"box.left == loner.left\"", at: "\"box", "no common ancestor")
        check("\"box.left == superview.left × 0 + 5\"", at: "\"box", "a multiplier of 0 on a location attribute")
        check("\"box.left == superview.width\"", at: "\"box", "a location attribute cannot be related to a dimension")
        check("\"box.left == superview.top\"", at: "\"box", "a horizontal location cannot be related to a vertical one")
        check("\"box.width == 10 @1001\"", at: "\"box", "a priority must be within 1…1000")
        check("\"box.width == 10 @0\"", at: "\"box", "a priority must be within 1…1000")
        check("\"box.width == 1e999\"", at: "\"box", "the constant must be a finite number")
        check("\"box.left == 10\"", at: "\"box", "needs a second item")
        check("\"box.left = superview.left\"", at: "\"box", "expected a constraint 'first.attribute == second.attribute")
        check("{ constraint: \"box.width == 1\", active: false }", at: "active", "active", kind: .unknownKey, suggestion: "isActive",
              keyPath: "constraints.x.active")
        let clash = base + "  box: \"box.width == 1\"\n"
        assertLocated(sceneFileError(clash, file: "t.yaml"), in: clash, at: "box:", after: "constraints:", keyPath: "constraints.box",
                      kind: .invalidValue, message: "already a view's id")
        let unknownProperty = base + "  w: \"box.width == 1\"\nbindings:\n  w.constnt: \"1\"\n"
        assertLocated(sceneFileError(unknownProperty, file: "t.yaml"), in: unknownProperty, at: "w.constnt", keyPath: "bindings.w.constnt",
                      kind: .unknownReference, message: "constraints have no property 'constnt'", suggestion: "constant")
        let layoutSet = base + "  w: \"box.width == 1\"\nactions:\n  go: { layout: { set: { box.alpha: 1 } } }\n"
        assertLocated(sceneFileError(layoutSet, file: "t.yaml"), in: layoutSet, at: "box.alpha", keyPath: "actions.go.layout.set.box.alpha",
                      kind: .unknownReference, message: "is not a constraint's property")
    }

    /// A required constraint may not become optional while active (UIKit raises): the Player
    /// stops with an error naming it.
    func testChangingBetweenRequiredAndOptionalWhileActiveStops() throws {
        let s = try scene("""
          l: "box.left == superview.left"
          t: "box.top == superview.top"
          h: "box.height == 10"
          w: "box.width == 100"
        """, extra: """
        actions:
          soften:
            layout: { set: { w.priority: 500 } }
        input:
          - { run: soften, at: 0.5 }
        """)
        var player = try Player(scene: s)
        XCTAssertThrowsError(try player.advance(to: 0.6)) { error in
            XCTAssertTrue("\(error)".contains("'w' changed from 1000.0 to 500.0"), "\(error)")
        }
    }

    /// A priority set outside 1…1000 while the scene plays stops it, naming the constraint; so
    /// does a layout change with a curve but no duration, when read.
    func testRuntimePriorityOutsideTheRangeAndLayoutTimingErrors() throws {
        let s = try scene("""
          l: "box.left == superview.left"
          t: "box.top == superview.top"
          h: "box.height == 10"
          w: "box.width == 100 @500"
        """, extra: """
        actions:
          zero:
            layout: { set: { w.priority: 0 } }
        input:
          - { run: zero, at: 0.5 }
        """)
        var player = try Player(scene: s)
        XCTAssertThrowsError(try player.advance(to: 0.6)) { error in
            XCTAssertTrue("\(error)".contains("the priority of the constraint 'w' became 0.0"), "\(error)")
        }
        let text = """
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 0, 0] }
        constraints:
          w: "box.width == 1"
        actions:
          go: { layout: { set: { w.constant: 2 }, curve: easeIn } }
        """
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "{ set", keyPath: "actions.go.layout", kind: .missingKey,
                      message: "missing key 'duration'")
    }

    /// A binding that makes required constraints conflict stops the scene with an error naming
    /// the constraint.
    func testRequiredConflictWhileRunningStops() throws {
        let s = try scene("""
          l: "box.left == superview.left"
          t: "box.top == superview.top"
          h: "box.height == 10"
          w: "box.width >= 100"
          cap: "box.width <= 200"
        """, extra: """
        bindings:
          w.constant: "page.frame.x + 300"
        """)
        XCTAssertThrowsError(try Player(scene: s)) { XCTAssertTrue("\($0)".contains("'w'"), "\($0)") }
    }
}
