import XCTest
import Motion
import Scene
import SceneFile

/// The scene model is usable from Swift: the Skype scene built in code, with the ids a
/// `SceneBuilder` hands out, validates like the file and plays identically.
final class SwiftAPITests: XCTestCase {
    private func hex(_ text: String) -> Color { Color(hex: text)! }

    private func point(_ x: ExpressionNode, _ y: ExpressionNode) throws -> PointExpression {
        PointExpression(x: try SceneExpression(x), y: try SceneExpression(y))
    }

    /// What the scene declares, by id, for the tests to address.
    private struct Skype {
        var scene: Scene
        var toggleButton, sideHelper, centerHelper, sheet: ViewID
    }

    private func skypeInSwift() throws -> Skype {
        var builder = SceneBuilder()
        builder.addView(id: "title", frame: Rect(x: 0, y: 70, width: 390, height: 40),
                        label: Label(text: "Skype", fontSize: 28, bold: true, color: hex("#1c1c1e")))
        let toggleButton = builder.addView(id: "toggleButton", frame: Rect(x: 95, y: 397, width: 200, height: 50),
                                           backgroundColor: hex("#00b8ff"), cornerRadius: 25,
                                           label: Label(text: "Share…", fontSize: 17, bold: true, color: hex("#ffffff")))
        let sideHelper = builder.addView(id: "sideHelper", frame: Rect(x: 0, y: 844, width: 10, height: 10),
                                         backgroundColor: hex("#ff3b30"), isHidden: true)
        let centerHelper = builder.addView(id: "centerHelper", frame: Rect(x: 190, y: 844, width: 10, height: 10),
                                           backgroundColor: hex("#34c759"), isHidden: true)
        let side = PropertyRef.view(sideHelper, .frameY), center = PropertyRef.view(centerHelper, .frameY)
        let sheet = builder.addView(id: "sheet", frame: Rect(x: 0, y: 844, width: 390, height: 300), shape: Shape(elements: [
            .move(to: try point(0, 20)),
            .quadCurve(to: try point(.ownWidth, 20), control: try point(.ownWidth / 2, 20 + .property(side) - .property(center))),
            .line(to: try point(.ownWidth, .ownHeight)),
            .line(to: try point(0, .ownHeight)),
            .close,
        ], fill: hex("#00b8ff")))
        builder.addView(id: "photoButton", parent: sheet, frame: Rect(x: 20, y: 40, width: 350, height: 48),
                        backgroundColor: hex("#ffffff33"), cornerRadius: 12,
                        label: Label(text: "Send a photo", fontSize: 17, bold: false, color: hex("#ffffff")))
        builder.addView(id: "locationButton", parent: sheet, frame: Rect(x: 20, y: 100, width: 350, height: 48),
                        backgroundColor: hex("#ffffff33"), cornerRadius: 12,
                        label: Label(text: "Share location", fontSize: 17, bold: false, color: hex("#ffffff")))
        builder.addView(id: "cancelButton", parent: sheet, frame: Rect(x: 20, y: 160, width: 350, height: 48),
                        backgroundColor: hex("#ffffff"), cornerRadius: 12,
                        label: Label(text: "Cancel", fontSize: 17, bold: true, color: hex("#00b8ff")))

        let toggleVisibility = builder.addAction(Action(
            name: "toggleVisibility", toggle: Toggle(property: center, values: (844, 604)), steps: [
                AnimationStep(property: side, target: .toggled,
                              timing: .spring(UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8))),
                AnimationStep(property: center, target: .toggled,
                              timing: .spring(UIKitSpring(duration: 0.5, dampingRatio: 0.9, initialVelocity: 0.9))),
            ], beginsFromCurrentState: true))
        builder.onTap(toggleButton, run: toggleVisibility)

        let scene = builder.scene(name: "skype-action-sheet", size: Size(width: 390, height: 844), background: .white, fps: 60, scale: 3,
                                  duration: 3, events: [.tap(toggleButton, at: 0.2), .tap(toggleButton, at: 1.3), .tap(toggleButton, at: 1.55)],
                                  bindings: [Binding(target: .view(sheet, .frameY), expression: .property(side))],
                                  keyFrames: [18, 60, 85, 97])
        try scene.validate()
        return Skype(scene: scene, toggleButton: toggleButton, sideHelper: sideHelper, centerHelper: centerHelper, sheet: sheet)
    }

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testTheSkypeSceneBuiltInSwiftPlaysLikeTheFile() throws {
        let file = try SceneDocument.load(path: repository.appendingPathComponent("scenes/skype-action-sheet.yaml").path)
        let skype = try skypeInSwift()
        let code = skype.scene
        XCTAssertEqual(code.views, file.views)
        XCTAssertEqual(code.actions, file.actions)
        XCTAssertEqual(code.events, file.events)
        XCTAssertEqual(code.layout, file.layout)
        var fromFile = try Player(scene: file), fromCode = try Player(scene: code)
        let traced: [PropertyRef] = [.view(skype.sideHelper, .frameY), .view(skype.centerHelper, .frameY),
                                     .view(skype.sheet, .frameY), .view(skype.sheet, .positionY)]
        for index in 0..<code.frameCount(fps: 60) {
            XCTAssertEqual(try fromCode.frame(at: index, fps: 60), try fromFile.frame(at: index, fps: 60), "frame \(index)")
            XCTAssertEqual(traced.map(fromCode.presentationValue), traced.map(fromFile.presentationValue), "frame \(index)")
        }
    }

    func testASceneBuiltInSwiftIsCheckedLikeAFile() throws {
        let skype = try skypeInSwift()
        var scene = skype.scene
        scene.bindings.append(Binding(target: .view(skype.sheet, .positionY), expression: .constant(3)))
        XCTAssertThrowsError(try Player(scene: scene)) { error in
            XCTAssertEqual((error as? SceneErrors)?.errors, [.twoDrivers(.binding(1), property: "sheet.position.y",
                                                                         first: "the binding of 'sheet.frame.y'",
                                                                         second: "the binding of 'sheet.position.y'")])
        }
    }
}
