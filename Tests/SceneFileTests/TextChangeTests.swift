import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// `set:` changes a label's text (a template over variables, computed when the action runs)
/// and a view's image; `template:` computes a label's first text once, when the scene is read.
final class TextChangeTests: XCTestCase {
    private func scene(set: String = "{ count: count + 1, header.text: \"Updated {count} items\" }",
                       label: String = "{ text: \"Pull {to} refresh\", fontSize: 15 }") -> String {
        """
        canvas:
          size: [200, 100]
        duration: 2
        variables: { count: 2, ratio: 0.25 }
        views:
          - id: header
            frame: [0, 0, 200, 40]
            label: \(label)
        actions:
          refresh:
            set: \(set)
        input:
          - { run: refresh, at: 0.5 }
          - { run: refresh, at: 1 }
        """
    }

    private func text(_ frame: Frame) -> String? {
        for command in frame.commands { if case .text(let run) = command { return run.text } }
        return nil
    }

    func testSetComputesTheTemplateWhenTheActionRuns() throws {
        let scene = try SceneDocument.parse(self.scene(), file: "t.yaml")
        var player = try Player(scene: scene)
        // Plain `text:` keeps its braces.
        XCTAssertEqual(text(try player.frame(at: 0, fps: 10)), "Pull {to} refresh")
        // `set:` entries apply in order: the variable first, then the text reads it.
        XCTAssertEqual(text(try player.frame(at: 5, fps: 10)), "Updated 3 items")
        XCTAssertEqual(text(try player.frame(at: 9, fps: 10)), "Updated 3 items")
        XCTAssertEqual(text(try player.frame(at: 10, fps: 10)), "Updated 4 items")
        // Asked out of order, the same texts.
        XCTAssertEqual(text(try player.frame(at: 4, fps: 10)), "Pull {to} refresh")
        XCTAssertEqual(text(try player.frame(at: 7, fps: 10)), "Updated 3 items")
    }

    func testDecimalsEscapesAndPresentationValues() throws {
        let set = "{ header.text: \"{{{ratio * 10:.2f}}} {header.frame.width / 3:.1f} {count:.0f} {ratio}\" }"
        let scene = try SceneDocument.parse(self.scene(set: set), file: "t.yaml")
        var player = try Player(scene: scene)
        XCTAssertEqual(text(try player.frame(at: 6, fps: 10)), "{2.50} 66.7 2 0.25")
    }

    func testFormatRoundsHalfAwayFromZeroAndPrintsShortestForms() {
        XCTAssertEqual(TextFormat.format(2.5, decimals: 0), "3")
        XCTAssertEqual(TextFormat.format(-2.5, decimals: 0), "-3")
        XCTAssertEqual(TextFormat.format(0.125, decimals: 2), "0.13")
        XCTAssertEqual(TextFormat.format(-0.001, decimals: 2), "0.00")
        XCTAssertEqual(TextFormat.format(7, decimals: 3), "7.000")
        XCTAssertEqual(TextFormat.format(0.1 + 0.2, decimals: nil), "0.30000000000000004")
        XCTAssertEqual(TextFormat.format(-0.0, decimals: nil), "0")
        XCTAssertEqual(TextFormat.format(1e300, decimals: 2), "1e+300")
    }

    func testTemplateLabelKeyIsComputedOnceFromInitialValues() throws {
        let scene = try SceneDocument.parse(self.scene(label: "{ template: \"{count} of {{n}} at {ratio:.1f}\" }"), file: "t.yaml")
        XCTAssertEqual(scene.views[0].label?.text, "2 of {n} at 0.3")
    }

    func testATemplateNamingAnUnknownVariableIsLocated() {
        let text = scene(set: "{ header.text: \"Updated {cout} items\" }")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "cout} items", keyPath: "actions.refresh.set.header.text",
                      kind: .invalidValue, message: "unknown name 'cout'", suggestion: "count")
        let label = scene(label: "{ template: \"{cout} items\" }")
        assertLocated(sceneFileError(label, file: "t.yaml"), in: label, at: "cout} items", keyPath: "views[0].label.template",
                      kind: .invalidValue, message: "unknown name 'cout'", suggestion: "count")
    }

    func testBadTemplatesAndTargetsAreLocated() {
        let format = scene(set: "{ header.text: \"{count:.1g}\" }")
        assertLocated(sceneFileError(format, file: "t.yaml"), in: format, at: ":.1g}", keyPath: "actions.refresh.set.header.text",
                      kind: .invalidValue, message: "expected ':.Nf'")
        let open = scene(set: "{ header.text: \"{count\" }")
        assertLocated(sceneFileError(open, file: "t.yaml"), in: open, at: "{count\"", keyPath: "actions.refresh.set.header.text",
                      kind: .invalidValue, message: "'{' is not closed")
        let path = scene(set: "{ header.txt: \"x\" }")
        assertLocated(sceneFileError(path, file: "t.yaml"), in: path, at: "header.txt", keyPath: "actions.refresh.set.header.txt",
                      kind: .invalidValue, message: "'set:' changes a variable", suggestion: "header.text")
        let view = scene(set: "{ heder.text: \"x\" }")
        assertLocated(sceneFileError(view, file: "t.yaml"), in: view, at: "heder.text", keyPath: "actions.refresh.set.heder.text",
                      kind: .unknownReference, message: "no view has the id 'heder'", suggestion: "header")
        let image = scene(set: "{ header.image: \"x.png\" }")
        assertLocated(sceneFileError(image, file: "t.yaml"), in: image, at: "header.image", keyPath: "actions.refresh.set.header.image",
                      kind: .invalidValue, message: "the view 'header' has no image")
        let both = scene(label: "{ text: a, template: b }")
        assertLocated(sceneFileError(both, file: "t.yaml"), in: both, at: "a, template", keyPath: "views[0].label.text",
                      kind: .invalidValue, message: "either 'text'")
    }

    /// Ten points a character, so widths are easy to read.
    private struct TenPerCharacter: LabelMeasuring {
        func measure(_ run: TextRun) -> TextMeasurement {
            TextMeasurement(width: Double(run.text.count) * 10, ascent: 0.8 * run.fontSize, descent: 0.2 * run.fontSize)
        }
        func size(of run: TextRun, width: Double) -> Size {
            let m = measure(run)
            return Size(width: min(m.width, width), height: m.height * max((m.width / max(width, 1)).rounded(.up), 1))
        }
    }

    func testALaidOutLabelsIntrinsicSizeFollowsItsNewText() throws {
        let text = """
        canvas: { size: [400, 200] }
        duration: 2
        variables: { count: 7 }
        views:
          - id: page
            frame: [0, 0, 400, 200]
            subviews:
              - { id: pill, frame: [0, 0, 0, 0], label: { text: "Hello", fontSize: 20 } }
        constraints:
          x: "pill.centerX == superview.centerX"
          y: "pill.top == superview.top + 10"
        actions:
          grow:
            set: { pill.text: "Updated {count} items" }
        input:
          - { run: grow, at: 1 }
        """
        let scene = try SceneDocument.parse(text, file: "t.yaml", measuring: TenPerCharacter())
        func frame(at t: Double) throws -> Rect {
            var player = try Player(scene: scene)
            try player.advance(to: t)
            func value(_ path: String) -> Double { player.modelValue(scene.property(named: "pill.frame.\(path)")!) }
            return Rect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
        }
        XCTAssertEqual(try frame(at: 0.5), Rect(x: 175, y: 10, width: 50, height: 20))
        // "Updated 7 items" is 15 characters: UILabel's intrinsic size follows its text.
        XCTAssertEqual(try frame(at: 1), Rect(x: 125, y: 10, width: 150, height: 20))
        XCTAssertEqual(try frame(at: 1.5), Rect(x: 125, y: 10, width: 150, height: 20))
    }
}
