import XCTest
import Drawing
import Motion
import Scene
import SceneFile

/// `effect: {blur: STYLE}` (UIVisualEffectView): every style read, materials following
/// `canvas.appearance`, each bad input located, and the backdrop command in the Frame.
final class BlurEffectFileTests: XCTestCase {
    private func scene(_ effect: String, appearance: String = "light", view: String = "") -> String {
        """
        canvas: { size: [200, 200], appearance: \(appearance), fps: 10 }
        duration: 1
        views:
          - { id: photo, frame: [0, 0, 200, 200], backgroundColor: "#ff8800" }
          - { id: bar, frame: [0, 0, 200, 50], effect: \(effect)\(view) }
        """
    }

    private func frame(_ text: String, at index: Int = 0) throws -> Frame {
        var player = try Player(scene: try SceneDocument.parse(text, file: "t.yaml"))
        return try player.frame(at: index, fps: 10)
    }

    private func backdrops(_ frame: Frame) -> [(path: Path, material: BackdropMaterial, opacity: Double)] {
        frame.commands.compactMap { if case .backdrop(let path, let material, let opacity) = $0 { return (path, material, opacity) } else { return nil } }
    }

    func testEveryStyleIsRead() throws {
        for style in BlurStyle.allCases {
            let view = try SceneDocument.parse(scene("{ blur: \(style.rawValue) }"), file: "t.yaml").views[1]
            XCTAssertEqual(view.effect, .blur(style))
        }
    }

    func testMaterialsFollowTheAppearanceAndTheFixedStylesDoNot() throws {
        for (style, light, dark) in [(BlurStyle.systemMaterial, BlurStyle.systemMaterialLight, BlurStyle.systemMaterialDark),
                                     (.systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark),
                                     (.systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark)] {
            XCTAssertEqual(backdrops(try frame(scene("{ blur: \(style.rawValue) }"))).first?.material, light.material(for: .dark))
            XCTAssertEqual(backdrops(try frame(scene("{ blur: \(style.rawValue) }", appearance: "dark"))).first?.material, dark.material(for: .light))
        }
        XCTAssertNotEqual(BlurStyle.regular.material(for: .light), BlurStyle.regular.material(for: .dark))
        for fixed in [BlurStyle.light, .extraLight, .dark, .systemThinMaterialDark, .systemThickMaterialLight] {
            XCTAssertEqual(fixed.material(for: .light), fixed.material(for: .dark), fixed.rawValue)
        }
        // Thicker materials blur more and tint more (our choice, docs/scenes.md).
        let order: [BlurStyle] = [.systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight, .systemThickMaterialLight]
        for (thinner, thicker) in zip(order, order.dropFirst()) {
            XCTAssertLessThan(thinner.material(for: .light).radius, thicker.material(for: .light).radius)
            XCTAssertLessThan(thinner.material(for: .light).tint.alpha, thicker.material(for: .light).tint.alpha)
        }
    }

    func testTheBackdropComesBeforeTheViewsGroupWithItsAlpha() throws {
        let text = scene("{ blur: systemMaterial }", view: """
        , alpha: 0.4, cornerRadius: 12,
                subviews: [{ id: title, frame: [0, 0, 200, 50], label: "Title" }] 
        """)
        let commands = try frame(text).commands
        guard let at = commands.firstIndex(where: { if case .backdrop = $0 { return true } else { return false } }) else {
            return XCTFail("no backdrop: \(commands)")
        }
        guard case .backdrop(let path, _, let opacity) = commands[at] else { return }
        XCTAssertEqual(opacity, 0.4, accuracy: 1e-12)
        XCTAssertEqual(path.controlBounds, Rect(x: 0, y: 0, width: 200, height: 50), "the rounded bounds, in the parent's coordinates")
        guard case .beginBoundedGroup = commands[at + 1] else { return XCTFail("the title fades as a group above the blur: \(commands)") }
        XCTAssertTrue(commands[(at + 1)...].contains { if case .text = $0 { return true } else { return false } })
    }

    func testAFadingEffectViewAnimatesItsOpacity() throws {
        let text = """
        canvas: { size: [200, 200], fps: 10 }
        duration: 1
        views:
          - { id: bar, frame: [0, 0, 200, 50], alpha: 0, effect: { blur: regular } }
        actions:
          show: { animations: [{ property: bar.alpha, to: 1, duration: 1, curve: linear }] }
        input: [{ run: show, at: 0 }]
        """
        XCTAssertTrue(backdrops(try frame(text, at: 0)).isEmpty, "alpha 0 draws nothing")
        XCTAssertEqual(backdrops(try frame(text, at: 5)).first?.opacity ?? 0, 0.5, accuracy: 1e-9)
    }

    /// An effect view with nothing else to draw still draws (it is not dropped as empty), as
    /// long as its bounds touch the canvas; what it reads past its bounds does not make it drawn.
    func testAnEffectViewIsDrawnWhileItsBoundsAreVisible() throws {
        func drawn(_ x: Double) throws -> Bool {
            !backdrops(try frame("""
            canvas: { size: [200, 200], fps: 10 }
            duration: 1
            views:
              - { id: bar, frame: [\(x), 0, 100, 50], effect: { blur: systemThinMaterial } }
            """)).isEmpty
        }
        XCTAssertTrue(try drawn(0))
        XCTAssertTrue(try drawn(-99.5), "half a point on the canvas")
        XCTAssertTrue(try drawn(199.5))
        XCTAssertFalse(try drawn(-100), "wholly off the canvas: what it would draw is nowhere")
        XCTAssertFalse(try drawn(200))
    }

    func testAnUnknownStyleIsLocatedWithASuggestion() {
        let text = scene("{ blur: systemMaterialDrak }")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "systemMaterialDrak", keyPath: "views[1].effect.blur",
                      kind: .invalidValue, message: "expected a blur style (systemUltraThinMaterial, ", suggestion: "systemMaterialDark")
    }

    func testAMissingStyleIsLocated() {
        let text = scene("{ }")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "{ }", keyPath: "views[1].effect",
                      kind: .missingKey, message: "missing key 'blur'")
    }

    func testAnUnknownEffectKeyIsLocated() {
        let text = scene("{ blur: regular, vibrancy: true }")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "vibrancy", keyPath: "views[1].effect.vibrancy",
                      kind: .unknownKey, message: "vibrancy")
    }

    func testAStyleWithoutItsMappingIsLocated() {
        let text = scene("systemMaterial")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "systemMaterial", keyPath: "views[1].effect",
                      kind: .wrongType, message: "expected a mapping")
    }
}
