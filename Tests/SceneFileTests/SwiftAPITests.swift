import XCTest
import Motion
import Scene
import SceneFile

/// The scene model is usable from Swift: the Skype scene built in code validates like the file
/// and plays identically.
final class SwiftAPITests: XCTestCase {
    private func hex(_ text: String) -> Color { Color(hex: text)! }

    private func skypeInSwift() throws -> Scene {
        let side = PropertyRef.view(ViewID(2), .frameY), center = PropertyRef.view(ViewID(3), .frameY)
        func label(_ text: String, _ size: Double, bold: Bool = false, _ color: String) -> Label {
            Label(text: text, fontSize: size, bold: bold, color: hex(color))
        }
        func control(_ x: ExpressionNode, _ y: ExpressionNode) throws -> PointExpression {
            PointExpression(x: try SceneExpression(x), y: try SceneExpression(y))
        }
        let path: [PathTemplateElement] = [
            .move(to: try control(.number(0), .number(20))),
            .quadCurve(to: try control(.ownWidth, .number(20)),
                       control: try control(.binary(.divide, .ownWidth, .number(2)),
                                            .binary(.subtract, .binary(.add, .number(20), .property(side)), .property(center)))),
            .line(to: try control(.ownWidth, .ownHeight)),
            .line(to: try control(.number(0), .ownHeight)),
            .close,
        ]
        let views = [
            View(id: "title", frame: Rect(x: 0, y: 70, width: 390, height: 40), label: label("Skype", 28, bold: true, "#1c1c1e")),
            View(id: "toggleButton", frame: Rect(x: 95, y: 397, width: 200, height: 50), backgroundColor: hex("#00b8ff"),
                 cornerRadius: 25, label: label("Share…", 17, bold: true, "#ffffff"), tapAction: ActionID(0)),
            View(id: "sideHelper", frame: Rect(x: 0, y: 844, width: 10, height: 10), backgroundColor: hex("#ff3b30"), isHidden: true),
            View(id: "centerHelper", frame: Rect(x: 190, y: 844, width: 10, height: 10), backgroundColor: hex("#34c759"), isHidden: true),
            View(id: "sheet", frame: Rect(x: 0, y: 844, width: 390, height: 300), shape: Shape(elements: path, fill: hex("#00b8ff"))),
            View(id: "photoButton", parent: ViewID(4), frame: Rect(x: 20, y: 40, width: 350, height: 48), backgroundColor: hex("#ffffff33"),
                 cornerRadius: 12, label: label("Send a photo", 17, "#ffffff")),
            View(id: "locationButton", parent: ViewID(4), frame: Rect(x: 20, y: 100, width: 350, height: 48), backgroundColor: hex("#ffffff33"),
                 cornerRadius: 12, label: label("Share location", 17, "#ffffff")),
            View(id: "cancelButton", parent: ViewID(4), frame: Rect(x: 20, y: 160, width: 350, height: 48), backgroundColor: .white,
                 cornerRadius: 12, label: label("Cancel", 17, bold: true, "#00b8ff")),
        ]
        let toggle = Action(name: "toggleVisibility", toggle: Toggle(property: center, values: (844, 604)), steps: [
            AnimationStep(property: side, target: .toggled, timing: .spring(UIKitSpring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 0.8))),
            AnimationStep(property: center, target: .toggled, timing: .spring(UIKitSpring(duration: 0.5, dampingRatio: 0.9, initialVelocity: 0.9))),
        ], beginsFromCurrentState: true)
        let scene = Scene(name: "skype-action-sheet", size: Size(width: 390, height: 844), background: .white, fps: 60, scale: 3,
                          duration: 3, views: views, actions: [toggle],
                          events: [.tap(ViewID(1), at: 0.2), .tap(ViewID(1), at: 1.3), .tap(ViewID(1), at: 1.55)],
                          bindings: [Binding(target: .view(ViewID(4), .frameY), expression: .property(side))], keyFrames: [18, 60, 85, 97])
        try scene.validate()
        return scene
    }

    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testTheSkypeSceneBuiltInSwiftPlaysLikeTheFile() throws {
        let file = try SceneDocument.load(path: repository.appendingPathComponent("scenes/skype-action-sheet.yaml").path)
        let code = try skypeInSwift()
        XCTAssertEqual(code.views, file.views)
        XCTAssertEqual(code.actions, file.actions)
        XCTAssertEqual(code.events, file.events)
        var fromFile = try Player(scene: file), fromCode = try Player(scene: code)
        let traced: [PropertyRef] = [.view(ViewID(2), .frameY), .view(ViewID(3), .frameY), .view(ViewID(4), .frameY), .view(ViewID(4), .positionY)]
        for index in 0..<code.frameCount(fps: 60) {
            XCTAssertEqual(try fromCode.frame(at: index, fps: 60), try fromFile.frame(at: index, fps: 60), "frame \(index)")
            XCTAssertEqual(traced.map(fromCode.presentationValue), traced.map(fromFile.presentationValue), "frame \(index)")
        }
    }

    func testASceneBuiltInSwiftIsCheckedLikeAFile() throws {
        var scene = try skypeInSwift()
        scene.bindings.append(Binding(target: .view(ViewID(4), .positionY), expression: .constant(3)))
        XCTAssertThrowsError(try Player(scene: scene)) { error in
            XCTAssertEqual((error as? SceneErrors)?.errors, [.twoDrivers(.binding(1), property: "sheet.position.y",
                                                                         first: "the binding of 'sheet.frame.y'",
                                                                         second: "the binding of 'sheet.position.y'")])
        }
    }
}
