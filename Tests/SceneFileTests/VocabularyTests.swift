import XCTest
import Motion
import Scene
@testable import SceneFile

/// UIKit's vocabulary in scene files: system colours resolved for `canvas.appearance`, a
/// `colors:` table, `pi` and `deg` in expressions, static values computed from the variables'
/// initial values, and "did you mean" for UIKit's spellings.
final class VocabularyTests: XCTestCase {
    private func scene(appearance: String = "dark", view: String = "backgroundColor: systemBlue", colors: String = "",
                       variables: String = "{ gap: 8 }", actions: String = "") -> String {
        """
        canvas:
          size: [200, 100]
          appearance: \(appearance)
          background: systemBackground
        duration: 1
        \(colors)
        variables: \(variables)
        views:
          - id: card
            frame: [0, 0, 100, 50]
            \(view)
        \(actions)
        """
    }

    private func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color { Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a) }

    func testSystemColoursTakeTheAppearancesValues() throws {
        let dark = try SceneDocument.parse(scene(), file: "t.yaml")
        XCTAssertEqual(dark.views[0].backgroundColor, rgb(10, 132, 255))
        XCTAssertEqual(dark.background, rgb(0, 0, 0))
        let light = try SceneDocument.parse(scene(appearance: "light"), file: "t.yaml")
        XCTAssertEqual(light.views[0].backgroundColor, rgb(0, 122, 255))
        XCTAssertEqual(light.background, rgb(255, 255, 255))
        let label = try SceneDocument.parse(scene(view: "label: { text: x, color: secondaryLabel }"), file: "t.yaml")
        XCTAssertEqual(label.views[0].label?.color, rgb(235, 235, 245, 0.6))
        XCTAssertEqual(SystemColor.named("systemGray6")?.resolved(.dark), rgb(28, 28, 30))
        XCTAssertEqual(SystemColor.named("red")?.resolved(.dark), Color(red: 1, green: 0, blue: 0))
        XCTAssertNil(SystemColor.named("systemBlu"))
    }

    func testAnUnknownSystemColourSuggestsTheClosest() {
        let text = scene(view: "backgroundColor: systemBleu")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "systemBleu", keyPath: "views[0].backgroundColor",
                      kind: .invalidValue, message: "unknown colour 'systemBleu'", suggestion: "systemBlue")
        let gray = scene(view: "backgroundColor: systemGrey3")
        assertLocated(sceneFileError(gray, file: "t.yaml"), in: gray, at: "systemGrey3", keyPath: "views[0].backgroundColor",
                      kind: .invalidValue, message: "unknown colour", suggestion: "systemGray3")
    }

    func testNamedColoursWithLightAndDarkValues() throws {
        let colors = "colors:\n  brand: { light: \"#ff0000\", dark: systemOrange }\n  ink: [0, 0, 0, 0.5]"
        let dark = try SceneDocument.parse(scene(view: "backgroundColor: brand\n    borderColor: ink", colors: colors), file: "t.yaml")
        XCTAssertEqual(dark.views[0].backgroundColor, rgb(255, 159, 10))
        XCTAssertEqual(dark.views[0].borderColor, Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        let light = try SceneDocument.parse(scene(appearance: "light", view: "backgroundColor: brand", colors: colors), file: "t.yaml")
        XCTAssertEqual(light.views[0].backgroundColor, Color(red: 1, green: 0, blue: 0))
        let typo = scene(view: "backgroundColor: brnad", colors: colors)
        assertLocated(sceneFileError(typo, file: "t.yaml"), in: typo, at: "brnad", keyPath: "views[0].backgroundColor",
                      kind: .invalidValue, message: "unknown colour 'brnad'", suggestion: "brand")
        let shadow = scene(colors: "colors:\n  systemBlue: \"#000000\"")
        assertLocated(sceneFileError(shadow, file: "t.yaml"), in: shadow, at: "systemBlue:", keyPath: "colors.systemBlue",
                      kind: .invalidValue, message: "'systemBlue' is a UIKit colour already")
        let side = scene(colors: "colors:\n  brand: { light: red, dusk: blue }")
        assertLocated(sceneFileError(side, file: "t.yaml"), in: side, at: "dusk", keyPath: "colors.brand.dusk",
                      kind: .unknownKey, message: "unknown key 'dusk'", suggestion: "dark")
    }

    func testPiAndDegreesInExpressions() throws {
        let parsed = try SceneDocument.parse(scene(view: "rotation: \"pi / 4\"\n    alpha: \"45deg / pi\""), file: "t.yaml")
        XCTAssertEqual(parsed.views[0].transform.rotation, Double.pi / 4, accuracy: 1e-15)
        XCTAssertEqual(parsed.views[0].alpha, 0.25, accuracy: 1e-15)
        let bound = scene(actions: "bindings:\n  card.transform.rotation: \"card.alpha * 90deg + pi\"")
        let binding = try XCTUnwrap(try SceneDocument.parse(bound, file: "t.yaml").bindings.first?.expression)
        XCTAssertEqual(binding.evaluate({ _ in 1 }), 1.5 * Double.pi, accuracy: 1e-15)
    }

    func testStaticValuesAreComputedOnceFromInitialValuesInsideAndOutsideRepeat() throws {
        let view = "hidden: \"gap > 10\""
        let parsed = try SceneDocument.parse(scene(view: view).replacingOccurrences(of: "[0, 0, 100, 50]", with: "[\"gap\", \"gap * 2\", \"100 - 2 * gap\", 50]"), file: "t.yaml")
        XCTAssertEqual(parsed.views[0].frame, Rect(x: 8, y: 16, width: 84, height: 50))
        XCTAssertEqual(parsed.views[0].isHidden, false)
        let rows = """
        canvas: { size: [200, 100] }
        duration: 1
        variables: { gap: 8, i: 100 }
        views:
          - { id: row, repeat: 2, frame: [0, "i * (20 + gap)", 10, 20] }
        """
        let copies = try SceneDocument.parse(rows, file: "t.yaml").views
        // The loop variable hides a scene variable of the same name.
        XCTAssertEqual(copies.map(\.frame.minY), [0, 28])
        let unknown = scene(view: "alpha: \"gapp / 10\"")
        assertLocated(sceneFileError(unknown, file: "t.yaml"), in: unknown, at: "gapp", keyPath: "views[0].alpha",
                      kind: .invalidValue, message: "unknown name 'gapp'", suggestion: "gap")
        let live = scene(view: "alpha: \"card.frame.x\"")
        assertLocated(sceneFileError(live, file: "t.yaml"), in: live, at: "card.frame.x", keyPath: "views[0].alpha",
                      kind: .invalidValue, message: "computed once, when the scene is read")
    }

    func testUIKitSpellingsGetDidYouMean() {
        let opacity = scene(view: "opacity: 0.5")
        assertLocated(sceneFileError(opacity, file: "t.yaml"), in: opacity, at: "opacity", keyPath: "views[0].opacity",
                      kind: .unknownKey, message: "unknown key 'opacity'", suggestion: "alpha")
        let spring = "actions:\n  go:\n    animations:\n      - property: card.alpha\n        to: 0\n        duration: 0.5\n        spring: { usingSpringWithDamping: 0.7, initialSpringVelocity: 0 }"
        let text = scene(actions: spring)
        let error = sceneFileError(text, file: "t.yaml")
        XCTAssertEqual(error?.suggestion, "damping", error?.description ?? "")
        XCTAssertEqual(error?.keyPath, "actions.go.animations[0].spring.usingSpringWithDamping")
        let property = scene(actions: "actions:\n  go:\n    animations:\n      - { property: card.opacity, to: 0, duration: 0.5 }")
        assertLocated(sceneFileError(property, file: "t.yaml"), in: property, at: "card.opacity", keyPath: "actions.go.animations[0].property",
                      kind: .unknownReference, message: "views have no single property 'opacity'", suggestion: "alpha")
        let misplaced = scene(view: "fontSize: 12")
        assertLocated(sceneFileError(misplaced, file: "t.yaml"), in: misplaced, at: "fontSize", keyPath: "views[0].fontSize",
                      kind: .unknownKey, message: "unknown key 'fontSize' ('fontSize' belongs inside 'label')")
    }
}
